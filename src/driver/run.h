// `aortalint run`: lint the recipe, refuse to start on any error, then hand
// the effective collectors of the chosen cell to the runner (src/run/).
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace aortalint {

struct RunOptions {
  std::string recipe;
  std::string cell;    // empty: the recipe's only collect scope
  std::string output;  // empty: ./aortalint-run/<cell or recipe name>
  bool dry_run = false;
  bool force = false;                // reset a non-empty --output that is not a previous trial
  std::vector<std::string> command;  // after `--`
  std::string aorta;                 // a commit of the aorta table; empty: the config's, else the newest
  std::string config;
  bool no_config = false;
};

int RunRecipe(const RunOptions& options, std::ostream& out, std::ostream& err);

}  // namespace aortalint
