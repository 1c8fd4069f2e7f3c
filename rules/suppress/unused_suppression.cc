// SUP001: a suppression comment that suppresses nothing. The check runs in the
// engine (engine/suppression.cc), after every rule; this class holds the metadata.
#include "engine/rule.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "SUP001",
    .slug = "unused-suppression",
    .severity = Severity::kWarning,
    .summary = "an `aortalint: ignore[...]` or `noqa: <ID>` comment suppresses nothing",
    .what =
        "Reports a suppression comment naming a rule that reported nothing where the comment applies: "
        "`# aortalint: ignore[ID,...]` covers its own line and the line below, `# aortalint: ignore-file[ID]` "
        "the whole file (only in the file's leading comment block), `# noqa: ID` in Python its own line.\n\n"
        "Also reported: an `ignore-file` below the leading comments (it has no effect there), and every "
        "suppression when the config says `allow-suppressions: false`.\n\n"
        "Only rules that run are judged: a suppression for a rule turned off by `select`/`ignore` is left alone.",
    .why =
        "A stale suppression hides the next real finding on that line, and tells the reader something that is "
        "no longer true. Teams that forbid suppressions set `allow-suppressions: false` and get each one reported.",
    .facts = "Suppression syntax: docs/architecture.md, \"Configuration and suppression\".",
    .fix = FixAvailability::kSometimes,
    .reads_sanitizer_recipes = true,
    .add_noqa = false,
};

class UnusedSuppression final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
};

}  // namespace

std::unique_ptr<Rule> MakeUnusedSuppression() { return std::make_unique<UnusedSuppression>(); }

}  // namespace aortalint
