// HIP001: rocprof's kernel_include_regex keeps none of the paired program's kernels.
#include "engine/rule_context.h"
#include "model/recipe.h"
#include "rules/common/collector_options.h"
#include "rules/hip/hip_facts.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "HIP001",
    .slug = "kernel-regex-matches-nothing",
    .severity = Severity::kWarning,
    .summary = "rocprof `kernel_include_regex` matches no `__global__` kernel of the paired HIP program",
    .what =
        "Matches rocprof's `kernel_include_regex` against every `__global__` kernel defined in the HIP/C++ "
        "sources paired with the recipe, the way rocprofv3 does, and reports a pattern that keeps none of "
        "them. The message lists the kernels that exist, under the names rocprofv3 gives them.\n\n"
        "rocprofv3 searches (does not fully match) the pattern, as a C++ `std::regex` in its ECMAScript "
        "grammar, in each kernel's **demangled** name with its `.kd` suffix removed and nothing truncated: "
        "`void scale<float>(float*, float, int)` for a template instantiation, `gemm(float const*, int)` "
        "for a plain C++ kernel, and the bare `vadd` for an `extern \"C\"` one. aortalint takes the "
        "symbols from a Clang parse of the sources and demangles them with the same libstdc++ demangler. "
        "A template the sources never instantiate is matched by its qualified name.\n\n"
        "Kernels of libraries the program calls (rocBLAS's `Cijk_...`, hipBLASLt, MIOpen) are not in its "
        "sources: if the pattern targets one of them, suppress the finding on that line.",
    .why =
        "A pattern that keeps nothing filters every dispatch out of the capture: the trial runs, the "
        "profile is empty, and aorta reports no rocprof numbers.",
    .facts =
        "rocprofv3 keeps a dispatch when `std::regex_search(formatted_kernel_name, include_regex)` "
        "holds, where the formatted name is `cxx_demangle(name without \".kd\")` "
        "(`ROCPROF_DEMANGLE_KERNELS` on and `ROCPROF_TRUNCATE_KERNELS` off by default; rocprofiler-sdk's "
        "`tool.cpp` and `config.cpp`, and the kernel naming page of its documentation). aorta passes "
        "`kernel_include_regex` as `--kernel-include-regex` unchanged (reference/aorta.md §2.1).",
    .reads_sanitizer_recipes = true,
};

class KernelRegexMatchesNothing final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckPairing(const Recipe& recipe, const Pairing& pairing, RuleContext& ctx) override {
    std::vector<const HipPayload*> payloads = hip_facts::Analysed(pairing);
    std::vector<hip_facts::KernelAt> kernels = hip_facts::Kernels(payloads);
    if (kernels.empty()) return;  // nothing defined here to judge against (HIP003 covers a program with none)
    for (const CheckedCollector& c : CollectorsNamed(recipe, "rocprof")) {
      const yaml::Entry* e = OptionEntry(*c.use, "kernel_include_regex");
      if (!e || !e->value->is_str() || StripLower(e->value->text).empty()) continue;  // COL003 / COL005
      std::optional<KernelFilter> filter = KernelFilter::Compile(e->value->text);
      if (!filter) continue;  // COL009
      bool kept = false;
      for (const hip_facts::KernelAt& k : kernels) kept |= filter->KeepsKernel(*k.kernel);
      if (kept) continue;
      std::string names;
      size_t shown = 0;
      for (const hip_facts::KernelAt& k : kernels) {
        if (++shown > 6) {
          names += fmt::format(" and {} more", kernels.size() - 6);
          break;
        }
        names += (names.empty() ? "" : "; ") + hip_facts::ShownName(*k.kernel);
      }
      DiagnosticBuilder d =
          ctx.Report(recipe.source(), e->value->span,
                     "rocprof 'kernel_include_regex' {} matches none of the {} kernel(s) defined in {} ({}): rocprofv3 "
                     "searches the demangled name, so the capture will hold no dispatch",
                     e->value->Repr(), kernels.size(), hip_facts::Names(payloads), names)
              .Help("write a pattern that finds one of these names");
      for (const hip_facts::KernelAt& k : kernels)
        d.Note(k.payload->source, k.kernel->span,
               fmt::format("kernel '{}' is defined here; rocprofv3 names it {}", k.kernel->qualified,
                           hip_facts::ShownName(*k.kernel)));
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeKernelRegexMatchesNothing() { return std::make_unique<KernelRegexMatchesNothing>(); }

}  // namespace aortalint
