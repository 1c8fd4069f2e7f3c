// MET001: proton `data: trace` writes a Chrome trace, which yields no metrics.
#include "engine/rule_context.h"
#include "model/recipe.h"
#include "rules/common/collector_options.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "MET001",
    .slug = "trace-data-no-metrics",
    .severity = Severity::kInfo,
    .summary = "proton `data: trace` gives no `proton_*` numbers in perf.md or matrix.json",
    .what =
        "Points out a proton block with `data: trace`: the capture is a Chrome trace you open in a trace "
        "viewer, and aorta reports only its directory.",
    .why =
        "aorta's Proton metrics (`proton_kernel_count`, `proton_gpu_time_ms`, `proton_top_kernel_ms`, "
        "`proton_top_kernels`) are read from `.hatchet` trees, which only `data: tree` writes; with a trace "
        "perf.md and matrix.json show no `proton_*` number (only the trial's JSON records "
        "`proton_artifact_dir`), so cells cannot be compared by number.",
    .facts = "aorta's Proton parser reads `*.hatchet` only (reference/aorta.md §2.4, §5).",
};

class TraceDataNoMetrics final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    for (const yaml::Entry* e : NoMetricValues(recipe, "proton", "data"))
      ctx.Report(recipe.source(), e->value->span,
                 "proton 'data' {} writes a Chrome trace, not a .hatchet tree: perf.md and matrix.json will show no "
                 "kernel counts or times (only the trial's JSON records proton_artifact_dir)",
                 e->value->Repr())
          .Help("use 'data: tree' to get them");
  }
};

}  // namespace

std::unique_ptr<Rule> MakeTraceDataNoMetrics() { return std::make_unique<TraceDataNoMetrics>(); }

}  // namespace aortalint
