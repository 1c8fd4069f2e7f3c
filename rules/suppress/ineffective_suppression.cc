// SUP003: a comment written to silence aortalint that aortalint does not read.
// Checked by the engine (engine/suppression.cc); this class holds the metadata.
#include "engine/rule.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "SUP003",
    .slug = "ineffective-suppression",
    .severity = Severity::kWarning,
    .summary = "a comment meant to silence aortalint is in a form it does not read",
    .what =
        "Reports a comment that was written to silence aortalint but silences nothing:\n\n"
        "- `# aortalint:` followed by anything but `ignore[IDs]` or `ignore-file[IDs]` (`# aortalint: ignore`, "
        "`# aortalint: ignore COL001`, `# aortalint: disable[COL001]`);\n"
        "- `# noqa: ID` naming an aortalint rule in a recipe or a HIP/C++ source (`noqa` is read in Python "
        "payloads only);\n"
        "- in a Python payload, a bare `# noqa` on a line where an aortalint finding is still reported (a bare "
        "`noqa` is left to other tools, so it is said only where it was meant for one of ours).\n\n"
        "The help gives the directive that does what the comment means. IDs in suppressions are case-insensitive, "
        "as on the command line.",
    .why =
        "A suppression that is not read looks like a decision someone made, while the finding it was meant for is "
        "still reported, or fails the run, with no word about why the comment did not work.",
    .facts =
        "aortalint's suppression syntax (the README's \"Suppressions\"); ruff reads `# noqa` in Python files only.",
    .reads_sanitizer_recipes = true,
    .add_noqa = false,
};

class IneffectiveSuppression final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
};

}  // namespace

std::unique_ptr<Rule> MakeIneffectiveSuppression() { return std::make_unique<IneffectiveSuppression>(); }

}  // namespace aortalint
