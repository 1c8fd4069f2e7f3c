// `aortalint check`: discover, load, analyse in parallel, emit, exit code.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "engine/settings.h"
#include "model/diagnostic.h"

namespace aortalint {

enum ExitCode { kExitClean = 0, kExitFindings = 1, kExitUsage = 2, kExitInternal = 3 };

struct CheckOptions {
  std::vector<std::string> paths;             // none: "." (or standard input)
  std::vector<std::string> command;           // the launch argv after `--`
  std::vector<std::string> mitigation_files;  // aorta's `--mitigations-file` sidecars, for every recipe
  std::string format = "text";                // text | concise | json | sarif | github | gitlab | junit | ...
  std::string output;                         // a file instead of stdout
  std::string color = "auto";                 // auto | always | never
  SettingsRequest request;                    // --select, --extend-select, --ignore, --triton, --collect
  std::string fail_level = "error";
  bool exit_zero = false;
  bool exit_non_zero_on_fix = false;        // exit 1 when --fix changed a file, even with nothing left to report
  std::vector<std::string> extend_exclude;  // globs relative to the working directory, besides `exclude:`
  bool quiet = false;                       // -q: the findings only, no summary or warnings
  bool statistics = false;                  // a count per rule instead of the findings
  bool show_fixes = false;                  // list the fixes applied (with --fix) or available
  bool verbose = false;           // cache hits and misses, timing, files given no payload rules and why, on stderr
  std::string show_settings;      // print the settings for this file and lint nothing
  bool show_files = false;        // list the files that would be linted and lint nothing
  bool respect_gitignore = true;  // directory walks skip what .gitignore ignores
  std::string config;
  bool no_config = false;
  int jobs = 0;  // 0: one per core
  bool no_cache = false;
  bool fix = false;               // apply safe fixes, re-lint until nothing changes
  bool unsafe_fixes = false;      // with --fix or --diff: unsafe fixes too
  bool diff = false;              // print the fixes as a unified diff; change nothing
  bool add_noqa = false;          // suppress every finding where it is, with a comment (ruff's --add-noqa)
  std::string stdin_filename;     // lint stdin as if it were this file
  bool skip_non_recipes = false;  // named YAML that does not look like a recipe is skipped (hooks)
  bool full_parse = false;        // parse every payload whole (load/payload_loader.h PayloadParse)
  bool exit_after = false;        // the process ends with this run: what it built is left to the exit
};

int RunCheck(const CheckOptions& options, std::ostream& out, std::ostream& err);

/// The findings `check` would report for `options`, not printed (`explain`
/// shows them beside its plan); nullopt when the run cannot lint (a usage or
/// config error, said on `err`).
std::optional<std::vector<Diagnostic>> LintDiagnostics(const CheckOptions& options, std::ostream& err);

/// Prints `diagnostics` as `check` reports them in `options.format`.
void EmitFindings(const CheckOptions& options, const std::vector<Diagnostic>& diagnostics, std::ostream& out);

}  // namespace aortalint
