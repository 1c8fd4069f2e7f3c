// SAN004: a sanitizer plan value of the wrong type: a block that is not a mapping, an empty or non-string name, `top_n`
// or `timeout_seconds` that is not a number (or is a boolean), `consan_log` that is not a boolean.
#include "engine/rule_context.h"
#include "rules/sanitizer/sanitizer_schema.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "SAN004",
    .slug = "sanitizer-wrong-type",
    .severity = Severity::kError,
    .summary =
        "a sanitizer plan value of the wrong type: a block that is not a mapping, an empty or non-string name, `top_n` "
        "or `timeout_seconds` that is not a number (or is a boolean), `consan_log` that is not a boolean",
    .what =
        "Reports a plan block that is not a mapping; a string key (`target`, `kind`, `path`, `report`, ...) that is "
        "not a string or is blank; `sanitizers` or `kernels` that is not a non-empty list; `top_n` that is not an int "
        "(a boolean is not one); `timeout_seconds` that is not a number (nor a boolean); `consan_log` that is not "
        "`true`/`false`; a kernel spec that is neither a name nor a mapping; a kernel identity (`code_object_index`, "
        "`entry_offset`) that is neither an int nor a string holding one (decimal, or hex after `0x`).",
    .why =
        "aorta refuses the recipe at load with the field's name (`sanitizer_plan.selection.top_n must be a positive "
        "integer`, `sanitizer_plan.source.consan_log must be a boolean`).",
    .facts =
        "`_require_str`, `_require_mapping`, `_identity_int`, `_optional_timeout_seconds` and the `top_n` and "
        "`consan_log` checks of aorta `src/aorta/instrumentation/rocjitsu_sanitizers/recipe.py` (booleans are refused "
        "before ints).",
    .reads_sanitizer_recipes = true,
};

class SanitizerWrongType final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }

  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    sanitizer_schema::Report(recipe, ctx, sanitizer_schema::ProblemKind::kWrongType);
  }
};

}  // namespace

std::unique_ptr<Rule> MakeSanitizerWrongType() { return std::make_unique<SanitizerWrongType>(); }

}  // namespace aortalint
