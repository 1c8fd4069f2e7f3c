#include "emit/docs.h"

#include <cstdlib>
#include <filesystem>
#include <vector>

#include <algorithm>
#include <cctype>
#include <initializer_list>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "base/strings.h"
#include "engine/rule_example.h"

namespace aortalint {
namespace {

std::string_view FixText(FixAvailability fix) {
  switch (fix) {
    case FixAvailability::kAlways:
      return "always available";
    case FixAvailability::kSometimes:
      return "sometimes available";
    case FixAvailability::kNone:
      return "none";
  }
  return "none";
}

std::string_view Fence(std::string_view example_name) {
  if (example_name.ends_with(".py")) return "python";
  for (std::string_view ext : {".hip", ".cu", ".cpp", ".cc", ".cxx"})
    if (example_name.ends_with(ext)) return "cpp";
  return "yaml";
}

// A doc block without its blank first lines and trailing blank space.
std::string TrimBlock(std::string_view s) { return std::string(TrimRight(TrimLeft(s, "\n"), "\n ")); }

// The aorta files the rules' facts were read from, so a page cites what a user
// can open: a path in ROCm/aorta and the commit it was read at ("" when the
// newest version read had no recorded commit: then the link is to main).
struct UpstreamFile {
  std::string_view path, commit;
};

constexpr UpstreamFile kRecipeLoader{"src/aorta/triage/recipe.py", ""};
constexpr UpstreamFile kProbeBuilder{"src/aorta/probe/recipe_builder.py", ""};
constexpr UpstreamFile kCollectors{"src/aorta/run/collectors.py", "ac6e42eaa939b35f87e79c59e36ad063aed9625c"};
constexpr UpstreamFile kProbeCli{"src/aorta/probe/cli_helpers.py", ""};
constexpr UpstreamFile kTriageCli{"src/aorta/cli/triage.py", ""};
constexpr UpstreamFile kRocprofOptions{"src/aorta/instrumentation/rocprof/_options.py", ""};
constexpr UpstreamFile kRocprofWrap{"src/aorta/instrumentation/rocprof/__init__.py",
                                    "92a7b3783bb8399885ce6da66522124fe00dc4d5"};
constexpr UpstreamFile kProtonOptions{"src/aorta/instrumentation/proton/_options.py",
                                      "c141f9836375cd3728dfb1e70aec64c6abf50e77"};
constexpr UpstreamFile kProtonWrap{"src/aorta/instrumentation/proton/__init__.py",
                                   "c6f5573aa4038771d1c9e37f631fd2ff179ee670"};
constexpr UpstreamFile kProtonParse{"src/aorta/instrumentation/proton/_parse.py",
                                    "95a993ad65a772531ad48db787c389acbdcada91"};
constexpr UpstreamFile kRocprofParse{"src/aorta/instrumentation/rocprof/_parse.py",
                                     "95a993ad65a772531ad48db787c389acbdcada91"};
constexpr UpstreamFile kCollectorsDoc{"docs/profiling-collectors.md", "dfd84b61ed46c0e9efb81fb4da523cfc4459302f"};
constexpr UpstreamFile kBackendsDoc{"docs/proton-backends.md", "c6f5573aa4038771d1c9e37f631fd2ff179ee670"};
constexpr UpstreamFile kExamplesReadme{"examples/profiling/README.md", "df5572406aa8e83c688b5e250be63e47f57c7403"};
constexpr UpstreamFile kExampleTests{"tests/test_examples.py", "4b4553ef14af08e7ee2d68a888b68cd6a88803f7"};

// Sections of the facts' source notes, by what they cover, to the files they were read from.
struct SectionSources {
  std::string_view section;  // "2.4"; a prefix covers its subsections ("5" covers "5.1")
  std::initializer_list<UpstreamFile> files;
};
const SectionSources kSections[] = {
    {"1.5", {kProbeBuilder}},
    {"1.6", {kRecipeLoader, kCollectors}},
    {"1.7", {kProbeCli, kTriageCli}},
    {"1.8", {kRecipeLoader, kCollectorsDoc}},
    {"1", {kRecipeLoader, kProbeBuilder}},
    {"2.1", {kRocprofOptions, kRocprofWrap}},
    {"2.2", {kProtonOptions}},
    {"2.3", {kCollectors}},
    {"2.4", {kProtonWrap}},
    {"2.5", {kProtonWrap}},
    {"3", {kCollectorsDoc, kBackendsDoc, kExamplesReadme}},
    {"4.3", {kRocprofWrap}},
    {"4.4", {kCollectors}},
    {"4", {kProtonWrap}},
    {"5", {kProtonParse, kRocprofParse}},
    {"6", {kExampleTests, kExamplesReadme}},
    {"7", {kExampleTests, kExamplesReadme}},
};

const SectionSources* SectionOf(std::string_view number) {
  for (const SectionSources& s : kSections)
    if (number == s.section || (number.size() > s.section.size() && number.substr(0, s.section.size()) == s.section &&
                                number[s.section.size()] == '.'))
      return &s;
  return nullptr;
}

std::string FileLabel(const UpstreamFile& f) {
  return f.commit.empty() ? fmt::format("`{}`", f.path) : fmt::format("`{}` at {}", f.path, f.commit.substr(0, 8));
}

// Rewrites "reference/aorta.md §2.4, §4.1" (notes of the maintainers, not
// shipped) into the aorta files those sections were read from; collects them.
std::string CiteUpstream(std::string_view facts, std::vector<UpstreamFile>& used) {
  std::string text(facts);
  for (size_t at; (at = text.find("reference/aorta.md ")) != std::string::npos;) text.erase(at, 19);
  for (size_t at; (at = text.find("reference/aorta.md")) != std::string::npos;) text.replace(at, 18, "aorta's sources");
  std::string out;
  size_t i = 0;
  while (i < text.size()) {
    size_t mark = text.find("§", i);
    if (mark == std::string::npos) {
      out += text.substr(i);
      break;
    }
    out += text.substr(i, mark - i);
    // A run of section marks: "§2.4, §4.1" or "§1.3 and §1.4".
    std::vector<UpstreamFile> files;
    size_t j = mark;
    while (text.compare(j, 2, "§") == 0) {
      size_t k = j + 2;
      while (k < text.size() &&
             (std::isdigit(static_cast<unsigned char>(text[k])) ||
              (text[k] == '.' && k + 1 < text.size() && std::isdigit(static_cast<unsigned char>(text[k + 1])))))
        ++k;
      if (const SectionSources* s = SectionOf(std::string_view(text).substr(j + 2, k - j - 2)))
        for (const UpstreamFile& f : s->files)
          if (std::none_of(files.begin(), files.end(), [&](const UpstreamFile& g) { return g.path == f.path; }))
            files.push_back(f);
      size_t next = k;
      for (std::string_view sep : {", ", " and ", "; "})
        if (text.compare(k, sep.size(), sep) == 0 && text.compare(k + sep.size(), 2, "§") == 0) next = k + sep.size();
      if (next == k) {
        j = k;
        break;
      }
      j = next;
    }
    std::vector<std::string> labels;
    for (const UpstreamFile& f : files) {
      labels.push_back(FileLabel(f));
      if (std::none_of(used.begin(), used.end(), [&](const UpstreamFile& g) { return g.path == f.path; }))
        used.push_back(f);
    }
    out += labels.empty() ? "aorta's sources" : "aorta " + fmt::format("{}", fmt::join(labels, ", "));
    i = j;
  }
  return out;
}

// What the engine does with the rule's findings, from its behaviour flags (RuleMeta), a sentence each.
std::vector<std::string_view> Behaviour(const RuleMeta& m) {
  std::vector<std::string_view> out;
  if (m.aorta_refuses_at_load)
    out.push_back("aorta refuses the recipe at load when this fires (`aortalint run --dry-run` says so).");
  if (m.reported_on_load_failure)
    out.push_back("Reported whatever the selection when the recipe could not be loaded: nothing else was checked.");
  if (m.reads_sanitizer_recipes)
    out.push_back(
        "Runs on `mode: sanitizer` recipes, which aorta reads with a loader of their own (most rules skip them).");
  if (m.trial_setup)
    out.push_back("About one trial's setup: `aortalint run --cell X` does not stop for it in another cell's lines.");
  if (!m.add_noqa) out.push_back("`aortalint check --add-noqa` writes no suppression for it.");
  return out;
}

// The page's example and its fixed version.
std::string ExampleSection(const RuleExample& e) {
  std::string out;
  if (!e.text.empty()) {
    out += fmt::format("## Example\n\n`{}`:\n\n```{}\n{}\n```\n\n", e.name, Fence(e.name), TrimBlock(e.text));
    if (!e.companion.empty())
      out += fmt::format("with `{}` beside it:\n\n```{}\n{}\n```\n\n", e.companion_name, Fence(e.companion_name),
                         TrimBlock(e.companion));
    if (!e.args.empty()) out += fmt::format("checked with `aortalint check {}`.\n\n", TrimBlock(e.args));
  }
  if (!e.fixed.empty()) out += fmt::format("## Use instead\n\n```{}\n{}\n```\n\n", Fence(e.name), TrimBlock(e.fixed));
  return out;
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
  if (!ec)
    candidates.push_back(exe.parent_path().parent_path() / "share/doc/aortalint/docs/rules" /
                         (std::string(id) + ".md"));
  candidates.push_back(fs::path(AORTALINT_SOURCE_DIR) / RuleDocPath(id));
  for (const fs::path& p : candidates)
    if (fs::is_regular_file(p, ec)) return "file://" + p.lexically_normal().string();
  return "";
}

std::string RuleDoc(const RuleMeta& m) {
  std::string out = fmt::format("# {} {}\n\n", m.id, m.slug);
  out += fmt::format("**Default severity:** {} · **Fix:** {}\n\n", SeverityName(m.severity), FixText(m.fix));
  out += TrimBlock(m.summary) + "\n\n";
  std::vector<std::string_view> behaviour = Behaviour(m);
  for (std::string_view line : behaviour) out += fmt::format("- {}\n", line);
  if (!behaviour.empty()) out += "\n";
  out += "## What it does\n\n" + TrimBlock(m.what) + "\n\n";
  out += "## Why it matters\n\n" + TrimBlock(m.why) + "\n\n";
  if (std::optional<RuleExample> example = FindRuleExample(m.id)) out += ExampleSection(*example);
  if (!m.facts.empty()) {
    std::vector<UpstreamFile> used;
    out += "## Facts it rests on\n\n" + CiteUpstream(TrimBlock(m.facts), used) + "\n";
    if (!used.empty()) {
      out += "\n### Sources\n\nIn [ROCm/aorta](https://github.com/ROCm/aorta):\n\n";
      for (const UpstreamFile& f : used)
        out += f.commit.empty() ? fmt::format(
                                      "- [`{}`](https://github.com/ROCm/aorta/blob/main/{}) (the newest version read; "
                                      "its commit was not recorded)\n",
                                      f.path, f.path)
                                : fmt::format("- [`{}` at {}](https://github.com/ROCm/aorta/blob/{}/{})\n", f.path,
                                              f.commit.substr(0, 8), f.commit, f.path);
    }
  }
  return out;
}

std::string RuleIndex() {
  std::string out =
      "# aortalint rules\n\nGenerated from rule metadata by `aortalint rules --docs docs/rules`; do not edit.\n\n"
      "| ID | slug | severity | fix | summary |\n|---|---|---|---|---|\n";
  for (const RuleMeta* m : AllRuleMetas())
    out += fmt::format("| [{}]({}.md) | {} | {} | {} | {} |\n", m->id, m->id, m->slug, SeverityName(m->severity),
                       m->fix == FixAvailability::kNone ? "" : "yes", TrimBlock(m->summary));
  return out;
}

std::string RuleTable(std::span<const RuleMeta* const> rules) {
  std::string out;
  for (const RuleMeta* m : rules)
    out += fmt::format("{:<7} {:<36} {:<8} {:<4} {}\n", m->id, m->slug, SeverityName(m->severity),
                       m->fix == FixAvailability::kNone ? "" : "fix", TrimBlock(m->summary));
  return out;
}

nlohmann::json RulesJson(std::span<const RuleMeta* const> rules) {
  nlohmann::json out = nlohmann::json::array();
  for (const RuleMeta* m : rules) {
    std::string_view fix = m->fix == FixAvailability::kNone        ? "none"
                           : m->fix == FixAvailability::kSometimes ? "sometimes"
                                                                   : "always";
    nlohmann::json rule = {{"code", m->id},
                           {"name", m->slug},
                           {"severity", SeverityName(m->severity)},
                           {"summary", TrimBlock(m->summary)},
                           {"fix", fix},
                           {"aorta_refuses_at_load", m->aorta_refuses_at_load},
                           {"reported_on_load_failure", m->reported_on_load_failure},
                           {"reads_sanitizer_recipes", m->reads_sanitizer_recipes},
                           {"trial_setup", m->trial_setup},
                           {"add_noqa", m->add_noqa},
                           {"explanation", RuleDoc(*m)}};
    if (std::string url = RuleDocUrl(m->id); !url.empty()) rule["url"] = url;
    out.push_back(std::move(rule));
  }
  return out;
}

}  // namespace aortalint
