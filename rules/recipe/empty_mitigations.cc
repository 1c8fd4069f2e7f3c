// RCP016: an empty mitigation list (a cell's `mitigations: []` or an empty
// probe axis).
#include "engine/rule_context.h"
#include "rules/recipe/recipe_schema.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "RCP016",
    .slug = "empty-mitigations",
    .severity = Severity::kError,
    .summary = "`mitigations: []` (or an empty probe axis); write `[none]` for the baseline",
    .what =
        "Reports a triage cell's `mitigations: []`, and an empty `mitigation_axis` or `diagnostic_axis` in a "
        "probe recipe (both are lists of mitigation names). The fix writes `[none]`, the explicit baseline.",
    .why =
        "aorta refuses an empty list (`empty list not allowed -- use ['none'] for the explicit baseline`): an "
        "unmitigated cell must say so, and an empty axis would synthesise no probe cells at all.",
    .facts = "Cell `mitigations` in reference/aorta.md §1.4; the axes must be non-empty lists (§1.3).",
    .fix = FixAvailability::kAlways,
    .aorta_refuses_at_load = true,
};

class EmptyMitigations final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }

  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    if (recipe.mode() == RecipeMode::kProbe) {
      for (std::string_view axis : {"mitigation_axis", "diagnostic_axis"})
        if (const yaml::Entry* e = recipe.Top(axis)) Check(recipe, ctx, *e, "recipe." + std::string(axis));
      return;
    }
    const yaml::Node* cells = recipe_schema::TriageCellList(recipe);
    if (!cells) return;
    for (size_t i = 0; i < cells->items.size(); ++i)
      if (const yaml::Entry* m = cells->items[i]->is_map() ? cells->items[i]->Find("mitigations") : nullptr)
        Check(recipe, ctx, *m, "cells[" + std::to_string(i) + "].mitigations");
  }

 private:
  static void Check(const Recipe& recipe, RuleContext& ctx, const yaml::Entry& e, const std::string& label) {
    if (!e.value->is_seq() || !e.value->items.empty()) return;
    ctx.Report(recipe.source(), e.value->span, "{} is an empty list", label)
        .Help("write [none] for an explicit unmitigated baseline")
        .WithFix("write [none]", Applicability::kSafe, {Edit{recipe.source()->path(), e.value->span, "[none]"}});
  }
};

}  // namespace

std::unique_ptr<Rule> MakeEmptyMitigations() { return std::make_unique<EmptyMitigations>(); }

}  // namespace aortalint
