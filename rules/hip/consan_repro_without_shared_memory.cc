// HIP005: a ConSan reproducer whose source has no shared memory (or no kernel) for ConSan to check.
#include <algorithm>

#include "engine/rule_context.h"
#include "model/recipe.h"
#include "model/sanitizer_plan.h"
#include "rules/hip/hip_facts.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "HIP005",
    .slug = "consan-repro-without-shared-memory",
    .severity = Severity::kWarning,
    .summary =
        "a `consan_repro` source declares no `__shared__` memory or defines no kernel: ConSan has nothing "
        "to check",
    .what =
        "Reads the HIP source of a `mode: sanitizer` recipe whose plan's `source.kind` is `consan_repro` (its "
        "`hip:` file, with the headers of the project it includes) and reports it when it defines no `__global__` "
        "kernel, or when no kernel or device function of it declares a `__shared__` variable (static, or dynamic "
        "as `extern __shared__` and ROCm's `HIP_DYNAMIC_SHARED`). A `__shared__` in a comment or a string does not "
        "count. It judges only a source that parsed whole: when a header was not found or Clang reported an "
        "error, HIP006 says so and this rule says nothing.",
    .why =
        "ConSan checks the accesses to shared memory (LDS) of the kernels it runs for races. A reproducer without "
        "shared memory, or without a kernel, gives a clean report whatever the bug it was written for: the run "
        "passes and proves nothing.",
    .facts =
        "aorta's ConSan reproducers (`recipes/sanitizers/fixtures/repro/consan_lds_race*.hip`) race on a "
        "`__shared__` array; `source.kind: consan_repro` builds the plan's `hip:` source into `command`.",
    .reads_sanitizer_recipes = true,
};

class ConsanReproWithoutSharedMemory final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }

  void CheckPairing(const Recipe& recipe, const Pairing& pairing, RuleContext& ctx) override {
    const SanitizerPlan* plan = recipe.sanitizer_plan();
    if (!plan || plan->source.kind.text != "consan_repro" || !plan->source.hip.node) return;
    const std::vector<std::string>& sanitizers = plan->sanitizers;
    if (!sanitizers.empty() && std::find(sanitizers.begin(), sanitizers.end(), "consan") == sanitizers.end()) return;
    if (!hip_facts::AllComplete(pairing)) return;  // an absence is judged only on a whole parse (HIP006)
    std::vector<const HipPayload*> payloads = hip_facts::Analysed(pairing);
    Span at = plan->source.hip.node->span;
    bool loads_code_object =
        std::any_of(payloads.begin(), payloads.end(), [](const HipPayload* p) { return !p->module_lookups.empty(); });
    if (hip_facts::Kernels(payloads).empty()) {
      if (loads_code_object) return;  // its kernels are in a code object built from another source
      ctx.Report(recipe.source(), at,
                 "the consan_repro source {} defines no __global__ kernel: ConSan has nothing to check, and the run "
                 "passes whatever the bug",
                 hip_facts::Names(payloads))
          .Help("point sanitizer_plan.source.hip at the reproducer that defines and launches the racing kernel");
      return;
    }
    for (const HipPayload* p : payloads)
      if (!p->shared_decls.empty() || p->shared_in_headers > 0) return;
    ctx.Report(recipe.source(), at,
               "the consan_repro source {} declares no __shared__ memory: ConSan checks shared-memory (LDS) accesses "
               "for races, so it has nothing to check, and the run passes whatever the bug",
               hip_facts::Names(payloads))
        .Help(
            "make the reproducer race on a __shared__ variable (the LDS access ConSan checks), or use another "
            "sanitizer for a bug in global memory");
  }
};

}  // namespace

std::unique_ptr<Rule> MakeConsanReproWithoutShared() { return std::make_unique<ConsanReproWithoutSharedMemory>(); }

}  // namespace aortalint
