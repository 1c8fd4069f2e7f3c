// ATT003: a triage recipe that collects rocprof or proton, which only wrap a subprocess.
#include "engine/rule_context.h"
#include "model/recipe.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "ATT003",
    .slug = "collect-on-in-process-workload",
    .severity = Severity::kWarning,
    .summary = "a triage recipe collects `rocprof` or `proton`, which measure nothing in-process",
    .what =
        "Reports each `rocprof` and `proton` entry in a triage recipe's collect blocks (the recipe's and each "
        "cell's override).",
    .why =
        "Both collectors work by wrapping the workload's command line (`rocprofv3 ... --`, "
        "`python -m triton.profiler.proton`, or the env-mode variables). Only the probe flow runs a command; a "
        "triage workload runs in-process, so aorta accepts the recipe, wraps nothing and writes no capture, "
        "without a word.",
    .facts =
        "aorta documents `collect: [rocprof|proton]` on an in-process (triage) workload as validating and "
        "measuring nothing (reference/aorta.md §1.8); only `SubprocessWorkload` wraps (§4.4).",
    .trial_setup = true,
};

class CollectOnInProcessWorkload final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    if (recipe.mode() != RecipeMode::kTriage) return;
    const yaml::Node* workload = recipe.root().Get("workload");
    std::string which = workload && workload->is_str() ? "workload " + workload->Repr() : "the workload";
    for (const CollectScope& scope : recipe.scopes())
      for (const CollectorUse& use : scope.collectors)
        if (use.name == "rocprof" || use.name == "proton")
          ctx.Report(recipe.source(), use.name_node->span,
                     "'{}' measures nothing in a triage recipe: {} runs in-process and aorta only wraps the command of "
                     "a probe recipe",
                     use.name, which)
              .Help("collect it in a 'mode: probe' recipe that runs the workload after '--'");
  }
};

}  // namespace

std::unique_ptr<Rule> MakeCollectOnInProcessWorkload() { return std::make_unique<CollectOnInProcessWorkload>(); }

}  // namespace aortalint
