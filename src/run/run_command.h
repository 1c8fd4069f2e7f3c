// `aortalint run` (one trial, as aorta's probe flow takes it) and
// `aortalint metrics` (the parser on an existing directory).
//
// Wiring in src/main.cc: `run --recipe R [--cell C] [--output DIR]
// [--dry-run] -- COMMAND...` lints R first (exit 2 with the diagnostics on
// any error), takes the effective collect block of R (or of cell C), and
// fills a RunRequest: argv = COMMAND, output_dir = DIR (default
// ./aortalint-run/<cell or recipe stem>), proton/rocprof = the validated
// option maps (merged over defaults, strip().lower()ed), timeout_seconds =
// timeout_per_trial; then `return RunCapture(req, std::cout, std::cerr)`.
// `metrics DIR [--format json]` is `return MetricsCommand(DIR, fmt,
// std::cout, std::cerr)`.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "run/metrics.h"

#include "run/wrap.h"

namespace aortalint::run {

struct RunRequest {
  std::vector<std::string> argv;           // the command after `--`
  std::filesystem::path output_dir;        // trial directory; created
  std::optional<CollectorOptions> proton;  // absent: collector not used
  std::optional<CollectorOptions> rocprof;
  std::optional<double> timeout_seconds;  // recipe's timeout_per_trial
  double kill_grace_seconds = 10;         // SIGTERM -> SIGKILL on timeout
  bool dry_run = false;                   // print the wrapped command only
  bool force = false;                     // reset a non-empty output dir that is not a previous trial
  bool probe_environment = true;          // versions and GPU into trial.json
  std::string recipe;                     // recorded in trial.json
  std::string cell;
  EnvLookup env;  // default: the process environment
};

// Exit codes of RunCapture: 0 when the payload exited 0; the payload's own
// status is never passed through (it would collide with 2 and 3), it is in
// trial.json and in a message. 128+N when aortalint itself got signal N (and
// passed it on to the payload).
inline constexpr int kExitPayloadFailed = 1;  // the payload exited non-zero, was killed or timed out
inline constexpr int kExitSetupError = 2;     // refused wrap, bad output dir
// A timeout_per_trial at or above this many seconds (about 31 years), or infinite, is no timeout.
inline constexpr double kNoTimeoutAbove = 1e9;
inline constexpr int kExitNotRun = 127;  // the command could not be started

// One trial: <out>/{proton,rocprof}/ reset empty (symlinks at or below
// <out> refused), the wrapped argv run with output streamed to `out`/`err`
// and saved to <out>/stdout.log and stderr.log, the artifacts parsed, and
// <out>/trial.json written. Messages from aortalint itself go to `err`.
int RunCapture(const RunRequest& request, std::ostream& out, std::ostream& err);

// Metrics of a trial directory as aorta's summarize_collectors gives them:
// <dir>/proton and <dir>/rocprof (a directory that is itself named proton
// or rocprof is read as that collector's). Empty object when dir is not a
// directory. `kernels`, when given, receives each collector's per-kernel
// detail ("proton", "rocprof"), hottest first.
nlohmann::json CollectMetrics(const std::filesystem::path& dir,
                              std::map<std::string, std::vector<KernelDetail>>* kernels = nullptr);

enum class MetricsFormat { kText, kJson };

// `aortalint metrics DIR`: 0 printed, 2 when DIR is not a directory.
int MetricsCommand(const std::filesystem::path& dir, MetricsFormat format, std::ostream& out, std::ostream& err);

}  // namespace aortalint::run
