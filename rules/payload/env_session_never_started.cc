// PAY007: `mode: env` with a payload that never starts or never finalizes Proton.

#include <algorithm>

#include "engine/rule_context.h"
#include "model/recipe.h"
#include "rules/common/paired_proton.h"
#include "rules/common/payload_facts.h"
#include "rules/common/proton_use.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "PAY007",
    .slug = "env-session-never-started",
    .severity = Severity::kWarning,
    .summary =
        "`mode: env`: no paired payload starts a Proton session (`start()`, `profile`), or none calls `finalize()`",
    .what =
        "Under proton `mode: env`, reports a recipe whose paired payloads never start a session or never call "
        "`finalize()`, once (one finding names both when both are missing). A session starts with `start(...)` or "
        "with `profile`, which calls `start()` when the function it wraps runs: `@proton.profile`, "
        "`@proton.profile(name=...)`, `proton.profile(fn, name=...)()`; `with proton.scope(...)` starts none. Calls "
        "are recognised through the names the imports bind "
        "(`import triton.profiler as proton` then `proton.start`, `from triton.profiler import start`, "
        "`triton.profiler.finalize`); a local variable that happens to be called `proton` does not count.",
    .why =
        "In env mode aorta only exports `AORTA_PROTON_*` variables; the payload must start the session and "
        "finalize it, or nothing is written and the trial reports no Proton metrics. aorta itself runs such a "
        "trial and records no profile, hence a warning, and a deliberate difference from aorta, listed in "
        "[aorta-differences](../aorta-differences.md#the-payload-gate-pay006-pay007); `severity: {PAY007: error}` "
        "makes `aortalint run` refuse such a capture.",
    .facts =
        "aorta's `mode: env` wraps nothing and leaves the session to the payload; its example payloads call "
        "`proton.start(...)` after warm-up and `proton.finalize()` in a `finally` block "
        "(reference/aorta.md §4.2, §6.3). Triton 3.x's `triton/profiler/profile.py`: `profile` wraps the function in "
        "`start(...)` then `deactivate(session)` (not `finalize()`); issue 34 saw a payload running "
        "`proton.profile(fn, name=...)()` then `finalize()` write its `.hatchet` on an H200 with Triton 3.6.0.",
    .trial_setup = true,
};

bool Calls(const std::vector<const Payload*>& payloads, std::string_view function) {
  for (const Payload* p : payloads)
    for (const CallSite& c : p->calls)
      if (p->ProtonFunction(c.callee) == function) return true;
  return false;
}

// A bare `@proton.profile` decorator (no call): it wraps the function in start().
bool DecoratesWithProfile(const Payload& p) {
  return std::any_of(p.decorators.begin(), p.decorators.end(), [&](TSNode d) {
    TSNode e = ts_node_named_child(d, 0);
    return !ts_node_is_null(e) && p.ProtonFunction(p.Text(e)) == "profile";
  });
}

// Whether a payload starts a session: start(...), or profile, which calls start() when the function it
// wraps runs (`@proton.profile`, `@proton.profile(name=...)`, `proton.profile(fn, name=...)()`).
bool Starts(const std::vector<const Payload*>& payloads) {
  if (Calls(payloads, "start") || Calls(payloads, "profile")) return true;
  for (const Payload* p : payloads)
    if (DecoratesWithProfile(*p)) return true;
  return false;
}

class EnvSessionNeverStarted final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckPairing(const Recipe& recipe, const Pairing& pairing, RuleContext& ctx) override {
    payload::PairedProton paired = payload::PairProton(recipe, pairing, /*env_mode_only=*/true);
    if (!paired) return;
    const std::vector<const Payload*>& payloads = paired.payloads;
    bool starts = Starts(payloads), finalizes = Calls(payloads, "finalize");
    if (starts && finalizes) return;
    // One finding for what is missing: both, when neither call is there.
    std::string missing = !starts && !finalizes ? "start() (or profile) or finalize()"
                          : !starts             ? "start() (or profile)"
                                                : "finalize()";
    for (const version::ProtonUse& u : paired.uses)
      ctx.Report(recipe.source(), u.Where("mode"),
                 "proton 'mode: env' leaves the session to the payload, but {} never calls Proton's {}",
                 payload::Names(payloads), missing)
          .Help("call proton.start(...) before the work and proton.finalize() in a finally block");
  }
};

}  // namespace

std::unique_ptr<Rule> MakeEnvSessionNeverStarted() { return std::make_unique<EnvSessionNeverStarted>(); }

}  // namespace aortalint
