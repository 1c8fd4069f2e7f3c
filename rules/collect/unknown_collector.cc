// COL001: a collector name aorta does not know.
#include "base/edit_distance.h"
#include "base/strings.h"
#include "engine/rule_context.h"
#include "model/recipe.h"
#include "rules/common/collector_options.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "COL001",
    .slug = "unknown-collector",
    .severity = Severity::kError,
    .summary = "a collect block names a collector aorta does not have",
    .what =
        "Reports every collector name in `collect:` (the recipe's, or a cell's override) that is not one of "
        "aorta's collector recipes, with the nearest known name when it looks like a typo.",
    .why =
        "aorta checks the names when it loads the recipe and refuses the whole recipe with "
        "`unknown collector recipe(s) [...]`, so no cell runs.",
    .facts =
        "aorta's collectors are `amd_log`, `layer_numerics`, `numerics`, `proton` and `rocprof`; names are "
        "matched exactly (reference/aorta.md §1.6).",
    .aorta_refuses_at_load = true,
};

class UnknownCollector final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    std::vector<std::string_view> known = recipe.knowledge().CollectorNames();
    for (const CollectScope& scope : recipe.scopes())
      for (const CollectorUse& use : scope.collectors)
        if (!recipe.knowledge().Collector(use.name))
          ctx.Report(recipe.source(), use.name_node->span, "unknown collector {} in {}", use.name_node->Repr(),
                     scope.label)
              .Help(DidYouMeanOr(use.name, known, "use one of " + Join(known)));
  }
};

}  // namespace

std::unique_ptr<Rule> MakeUnknownCollector() { return std::make_unique<UnknownCollector>(); }

}  // namespace aortalint
