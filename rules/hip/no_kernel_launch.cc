// HIP003: the paired HIP program launches no kernel, so the capture will be empty.
#include "engine/rule_context.h"
#include "model/recipe.h"
#include "rules/common/collector_options.h"
#include "rules/hip/hip_facts.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "HIP003",
    .slug = "no-kernel-launch",
    .severity = Severity::kWarning,
    .summary = "the paired HIP program launches no kernel: rocprofv3 will record no dispatch",
    .what =
        "Reports a recipe that collects (rocprof or Proton) whose paired HIP/C++ sources, all analysed, launch no "
        "kernel in any of the ways "
        "HIP offers: `kernel<<<grid, block>>>(...)`, `hipLaunchKernelGGL`, `hipExtLaunchKernelGGL`, "
        "`hipLaunchKernel`, `hipExtLaunchKernel`, `hipLaunchCooperativeKernel`, `hipModuleLaunchKernel`, "
        "`hipExtModuleLaunchKernel`, `hipModuleLaunchCooperativeKernel`, `hipLaunchKernelExC`, "
        "`hipGraphLaunch`, written directly, through a macro, in a lambda, or in one of the project's own headers. "
        "A source whose parse was partial (a header not found, a Clang error: HIP006 says which) is not judged. "
        "A program that includes a GPU library's headers "
        "(rocBLAS, hipBLAS, MIOpen, rocFFT, RCCL, CK, ...) is not judged: the library dispatches its own "
        "kernels. It points at the first kernel the sources define "
        "(a kernel defined but never launched is the usual slip), else at the top of the first source. A "
        "recipe that also runs Python payloads is not judged.",
    .why =
        "A profile of a program that dispatches nothing is empty: the trial spends its GPU time and aorta "
        "reports no kernel numbers.",
    .facts =
        "rocprofv3's kernel trace and counter collection record kernel dispatches; a process that "
        "dispatches none leaves them empty (rocprofiler-sdk documentation, \"Using rocprofv3\").",
    .reads_sanitizer_recipes = true,
};

class NoKernelLaunch final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckPairing(const Recipe& recipe, const Pairing& pairing, RuleContext& ctx) override {
    // Only a recipe that captures something: a sanitizer's reproducer or a recipe without collect is not judged.
    if (CollectorsNamed(recipe).empty()) return;
    if (!pairing.payloads.empty() || !hip_facts::AllComplete(pairing)) return;
    std::vector<const HipPayload*> payloads = hip_facts::Analysed(pairing);
    for (const HipPayload* p : payloads)
      if (!p->launches.empty() || p->launches_in_headers > 0 || hip_facts::UsesGpuLibrary(*p)) return;
    std::vector<hip_facts::KernelAt> kernels = hip_facts::Kernels(payloads);
    if (!kernels.empty()) {
      const hip_facts::KernelAt& k = kernels.front();
      ctx.Report(k.payload->source, k.kernel->span,
                 "kernel '{}' is defined but the program the recipe runs ({}) launches no kernel: rocprofv3 will "
                 "record no dispatch",
                 k.kernel->qualified, hip_facts::Names(payloads))
          .Help("launch it with {}<<<grid, block>>>(...) or hipLaunchKernelGGL", k.kernel->name);
      return;
    }
    ctx.Report(payloads.front()->source, Span{0, 0},
               "the program the recipe runs ({}) defines and launches no kernel: rocprofv3 will record no dispatch",
               hip_facts::Names(payloads))
        .Help(
            "pair the recipe with the sources that launch its kernels (compile_commands.json, or `pairs:` with "
            "`sources:` in .aortalint.yaml)");
  }
};

}  // namespace

std::unique_ptr<Rule> MakeNoKernelLaunch() { return std::make_unique<NoKernelLaunch>(); }

}  // namespace aortalint
