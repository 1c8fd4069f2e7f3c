// COL007: instrumentation_mode or granularity on a backend other than instrumentation.
#include "engine/rule_context.h"
#include "model/recipe.h"
#include "rules/common/collector_options.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "COL007",
    .slug = "knob-needs-instrumentation",
    .severity = Severity::kError,
    .summary = "proton `instrumentation_mode` or `granularity` without `backend: instrumentation`",
    .what =
        "Reports proton's `instrumentation_mode` and `granularity` when the backend (written, or the default "
        "`auto`) is not `instrumentation`. A backend that is itself out of domain is COL005's, not this rule's.",
    .why =
        "Both configure Proton's intra-kernel instrumentation; aorta refuses the recipe at load when the backend "
        "cannot use them.",
    .facts = "Check 6 of aorta's proton validation (reference/aorta.md §2.2).",
    .aorta_refuses_at_load = true,
};

class KnobNeedsInstrumentation final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    for (const CheckedCollector& c : CollectorsNamed(recipe, "proton")) {
      if (FirstKnobProblem(*c.use, *c.spec) != KnobProblem::kNeedsInstrumentation) continue;
      std::string backend = ValidValue(*c.use, *c.spec, "backend").value_or("auto");
      const yaml::Entry* backend_entry = OptionEntry(*c.use, "backend");
      for (std::string_view o : {"instrumentation_mode", "granularity"}) {
        const yaml::Entry* e = OptionEntry(*c.use, o);
        if (!e) continue;
        auto diag = ctx.Report(recipe.source(), Span{e->key->span.begin, e->value->span.end},
                               "proton '{}' {} needs 'backend: instrumentation', but the backend is '{}'{}", o,
                               e->value->Repr(), backend, backend_entry ? "" : " (the default)")
                        .Help("set the backend to instrumentation or delete '{}'", o);
        if (backend_entry) diag.Note(recipe.source(), backend_entry->value->span, "the backend is set here");
      }
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeKnobNeedsInstrumentation() { return std::make_unique<KnobNeedsInstrumentation>(); }

}  // namespace aortalint
