// COL008: proton backend_mode without a pinned backend, or outside its backend's domain.
#include "base/edit_distance.h"
#include "base/strings.h"
#include "engine/rule_context.h"
#include "model/recipe.h"
#include "rules/common/collector_options.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "COL008",
    .slug = "backend-mode-mismatch",
    .severity = Severity::kError,
    .summary = "proton `backend_mode` on `auto`/`instrumentation`, or outside the pinned backend's modes",
    .what =
        "Reports proton's `backend_mode` when the backend is `auto` (written or by default) or "
        "`instrumentation`, whatever its value, and when its value is not a mode of the pinned backend "
        "(roctracer: `periodic_flushing`; rocprofiler and cupti: `pcsampling`, `periodic_flushing`).",
    .why =
        "aorta refuses the recipe at load: a backend mode means something only to the backend it is written "
        "for, and under `auto` it cannot know which backend will run.",
    .facts =
        "Checks 7 and 8 of aorta's proton validation; `backend_mode` has no enum of its own, so under `auto` "
        "any value gets the explicit-backend message (reference/aorta.md §2.2).",
    .aorta_refuses_at_load = true,
};

class BackendModeMismatch final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    for (const CheckedCollector& c : CollectorsNamed(recipe, "proton")) {
      KnobProblem problem = FirstKnobProblem(*c.use, *c.spec);
      if (problem != KnobProblem::kNeedsExplicitBackend && problem != KnobProblem::kBackendModeOutside) continue;
      const yaml::Entry* mode = OptionEntry(*c.use, "backend_mode");
      const yaml::Entry* backend_entry = OptionEntry(*c.use, "backend");
      std::string backend = ValidValue(*c.use, *c.spec, "backend").value_or("auto");
      const OptionSpec& spec = *c.spec->Option("backend_mode");
      auto diag = [&] {
        if (problem == KnobProblem::kNeedsExplicitBackend) {
          std::vector<std::string> pinned;
          for (const auto& [b, modes] : spec.by_backend) pinned.push_back(b);
          return ctx
              .Report(recipe.source(), mode->value->span,
                      "proton 'backend_mode' {} needs an explicit backend, got '{}'{}", mode->value->Repr(), backend,
                      backend_entry ? "" : " (the default)")
              .Help("pin one of {} or delete backend_mode", Join(pinned));
        }
        const std::vector<std::string>& modes = spec.by_backend.at(backend);
        std::vector<std::string_view> candidates(modes.begin(), modes.end());
        return ctx
            .Report(recipe.source(), mode->value->span, "proton 'backend_mode' {} is not a mode of backend '{}'",
                    mode->value->Repr(), backend)
            .Help(DidYouMeanOr(StripLower(mode->value->text), candidates, "use one of " + Join(modes)));
      }();
      if (backend_entry) diag.Note(recipe.source(), backend_entry->value->span, "the backend is set here");
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeBackendModeMismatch() { return std::make_unique<BackendModeMismatch>(); }

}  // namespace aortalint
