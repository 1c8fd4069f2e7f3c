// HIP002: rocprof traces roctx markers, but the paired program calls no roctx function.
#include <algorithm>

#include "engine/rule_context.h"
#include "model/recipe.h"
#include "rules/common/collector_options.h"
#include "rules/hip/hip_facts.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "HIP002",
    .slug = "marker-trace-without-markers",
    .severity = Severity::kWarning,
    .summary = "rocprof `trace` includes `marker` but the paired HIP program calls no roctx function",
    .what =
        "Reports a rocprof `trace` that names the `marker` domain when every HIP/C++ source paired with the "
        "recipe was analysed and none of them (nor the project headers they include) calls a roctx "
        "function (`roctxRangePush`/`roctxRangePushA`, `roctxRangePop`, `roctxMark`, `roctxRangeStart`, "
        "`roctxRangeStop`, ...), macros included. A recipe that also runs Python payloads is not judged: "
        "the markers may come from there.",
    .why =
        "`marker` renders `--marker-trace`, which records roctx ranges and marks; a program that emits none "
        "gets an empty marker trace, and the ranges the recipe's author expected to read are not there.",
    .facts =
        "rocprofv3's `--marker-trace` traces the roctx API (`roctxRangePush`, `roctxRangePop`, "
        "`roctxMark`, `roctxRangeStart`/`Stop`), declared in `<rocprofiler-sdk-roctx/roctx.h>` (and "
        "`<roctracer/roctx.h>` before it); aorta's `trace: marker` renders `--marker-trace` "
        "(reference/aorta.md §2.1). No fix is offered: whether to add markers to the program or drop the "
        "domain is the author's choice.",
    .reads_sanitizer_recipes = true,
};

class MarkerTraceWithoutMarkers final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckPairing(const Recipe& recipe, const Pairing& pairing, RuleContext& ctx) override {
    if (!pairing.payloads.empty() || !hip_facts::AllComplete(pairing)) return;
    std::vector<const HipPayload*> payloads = hip_facts::Analysed(pairing);
    for (const HipPayload* p : payloads)
      if (!p->roctx_calls.empty() || p->roctx_in_headers > 0) return;
    for (const CheckedCollector& c : CollectorsNamed(recipe, "rocprof")) {
      std::optional<std::string> trace = ValidValue(*c.use, *c.spec, "trace");
      const yaml::Entry* e = OptionEntry(*c.use, "trace");
      if (!trace || !e) continue;
      std::vector<std::string> tokens = SplitTokens(*trace);
      if (std::find(tokens.begin(), tokens.end(), "marker") == tokens.end()) continue;
      ctx.Report(recipe.source(), e->value->span,
                 "rocprof 'trace' {} records roctx markers, but no roctx function is called in {}: the marker trace "
                 "will be empty",
                 e->value->Repr(), hip_facts::Names(payloads))
          .Help("add roctxRangePush/roctxRangePop around the region to measure, or drop marker from trace");
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeMarkerTraceWithoutMarkers() { return std::make_unique<MarkerTraceWithoutMarkers>(); }

}  // namespace aortalint
