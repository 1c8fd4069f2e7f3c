// ATT006: the header command's `--recipe` does not lead to this recipe.
#include <filesystem>

#include "engine/rule_context.h"
#include "engine/rule_files.h"
#include "model/pairing.h"
#include "model/recipe.h"
#include "rules/common/header_command.h"

namespace aortalint {
namespace {

namespace fs = std::filesystem;

constexpr RuleMeta kMeta{
    .id = "ATT006",
    .slug = "sweep-recipe-path",
    .severity = Severity::kWarning,
    .summary = "the header command's `--recipe` names a path that does not exist, or another file",
    .what =
        "Resolves the `--recipe` of the recipe's header command (`aorta sweep run`, or the deprecated `triage "
        "run`) from the project root, as a reader runs it from the top of the repository: a path that does not "
        "exist there, a directory, or another file than the recipe itself is reported. A path that leads to the "
        "recipe from its own directory (`cd` there, then `--recipe recipe.yaml`) is accepted, and so are "
        "placeholders (`<file>`, `$RECIPE`). The fix writes the recipe's path from the root.",
    .why =
        "aorta's `--recipe` takes an existing file and refuses anything else before it starts. A recipe moved "
        "into a subdirectory keeps the old path in its header, and whoever copies the command gets "
        "`Path ... does not exist`, or runs another recipe. A warning, not an error: the recipe itself loads, and "
        "the root is aortalint's guess at where the command is run from.",
    .facts =
        "aorta's `sweep run` and `triage run` declare `--recipe` as `click.Path(exists=True, dir_okay=False)` "
        "(src/aorta/cli/sweep.py c06e914b, src/aorta/cli/triage.py); 17 versions of aorta's own recipes kept a "
        "`--recipe` from before their move into a subdirectory.",
    .fix = FixAvailability::kSometimes,
    .trial_setup = true,
};

bool Placeholder(std::string_view value) {
  return value.find_first_of("<>${}*") != std::string_view::npos || value.empty();
}

// Whether `a` leads to the file `b` (a probe of the cache: a file created later changes the verdict).
bool SameFile(const fs::path& a, const fs::path& b) {
  std::error_code ec;
  return InputExists(a.string()) && fs::equivalent(a, b, ec);
}

// The `--recipe` value of aorta's own words (`--recipe P` or `--recipe=P`), or empty.
std::string RecipeValue(const std::vector<std::string>& args) {
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--recipe" && i + 1 < args.size()) return args[i + 1];
    if (args[i].starts_with("--recipe=")) return args[i].substr(9);
  }
  return "";
}

class SweepRecipePath final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckPairing(const Recipe& recipe, const Pairing& pairing, RuleContext& ctx) override {
    if (!pairing.header || (pairing.header->group != "sweep" && pairing.header->group != "triage")) return;
    const AortaCommand& command = *pairing.header;
    std::string value = RecipeValue(command.aorta_args);
    if (Placeholder(value) || value.starts_with("-")) return;  // a flag-shaped value is ATT005's
    fs::path self = recipe.source()->path();
    fs::path root = command.root.empty() ? fs::path(".") : fs::path(command.root);
    fs::path named = fs::path(value).is_absolute() ? fs::path(value) : root / value;
    if (SameFile(named, self) || SameFile(self.parent_path() / value, self)) return;
    std::string what = !InputExists(named.string())       ? "does not exist"
                       : InputIsDirectory(named.string()) ? "is a directory"
                                                          : "is another file";
    std::string shown = Relative(self, root);
    Span at = WordIn(recipe.source()->text(), command.span, value);
    DiagnosticBuilder d =
        ctx.Report(recipe.source(), at,
                   "the header command's --recipe '{}' {} (read from the project root, where aorta sweep run "
                   "starts); this recipe is '{}'",
                   value, what, shown)
            .Help("write --recipe {}{}", shown,
                  what == "is another file" ? "" : " (aorta sweep run refuses a path that is no file)");
    if (!(at == command.span) && !shown.empty())
      d.WithFix("write the recipe's own path", Applicability::kSafe, {{recipe.source()->path(), at, shown}});
  }

 private:
  // `path` from `base`, as a reader types it; absolute when it is not below it.
  static std::string Relative(const fs::path& path, const fs::path& base) {
    std::error_code ec;
    fs::path abs = fs::absolute(path, ec).lexically_normal();
    fs::path rel = abs.lexically_relative(fs::absolute(base, ec).lexically_normal());
    if (rel.empty() || *rel.begin() == "..") return abs.generic_string();
    return rel.generic_string();
  }
};

}  // namespace

std::unique_ptr<Rule> MakeSweepRecipePath() { return std::make_unique<SweepRecipePath>(); }

}  // namespace aortalint
