// RCP012: a `stop_after` block aorta refuses: no `events` or `max_trials`,
// `max_trials` below `events`, a bad `event_verdict`, or per-cell `trials` beside it.
#include <algorithm>

#include "base/edit_distance.h"
#include "engine/rule_context.h"
#include "load/knowledge_loader.h"
#include "rules/recipe/recipe_schema.h"

namespace aortalint {
namespace {

namespace rs = recipe_schema;

constexpr RuleMeta kMeta{
    .id = "RCP012",
    .slug = "bad-stop-after",
    .severity = Severity::kError,
    .summary =
        "`stop_after` without `events` or `max_trials`, with `max_trials < events`, a bad verdict, or beside "
        "per-cell `trials`",
    .what =
        "Reports a `stop_after` mapping that lacks `events` or `max_trials`; a `max_trials` smaller than `events` "
        "(both "
        "valid ints; their types are RCP007's); an `event_verdict` other than `fail`, `pass` or `error`; and, "
        "in a triage recipe, `stop_after` together with cells that set their own `trials` (with a note at "
        "each).",
    .why =
        "`stop_after` ends a cell early once `events` trials reach the verdict; `max_trials` is the hard cap "
        "that keeps the loop finite, so aorta requires it and refuses a cap below the event count. Per-cell "
        "`trials` would contradict the early-stop loop, so aorta refuses the combination.",
    .facts = "`stop_after` in reference/aorta.md §1.3, checked after the cells (§1.4, load order step 3).",
    .aorta_refuses_at_load = true,
};

class BadStopAfter final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }

  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    const yaml::Entry* entry = rs::TopInMode(recipe, "stop_after");
    if (!entry || !entry->value->is_map()) return;
    const yaml::Node& sa = *entry->value;
    const SourcePtr& src = recipe.source();
    const yaml::Entry* events = sa.Find("events");
    const yaml::Entry* max_trials = sa.Find("max_trials");
    if (!events)
      ctx.Report(src, entry->key->span, "stop_after has no 'events'")
          .Help("say how many trials with the verdict end a cell early (events: 1 or more), or remove the block");
    if (!max_trials) {
      ctx.Report(src, entry->key->span, "stop_after has no 'max_trials'")
          .Help("add a hard cap on trials per cell (at least 'events')");
    } else if (events && rs::IsPositiveInt(*events->value) && rs::IsPositiveInt(*max_trials->value) &&
               max_trials->value->integer < events->value->integer) {
      ctx.Report(src, max_trials->value->span, "stop_after.max_trials {} is below events {}", max_trials->value->Repr(),
                 events->value->Repr())
          .Help("the cap can never allow that many events, raise it to at least {}", events->value->Repr())
          .Note(src, events->value->span, "events set here");
    }
    if (const yaml::Entry* verdict = sa.Find("event_verdict")) {
      std::vector<std::string_view> verdicts =
          BuiltinRecipeKeys().TopLevel("stop_after")->Key("event_verdict")->Domain();
      const yaml::Node& v = *verdict->value;
      if (!v.is_str() || std::ranges::find(verdicts, v.text) == verdicts.end()) {
        ctx.Report(src, rs::ValueOrKey(*verdict), "stop_after.event_verdict must be 'fail', 'pass' or 'error', got {}",
                   v.Repr())
            .Help(v.is_str() ? DidYouMeanOr(v.text, verdicts, "write one of them") : "write one of them");
      }
    }
    if (recipe.mode() != RecipeMode::kTriage) return;
    const yaml::Node* cells = rs::TriageCellList(recipe);
    if (!cells) return;
    std::vector<const yaml::Entry*> overrides;
    for (const yaml::NodePtr& cell : cells->items)
      // aorta collects `c.trials is not None`: a cell's `trials: ~` is no override.
      if (const yaml::Entry* t = cell->is_map() ? cell->Find("trials") : nullptr; t && !t->value->is_null())
        overrides.push_back(t);
    if (overrides.empty()) return;
    auto d = ctx.Report(src, entry->key->span, "stop_after cannot be combined with per-cell 'trials' ({} cell{})",
                        overrides.size(), overrides.size() == 1 ? "" : "s")
                 .Help("remove the cells' trials or the stop_after block");
    for (const yaml::Entry* t : overrides) d.Note(src, t->key->span, "per-cell trials here");
  }
};

}  // namespace

std::unique_ptr<Rule> MakeBadStopAfter() { return std::make_unique<BadStopAfter>(); }

}  // namespace aortalint
