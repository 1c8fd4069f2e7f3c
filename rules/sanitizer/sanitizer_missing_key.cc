// SAN002: a key a sanitizer plan requires is absent (always, or for its source kind).
#include "engine/rule_context.h"
#include "rules/sanitizer/sanitizer_schema.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "SAN002",
    .slug = "sanitizer-missing-key",
    .severity = Severity::kError,
    .summary = "a key a sanitizer plan requires is absent (always, or for its source kind)",
    .what =
        "Reports a missing `schema_version` or `sanitizer_plan`, a missing plan block (`target`, `source`, `scope`, "
        "`selection`, `sanitizers`, `policy`, `output`), a missing key of a block (`source.kind`, `scope.kind`, "
        "`selection.requirement`, `selection.top_n`, `policy.consan_policy`, `policy.on_missing_backend`, "
        "`output.report`), the keys a source kind requires (`path` for `gemm_csv`, `dispatch_csv` and `rocprof_trace`; "
        "`isa_dir` for `gemm_csv`; `hip` and `variant` for `consan_repro`; `kernels` for `kernel_list`; `kernel` for "
        "`kernel`), a kernel spec without `name`, and `policy.expected_error` when a strict `consan_policy` judges a "
        "load-only driver (`source.consan_driver: load`), which aorta refuses at load unless the signed-off outcome "
        "is named.",
    .why =
        "aorta refuses the recipe at load (`... must be a non-empty string`, `... must be an object`, "
        "`sanitizer_plan.source.isa_dir is required for gemm_csv`).",
    .facts =
        "`load_sanitizer_recipe` reads each of these with `_require_str` or `_require_mapping`, and the per-kind keys "
        "by `source.kind` (aorta `src/aorta/instrumentation/rocjitsu_sanitizers/recipe.py`).",
    .reads_sanitizer_recipes = true,
};

class SanitizerMissingKey final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }

  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    sanitizer_schema::Report(recipe, ctx, sanitizer_schema::ProblemKind::kMissingKey);
  }
};

}  // namespace

std::unique_ptr<Rule> MakeSanitizerMissingKey() { return std::make_unique<SanitizerMissingKey>(); }

}  // namespace aortalint
