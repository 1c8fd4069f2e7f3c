// CNF001: rocprof and a queue-intercepting proton backend in one collect scope.
#include "engine/rule_context.h"
#include "model/recipe.h"
#include "rules/common/collector_options.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "CNF001",
    .slug = "queue-interceptor-conflict",
    .severity = Severity::kError,
    .summary = "`rocprof` and `proton` on a queue-intercepting backend (auto, roctracer, rocprofiler) in one scope",
    .what =
        "Reports a collect block (the recipe's, or a cell's override) that names both `rocprof` and `proton` "
        "while proton's backend is one that intercepts the HSA queue: `auto` (the default), `roctracer` or "
        "`rocprofiler`. The diagnostic sits on whichever of the two entries comes second, with a note at the "
        "first. `instrumentation` and `cupti` do not conflict; a cell with `collect: []` runs neither.",
    .why =
        "rocprofv3 and these Proton backends each install an HSA queue interceptor; whichever attaches second "
        "fails or records nothing. aorta refuses the recipe at load.",
    .facts =
        "aorta's `validate_collectors` rejects rocprof with proton on `auto`, `rocprofiler` or `roctracer`, "
        "per collect scope (reference/aorta.md §2.3); the set is `queue_intercepting_backends` in "
        "`rules/knowledge/collectors.yaml`.",
    .aorta_refuses_at_load = true,
};

class QueueInterceptorConflict final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    // Every block written is validated at load, even one every cell overrides.
    for (const CollectScope& scope : recipe.scopes()) {
      std::optional<QueueConflict> conflict = FindQueueConflict(scope, recipe.knowledge());
      if (!conflict) continue;
      bool proton_second = conflict->proton->name_node->span.begin > conflict->rocprof->name_node->span.begin;
      const CollectorUse& second = proton_second ? *conflict->proton : *conflict->rocprof;
      const CollectorUse& first = proton_second ? *conflict->rocprof : *conflict->proton;
      ctx.Report(recipe.source(), second.name_node->span,
                 "'rocprof' and 'proton' with backend '{}'{} cannot run together in {}: both intercept the HSA queue",
                 conflict->backend, conflict->backend == "auto" ? " (rocprofiler or roctracer on AMD)" : "",
                 scope.label)
          .Help("set 'proton: {backend: instrumentation}' or put them in separate cells")
          .Note(recipe.source(), first.name_node->span, fmt::format("'{}' is enabled here", first.name));
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeQueueInterceptorConflict() { return std::make_unique<QueueInterceptorConflict>(); }

}  // namespace aortalint
