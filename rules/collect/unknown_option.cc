// COL004: an option the collector does not have.
#include "base/edit_distance.h"
#include "base/strings.h"
#include "engine/rule_context.h"
#include "model/recipe.h"
#include "rules/common/collector_options.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "COL004",
    .slug = "unknown-option",
    .severity = Severity::kError,
    .summary = "a collector option that the collector does not have",
    .what =
        "Reports every option name under `rocprof:` or `proton:` that the collector does not define, with the "
        "nearest valid name when it looks like a typo (`backends` -> `backend`).",
    .why =
        "aorta refuses the whole recipe at load with `unknown option(s) [...]`; the option's value is not "
        "checked further until the name is fixed.",
    .facts =
        "rocprof's options are `trace`, `output_format`, `stats`, `pmc`, `kernel_include_regex` and "
        "`summary_units` (reference/aorta.md §2.1); proton's are `mode`, `backend`, `backend_mode`, "
        "`context`, `data`, `instrumentation_mode`, `granularity` and `hook` (§2.2). `numerics`, "
        "`layer_numerics` and `amd_log` accept any option.",
    .aorta_refuses_at_load = true,
};

class UnknownOption final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    for (const CheckedCollector& c : CollectorsNamed(recipe)) {
      if (!c.use->options || !c.use->options->is_map()) continue;
      std::vector<std::string_view> names = c.spec->OptionNames();
      for (const yaml::Entry& e : c.use->options->entries)
        if (e.key->is_str() && !c.spec->Option(e.key->text))
          ctx.Report(recipe.source(), e.key->span, "{} has no option {}", c.use->name, e.key->Repr())
              .Help(DidYouMeanOr(e.key->text, names, "use one of " + Join(names)));
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeUnknownOption() { return std::make_unique<UnknownOption>(); }

}  // namespace aortalint
