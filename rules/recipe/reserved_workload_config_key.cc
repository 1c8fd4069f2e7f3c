// RCP013: `workload_config` uses a key the platform reserves.
#include "engine/rule_context.h"
#include "rules/recipe/recipe_schema.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "RCP013",
    .slug = "reserved-workload-config-key",
    .severity = Severity::kError,
    .summary = "`workload_config` sets `steps` or an `_aorta_` key, which the platform reserves",
    .what = "Reports a `workload_config` key (the recipe's or a cell's) that is `steps` or starts with `_aorta_`.",
    .why =
        "aorta fills those keys itself: `steps` comes from the recipe's (or the cell's) `steps:`, and "
        "`_aorta_*` keys carry platform data such as the collector directory. It refuses a recipe that tries "
        "to override them.",
    .facts = "`workload_config` in reference/aorta.md §1.3 (recipe and cell scope).",
    .aorta_refuses_at_load = true,
};

class ReservedWorkloadConfigKey final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }

  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    Check(recipe, ctx, recipe_schema::TopInMode(recipe, "workload_config"), "recipe.workload_config", "recipe's");
    const yaml::Node* cells = recipe_schema::TriageCellList(recipe);
    if (!cells) return;
    for (size_t i = 0; i < cells->items.size(); ++i)
      if (cells->items[i]->is_map())
        Check(recipe, ctx, cells->items[i]->Find("workload_config"), "cells[" + std::to_string(i) + "].workload_config",
              "cell's");
  }

 private:
  static void Check(const Recipe& recipe, RuleContext& ctx, const yaml::Entry* e, const std::string& label,
                    std::string_view whose) {
    if (!e || !e->value->is_map()) return;
    for (const yaml::Entry& k : e->value->entries) {
      if (!k.key->is_str()) continue;
      if (k.key->text == "steps")
        ctx.Report(recipe.source(), k.key->span, "{}: 'steps' is reserved (aorta passes the {} own 'steps:')", label,
                   whose)
            .Help("set 'steps' there instead");
      else if (k.key->text.starts_with("_aorta_"))
        ctx.Report(recipe.source(), k.key->span,
                   "{}: {} uses the reserved '_aorta_' prefix, which aorta fills in itself", label, k.key->Repr())
            .Help("rename or remove it");
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeReservedWorkloadConfigKey() { return std::make_unique<ReservedWorkloadConfigKey>(); }

}  // namespace aortalint
