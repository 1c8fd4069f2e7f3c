// SUP002: a suppression or a config entry names a rule that does not exist.
// Checked by the engine (suppressions) and the config loader (select, ignore,
// severity); this class holds the metadata.
#include "engine/rule.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "SUP002",
    .slug = "unknown-rule-in-suppression",
    .severity = Severity::kError,
    .summary = "a suppression or config entry names a rule that does not exist",
    .what =
        "Reports an ID in `# aortalint: ignore[...]`, `# aortalint: ignore-file[...]` or `# noqa: ...` that is "
        "not an aortalint rule, and a `select`, `ignore` or `severity` entry in `.aortalint.yaml` that matches no "
        "rule, with the nearest existing ID.\n\n"
        "In `# noqa:`, only codes of aortalint's families (SYN, RCP, COL, CNF, ATT, VER, PAY, MET, HIP, SUP) are "
        "read; other tools' codes such as `I001` or `E501` are theirs and are not checked.",
    .why =
        "A misspelt ID suppresses nothing, so the finding it was meant for stays, or worse, a config that means to "
        "turn a rule off silently leaves it on.",
    .facts = "Rule IDs are stable and never reused (docs/rules/index.md lists them).",
    .fix = FixAvailability::kSometimes,
    .reads_sanitizer_recipes = true,
    .add_noqa = false,
};

class UnknownRuleInSuppression final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
};

}  // namespace

std::unique_ptr<Rule> MakeUnknownRuleInSuppression() { return std::make_unique<UnknownRuleInSuppression>(); }

}  // namespace aortalint
