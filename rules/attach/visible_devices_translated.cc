// ATT004: HIP_/CUDA_VISIBLE_DEVICES in the recipe's environment with a
// queue-intercepting proton backend: aorta rewrites them to ROCR_VISIBLE_DEVICES.
#include <map>
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
        "For each cell whose proton backend intercepts the HSA queue (`auto`, `roctracer`, `rocprofiler`), "
        "reports the device variables its environment sets (recipe and cell `extra_env`, an inline "
        "environment's `env`) that aorta will translate, and says what `ROCR_VISIBLE_DEVICES` becomes.",
    .why =
        "Proton raises `ValueError` when `HIP_VISIBLE_DEVICES` is set on AMD, so aorta unsets the HIP and CUDA "
        "variables and sets `ROCR_VISIBLE_DEVICES` instead, logging only a warning. The device selection "
        "survives, but through another variable than the one written; `CUDA_VISIBLE_DEVICES` is translated only "
        "once AMD is certain (a pinned AMD backend, or HIP_/ROCR_VISIBLE_DEVICES present), so under `auto` "
        "alone it is left as written.",
    .example =
        "schema_version: 1\nworkload: gemm\ntrials: 3\nsteps: 10\nextra_env:\n  HIP_VISIBLE_DEVICES: \"0\"\n"
        "collect:\n  proton: {mode: env, backend: roctracer}\ncells:\n"
        "  - {name: base, mitigations: [none], environment: local}\n",
    .fixed =
        "schema_version: 1\nworkload: gemm\ntrials: 3\nsteps: 10\nextra_env:\n  ROCR_VISIBLE_DEVICES: \"0\"\n"
        "collect:\n  proton: {mode: env, backend: roctracer}\ncells:\n"
        "  - {name: base, mitigations: [none], environment: local}\n",
    .facts =
        "aorta's `_device_env_prefix`: candidates HIP_VISIBLE_DEVICES then CUDA_VISIBLE_DEVICES, presence not "
        "value, every candidate unset, ROCR_VISIBLE_DEVICES taken from an explicit ROCR value or else the "
        "first candidate (reference/aorta.md §2.5).",
};

constexpr std::string_view kHip = "HIP_VISIBLE_DEVICES";
constexpr std::string_view kCuda = "CUDA_VISIBLE_DEVICES";
constexpr std::string_view kRocr = "ROCR_VISIBLE_DEVICES";

using Environment = std::map<std::string, const yaml::Entry*, std::less<>>;

// Later layers win: an inline environment's env, then the recipe's extra_env, then the cell's.
void Layer(Environment& env, const yaml::Node* map) {
  if (!map || !map->is_map()) return;
  for (const yaml::Entry& e : map->entries)
    if (e.key->is_str()) env[e.key->text] = &e;
}

class VisibleDevicesTranslated final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    if (recipe.mode() != RecipeMode::kTriage) return;
    const yaml::Node* recipe_env = recipe.root().Get("extra_env");
    if (recipe.cells().empty()) {
      Environment env;
      Layer(env, recipe_env);
      Check(recipe, ctx, recipe.recipe_collect(), env);
    }
    for (const Cell& cell : recipe.cells()) {
      Environment env;
      if (const yaml::Node* inline_env = cell.node->Get("environment"); inline_env && inline_env->is_map())
        Layer(env, inline_env->Get("env"));
      Layer(env, recipe_env);
      Layer(env, cell.node->Get("extra_env"));
      Check(recipe, ctx, cell.collect, env);
    }
  }

 private:
  static void Check(const Recipe& recipe, RuleContext& ctx, const CollectScope* scope, const Environment& env) {
    const Knowledge& k = recipe.knowledge();
    const CollectorUse* proton = scope && scope->well_formed ? scope->Find("proton") : nullptr;
    const CollectorSpec* spec = k.Collector("proton");
    if (!proton || !spec) return;
    std::optional<std::string> backend = ValidValue(*proton, *spec, "backend");
    if (!backend || !k.IsQueueIntercepting(*backend)) return;

    auto find = [&](std::string_view name) -> const yaml::Entry* {
      auto it = env.find(name);
      return it == env.end() ? nullptr : it->second;
    };
    const yaml::Entry* hip = find(kHip);
    const yaml::Entry* cuda = find(kCuda);
    const yaml::Entry* rocr = find(kRocr);
    auto vendor = k.backend_vendors.find(*backend);
    bool amd = (vendor != k.backend_vendors.end() && vendor->second == "AMD") || hip || rocr;
    std::vector<const yaml::Entry*> candidates;
    if (hip) candidates.push_back(hip);
    if (cuda && amd) candidates.push_back(cuda);
    if (candidates.empty()) return;

    const yaml::Entry* source = rocr ? rocr : candidates.front();
    for (const yaml::Entry* c : candidates) {
      std::string becomes = rocr ? fmt::format("the recipe's own {}={} is used", kRocr, rocr->value->Repr())
                                 : fmt::format("{} is set to {}{}", kRocr, source->value->Repr(),
                                               source == c ? "" : fmt::format(" (from {})", source->key->text));
      ctx.Report(recipe.source(), c->key->span,
                 "{}={} will be unset and {}, because proton backend '{}' intercepts the HSA queue and Proton refuses "
                 "HIP_VISIBLE_DEVICES on AMD",
                 c->key->text, c->value->Repr(), becomes, *backend)
          .Help("{}", rocr ? fmt::format("delete {} and keep {} alone", c->key->text, kRocr)
                           : fmt::format("set {} yourself to make the device choice explicit", kRocr));
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeVisibleDevicesTranslated() { return std::make_unique<VisibleDevicesTranslated>(); }

}  // namespace aortalint
