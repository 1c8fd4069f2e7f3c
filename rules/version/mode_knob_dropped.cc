// VER003: a mode knob under `mode: cli` that a target's CLI parses and drops.
#include "engine/rule_context.h"
#include "rules/common/proton_use.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "VER003",
    .slug = "mode-knob-dropped",
    .severity = Severity::kWarning,
    .summary = "a mode knob under `mode: cli` on a target Triton version whose CLI drops `--mode`",
    .what =
        "With target versions known, reports `backend_mode`, `instrumentation_mode` or `granularity` "
        "in a `mode: cli` proton collector (cli is the default) when a target version's command front "
        "end parses `--mode` and never passes it to the session.",
    .why =
        "aorta renders the knob into `--mode` and the run succeeds, but on Triton 3.7.x and older the "
        "session runs in its default mode: the capture is not the one the recipe asks for, and "
        "nothing says so. Since aorta removed its own gate on this, only a linter can catch it.",
    .facts =
        "Triton version table, row `CLI forwards --mode` (reference/aorta.md §3); the removed "
        "load-time gate of OPT 96a9414f (§1.9) and `mode_argument` (§2.2).",
};

class ModeKnobDropped final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    version::VersionCheck v = version::StartVersionCheck(recipe, ctx);
    if (!v) return;
    const std::vector<TritonTarget>& targets = v.targets;
    const TritonTable& table = *v.table;
    for (const version::ProtonUse& p : v.uses) {
      std::vector<std::string_view> knobs = p.Knobs();
      if (p.Value("mode") != "cli" || knobs.empty()) continue;
      std::vector<const TritonTarget*> dropping;
      for (const TritonTarget& t : targets)
        if (!t.row->forwards_mode) dropping.push_back(&t);
      if (dropping.empty()) continue;
      std::string forwards = version::RowsWhere(table, [](const TritonRow& r) { return r.forwards_mode; });
      ctx.Report(recipe.source(), p.Where(knobs.front()),
                 "{} '{}' becomes '--mode', which the proton CLI of triton {} parses and drops, so the session runs in "
                 "its default mode",
                 knobs.front(), p.Value(knobs.front()), JoinNames(dropping))
          .Help("use 'mode: env'{}", forwards.empty() ? std::string() : " or target " + forwards);
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeModeKnobDropped() { return std::make_unique<ModeKnobDropped>(); }

}  // namespace aortalint
