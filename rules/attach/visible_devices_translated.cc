// ATT004: HIP_/CUDA_VISIBLE_DEVICES set by a probe cell's mitigation or diagnostic with a
// queue-intercepting proton backend: aorta rewrites them to ROCR_VISIBLE_DEVICES when it wraps the command.
#include <map>
#include <set>
#include <string>

#include "engine/rule_context.h"
#include "model/recipe.h"
#include "rules/common/collector_options.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "ATT004",
    .slug = "visible-devices-translated",
    .severity = Severity::kInfo,
    .summary = "`HIP_VISIBLE_DEVICES`/`CUDA_VISIBLE_DEVICES` will be rewritten to `ROCR_VISIBLE_DEVICES`",
    .what =
        "For each cell of a probe recipe whose proton backend intercepts the HSA queue (`auto`, `roctracer`, "
        "`rocprofiler`), reports the device variables its mitigation and diagnostic set (aorta's built-in table, "
        "or a `--mitigations-file` sidecar) that aorta will translate when it wraps the command, and says what "
        "`ROCR_VISIBLE_DEVICES` becomes. A triage recipe is never wrapped (ATT003), so nothing is translated there.",
    .why =
        "Proton raises `ValueError` when `HIP_VISIBLE_DEVICES` is set on AMD, so aorta unsets the HIP and CUDA "
        "variables and sets `ROCR_VISIBLE_DEVICES` instead, logging only a warning. The device selection "
        "survives, but through another variable than the one written; `CUDA_VISIBLE_DEVICES` is translated only "
        "once AMD is certain (a pinned AMD backend, or HIP_/ROCR_VISIBLE_DEVICES present), so under `auto` "
        "alone it is left as written.",
    .facts =
        "aorta's `_device_env_prefix`: candidates HIP_VISIBLE_DEVICES then CUDA_VISIBLE_DEVICES, presence not "
        "value, every candidate unset, ROCR_VISIBLE_DEVICES taken from an explicit ROCR value or else the "
        "first candidate (reference/aorta.md §2.5); it reads the environment the dispatcher stamped with the "
        "cell's mitigation and diagnostic, and only the probe flow wraps a command (§2.7: `SubprocessWorkload`).",
    .trial_setup = true,
};

constexpr std::string_view kHip = "HIP_VISIBLE_DEVICES";
constexpr std::string_view kCuda = "CUDA_VISIBLE_DEVICES";
constexpr std::string_view kRocr = "ROCR_VISIBLE_DEVICES";

// A variable a cell's trial runs with, and the axis value that sets it.
struct Setting {
  std::string value;
  const yaml::Node* where = nullptr;  // the mitigation or diagnostic in the recipe's axis
  std::string by;                     // its name
};
using Environment = std::map<std::string, Setting, std::less<>>;

class VisibleDevicesTranslated final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    if (recipe.mode() != RecipeMode::kProbe) return;
    std::set<std::pair<uint32_t, std::string>> said;  // cells share axis values: one report each
    for (const Cell& cell : recipe.cells()) {
      Environment env;  // the mitigation's variables, then the diagnostic's over them
      for (const auto& [name, node] : cell.mitigations) {
        const std::map<std::string, std::string>* vars = nullptr;
        if (auto it = recipe.knowledge().mitigations.find(name); it != recipe.knowledge().mitigations.end())
          vars = &it->second;
        else if (auto s = ctx.settings().mitigation_env.find(name); s != ctx.settings().mitigation_env.end())
          vars = &s->second;
        if (vars)
          for (const auto& [var, value] : *vars) env[var] = {value, node, name};
      }
      Check(recipe, ctx, cell.collect, env, said);
    }
  }

 private:
  static void Check(const Recipe& recipe, RuleContext& ctx, const CollectScope* scope, const Environment& env,
                    std::set<std::pair<uint32_t, std::string>>& said) {
    const Knowledge& k = recipe.knowledge();
    const CollectorUse* proton = scope && scope->well_formed ? scope->Find("proton") : nullptr;
    const CollectorSpec* spec = k.Collector("proton");
    if (!proton || !spec) return;
    std::optional<std::string> backend = ValidValue(*proton, *spec, "backend");
    if (!backend || !k.IsQueueIntercepting(*backend)) return;

    auto find = [&](std::string_view name) -> const Setting* {
      auto it = env.find(name);
      return it == env.end() ? nullptr : &it->second;
    };
    const Setting* hip = find(kHip);
    const Setting* cuda = find(kCuda);
    const Setting* rocr = find(kRocr);
    auto vendor = k.backend_vendors.find(*backend);
    bool amd = (vendor != k.backend_vendors.end() && vendor->second == "AMD") || hip || rocr;
    std::vector<std::pair<std::string_view, const Setting*>> candidates;
    if (hip) candidates.emplace_back(kHip, hip);
    if (cuda && amd) candidates.emplace_back(kCuda, cuda);
    if (candidates.empty()) return;

    const auto& [source_name, source] =
        rocr ? std::pair<std::string_view, const Setting*>(kRocr, rocr) : candidates.front();
    for (const auto& [name, c] : candidates) {
      if (!c->where || !said.emplace(c->where->span.begin, std::string(name)).second) continue;
      std::string becomes = rocr ? fmt::format("{}={} (from '{}') is used", kRocr, yaml::PyStr(rocr->value), rocr->by)
                                 : fmt::format("{} is set to {}{}", kRocr, yaml::PyStr(source->value),
                                               source == c ? "" : fmt::format(" (from {})", source_name));
      ctx.Report(recipe.source(), c->where->span,
                 "'{}' sets {}={}, which aorta will unset when it wraps the command, and {}, because proton backend "
                 "'{}' intercepts the HSA queue and Proton refuses HIP_VISIBLE_DEVICES on AMD",
                 c->by, name, yaml::PyStr(c->value), becomes, *backend)
          .Help("{}", rocr ? fmt::format("drop {} from '{}' and keep {} alone", name, c->by, kRocr)
                           : fmt::format("set {} in '{}' instead, to make the device choice explicit", kRocr, c->by));
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeVisibleDevicesTranslated() { return std::make_unique<VisibleDevicesTranslated>(); }

}  // namespace aortalint
