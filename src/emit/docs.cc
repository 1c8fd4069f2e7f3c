#include "emit/docs.h"

#include <cstdlib>
#include <filesystem>
#include <vector>

#include <fmt/format.h>

namespace aortalint {
namespace {

std::string_view FixText(FixAvailability fix) {
  switch (fix) {
    case FixAvailability::kAlways: return "always available";
    case FixAvailability::kSometimes: return "sometimes available";
    case FixAvailability::kNone: return "none";
  }
  return "none";
}

std::string_view Fence(std::string_view example_name) {
  return example_name.ends_with(".py") ? "python" : "yaml";
}

std::string Trim(std::string_view s) {
  while (!s.empty() && (s.front() == '\n')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.remove_suffix(1);
  return std::string(s);
}

}  // namespace

std::string RuleDocPath(std::string_view id) { return fmt::format("docs/rules/{}.md", id); }

std::string DocsBaseUrl() {
  // $AORTALINT_DOCS_URL, else the build's -DAORTALINT_DOCS_URL=, else none: no link to a host that does not exist.
  if (const char* env = std::getenv("AORTALINT_DOCS_URL"); env && *env) return env;
#ifdef AORTALINT_DOCS_URL
  return AORTALINT_DOCS_URL;
#else
  return "";
#endif
}

std::string RuleDocUrl(std::string_view id) {
  std::string base = DocsBaseUrl();
  if (base.empty()) return "";
  if (base.back() != '/') base += '/';
  return fmt::format("{}{}.md", base, id);
}

std::string RuleDocLink(std::string_view id) {
  if (std::string url = RuleDocUrl(id); !url.empty()) return url;
  // The page on this machine: installed beside the binary's prefix, else in the source tree it was built from.
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  std::vector<fs::path> candidates;
  if (!ec) candidates.push_back(exe.parent_path().parent_path() / "share/doc/aortalint/rules" / (std::string(id) + ".md"));
  candidates.push_back(fs::path(AORTALINT_SOURCE_DIR) / RuleDocPath(id));
  for (const fs::path& p : candidates)
    if (fs::is_regular_file(p, ec)) return "file://" + p.lexically_normal().string();
  return "";
}

std::string RuleDoc(const RuleMeta& m) {
  std::string out = fmt::format("# {} {}\n\n", m.id, m.slug);
  out += fmt::format("**Default severity:** {} · **Fix:** {}\n\n", SeverityName(m.severity), FixText(m.fix));
  out += Trim(m.summary) + "\n\n";
  out += "## What it does\n\n" + Trim(m.what) + "\n\n";
  out += "## Why it matters\n\n" + Trim(m.why) + "\n\n";
  if (!m.example.empty()) {
    out += fmt::format("## Example\n\n`{}`:\n\n```{}\n{}\n```\n\n", m.example_name, Fence(m.example_name),
                       Trim(m.example));
    if (!m.companion.empty())
      out += fmt::format("with `{}` beside it:\n\n```{}\n{}\n```\n\n", CompanionName(m), Fence(CompanionName(m)),
                         Trim(m.companion));
    if (!m.example_args.empty()) out += fmt::format("checked with `aortalint check {}`.\n\n", Trim(m.example_args));
  }
  if (!m.fixed.empty())
    out += fmt::format("## Use instead\n\n```{}\n{}\n```\n\n", Fence(m.example_name), Trim(m.fixed));
  if (!m.facts.empty()) out += "## Facts it rests on\n\n" + Trim(m.facts) + "\n";
  return out;
}

std::string RuleIndex() {
  std::string out =
      "# aortalint rules\n\nGenerated from rule metadata by `aortalint rules --docs docs/rules`; do not edit.\n\n"
      "| ID | slug | severity | fix | summary |\n|---|---|---|---|---|\n";
  for (const RuleMeta* m : AllRuleMetas())
    out += fmt::format("| [{}]({}.md) | {} | {} | {} | {} |\n", m->id, m->id, m->slug, SeverityName(m->severity),
                       m->fix == FixAvailability::kNone ? "" : "yes", Trim(m->summary));
  return out;
}

std::string RuleTable() {
  std::string out;
  for (const RuleMeta* m : AllRuleMetas())
    out += fmt::format("{:<7} {:<36} {:<8} {:<4} {}\n", m->id, m->slug, SeverityName(m->severity),
                       m->fix == FixAvailability::kNone ? "" : "fix", Trim(m->summary));
  return out;
}

}  // namespace aortalint
