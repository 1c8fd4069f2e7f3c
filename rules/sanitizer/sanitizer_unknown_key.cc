// SAN001: a key aorta's sanitizer loader refuses: at the top level of a `mode: sanitizer` recipe, or in a kernel spec.
#include "engine/rule_context.h"
#include "rules/sanitizer/sanitizer_schema.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "SAN001",
    .slug = "sanitizer-unknown-key",
    .severity = Severity::kError,
    .summary =
        "a key aorta's sanitizer loader refuses: at the top level of a `mode: sanitizer` recipe, or in a kernel spec",
    .what =
        "Reports a top-level key outside `schema_version`, `mode`, `ticket`, `description` and `sanitizer_plan`, and a "
        "key of a kernel spec (`source.kernel`, an item of `source.kernels`) outside `name`, `code_object`, "
        "`code_object_sha256`, `code_object_index` and `entry_offset`. It suggests the nearest valid key. Triage and "
        "probe keys such as `collect` or `trials` are unknown here: a sanitizer recipe has its own loader.",
    .why =
        "aorta refuses the whole recipe (`unknown top-level keys: ...`, `... has unknown fields: ...`) before running "
        "any sanitizer, so the nightly lane fails at load.",
    .facts =
        "`_SANITIZER_TOP_LEVEL` and `_KERNEL_SPEC_FIELDS` of `load_sanitizer_recipe` (aorta "
        "`src/aorta/instrumentation/rocjitsu_sanitizers/recipe.py`); the table is "
        "`rules/knowledge/sanitizer_plan.yaml`.",
    .reads_sanitizer_recipes = true,
};

class SanitizerUnknownKey final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }

  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    sanitizer_schema::Report(recipe, ctx, sanitizer_schema::ProblemKind::kUnknownKey);
  }
};

}  // namespace

std::unique_ptr<Rule> MakeSanitizerUnknownKey() { return std::make_unique<SanitizerUnknownKey>(); }

}  // namespace aortalint
