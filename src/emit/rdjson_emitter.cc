// reviewdog's Diagnostic Format (rdjson: one DiagnosticResult). Its columns
// count UTF-8 bytes from 1 and its ranges end exclusive, as aortalint's spans do.
#include <nlohmann/json.hpp>

#include "base/json_text.h"
#include "emit/docs.h"
#include "emit/emitter.h"

namespace aortalint {
namespace {

using nlohmann::json;

std::string_view SeverityWord(Severity s) {
  return s == Severity::kError ? "ERROR" : s == Severity::kWarning ? "WARNING" : "INFO";
}

json Position(const SourceFile& file, uint32_t offset) {
  uint32_t line = file.Locate(offset).line;
  return {{"line", line}, {"column", offset - file.LineStart(line) + 1}};
}

json Range(const SourceFile& file, Span span) {
  return {{"start", Position(file, span.begin)}, {"end", Position(file, span.end)}};
}

json Code(const std::string& rule) {
  json code = {{"value", rule}};
  if (std::string url = RuleDocUrl(rule); !url.empty()) code["url"] = url;
  return code;
}

// reviewdog suggests edits in the finding's own file; an edit elsewhere is left to `check --fix`.
json Suggestions(const Diagnostic& d) {
  json out = json::array();
  if (!d.fix) return out;
  for (const Edit& e : d.fix->edits)
    if (e.path == d.where.path()) out.push_back({{"range", Range(*d.where.file, e.span)}, {"text", e.replacement}});
  return out;
}

}  // namespace

void EmitRdjson(std::span<const Diagnostic> diagnostics, std::ostream& out) {
  json all = json::array();
  for (const Diagnostic& d : diagnostics) {
    json j = {{"message", MessageAndHelp(d, "\nhelp: ")},
              {"location", {{"path", ReportPath(d.where.path())}, {"range", Range(*d.where.file, d.where.span)}}},
              {"severity", SeverityWord(d.severity)},
              {"code", Code(d.rule)}};
    if (json suggestions = Suggestions(d); !suggestions.empty()) j["suggestions"] = std::move(suggestions);
    all.push_back(std::move(j));
  }
  json result = {{"source", {{"name", "aortalint"}}}, {"diagnostics", std::move(all)}};
  out << JsonText(result, 2) << '\n';
}

}  // namespace aortalint
