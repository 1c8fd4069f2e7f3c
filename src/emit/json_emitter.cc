#include <nlohmann/json.hpp>

#include "base/json_text.h"
#include "emit/docs.h"
#include "emit/emitter.h"

namespace aortalint {
namespace {

nlohmann::json RowColumn(LineCol at) { return {{"row", at.line}, {"column", at.column}}; }

// `line`/`column` as aortalint has always written them, and ruff's `location`/`end_location` beside them.
nlohmann::json Position(const Location& where) {
  LineCol start = where.start(), end = where.end();
  return {{"path", where.path()},          {"line", start.line},       {"column", start.column},
          {"end_line", end.line},          {"end_column", end.column}, {"location", RowColumn(start)},
          {"end_location", RowColumn(end)}};
}

// An edit as byte offsets, and as rows and columns where its file is the finding's own.
nlohmann::json EditJson(const Edit& e, const Location& where) {
  nlohmann::json j = {{"path", e.path}, {"begin", e.span.begin}, {"end", e.span.end}, {"content", e.replacement}};
  if (e.path == where.path()) {
    j["location"] = RowColumn(where.file->Locate(e.span.begin));
    j["end_location"] = RowColumn(where.file->Locate(e.span.end));
  }
  return j;
}

}  // namespace

nlohmann::json DiagnosticsJson(std::span<const Diagnostic> diagnostics) {
  nlohmann::json all = nlohmann::json::array();
  for (const Diagnostic& d : diagnostics) {
    nlohmann::json j = Position(d.where);
    j["rule"] = d.rule;
    if (std::string url = RuleDocUrl(d.rule); !url.empty()) j["url"] = url;  // only where the pages are published
    j["severity"] = SeverityName(d.severity);
    j["message"] = d.message;
    if (!d.help.empty()) j["help"] = d.help;
    j["notes"] = nlohmann::json::array();
    for (const Note& n : d.notes) {
      nlohmann::json note = Position(n.where);
      note["message"] = n.message;
      j["notes"].push_back(std::move(note));
    }
    if (d.fix) {
      nlohmann::json edits = nlohmann::json::array();
      for (const Edit& e : d.fix->edits) edits.push_back(EditJson(e, d.where));
      j["fix"] = {{"title", d.fix->title},
                  {"applicability", d.fix->applicability == Applicability::kSafe ? "safe" : "unsafe"},
                  {"edits", std::move(edits)}};
    }
    all.push_back(std::move(j));
  }
  return all;
}

void EmitJson(std::span<const Diagnostic> diagnostics, std::ostream& out) {
  out << JsonText(DiagnosticsJson(diagnostics), 2) << '\n';
}

}  // namespace aortalint
