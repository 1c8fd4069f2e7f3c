// ATT005: a header command that `aorta sweep run` refuses before it runs anything.
#include <algorithm>

#include "base/strings.h"
#include "engine/rule_context.h"
#include "model/pairing.h"
#include "model/recipe.h"
#include "model/sweep_run.h"
#include "rules/common/collector_options.h"
#include "rules/common/header_command.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "ATT005",
    .slug = "sweep-command-refused",
    .severity = Severity::kError,
    .summary = "the recipe's header command is one `aorta sweep run` refuses",
    .what =
        "Reads the recipe's header comment (`aorta sweep run ... -- COMMAND`) as aorta's command line: an "
        "option `sweep run` does not have (aorta passes it on as the first word of the command), an option "
        "without its value or with one of the wrong type, a value that starts with `-` for `--recipe`, "
        "`--ticket` or `--output`, a word before ` -- `, and the combinations each flow refuses: a `mode: probe` "
        "recipe without ` -- COMMAND`, a triage recipe with one, `--collect`, `--strict` or a flag-mode option "
        "(`--workload`, `--trials`, ...) in the probe flow, a probe-only option (`--env-passthrough-mode`, "
        "`--stop-after-events`, `--max-trials`, `--disable-detector`) in the workload flow, and `--ticket`, "
        "`--baseline-cell` or `--confound-threshold` beside `--recipe` in the workload flow (the recipe carries "
        "them), and a workload-flow `--collect` whose collectors aorta's overlay refuses (an unknown name, or "
        "`rocprof` beside a proton whose backend intercepts the HSA queue, as CNF002 judges `--collect` given "
        "to aortalint). Judged whatever pairs the recipe (the command line after `--` included), since the header is "
        "what a reader copies. Only `sweep run` is modelled; the deprecated `triage run` is left alone.",
    .why =
        "The header is how a recipe says it is run. aorta refuses these commands with a usage error before a "
        "trial starts; the recipe loads, and only the person who copies the command finds out.",
    .facts =
        "aorta's `sweep run` (src/aorta/cli/sweep.py, c06e914b): its click options, the up-front guards of "
        "`sweep_run`, `_dispatch_probe_flow` and `_dispatch_workload_flow`; the workload flow's refusal of "
        "flag-mode options beside `--recipe` (src/aorta/cli/triage.py, `_reject_flag_mode_args`). `--strict` "
        "exists from c06e914b; before it, aorta passes it on as the command's first word.",
    .trial_setup = true,
};

sweep::RecipeFlow FlowOf(const Recipe& recipe) {
  switch (recipe.mode()) {
    case RecipeMode::kTriage:
      return sweep::RecipeFlow::kTriage;
    case RecipeMode::kProbe:
      return sweep::RecipeFlow::kProbe;
    default:  // aorta's peek leaves any other mode to the command's presence
      return sweep::RecipeFlow::kUnknown;
  }
}

class SweepCommandRefused final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckPairing(const Recipe& recipe, const Pairing& pairing, RuleContext& ctx) override {
    if (!pairing.header || pairing.header->group != "sweep") return;
    const AortaCommand& command = *pairing.header;
    sweep::Parsed parsed = sweep::Parse(command.aorta_args);
    std::vector<sweep::Refusal> refusals = parsed.refusals;
    std::vector<sweep::Refusal> flow = sweep::FlowRefusals(parsed, !command.argv.empty(), FlowOf(recipe));
    refusals.insert(refusals.end(), flow.begin(), flow.end());
    for (const sweep::Refusal& r : refusals)
      ctx.Report(recipe.source(), WordIn(recipe.source()->text(), command.span, r.word), "{}", r.message).Help(r.help);
    if (refusals.empty() && command.argv.empty() && recipe.mode() == RecipeMode::kTriage)
      if (const sweep::Given* collect = parsed.Find("--collect")) CollectOverlay(recipe, command, *collect, ctx);
  }

 private:
  // The workload flow validates `--collect` like the recipe's own block: an unknown name, or the
  // queue-interceptor conflict, is a usage error before any cell runs.
  static void CollectOverlay(const Recipe& recipe, const AortaCommand& command, const sweep::Given& collect,
                             RuleContext& ctx) {
    std::vector<std::string> names;
    std::string_view rest = collect.value;
    while (!rest.empty()) {
      size_t comma = std::min(rest.find(','), rest.size());
      if (std::string_view n = Trim(rest.substr(0, comma)); !n.empty()) names.emplace_back(n);
      rest.remove_prefix(std::min(comma + 1, rest.size()));
    }
    if (names.empty()) return;
    const Knowledge& k = recipe.knowledge();
    Span at = WordIn(recipe.source()->text(), command.span, collect.word);
    std::vector<std::string_view> known = k.CollectorNames();
    for (const std::string& name : names)
      if (!k.Collector(name)) {
        ctx.Report(recipe.source(), at, "aorta sweep run refuses --collect '{}': it names unknown collector '{}'",
                   collect.value, name)
            .Help("use one of {}", Join(known));
        return;
      }
    std::optional<QueueConflict> conflict = FindQueueConflict(recipe.OverrideOf(names), k);
    // The same conflict in the recipe's own block is CNF001's.
    const CollectScope* own = recipe.recipe_collect();
    if (!conflict || (own && FindQueueConflict(*own, k))) return;
    ctx.Report(recipe.source(), at,
               "aorta sweep run refuses --collect '{}': 'rocprof' and 'proton' with backend '{}' both intercept the "
               "HSA queue",
               collect.value, conflict->backend)
        .Help(
            "pin 'proton: {backend: instrumentation}' in the recipe's collect block, or collect them in "
            "separate runs");
  }
};

}  // namespace

std::unique_ptr<Rule> MakeSweepCommandRefused() { return std::make_unique<SweepCommandRefused>(); }

}  // namespace aortalint
