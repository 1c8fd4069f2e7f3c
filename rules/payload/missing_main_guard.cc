// PAY005: a payload without a top-level `if __name__ == "__main__":` block.
#include "engine/rule_context.h"
#include "model/payload.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "PAY005",
    .slug = "missing-main-guard",
    .severity = Severity::kWarning,
    .summary = "a payload has no top-level `if __name__ == \"__main__\":` block",
    .what =
        "Reports a payload with no top-level `if` statement whose test mentions `__name__`, the block aorta "
        "takes as the payload's entry point. The position is the start of the file. A guard in module-level "
        "control flow (a top-level `try:`, `with`, or an `if`'s `else`) counts: it runs at load, under Proton's "
        "command front end as under `python`. aorta's own guard test looks only at the module's direct "
        "statements, but it checks aorta's example payloads, not its users'.",
    .why =
        "Proton's command front end runs the script as `__main__`; work done at module level also runs when a "
        "test or a sibling module imports the payload, and aorta's SystemExit check cannot find the exit "
        "path to judge it.",
    .facts =
        "aorta's `test_payload_has_a_main_guard` requires the guard in every example payload "
        "(reference/aorta.md §6.2).",
};

class MissingMainGuard final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckPayload(const Payload& p, RuleContext& ctx) override {
    if (!p.ok() || p.main_guard) return;
    uint32_t first_line_end = static_cast<uint32_t>(p.source->LineText(1).size());
    ctx.Report(p.source, {0, first_line_end}, "'{}' has no 'if __name__ == \"__main__\":' block", p.path())
        .Help("move the work into main() and call it from one");
  }
};

}  // namespace

std::unique_ptr<Rule> MakeMissingMainGuard() { return std::make_unique<MissingMainGuard>(); }

}  // namespace aortalint
