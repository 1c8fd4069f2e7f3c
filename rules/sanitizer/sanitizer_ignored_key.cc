// SAN006: a key inside a sanitizer plan that aorta never reads there, so it is dropped silently.
#include "engine/rule_context.h"
#include "rules/sanitizer/sanitizer_schema.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "SAN006",
    .slug = "sanitizer-ignored-key",
    .severity = Severity::kWarning,
    .summary = "a key inside a sanitizer plan that aorta never reads there, so it is dropped silently",
    .what =
        "Reports a key of `sanitizer_plan`, `source`, `scope`, `selection`, `policy` or `output` that is not in that "
        "block's table (a misspelt optional key such as `timeout_secs`, or a key in the wrong block), and a source key "
        "that the source kind does not read (`path` on a `kernel_list`, `consan_command` on a `consan_repro`). It "
        "suggests the nearest valid key.",
    .why =
        "aorta only refuses unknown keys at the top level and in kernel specs; anywhere else a misspelt key is "
        "ignored, so the limit or option it was meant to set silently keeps its default.",
    .facts =
        "aorta's loader reads each block with `.get()` of the keys it knows "
        "(`src/aorta/instrumentation/rocjitsu_sanitizers/recipe.py`); the rest are never looked at.",
    .reads_sanitizer_recipes = true,
};

class SanitizerIgnoredKey final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }

  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    sanitizer_schema::Report(recipe, ctx, sanitizer_schema::ProblemKind::kIgnoredKey);
  }
};

}  // namespace

std::unique_ptr<Rule> MakeSanitizerIgnoredKey() { return std::make_unique<SanitizerIgnoredKey>(); }

}  // namespace aortalint
