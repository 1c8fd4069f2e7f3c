// GitHub Actions workflow commands: one `::error`/`::warning`/`::notice` line
// per diagnostic, shown as an annotation on the pull request's diff.
#include <fmt/format.h>

#include "emit/emitter.h"

namespace aortalint {
namespace {

// The runner's escaping: data loses %, CR and LF; property values also : and ,.
std::string Escape(std::string_view s, bool property) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '%': out += "%25"; break;
      case '\r': out += "%0D"; break;
      case '\n': out += "%0A"; break;
      case ':': out += property ? "%3A" : ":"; break;
      case ',': out += property ? "%2C" : ","; break;
      default: out += c;
    }
  }
  return out;
}

std::string_view Command(Severity s) {
  switch (s) {
    case Severity::kError: return "error";
    case Severity::kWarning: return "warning";
    case Severity::kInfo: return "notice";
  }
  return "notice";
}

std::string RelativePath(const std::string& path) { return path.rfind("./", 0) == 0 ? path.substr(2) : path; }

}  // namespace

void EmitGithub(std::span<const Diagnostic> diagnostics, std::ostream& out) {
  for (const Diagnostic& d : diagnostics) {
    LineCol start = d.where.start(), end = d.where.end();
    std::string message = d.message;
    for (const Note& n : d.notes)
      message += fmt::format("\n{}:{}:{}: note: {}", RelativePath(n.where.path()), n.where.start().line,
                             n.where.start().column, n.message);
    out << fmt::format("::{} file={},line={},col={},endLine={},endColumn={},title={}::{}\n", Command(d.severity),
                       Escape(RelativePath(d.where.path()), true), start.line, start.column, end.line, end.column,
                       Escape(d.rule, true), Escape(message, false));
  }
}

}  // namespace aortalint
