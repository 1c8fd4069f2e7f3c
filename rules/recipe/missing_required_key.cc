// RCP004: a required key of the recipe's mode, of a cell, or of an inline
// environment is absent.
#include "engine/rule_context.h"
#include "rules/recipe/recipe_schema.h"

namespace aortalint {
namespace {

namespace rs = recipe_schema;

constexpr RuleMeta kMeta{
    .id = "RCP004",
    .slug = "missing-required-key",
    .severity = Severity::kError,
    .summary = "a key the recipe's mode or a cell requires is absent",
    .what = "Reports each absent required key: `schema_version, workload, trials, steps, cells` in a triage "
            "recipe; `schema_version, trials, mitigation_axis, diagnostic_axis` in a probe recipe; `name, "
            "mitigations, environment` in each triage cell; `docker` in a cell's inline environment. The "
            "diagnostic points at the start of the mapping that lacks the key (a cell's name when it has one). "
            "Nothing is reported for the top level while `mode` is invalid (RCP006), since the mode decides what "
            "is required.",
    .why = "aorta refuses the recipe (`recipe: missing required key 'x'`, `recipe (mode: probe): missing required "
           "key 'x'`) before running anything.",
    .example = "schema_version: 1\nmode: probe\nmitigation_axis: [none, xnack]\ndiagnostic_axis: [none]\n",
    .fixed = "schema_version: 1\nmode: probe\ntrials: 3\nmitigation_axis: [none, xnack]\ndiagnostic_axis: [none]\n",
    .facts = "Step 6 of aorta's top-level validation (reference/aorta.md §1.2) and the cell keys of §1.4.",
};

class MissingRequiredKey final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }

  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    const yaml::Node& root = recipe.root();
    if (!root.is_map()) return;
    Span top = root.entries.empty() ? root.span : root.entries.front().key->span;
    if (recipe.mode() == RecipeMode::kTriage) {
      for (std::string_view key : rs::kTriageRequired)
        if (!root.Find(key))
          ctx.Report(recipe.source(), top, "the recipe has no '{}' key; a triage recipe requires {}", key,
                     "schema_version, workload, trials, steps and cells");
    } else if (recipe.mode() == RecipeMode::kProbe) {
      for (std::string_view key : rs::kProbeRequired)
        if (!root.Find(key))
          ctx.Report(recipe.source(), top, "the recipe has no '{}' key; a 'mode: probe' recipe requires {}", key,
                     "schema_version, trials, mitigation_axis and diagnostic_axis");
    }

    const yaml::Node* cells = rs::TriageCellList(recipe);
    if (!cells) return;
    for (size_t i = 0; i < cells->items.size(); ++i) {
      const yaml::Node& cell = *cells->items[i];
      if (!cell.is_map()) continue;
      const yaml::Node* name = cell.Get("name");
      std::string label = name && name->is_str() ? "cell '" + name->text + "'" : "cells[" + std::to_string(i) + "]";
      Span at = name && !name->span.empty() ? name->span
                : cell.entries.empty()          ? cell.span
                                                : cell.entries.front().key->span;
      for (std::string_view key : rs::kCellRequired)
        if (!cell.Find(key))
          ctx.Report(recipe.source(), at, "{} has no '{}' key; every cell needs name, mitigations and environment",
                     label, key);
      if (const yaml::Entry* env = cell.Find("environment"); env && env->value->is_map() && !env->value->Find("docker"))
        ctx.Report(recipe.source(), env->key->span,
                   "{} has an inline environment without 'docker'; add 'docker: <image>' or name a registered "
                   "environment such as 'local'",
                   label);
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeMissingRequiredKey() { return std::make_unique<MissingRequiredKey>(); }

}  // namespace aortalint
