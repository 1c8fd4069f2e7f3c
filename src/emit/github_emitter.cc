// GitHub Actions workflow commands: one `::error`/`::warning`/`::notice` line
// per diagnostic, shown as an annotation on the pull request's diff.
#include <filesystem>
#include <map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "base/json_text.h"
#include "emit/emitter.h"
#include "engine/rule.h"

namespace aortalint {
namespace {

// The runner's escaping: data loses %, CR and LF; property values also : and ,.
std::string Escape(std::string_view s, bool property) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '%':
        out += "%25";
        break;
      case '\r':
        out += "%0D";
        break;
      case '\n':
        out += "%0A";
        break;
      case ':':
        out += property ? "%3A" : ":";
        break;
      case ',':
        out += property ? "%2C" : ",";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string_view Command(Severity s) {
  switch (s) {
    case Severity::kError:
      return "error";
    case Severity::kWarning:
      return "warning";
    case Severity::kInfo:
      return "notice";
  }
  return "notice";
}

// GitHub resolves annotation paths from the repository's top.
std::string RelativePath(const std::string& path) { return ReportPath(path); }

// The annotation's title names the tool and the rule: "aortalint COL003 (option-not-string)".
std::string Title(const std::string& rule) {
  const RuleMeta* meta = FindRule(rule);
  return meta ? fmt::format("aortalint {} ({})", rule, meta->slug) : "aortalint " + rule;
}

}  // namespace

void EmitGithub(std::span<const Diagnostic> diagnostics, std::ostream& out) {
  for (const Diagnostic& d : diagnostics) {
    LineCol start = d.where.start(), end = d.where.end();
    std::string message = d.message;
    for (const Note& n : d.notes)
      message += fmt::format("\n{}:{}:{}: note: {}", RelativePath(n.where.path()), n.where.start().line,
                             n.where.start().column, n.message);
    if (!d.help.empty()) message += "\nhelp: " + d.help;
    out << fmt::format("::{} file={},line={},col={},endLine={},endColumn={},title={}::{}\n", Command(d.severity),
                       Escape(RelativePath(d.where.path()), true), start.line, start.column, end.line, end.column,
                       Escape(Title(d.rule), true), Escape(message, false));
  }
}

}  // namespace aortalint

namespace aortalint {

std::string ReportRoot() {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path cwd = fs::current_path(ec);
  for (fs::path d = cwd; !d.empty(); d = d.parent_path()) {
    if (fs::exists(d / ".git", ec)) return d.generic_string();
    if (d == d.root_path()) break;
  }
  return cwd.generic_string();
}

std::string ReportPath(const std::string& path) {
  namespace fs = std::filesystem;
  static const fs::path root = ReportRoot();
  std::error_code ec;
  fs::path abs = fs::absolute(path, ec).lexically_normal();
  fs::path rel = abs.lexically_relative(root);
  if (!rel.empty() && rel.begin()->string() != "..") return rel.generic_string();
  return abs.generic_string();
}

// GitLab's code quality report: the Code Climate fields GitLab reads.
void EmitGitlab(std::span<const Diagnostic> diagnostics, std::ostream& out) {
  nlohmann::json issues = nlohmann::json::array();
  std::map<std::string, int> seen;
  for (const Diagnostic& d : diagnostics) {
    std::string path = ReportPath(d.where.path());
    LineCol start = d.where.start(), end = d.where.end();
    std::string_view severity = d.severity == Severity::kError     ? "major"
                                : d.severity == Severity::kWarning ? "minor"
                                                                   : "info";
    // Stable across runs and line moves: rule, file, message, and the order among equals.
    std::string key = d.rule + '\0' + path + '\0' + d.message;
    uint64_t h = 1469598103934665603ull;
    for (unsigned char c : key) h = (h ^ c) * 1099511628211ull;
    issues.push_back({{"type", "issue"},
                      {"check_name", d.rule},
                      {"description", fmt::format("{}: {}", Title(d.rule), MessageAndHelp(d, "; "))},
                      {"categories", {"Bug Risk"}},
                      {"severity", severity},
                      {"fingerprint", fmt::format("{:016x}-{}", h, seen[key]++)},
                      {"location", {{"path", path}, {"lines", {{"begin", start.line}, {"end", end.line}}}}}});
  }
  out << JsonText(issues, 2) << '\n';
}

}  // namespace aortalint
