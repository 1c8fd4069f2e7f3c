// RCP006: `mode` is not `triage`, `probe` or `sanitizer`.
#include "base/edit_distance.h"
#include "engine/rule_context.h"
#include "load/knowledge_loader.h"
#include "rules/recipe/recipe_schema.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "RCP006",
    .slug = "bad-mode",
    .severity = Severity::kError,
    .summary = "`mode` is not `triage`, `probe` or `sanitizer`",
    .what =
        "Reports a `mode` whose value is not exactly the string `triage`, `probe` or `sanitizer` (case matters; "
        "an empty value is None). While `mode` is invalid, RCP003 and RCP004 stay silent because they depend on "
        "it. A `mode: sanitizer` recipe is judged by the SAN rules.",
    .why =
        "aorta's dispatcher peeks at `mode` to pick a loader (triage, probe, or the sanitizer loader); any other "
        "value reaches the triage/probe loader, which refuses the recipe (`recipe.mode: must be 'triage' or "
        "'probe'`) before checking anything else but the Phase-3 keys.",
    .facts =
        "Step 3 of aorta's top-level validation (reference/aorta.md §1.2); an absent `mode` means triage; "
        "`aorta sweep run` hands `mode: sanitizer` to `load_sanitizer_recipe` "
        "(src/aorta/instrumentation/rocjitsu_sanitizers/recipe.py).",
    .aorta_refuses_at_load = true,
};

class BadMode final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }

  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    const yaml::Entry* e = recipe.Top("mode");
    if (!e || recipe.mode() != RecipeMode::kInvalid) return;
    std::vector<std::string_view> modes = BuiltinRecipeKeys().TopLevel("mode")->Domain();
    std::string otherwise = "remove the key for a triage recipe";
    ctx.Report(recipe.source(), recipe_schema::ValueOrKey(*e), "mode must be 'triage', 'probe' or 'sanitizer', got {}",
               e->value->Repr())
        .Help(e->value->is_str() ? DidYouMeanOr(e->value->text, modes, otherwise) : otherwise);
  }
};

}  // namespace

std::unique_ptr<Rule> MakeBadMode() { return std::make_unique<BadMode>(); }

}  // namespace aortalint
