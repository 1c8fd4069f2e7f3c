// MET004: rocprof trace without the kernel domain yields no metrics.
#include "engine/rule_context.h"
#include "model/recipe.h"
#include "rules/common/collector_options.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "MET004",
    .slug = "rocprof-trace-no-kernel",
    .severity = Severity::kInfo,
    .summary = "rocprof `trace` without `kernel` gives no `rocprof_*` numbers in perf.md or matrix.json",
    .what = "Points out a rocprof `trace` whose domains do not include `kernel` (`trace: hip`, `trace: marker`).",
    .why =
        "aorta's rocprof metrics come from kernel statistics and kernel dispatch traces; API, memory-copy or "
        "marker traces alone leave perf.md and matrix.json with just `rocprof_artifact_dir`.",
    .facts = "Only `kernel` among rocprof's trace domains produces metrics (reference/aorta.md §2.1, §5).",
};

class RocprofTraceNoKernel final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    for (const yaml::Entry* e : NoMetricValues(recipe, "rocprof", "trace"))
      ctx.Report(recipe.source(), e->value->span,
                 "rocprof 'trace' {} has no 'kernel' domain: perf.md and matrix.json will show no kernel counts or "
                 "times (only the trial's JSON records rocprof_artifact_dir)",
                 e->value->Repr())
          .Help("add kernel (e.g. \"kernel,hip\") to get them");
  }
};

}  // namespace

std::unique_ptr<Rule> MakeRocprofTraceNoKernel() { return std::make_unique<RocprofTraceNoKernel>(); }

}  // namespace aortalint
