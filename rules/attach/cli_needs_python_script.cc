// ATT002: `mode: cli` with a launch Proton's command front end cannot run.
#include <algorithm>

#include "base/strings.h"
#include "engine/rule_context.h"
#include "model/pairing.h"
#include "model/recipe.h"
#include "rules/common/proton_use.h"
#include "run/wrap.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "ATT002",
    .slug = "cli-needs-python-script",
    .severity = Severity::kError,
    .summary = "proton `mode: cli` with a launch that is not a Python script (or pytest) Proton can run",
    .what =
        "Judges the launch command (after `--` on the command line, from the config's `pairs:`, or from the "
        "recipe's header comment) the way aorta wraps it for proton `mode: cli`: `argv[0]` must be `pytest` or "
        "match `python`, `python3`, `python3.12`; before the script only `-u -B -E -s -S -O -OO -I -b -q` and "
        "`-m pytest` (or `-mpytest`) may appear; `-c`, `-m` with another module, `-X`, `-W` and a missing "
        "script are refused. Not judged when only the directory convention paired the recipe (no command), nor "
        "for a triage recipe, which aorta never wraps (ATT003).",
    .why =
        "Proton's front end runs its target with `runpy.run_path`, so aorta refuses other launches when the "
        "trial starts, after the recipe loaded fine: the sweep fails late, cell by cell.",
    .facts =
        "aorta's `_split_python_launch` (reference/aorta.md §4.1) and its refusals at trial setup (§7.2). "
        "aortalint judges with the same function its runner wraps with (`run::SplitPythonLaunch`).",
    .trial_setup = true,
};

std::string Joined(const std::vector<std::string>& argv) { return Join(argv, " "); }

// The refusal's first sentence, as one lowercase-led clause without a trailing period.
std::string Reason(const std::string& error) {
  std::string first = error.substr(0, error.find(". "));
  while (!first.empty() && first.back() == '.') first.pop_back();
  return first;
}

class CliNeedsPythonScript final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckPairing(const Recipe& recipe, const Pairing& pairing, RuleContext& ctx) override {
    // Only the probe flow wraps a command; a triage trial runs in-process and is never refused (ATT003).
    if (!pairing.has_command() || recipe.mode() != RecipeMode::kProbe) return;
    run::PythonLaunch launch = run::SplitPythonLaunch(pairing.argv);
    if (launch.ok()) return;
    for (const version::ProtonUse& u : version::ProtonUses(recipe)) {
      if (u.Value("mode") != "cli") continue;
      bool in_header = pairing.source == LaunchSource::kHeaderComment;
      DiagnosticBuilder d =
          ctx.Report(recipe.source(), in_header ? pairing.span : u.Where("mode"), "launch '{}' (from {}): {}",
                     Joined(pairing.argv), LaunchSourceName(pairing.source), Reason(launch.error))
              .Help("launch 'python script.py' or 'pytest', or set 'mode: env'");
      if (in_header) d.Note(recipe.source(), u.Where("mode"), "proton runs in mode 'cli' here");
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeCliNeedsPythonScript() { return std::make_unique<CliNeedsPythonScript>(); }

}  // namespace aortalint
