#include "model/diagnostic.h"

#include <tuple>

namespace aortalint {

std::string_view SeverityName(Severity severity) {
  switch (severity) {
    case Severity::kInfo:
      return "info";
    case Severity::kWarning:
      return "warning";
    case Severity::kError:
      return "error";
  }
  return "error";
}

std::optional<Severity> ParseSeverity(std::string_view name) {
  if (name == "info") return Severity::kInfo;
  if (name == "warning") return Severity::kWarning;
  if (name == "error") return Severity::kError;
  return std::nullopt;
}

std::string MessageAndHelp(const Diagnostic& d, std::string_view joiner) {
  if (d.help.empty()) return d.message;
  std::string out = d.message;
  out += joiner;
  out += d.help;
  return out;
}

bool DiagnosticLess(const Diagnostic& a, const Diagnostic& b) {
  return std::tie(a.where.path(), a.where.span.begin, a.rule, a.message) <
         std::tie(b.where.path(), b.where.span.begin, b.rule, b.message);
}

}  // namespace aortalint
