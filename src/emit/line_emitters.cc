// One line per finding, in the shapes two CI consumers parse: pylint's
// `path:line: [ID] message` (warnings parsers, editors' problem matchers) and
// Azure Pipelines' `##vso[task.logissue ...]` logging command.
#include <fmt/format.h>

#include "emit/emitter.h"

namespace aortalint {
namespace {

// Azure's logging-command escapes: '%' first, line breaks, and in a property also ';' and ']'.
std::string AzureEscape(std::string_view s, bool property) {
  std::string out;
  for (char c : s) {
    if (c == '%')
      out += "%AZP25";
    else if (c == '\r')
      out += "%0D";
    else if (c == '\n')
      out += "%0A";
    else if (property && c == ';')
      out += "%3B";
    else if (property && c == ']')
      out += "%5D";
    else
      out += c;
  }
  return out;
}

}  // namespace

void EmitPylint(std::span<const Diagnostic> diagnostics, std::ostream& out) {
  for (const Diagnostic& d : diagnostics)
    out << fmt::format("{}:{}: [{}] {}\n", d.where.path(), d.where.start().line, d.rule, MessageAndHelp(d, "; "));
}

void EmitAzure(std::span<const Diagnostic> diagnostics, std::ostream& out) {
  for (const Diagnostic& d : diagnostics) {
    LineCol start = d.where.start();
    // Azure knows errors and warnings only: an info is shown as a warning.
    std::string_view type = d.severity == Severity::kError ? "error" : "warning";
    out << fmt::format("##vso[task.logissue type={};sourcepath={};linenumber={};columnnumber={};code={};]{}\n", type,
                       AzureEscape(ReportPath(d.where.path()), true), start.line, start.column, d.rule,
                       AzureEscape(MessageAndHelp(d, "; "), false));
  }
}

}  // namespace aortalint
