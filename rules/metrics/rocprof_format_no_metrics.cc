// MET003: rocprof output_format other than csv yields no metrics.
#include "engine/rule_context.h"
#include "model/recipe.h"
#include "rules/common/collector_options.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "MET003",
    .slug = "rocprof-format-no-metrics",
    .severity = Severity::kInfo,
    .summary = "rocprof `output_format` other than `csv` gives no `rocprof_*` numbers in perf.md or matrix.json",
    .what = "Points out a rocprof block whose `output_format` is `json`, `pftrace`, `otf2` or `rocpd`.",
    .why =
        "aorta reads rocprofv3's `*_kernel_stats.csv` (or `*_kernel_trace.csv`) for `rocprof_kernel_count`, "
        "`rocprof_gpu_time_ms` and the top kernels; with another format perf.md and matrix.json show none of them "
        "(only the trial's JSON records `rocprof_artifact_dir`).",
    .facts = "aorta's rocprof parser reads CSV only (reference/aorta.md §2.1, §5).",
};

class RocprofFormatNoMetrics final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    for (const yaml::Entry* e : NoMetricValues(recipe, "rocprof", "output_format"))
      ctx.Report(recipe.source(), e->value->span,
                 "rocprof 'output_format' {} writes no CSV: perf.md and matrix.json will show no kernel counts or "
                 "times (only the trial's JSON records rocprof_artifact_dir)",
                 e->value->Repr())
          .Help("use 'output_format: csv' to get them");
  }
};

}  // namespace

std::unique_ptr<Rule> MakeRocprofFormatNoMetrics() { return std::make_unique<RocprofFormatNoMetrics>(); }

}  // namespace aortalint
