// Argv wrapping as aorta's probe flow does it (reference §2.4, §2.5, §4):
// rocprofv3 outermost, then Proton in `mode: cli` or `mode: env`, with the
// device-variable translation.
#pragma once

#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace aortalint::run {

// Looks up an environment variable; nullopt when unset (an empty value is
// "present"). Injected so tests are hermetic.
using EnvLookup = std::function<std::optional<std::string>(const std::string&)>;

// The process environment.
EnvLookup ProcessEnv();
// A fixed map, for tests.
EnvLookup MapEnv(std::map<std::string, std::string> vars);

// Collector options, already validated and merged over the defaults with
// values strip().lower()ed, as the recipe loader leaves them. Keys:
//   proton:  mode backend context data backend_mode instrumentation_mode
//            granularity hook (unset keys absent or empty)
//   rocprof: trace output_format stats pmc kernel_include_regex summary_units
using CollectorOptions = std::map<std::string, std::string>;

struct WrapRequest {
  std::vector<std::string> argv;     // the launch, after `--`
  std::filesystem::path output_dir;  // the trial directory
  std::optional<CollectorOptions> proton;
  std::optional<CollectorOptions> rocprof;
  EnvLookup env;           // default: ProcessEnv()
  bool plan_only = false;  // --dry-run: aorta's plan, aortalint's own refusals set apart
  // explain: the plan is for the GPU host, so a rocprofv3 missing here is named bare, with a warning.
  bool rocprof_elsewhere = false;
};

struct WrapResult {
  std::string error;  // non-empty: refused, with the reason
  // With an error: the exception aorta raises for it (RocprofUnavailableError,
  // ProtonWrapError); empty when the refusal is aortalint's alone.
  std::string aorta_exception;
  // --dry-run: what aortalint's own runner would refuse where aorta builds the
  // plan shown (a `pmc` token that is not a counter name).
  std::vector<std::string> own_refusals;
  std::vector<std::string> argv;  // what to exec, `env` prefix included
  // What the wrapping sets and unsets in the child's environment (also
  // spelled out inside argv through env(1)); for --dry-run and trial.json.
  std::vector<std::pair<std::string, std::string>> env_set;
  std::vector<std::string> env_unset;
  std::vector<std::string> warnings;
  // The interpreter that runs the payload, when one is known (cli mode:
  // the one placed before -m triton.profiler.proton; env mode: argv[0] if
  // it is a python).
  std::string python;

  bool ok() const { return error.empty(); }
};

// Collector artifact directories inside a trial directory.
std::filesystem::path ProtonDir(const std::filesystem::path& output_dir);
std::filesystem::path RocprofDir(const std::filesystem::path& output_dir);

// How Proton's `mode: cli` front end takes a launch (reference §4.1): the
// kept interpreter flags and the target it runs, or aorta's refusal. Pure:
// ATT002 judges launches with it, WrapArgv builds on it.
struct PythonLaunch {
  std::string error;                // non-empty: refused, with the reason
  std::vector<std::string> flags;   // kept flags, placed before -m triton.profiler.proton
  std::vector<std::string> target;  // the script and its arguments, or `pytest ...`
  std::string script;               // the script path; empty for pytest
  bool pytest = false;              // argv[0] is pytest itself (interpreter from its shebang)
  bool ok() const { return error.empty(); }
};
PythonLaunch SplitPythonLaunch(const std::vector<std::string>& argv);

WrapResult WrapArgv(const WrapRequest& request);

// One line that a POSIX shell reads back as `argv` (single quotes where
// needed), for --dry-run.
std::string ShellQuote(const std::vector<std::string>& argv);

// True for a basename matching ^python(\d+(\.\d+)?)?$.
bool IsPythonName(const std::string& argv0);

// os.path.normpath and os.path.abspath (POSIX), as aorta resolves $ROCPROF_BIN.
std::string PyNormPath(const std::string& path);
std::string PyAbsPath(const std::string& path);

// `which`: the first executable regular file named `name` on `path_var`.
std::optional<std::filesystem::path> FindOnPath(const std::string& name, const std::string& path_var);

}  // namespace aortalint::run
