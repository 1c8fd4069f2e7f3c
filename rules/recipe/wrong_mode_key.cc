// RCP003: a key that belongs only to the other mode (triage vs probe).
#include "engine/rule_context.h"
#include "load/knowledge_loader.h"
#include "model/recipe_keys.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "RCP003",
    .slug = "wrong-mode-key",
    .severity = Severity::kError,
    .summary = "a probe-only key in a triage recipe, or a triage-only key in a probe recipe",
    .what =
        "Reports a top-level key that aorta knows but only accepts in the other mode: `retain`, "
        "`mitigation_axis`, `timeout_per_trial`... in a triage recipe (no `mode`, or `mode: triage`); "
        "`cells`, `workload`, `steps`, `extra_env`... in a `mode: probe` recipe. The contents of such a key "
        "are not checked further. Nothing is reported while `mode` itself is invalid (RCP006).",
    .why =
        "aorta rejects the recipe (`recipe: keys [...] are probe-mode only`, `... are triage-mode only`). "
        "Usually the recipe forgot `mode: probe`, or was converted from one mode to the other halfway.",
    .facts = "Step 5 of aorta's top-level validation (reference/aorta.md §1.2); the mode of each key is in §1.3.",
    .aorta_refuses_at_load = true,
};

class WrongModeKey final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }

  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    if (recipe.mode() == RecipeMode::kInvalid) return;
    bool probe = recipe.mode() == RecipeMode::kProbe;
    const yaml::Entry* mode = recipe.Top("mode");
    for (const yaml::Entry& e : recipe.root().entries) {
      if (!e.key->is_str()) continue;
      const KeyDoc* key = BuiltinRecipeKeys().TopLevel(e.key->text);
      if (!key || key->InMode(recipe.mode())) continue;
      auto d = probe ? ctx.Report(recipe.source(), e.key->span,
                                  "'{}' is a triage-mode key and this recipe is 'mode: probe'", key->name)
                           .Help("remove it, or remove 'mode: probe' if this is a triage recipe")
                     : ctx.Report(recipe.source(), e.key->span,
                                  "'{}' is a probe-mode key and this recipe is in triage mode", key->name)
                           .Help("add 'mode: probe' at the top level or remove the key");
      if (mode) d.Note(recipe.source(), mode->value->span, "the mode is set here");
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeWrongModeKey() { return std::make_unique<WrongModeKey>(); }

}  // namespace aortalint
