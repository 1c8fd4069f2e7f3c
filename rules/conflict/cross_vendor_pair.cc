// CNF003: collectors that each run on a different GPU vendor only.
#include "engine/rule_context.h"
#include "model/recipe.h"
#include "rules/common/collector_options.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "CNF003",
    .slug = "cross-vendor-pair",
    .severity = Severity::kWarning,
    .summary = "`rocprof` (AMD only) with `proton: {backend: cupti}` (NVIDIA only) in one scope",
    .what =
        "Reports a collect block that names `rocprof` together with a proton backend that runs on another "
        "vendor's GPUs (`cupti`), on whichever entry comes second, with a note at the first.",
    .why =
        "aorta accepts the pair (cupti does not intercept the HSA queue), but rocprofv3 needs an AMD GPU and "
        "cupti an NVIDIA one, so on any one machine one of the two collectors fails or records nothing.",
    .facts =
        "rocprof is rocprofv3, AMD only (reference/aorta.md §2.1); cupti is NVIDIA's; aorta's conflict check "
        "accepts cupti beside rocprof (§2.3). Vendors are data in `rules/knowledge/collectors.yaml`.",
    .aorta_refuses_at_load = true,
};

class CrossVendorPair final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    const Knowledge& k = recipe.knowledge();
    for (const CheckedCollector& c : CollectorsNamed(recipe, "proton")) {
      const CollectorUse* other = c.scope->Find("rocprof");
      const CollectorSpec* rocprof = k.Collector("rocprof");
      std::optional<std::string> backend = ValidValue(*c.use, *c.spec, "backend");
      if (!other || !rocprof || rocprof->vendor.empty() || !backend) continue;
      auto vendor = k.backend_vendors.find(*backend);
      if (vendor == k.backend_vendors.end() || vendor->second == rocprof->vendor) continue;
      bool proton_second = c.use->name_node->span.begin > other->name_node->span.begin;
      const CollectorUse& second = proton_second ? *c.use : *other;
      const CollectorUse& first = proton_second ? *other : *c.use;
      ctx.Report(recipe.source(), second.name_node->span,
                 "'rocprof' runs on {} GPUs only and proton backend '{}' on {} GPUs only, so no machine measures both "
                 "in {}",
                 rocprof->vendor, *backend, vendor->second, c.scope->label)
          .Help("use proton backend 'instrumentation' beside rocprof, or put them in separate cells")
          .Note(recipe.source(), first.name_node->span, fmt::format("'{}' is enabled here", first.name));
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeCrossVendorPair() { return std::make_unique<CrossVendorPair>(); }

}  // namespace aortalint
