// aorta's `sweep run` command line as data (aorta's src/aorta/cli/sweep.py at
// c06e914b, the newest read, with the workload flow's `--recipe` guard of
// src/aorta/cli/triage.py): which options exist, what each takes, and which
// combinations each flow refuses. ATT005 and ATT006 judge a recipe's header
// command with it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace aortalint::sweep {

/// What an option takes after it.
enum class Takes { kNothing, kText, kInt, kFloat, kChoice, kExistingFile, kDirectory };

/// The flow that accepts an option; the other one refuses it up front.
enum class Flow { kBoth, kWorkload, kProbe };

struct Option {
  std::string_view name;   // "--recipe"
  std::string_view alias;  // another spelling ("--output-dir"), or empty
  Takes takes;
  std::string_view choices;  // kChoice: the accepted values, comma-separated (case-sensitive)
  Flow only;                 // kBoth: both flows take it
  bool not_with_recipe;      // the workload flow refuses it beside --recipe (the recipe carries it)
  bool flag_shaped_refused;  // a value that starts with '-' is refused (a forgotten value ate the next option)
  std::string_view since;    // the first aorta commit that has it, when later than the command itself
};

/// Every option of `aorta sweep run`, in aorta's order.
inline constexpr Option kOptions[] = {
    {"--recipe", "", Takes::kExistingFile, "", Flow::kBoth, false, true, ""},
    {"--dry-run", "", Takes::kNothing, "", Flow::kBoth, false, false, ""},
    {"--mode", "", Takes::kChoice, "matrix", Flow::kBoth, false, false, ""},
    {"--workload", "", Takes::kText, "", Flow::kWorkload, true, false, ""},
    {"--mitigation-axis", "", Takes::kText, "", Flow::kWorkload, true, false, ""},
    {"--environment-axis", "", Takes::kText, "", Flow::kWorkload, true, false, ""},
    {"--trials", "", Takes::kInt, "", Flow::kWorkload, true, false, ""},
    {"--steps", "", Takes::kInt, "", Flow::kWorkload, true, false, ""},
    {"--ticket", "", Takes::kText, "", Flow::kBoth, true, true, ""},
    {"--baseline-cell", "", Takes::kText, "", Flow::kWorkload, true, false, ""},
    {"--confound-threshold", "", Takes::kFloat, "", Flow::kWorkload, true, false, ""},
    {"--output", "--output-dir", Takes::kDirectory, "", Flow::kBoth, false, true, ""},
    {"--env-passthrough-mode", "", Takes::kChoice, "inherit,file", Flow::kProbe, false, false, ""},
    {"--mitigations-file", "", Takes::kExistingFile, "", Flow::kBoth, false, false, ""},
    {"--stop-after-events", "", Takes::kInt, "", Flow::kProbe, false, false, ""},
    {"--max-trials", "", Takes::kInt, "", Flow::kProbe, false, false, ""},
    {"--disable-detector", "", Takes::kText, "", Flow::kProbe, false, false, ""},
    {"--collect", "", Takes::kText, "", Flow::kWorkload, false, false, ""},
    {"--strict", "", Takes::kNothing, "", Flow::kWorkload, false, false, "c06e914b"},
    {"--verbose", "-v", Takes::kNothing, "", Flow::kBoth, false, false, ""},
    {"--help", "-h", Takes::kNothing, "", Flow::kBoth, false, false, ""},
};

/// The option spelled `name` (either spelling), or nullptr.
const Option* FindOption(std::string_view name);

/// One option as the command gives it.
struct Given {
  const Option* option;
  std::string value;  // empty for an option that takes nothing
  std::string word;   // as written (`--ticket=T` or `--ticket`), to find it in the recipe
};

/// Something aorta refuses, in aortalint's words.
struct Refusal {
  std::string word;  // the word at fault, to point at; empty: the command as a whole
  std::string message;
  std::string help;
};

struct Parsed {
  std::vector<Given> given;
  std::vector<Refusal> refusals;  // what its option parser refuses (unknown option, missing or bad value)
  const Given* Find(std::string_view name) const;
};

/// Reads aorta's own words (before ` -- `) as `sweep run`'s parser does.
Parsed Parse(const std::vector<std::string>& aorta_args);

/// The mode of the recipe the command runs, as aorta peeks at it to pick the flow.
enum class RecipeFlow { kTriage, kProbe, kUnknown };

/// What the flow guards refuse: `has_command`, a command after ` -- `.
std::vector<Refusal> FlowRefusals(const Parsed& parsed, bool has_command, RecipeFlow mode);

}  // namespace aortalint::sweep
