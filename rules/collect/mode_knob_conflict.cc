// COL006: proton backend_mode together with instrumentation_mode or granularity.
#include "base/strings.h"
#include "engine/rule_context.h"
#include "model/recipe.h"
#include "rules/common/collector_options.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "COL006",
    .slug = "mode-knob-conflict",
    .severity = Severity::kError,
    .summary = "proton `backend_mode` set together with `instrumentation_mode` or `granularity`",
    .what =
        "Reports a proton block that sets `backend_mode` and also `instrumentation_mode` or `granularity`, at "
        "`backend_mode`, with a note at each of the others.",
    .why =
        "All three render into Proton's one `--mode` argument, so aorta refuses the recipe at load rather than "
        "drop one of them.",
    .facts =
        "Check 5 of aorta's proton validation; `--mode` is `backend_mode` when set, else "
        "`<instrumentation_mode>[:granularity=<g>]` (reference/aorta.md §2.2).",
    .aorta_refuses_at_load = true,
};

class ModeKnobConflict final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    for (const CheckedCollector& c : CollectorsNamed(recipe, "proton")) {
      if (FirstKnobProblem(*c.use, *c.spec) != KnobProblem::kConflict) continue;
      const yaml::Entry* backend_mode = OptionEntry(*c.use, "backend_mode");
      std::vector<const yaml::Entry*> others;
      for (std::string_view o : {"instrumentation_mode", "granularity"})
        if (const yaml::Entry* e = OptionEntry(*c.use, o)) others.push_back(e);
      std::vector<std::string> names;
      for (const yaml::Entry* e : others) names.push_back(e->key->text);
      auto diag =
          ctx.Report(recipe.source(), Span{backend_mode->key->span.begin, backend_mode->value->span.end},
                     "proton 'backend_mode' {} cannot be combined with {}: all render into Proton's one '--mode'",
                     backend_mode->value->Repr(), Join(names))
              .Help("keep backend_mode (with a pinned backend) or the instrumentation knobs, not both");
      for (const yaml::Entry* e : others)
        diag.Note(recipe.source(), Span{e->key->span.begin, e->value->span.end},
                  fmt::format("'{}' also sets '--mode' here", e->key->text));
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeModeKnobConflict() { return std::make_unique<ModeKnobConflict>(); }

}  // namespace aortalint
