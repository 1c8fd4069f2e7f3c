// MET002: proton `backend: instrumentation` records cycles, not time.
#include "engine/rule_context.h"
#include "model/recipe.h"
#include "rules/common/collector_options.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "MET002",
    .slug = "instrumentation-no-metrics",
    .severity = Severity::kInfo,
    .summary = "proton `backend: instrumentation` gives no `proton_*` numbers in perf.md or matrix.json",
    .what =
        "Points out a proton block with `backend: instrumentation`: the capture is an intra-kernel tree whose "
        "leaves carry cycle counts, and aorta reports only its directory.",
    .why =
        "aorta's Proton metrics come from leaves with a `time (ns|us|ms|s)` metric; instrumentation leaves "
        "carry `cycles` and `normalized_cycles` instead, so perf.md and matrix.json show no `proton_*` "
        "number (only the trial's JSON records `proton_artifact_dir`). The numbers are in the tree: read it with "
        "`proton-viewer -m normalized_cycles`.",
    .facts =
        "aorta's Proton parser keeps only time metrics (reference/aorta.md §5); instrumentation yields none "
        "(§2.4).",
};

class InstrumentationNoMetrics final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    for (const yaml::Entry* e : NoMetricValues(recipe, "proton", "backend"))
      ctx.Report(recipe.source(), e->value->span,
                 "proton backend {} records cycles, not time: perf.md and matrix.json will show no proton_* number "
                 "(only the trial's JSON records proton_artifact_dir)",
                 e->value->Repr())
          .Help(
              "read the tree with 'proton-viewer -m normalized_cycles', or use a timing backend for numbers aorta "
              "compares");
  }
};

}  // namespace

std::unique_ptr<Rule> MakeInstrumentationNoMetrics() { return std::make_unique<InstrumentationNoMetrics>(); }

}  // namespace aortalint
