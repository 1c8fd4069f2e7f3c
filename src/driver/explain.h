// `aortalint explain RECIPE [--triton V] [--aorta C] [--format json] [-- COMMAND]`: what
// aorta will do with each cell, without a GPU. For every cell (after
// inheritance and probe synthesis): the collectors and their effective
// options, what `backend: auto` resolves to on each target version and
// vendor, the attach mode, the argv and environment aorta builds (run/wrap.h,
// with this process's environment), the artifact layout, and which metrics
// land in perf.md and matrix.json and why the others do not.
//
// A recipe with errors is still explained as far as it can be; the errors are
// printed first and the exit code is 1. A file that cannot be read or parsed,
// a bad --triton or a config error is exit 2. Without --triton (or the
// config's `triton:`), every row of the knowledge table is shown.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace aortalint {

struct ExplainOptions {
  std::string recipe;
  std::vector<std::string> triton;
  std::string aorta;                 // a commit of the aorta table; empty: the config's, else the newest
  std::string format = "text";       // text | json
  std::vector<std::string> command;  // the launch argv after `--`
  std::string config;
  bool no_config = false;
};

int RunExplain(const ExplainOptions& options, std::ostream& out, std::ostream& err);

}  // namespace aortalint
