// PAY008: roctracer's session started before torch brought the HIP runtime up.
#include "engine/rule_context.h"
#include "model/recipe.h"
#include "model/triton.h"
#include "rules/common/payload_facts.h"
#include "rules/common/proton_use.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "PAY008",
    .slug = "session-started-before-runtime",
    .severity = Severity::kError,
    .summary = "`mode: env` with roctracer (or `auto` on a target <= 3.7.x): `start()` runs before torch is imported",
    .what =
        "Under proton `mode: env` with `backend: roctracer` (or `auto` when a target Triton resolves it to "
        "roctracer, <= 3.7), reports a Proton `start(...)` call that runs at module load before the first "
        "`import torch` (or with no torch import at load), and a `start(...)` followed only by a lazy torch "
        "import inside a function.",
    .why =
        "roctracer attaches to the HIP runtime that exists when the session starts; started before torch "
        "loads it, the session records nothing. The import order (PAY001) is about importing Proton first; "
        "starting it must still wait for torch.",
    .facts =
        "aorta's import-order notes: `proton.start()` must run after torch has brought the runtime up, which "
        "roctracer requires (reference/aorta.md §6.1); `auto` resolves to roctracer on AMD before Triton "
        "3.8.0 (§3).",
};

class SessionStartedBeforeRuntime final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckPairing(const Recipe& recipe, const Pairing& pairing, RuleContext& ctx) override {
    std::vector<const Payload*> payloads = payload::ParsedPayloads(pairing);
    if (payloads.empty()) return;
    std::vector<TritonTarget> targets = ctx.TritonTargets();
    for (const version::ProtonUse& u : version::ProtonUses(recipe)) {
      if (u.Value("mode") != "env") continue;
      const std::string& backend = u.Value("backend");
      std::string why;
      if (backend == "roctracer") {
        why = "backend 'roctracer'";
      } else if (backend == "auto" || backend.empty()) {
        std::vector<const TritonTarget*> old = TargetsResolvingTo(targets, "auto", "roctracer");
        if (old.empty()) continue;
        why = "backend 'auto' (roctracer on " + JoinNames(old) + ")";
      } else {
        continue;
      }
      for (const Payload* p : payloads) Check(*p, why, ctx);
    }
  }

 private:
  static void Check(const Payload& p, const std::string& why, RuleContext& ctx) {
    const ImportStmt* torch = p.FirstTorchImport();
    const ImportStmt* lazy = nullptr;
    for (const ImportStmt& s : p.imports)
      if (s.torch && s.in_function) lazy = lazy ? lazy : &s;
    for (const CallSite& c : p.calls) {
      if (p.ProtonFunction(c.callee) != "start") continue;
      if (!c.in_function && (!torch || c.line < torch->line)) {
        DiagnosticBuilder d = ctx.Report(p.source, c.span,
                                         "'{}' starts the {} session at module load before torch is imported, so it "
                                         "attaches ahead of the HIP runtime and records nothing",
                                         c.callee, why)
                                  .Help("start it after 'import torch'");
        if (torch) d.Note(p.source, torch->span, "torch is imported here");
      } else if (c.in_function && !torch && lazy && lazy->line > c.line) {
        ctx.Report(p.source, c.span,
                   "'{}' starts the {} session before torch is imported (only lazily, on line {}), so it attaches "
                   "ahead of the HIP runtime and records nothing",
                   c.callee, why, lazy->line)
            .Help("import torch first")
            .Note(p.source, lazy->span, "the lazy torch import");
      }
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeSessionStartedBeforeRuntime() { return std::make_unique<SessionStartedBeforeRuntime>(); }

}  // namespace aortalint
