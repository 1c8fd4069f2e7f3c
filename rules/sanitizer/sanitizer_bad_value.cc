// SAN003: a sanitizer plan value outside what aorta accepts: a source kind, scope, requirement, sanitizer, policy,
// `schema_version`, a count below 1.
#include "engine/rule_context.h"
#include "rules/sanitizer/sanitizer_schema.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "SAN003",
    .slug = "sanitizer-bad-value",
    .severity = Severity::kError,
    .summary =
        "a sanitizer plan value outside what aorta accepts: a source kind, scope, requirement, sanitizer, policy, "
        "`schema_version`, a count below 1",
    .what =
        "Reports `schema_version` other than 1; `source.kind` outside `gemm_csv`, `dispatch_csv`, `rocprof_trace`, "
        "`consan_repro`, `kernel_list`, `kernel` (the deferred kinds `workload`, `model` and `module` get their own "
        "message); `scope.kind` other than `kernel`; `selection.requirement` outside `top_time`, `top_dispatch_count`; "
        "a sanitizer outside `waitcheck`, `consan`; `policy.consan_policy` outside `strict`, `lenient`; "
        "`policy.on_missing_backend` other than `fail`; `top_n` below 1, `timeout_seconds` at or below 0, a negative "
        "kernel identity. It suggests the nearest valid value.",
    .why =
        "aorta refuses the recipe at load (`unsupported sanitizer_plan.source.kind='...'`, `unsupported sanitizers: "
        "[...]`, `... is not supported yet`).",
    .facts =
        "The `_SUPPORTED_*` and `_DEFERRED_SOURCE_KINDS` sets of aorta "
        "`src/aorta/instrumentation/rocjitsu_sanitizers/recipe.py`; values are compared after `strip()`, sanitizers "
        "after `str()`.",
    .reads_sanitizer_recipes = true,
};

class SanitizerBadValue final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }

  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    sanitizer_schema::Report(recipe, ctx, sanitizer_schema::ProblemKind::kBadValue);
  }
};

}  // namespace

std::unique_ptr<Rule> MakeSanitizerBadValue() { return std::make_unique<SanitizerBadValue>(); }

}  // namespace aortalint
