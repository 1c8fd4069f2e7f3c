// PAY014: Proton imported only inside a function, while torch is imported at module load.
#include "engine/rule_context.h"
#include "model/payload.h"
#include "rules/common/import_order.h"
#include "rules/common/payload_facts.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "PAY014",
    .slug = "proton-imported-late",
    .severity = Severity::kError,
    .summary = "Proton is imported only inside a function, after torch is imported at module load",
    .what =
        "Reports a payload that imports Proton (`import triton.profiler as proton`, `from triton import "
        "profiler`, ...) only inside function bodies while its module level imports torch, or a package that "
        "loads it (PAY003's table), whenever it loads. The function runs after the module's imports, so the "
        "process imports torch first, the order PAY001 exists for; PAY001 itself follows aorta's import-order "
        "test, which skips function bodies, and stays silent here. A module-level Proton import, conditional "
        "or not, is PAY001's to judge, and so no PAY014. The position is the first Proton import in a "
        "function, with a note at the torch import. Severity and message follow PAY001's: an info when only "
        "`mode: cli` recipes launch the payload (Proton's front end imports `triton.profiler` before the "
        "script runs), a warning when every target Triton given is one without the exit hang, an error "
        "otherwise.",
    .why =
        "On Triton 3.8.0 with ROCm, a process that imported torch before `triton.profiler` can hang forever at "
        "exit (aorta#434): where the Proton import is written does not matter, only which module the process "
        "loads first.",
    .facts =
        "Issue 34 found six real scripts (Triton-family benchmarks and tutorials) with this shape. The exit hang "
        "is reference/aorta.md §3 (fixed after 3.8.0 by triton#11009); aorta's import-order test (§6.1) skips "
        "function bodies, which is why PAY001 does. On this project's wild corpus (46 files) it finds 5: two Gluon "
        "examples, triton_kernels' roofline "
        "(which imports only the viewer, still loading `triton.profiler` and its library), a tritonbench "
        "operator and an aiter test.",
};

class ProtonImportedLate final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckPairing(const Recipe& recipe, const Pairing& pairing, RuleContext&) override {
    attach_.Record(recipe, pairing);
  }
  void CheckPayload(const Payload& p, RuleContext& ctx) override {
    if (!p.ok() || p.DecisiveProtonImport()) return;
    const ImportStmt* torch = nullptr;   // the first module-level import that loads torch
    const ImportStmt* proton = nullptr;  // the first Proton import in a function
    for (const ImportStmt& s : p.imports) {
      if (s.type_checking) continue;
      if (!torch && !s.in_function && payload::BringsTorch(s)) torch = &s;
      if (!proton && s.in_function && s.proton) proton = &s;
    }
    if (!torch || !proton) return;
    std::string_view what = p.source->Slice(torch->span);
    what = what.substr(0, what.find('\n'));
    payload::OrderCost cost = payload::TorchFirstCost(ctx.TritonTargets(), attach_.OnlyCli(p.path()));
    ctx.Report(p.source, proton->span,
               "triton.profiler is imported only inside a function, so the process imports torch first ('{}', line "
               "{}, at module load): {}",
               what, torch->line, cost.text)
        .Help("import triton.profiler at the top of the module, above line {}", torch->line)
        .Note(p.source, torch->span, "torch is loaded here, when the module loads")
        .WithSeverity(cost.severity);
  }

 private:
  payload::AttachModes attach_;
};

}  // namespace

std::unique_ptr<Rule> MakeProtonImportedLate() { return std::make_unique<ProtonImportedLate>(); }

}  // namespace aortalint
