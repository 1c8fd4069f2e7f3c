// RCP015: a mitigation or environment name that is neither built in nor
// declared in the config file.
#include <set>

#include <algorithm>

#include "base/edit_distance.h"
#include "engine/rule_context.h"
#include "rules/recipe/recipe_schema.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "RCP015",
    .slug = "unknown-mitigation",
    .severity = Severity::kWarning,
    .summary = "a mitigation or environment name that is not built in and not declared in the config",
    .what =
        "Reports each name in a triage cell's `mitigations`, each value of a probe recipe's "
        "`mitigation_axis` and `diagnostic_axis`, and each cell `environment` given by name, when aorta does "
        "not ship it and `.aortalint.yaml` does not declare it under `mitigations:` or `environments:`. It "
        "suggests the nearest known name.",
    .why =
        "aorta resolves every name in its registry at load and refuses the recipe on one it cannot find "
        "(`UnknownMitigationError`, `UnknownEnvironmentError`). Plugins (`aorta.mitigations` entry points) and "
        "`--mitigations-file` sidecars add names that aortalint cannot see, hence a warning: declare such names "
        "in the config to silence it, so a real typo still stands out. A repository whose names are all built in "
        "or declared can say so with `mitigations-closed: true` in `.aortalint.yaml`: then an unknown name is an "
        "error, as it is in aorta. The warning by default is a deliberate difference from aorta, listed in "
        "[aorta-differences](../aorta-differences.md#rcp015-unknown-mitigation-and-environment-names).",
    .facts =
        "Registry resolution in reference/aorta.md §1.4 (built-in mitigations from REG; `local` is the usual "
        "environment) and the probe axes of §1.3, §1.5. The built-in names are in "
        "rules/knowledge/mitigations.yaml.",
    .aorta_refuses_at_load = true,
};

class UnknownMitigation final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }

  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    const RuleSettings& settings = ctx.settings();
    std::vector<std::string> mitigations(settings.mitigations.begin(), settings.mitigations.end());
    for (const auto& [name, vars] : ctx.knowledge().mitigations) mitigations.push_back(name);
    std::vector<std::string> environments(settings.environments.begin(), settings.environments.end());
    for (const std::string& name : ctx.knowledge().environments) environments.push_back(name);

    auto check = [&](const yaml::Node& n, const std::vector<std::string>& known, std::string_view what,
                     std::string_view config_key) {
      if (!n.is_str() || n.text.empty() || std::ranges::find(known, n.text) != known.end()) return;
      std::string hint;
      if (auto s = Suggest(n.text, std::span<const std::string>(known))) hint = "did you mean '" + *s + "'? ";
      if (settings.mitigations_closed) {
        // The config says the registry is closed: aorta's own refusal.
        ctx.Report(recipe.source(), n.span, "unknown {} {}: aorta refuses the recipe ({})", what, n.Repr(),
                   what == "mitigation" ? "UnknownMitigationError" : "UnknownEnvironmentError")
            .Help(
                "{}the config's 'mitigations-closed: true' says no plugin or sidecar adds names, so fix the name or "
                "declare it under '{}:'",
                hint, config_key)
            .WithSeverity(Severity::kError);
        return;
      }
      ctx.Report(recipe.source(), n.span, "unknown {} {}", what, n.Repr())
          .Help("{}if a plugin or sidecar provides it, declare it under '{}:' in .aortalint.yaml", hint, config_key);
    };

    if (recipe.mode() == RecipeMode::kProbe) {
      for (std::string_view axis : {"mitigation_axis", "diagnostic_axis"})
        if (const yaml::Node* v = recipe.root().Get(axis); v && v->is_seq())
          for (const yaml::NodePtr& item : v->items) check(*item, mitigations, "mitigation", "mitigations");
      return;
    }
    const yaml::Node* cells = recipe_schema::TriageCellList(recipe);
    if (!cells) return;
    for (const yaml::NodePtr& cell : cells->items) {
      if (!cell->is_map()) continue;
      if (const yaml::Node* m = cell->Get("mitigations"); m && m->is_seq())
        for (const yaml::NodePtr& item : m->items) check(*item, mitigations, "mitigation", "mitigations");
      if (const yaml::Node* env = cell->Get("environment"); env && env->is_str())
        check(*env, environments, "environment", "environments");
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeUnknownMitigation() { return std::make_unique<UnknownMitigation>(); }

}  // namespace aortalint
