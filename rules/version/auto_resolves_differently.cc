// VER004: `backend: auto` while the targets disagree on what auto resolves to.
#include "engine/rule_context.h"
#include "rules/common/proton_use.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "VER004",
    .slug = "auto-resolves-differently",
    .severity = Severity::kWarning,
    .summary = "`backend: auto` while the target Triton versions resolve auto to different backends",
    .what =
        "With two or more target versions, reports a proton collector whose backend is `auto` (the "
        "default) when the targets resolve auto to different backends on the same vendor.",
    .why =
        "On AMD, auto is roctracer up to Triton 3.7.x and rocprofiler from 3.8.0. The same recipe "
        "then measures with two different tools, the numbers are not comparable, and neither the "
        "`.hatchet` nor the metrics record which backend ran.",
    .facts =
        "Triton version table, row `auto on AMD resolves to`, and the note that the resolved "
        "backend is not recorded (reference/aorta.md §3); the H200 captures show auto and cupti "
        "trees of identical shape.",
};

class AutoResolvesDifferently final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    version::VersionCheck v = version::StartVersionCheck(recipe, ctx);
    if (!v || v.targets.size() < 2) return;
    const std::vector<TritonTarget>& targets = v.targets;
    for (const version::ProtonUse& p : v.uses) {
      if (p.Value("backend") != "auto") continue;
      for (Vendor vendor : {Vendor::kAmd, Vendor::kNvidia}) {
        // Backend -> the targets resolving to it, in first-seen order.
        std::vector<std::pair<std::string, std::vector<const TritonTarget*>>> groups;
        for (const TritonTarget& t : targets) {
          const std::string& b = t.row->Auto(vendor);
          auto g = std::find_if(groups.begin(), groups.end(), [&](const auto& x) { return x.first == b; });
          if (g == groups.end())
            groups.push_back({b, {&t}});
          else
            g->second.push_back(&t);
        }
        if (groups.size() < 2) continue;
        std::string split;
        for (const auto& [backend, on] : groups)
          split += (split.empty() ? "" : " but to ") + backend + " on triton " + JoinNames(on);
        ctx.Report(recipe.source(), p.Where("backend"),
                   "backend 'auto' resolves to {} ({}), and the capture does not record which ran", split,
                   vendor == Vendor::kAmd ? "AMD" : "NVIDIA")
            .Help("pin 'backend' to one of them, or compare numbers within one version only");
        break;
      }
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeAutoResolvesDifferently() { return std::make_unique<AutoResolvesDifferently>(); }

}  // namespace aortalint
