// PAY010: `backend: instrumentation` with no intra-kernel scope in any payload.
#include "engine/rule_context.h"
#include "model/recipe.h"
#include "model/triton.h"
#include "rules/common/payload_facts.h"
#include "rules/common/proton_use.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "PAY010",
    .slug = "instrumentation-without-scopes",
    .severity = Severity::kWarning,
    .summary = "`backend: instrumentation` but no paired payload declares an intra-kernel scope",
    .what =
        "Reports a recipe with proton `backend: instrumentation` whose paired payloads never call "
        "`triton.profiler.language`'s `enter_scope`, `exit_scope` or `scope` (as a call or a `with`), recognised "
        "through the names the imports bind. Proton's host-side scopes (`triton.profiler`'s `scope` as a call, a "
        "`with` or a decorator, its `enter_scope`/`exit_scope`) do not count: where they are the only ones, the "
        "finding says so and points at the first.",
    .why =
        "The instrumentation backend measures only the regions a kernel marks; with none, the tree has no "
        "scopes and the trial reports nothing useful. The advice names the API that works on the targets: on "
        "Triton 3.6.x (and whenever the targets are unset or unread) scopes go in a `@gluon.jit` kernel, since "
        "a plain `@triton.jit` kernel rejects them unless the payload calls "
        "`triton.profiler.language.enable_semantic(\"triton\")` (PAY011).",
    .facts =
        "aorta's amd-instrumentation example imports `triton.profiler.language` and marks its kernel's "
        "regions (reference/aorta.md §7.3); instrumentation leaves carry cycles, not times (§2.4). Measured on an "
        "NVIDIA H200 with Triton 3.6.0 (fixtures/captures/own-sessions-h200, `fixtures/gpu/own_sessions.py`): "
        "an instrumentation session, in `mode: env` and under `python3 -m triton.profiler.proton -b "
        "instrumentation`, whose payload wraps its `@triton.jit` kernels only in `with proton.scope(...)`, "
        "`@proton.scope(...)` or `proton.enter_scope`/`exit_scope` writes a 602-byte tree: `ROOT` and one empty "
        "node per host scope, no kernel frame, no metric, no cycles.",
};

// The API that marks a region on the targets: on a Triton whose Proton accepts
// scopes only in Gluon kernels (3.6.x), a plain @triton.jit kernel's scope does
// not compile (PAY011), so the advice names the Gluon kernel.
std::string Advice(const std::vector<TritonTarget>& targets) {
  std::vector<const TritonTarget*> gluon_only = TargetsWithGluonOnlyScopes(targets);
  bool all_accept = !targets.empty();
  for (const TritonTarget& t : targets) all_accept = all_accept && t.row->kernel_scopes == "any";
  if (all_accept)
    return "mark them inside the kernel with triton.profiler.language's enter_scope(NAME)/exit_scope(NAME)";
  std::string on = gluon_only.empty() ? std::string("Triton 3.6.x") : "Triton " + JoinNames(gluon_only);
  return "mark them inside a @gluon.jit kernel (triton.experimental.gluon) with triton.profiler.language's "
         "enter_scope(NAME)/exit_scope(NAME): on " +
         on +
         " a plain @triton.jit kernel accepts them only after "
         "triton.profiler.language.enable_semantic(\"triton\")";
}

// Whether a scope call is triton.profiler.language's (recorded inside a kernel)
// rather than triton.profiler's host-side one: through a module bound to the
// language, or a bare name imported from it.
bool InKernelScope(const Payload& p, const std::string& callee) {
  size_t dot = callee.rfind('.');
  if (dot != std::string::npos) return p.language_modules.count(callee.substr(0, dot)) > 0;
  for (const ImportStmt& s : p.imports)
    for (const ImportedName& n : s.names)
      if ((n.alias.empty() ? n.name : n.alias) == callee && s.level == 0)
        return s.from.rfind("triton.profiler.language", 0) == 0;
  return false;
}

class InstrumentationWithoutScopes final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckPairing(const Recipe& recipe, const Pairing& pairing, RuleContext& ctx) override {
    std::vector<const Payload*> payloads = payload::ParsedPayloads(pairing);
    if (payloads.empty()) return;
    const Payload* host_payload = nullptr;
    const CallSite* host = nullptr;  // the first host-side scope, when there is no intra-kernel one
    for (const Payload* p : payloads)
      for (const CallSite& c : p->calls) {
        std::string f = p->ProtonFunction(c.callee);
        if (f != "scope" && f != "enter_scope" && f != "exit_scope") continue;
        if (InKernelScope(*p, c.callee)) return;
        if (!host) host_payload = p, host = &c;
      }
    for (const version::ProtonUse& u : version::ProtonUses(recipe)) {
      if (u.Value("backend") != "instrumentation") continue;
      if (!host) {
        ctx.Report(recipe.source(), u.Where("backend"),
                   "proton backend 'instrumentation' measures only marked regions, but {} declares none",
                   payload::Names(payloads))
            .Help("{}", Advice(ctx.TritonTargets()));
        continue;
      }
      std::string_view text = host_payload->Text(host->node);
      ctx.Report(recipe.source(), u.Where("backend"),
                 "proton backend 'instrumentation' measures only regions marked inside kernels, but {} marks only "
                 "host-side regions ('{}'): the tree holds ROOT and empty host nodes, no cycles",
                 payload::Names(payloads), text.substr(0, text.find('\n')))
          .Note(host_payload->source, host->span,
                "a host-side scope: it names a region of the Python program, not of a kernel")
          .Help("{}", Advice(ctx.TritonTargets()));
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeInstrumentationWithoutScopes() { return std::make_unique<InstrumentationWithoutScopes>(); }

}  // namespace aortalint
