// RCP010: a key aorta defers to a later phase (`condition`).
#include "engine/rule_context.h"
#include "load/knowledge_loader.h"
#include "model/recipe_keys.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "RCP010",
    .slug = "deferred-key",
    .severity = Severity::kError,
    .summary = "a top-level key aorta reserves for a later phase (`condition`)",
    .what = "Reports the top-level `condition` key, whatever its value. RCP002 does not report it again as unknown.",
    .why =
        "aorta checks for Phase-3 keys before anything else and refuses the recipe (`recipe: keys "
        "['condition'] are deferred to Phase 3`): conditional cells are not implemented, so the condition "
        "would otherwise be silently ignored.",
    .facts =
        "Step 2 of aorta's top-level validation (reference/aorta.md §1.2). The older loader (REC b4c80072) "
        "deferred `redaction` too; the newest accepts it in probe mode (§1.3, §1.9).",
    .aorta_refuses_at_load = true,
};

class DeferredKey final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }

  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    for (const std::string& key : BuiltinRecipeKeys().deferred)
      if (const yaml::Entry* e = recipe.Top(key))
        ctx.Report(recipe.source(), e->key->span, "'{}' is reserved for a later phase of aorta and is refused today",
                   key)
            .Help("remove it (split the recipe if the cells differ by condition)");
  }
};

}  // namespace

std::unique_ptr<Rule> MakeDeferredKey() { return std::make_unique<DeferredKey>(); }

}  // namespace aortalint
