// HIP004: a kernel looked up by name is mangled (no extern "C") or defined in no paired source.
#include "engine/rule_context.h"
#include "model/recipe.h"
#include "model/sanitizer_plan.h"
#include "rules/hip/hip_facts.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "HIP004",
    .slug = "kernel-name-unresolvable",
    .severity = Severity::kWarning,
    .summary = "a kernel looked up by its plain name is defined without `extern \"C\"`, or in no paired source",
    .what =
        "Follows every kernel named by a string: `hipModuleGetFunction(&f, module, \"name\")` in the "
        "sources (and, in a sanitizer recipe, the plan's `source.kernel.name` and `source.kernels[]`). It "
        "reports a name whose kernel is defined in the paired sources without `extern \"C\"` (its symbol "
        "is the mangled one, e.g. `_Z4vaddPKfS0_Pfi`), and, when the sources define kernels but none by "
        "that name, a name that resolves to nothing.\n\n"
        "There is no automatic fix: adding `extern \"C\"` changes the kernel's symbol, which breaks every "
        "lookup by the mangled name and is not possible for a template or an overloaded kernel; looking "
        "up the mangled name instead ties the program to one compiler's mangling. The author chooses.",
    .why =
        "`hipModuleGetFunction` finds a kernel by its symbol in the code object. A C++ kernel's symbol is "
        "mangled, so the lookup by the plain name fails at run time with `hipErrorNotFound`, after the "
        "capture has started.",
    .facts =
        "HIP's module API looks kernels up by symbol name (HIP documentation, \"Module management\": "
        "`hipModuleGetFunction(hipFunction_t*, hipModule_t, const char* kname)`); C++ kernels have "
        "Itanium-mangled symbols unless declared `extern \"C\"`, as the HIP programming guide's module "
        "examples do.",
    .reads_sanitizer_recipes = true,
};

class KernelNameUnresolvable final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }

  // A source checked on its own: lookups of kernels defined in it.
  void CheckHip(const HipPayload& hip, RuleContext& ctx) override {
    if (!hip.ok()) return;
    for (const HipCall& lookup : hip.module_lookups) {
      if (lookup.literal.empty()) continue;
      if (const HipKernel* k = hip.FindKernel(lookup.literal)) ReportMangled(hip, lookup, hip, *k, ctx);
    }
  }

  // With a recipe: lookups across every paired source, and names nothing defines.
  void CheckPairing(const Recipe& recipe, const Pairing& pairing, RuleContext& ctx) override {
    std::vector<const HipPayload*> payloads = hip_facts::Analysed(pairing);
    std::vector<hip_facts::KernelAt> kernels = hip_facts::Kernels(payloads);
    if (const SanitizerPlan* plan = recipe.sanitizer_plan())
      for (const PlanKernel& named : plan->source.kernels)
        CheckPlanKernel(recipe, named, pairing, payloads, kernels, ctx);
    for (const HipPayload* p : payloads)
      for (const HipCall& lookup : p->module_lookups) {
        if (lookup.literal.empty()) continue;
        const hip_facts::KernelAt* found = Find(kernels, lookup.literal);
        if (found) {
          ReportMangled(*p, lookup, *found->payload, *found->kernel, ctx);
        } else if (!kernels.empty() && hip_facts::AllAnalysed(pairing) && !IsSymbolOf(kernels, lookup.literal)) {
          ctx.Report(p->source, lookup.span,
                     "hipModuleGetFunction looks up kernel '{}', which none of the paired sources ({}) defines (they "
                     "define {}): unless the code object is built from another source, the lookup fails with "
                     "hipErrorNotFound",
                     lookup.literal, hip_facts::Names(payloads), KernelList(kernels))
              .Help(
                  "pair the recipe with the source the code object is built from (`pairs:` with `sources:` in "
                  ".aortalint.yaml), or fix the name");
        }
      }
  }

 private:
  static const hip_facts::KernelAt* Find(const std::vector<hip_facts::KernelAt>& kernels, const std::string& name) {
    for (const hip_facts::KernelAt& k : kernels)
      if (k.kernel->name == name || k.kernel->qualified == name) return &k;
    return nullptr;
  }
  // The literal is already a kernel's symbol (a mangled name looked up on purpose).
  static bool IsSymbolOf(const std::vector<hip_facts::KernelAt>& kernels, const std::string& name) {
    for (const hip_facts::KernelAt& k : kernels)
      for (const std::string& s : k.kernel->symbols)
        if (s == name) return true;
    return false;
  }
  static std::string KernelList(const std::vector<hip_facts::KernelAt>& kernels) {
    std::string out;
    for (const hip_facts::KernelAt& k : kernels) out += (out.empty() ? "'" : ", '") + k.kernel->qualified + "'";
    return out;
  }

  // A sanitizer plan's `kernel.name` / `kernels[]` item, looked up by name in the code object.
  static void CheckPlanKernel(const Recipe& recipe, const PlanKernel& named, const Pairing& pairing,
                              const std::vector<const HipPayload*>& payloads,
                              const std::vector<hip_facts::KernelAt>& kernels, RuleContext& ctx) {
    if (named.name.empty() || !named.name_node || IsSymbolOf(kernels, named.name)) return;
    Span at = named.name_node->span;
    if (const hip_facts::KernelAt* found = Find(kernels, named.name)) {
      if (found->kernel->extern_c) return;
      std::string symbol =
          found->kernel->symbols.empty() ? "a mangled name" : "'" + found->kernel->symbols.front() + "'";
      ctx.Report(recipe.source(), at,
                 "the sanitizer plan names kernel '{}', but '{}' defines it without extern \"C\", so its symbol in "
                 "the code object is {}: a lookup by the plain name fails with hipErrorNotFound",
                 named.name, found->payload->path(), symbol)
          .Help("declare the kernel extern \"C\" (a non-template kernel) or name its mangled symbol");
    } else if (!kernels.empty() && hip_facts::AllComplete(pairing)) {
      ctx.Report(recipe.source(), at,
                 "the sanitizer plan names kernel '{}', which none of the paired sources ({}) defines (they define "
                 "{}): unless the code object is built from another source, its lookup fails",
                 named.name, hip_facts::Names(payloads), KernelList(kernels))
          .Help("pair the recipe with the source the code object is built from, or fix the name");
    }
  }

  static void ReportMangled(const HipPayload& at, const HipCall& lookup, const HipPayload& defined_in,
                            const HipKernel& kernel, RuleContext& ctx) {
    if (kernel.extern_c) return;
    std::string symbol = kernel.symbols.empty() ? "a mangled name" : "'" + kernel.symbols.front() + "'";
    ctx.Report(at.source, lookup.span,
               "hipModuleGetFunction looks up kernel '{}' by its plain name, but '{}' defines it without extern \"C\", "
               "so its symbol is {}: the lookup will fail with hipErrorNotFound",
               lookup.literal, defined_in.path(), symbol)
        .Help("declare the kernel extern \"C\" (a non-template kernel) or look up the mangled symbol")
        .Note(defined_in.source, kernel.span, fmt::format("'{}' is defined here with C++ linkage", kernel.qualified));
  }
};

}  // namespace

std::unique_ptr<Rule> MakeKernelNameUnresolvable() { return std::make_unique<KernelNameUnresolvable>(); }

}  // namespace aortalint
