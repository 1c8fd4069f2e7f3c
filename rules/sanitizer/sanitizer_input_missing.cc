// SAN005: a sanitizer plan's input file (`source.path`, `source.hip`) does not exist, resolved from the recipe's own
// directory.
#include "engine/rule_context.h"
#include "rules/sanitizer/sanitizer_schema.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "SAN005",
    .slug = "sanitizer-input-missing",
    .severity = Severity::kWarning,
    .summary =
        "a sanitizer plan's input file (`source.path`, `source.hip`) does not exist, resolved from the recipe's own "
        "directory",
    .what =
        "Resolves `source.path` (`gemm_csv`, `dispatch_csv`, `rocprof_trace`) and `source.hip` (`consan_repro`) as "
        "aorta does, from the directory of the recipe file (an absolute path stays as written), and reports one that "
        "does not exist. `command`, `consan_command`, `code_object` and `isa_dir` are build outputs or run products "
        "and are never required to exist.",
    .why =
        "aorta reads these when the run starts: a path written relative to the repository root instead of the recipe, "
        "or a file that was never committed, fails the lane after the recipe loaded.",
    .facts =
        "`_resolve_path` in aorta `src/aorta/instrumentation/rocjitsu_sanitizers/recipe.py` joins the recipe file's "
        "parent directory.",
    .reads_sanitizer_recipes = true,
};

class SanitizerInputMissing final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }

  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    sanitizer_schema::Report(recipe, ctx, sanitizer_schema::ProblemKind::kInputMissing);
  }
};

}  // namespace

std::unique_ptr<Rule> MakeSanitizerInputMissing() { return std::make_unique<SanitizerInputMissing>(); }

}  // namespace aortalint
