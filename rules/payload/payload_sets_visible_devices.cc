// PAY009: the payload sets HIP_/CUDA_VISIBLE_DEVICES under a queue-intercepting backend.
#include "engine/rule_context.h"
#include "model/recipe.h"
#include "rules/common/paired_proton.h"
#include "rules/common/payload_facts.h"
#include "rules/common/proton_use.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "PAY009",
    .slug = "payload-sets-visible-devices",
    .severity = Severity::kError,
    .summary = "the payload sets `HIP_VISIBLE_DEVICES`/`CUDA_VISIBLE_DEVICES` while a queue-intercepting backend runs",
    .what =
        "Reports a paired payload that writes `HIP_VISIBLE_DEVICES` or `CUDA_VISIBLE_DEVICES` "
        "(`os.environ[...] = ...`, `os.environ.setdefault(...)`, `os.putenv(...)`, `os.environ.update(...)`; "
        "names resolved like PAY006's) when the recipe's Proton backend intercepts HSA queues (`auto`, "
        "`rocprofiler`, `roctracer`).",
    .why =
        "aorta rewrites these variables to `ROCR_VISIBLE_DEVICES` for exactly this reason, but only in the "
        "environment it launches; a payload that sets them again makes Proton raise `ValueError: Proton does "
        "not work when the environment variable HIP_VISIBLE_DEVICES is set on AMD GPUs`.",
    .facts =
        "aorta's device-variable translation applies to the queue-intercepting backends only "
        "(reference/aorta.md §2.5), and Proton's own error for `HIP_VISIBLE_DEVICES` is quoted there.",
};

class PayloadSetsVisibleDevices final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckPairing(const Recipe& recipe, const Pairing& pairing, RuleContext& ctx) override {
    payload::PairedProton paired = payload::PairProton(recipe, pairing, /*env_mode_only=*/false);
    if (!paired) return;
    const std::vector<const Payload*>& payloads = paired.payloads;
    for (const version::ProtonUse& u : paired.uses) {
      std::string backend = u.Value("backend").empty() ? "auto" : u.Value("backend");
      if (!recipe.knowledge().IsQueueIntercepting(backend)) continue;
      for (const Payload* p : payloads)
        for (const EnvWrite& w : p->env_writes) {
          if (w.variable != "HIP_VISIBLE_DEVICES" && w.variable != "CUDA_VISIBLE_DEVICES") continue;
          ctx.Report(p->source, w.span,
                     "the payload sets {} while proton backend '{}' intercepts HSA queues, so Proton raises ValueError",
                     w.variable, backend)
              .Help("select devices with ROCR_VISIBLE_DEVICES instead")
              .Note(recipe.source(), u.Where("backend"), "the proton backend");
        }
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakePayloadSetsVisibleDevices() { return std::make_unique<PayloadSetsVisibleDevices>(); }

}  // namespace aortalint
