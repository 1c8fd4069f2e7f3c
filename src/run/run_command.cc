// One capture trial end to end, and the metrics command.
#include "run/run_command.h"

#include <unistd.h>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstring>
#include <ctime>
#include <fstream>
#include <system_error>

#include "base/atomic_file.h"
#include "python/value.h"
#include "run/child.h"
#include "run/metrics.h"
#include "run/trial.h"

namespace aortalint::run {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

std::string UtcNow() {
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

// aorta refuses symlinks at or below the results directory: a reset that
// follows one could empty a directory outside the run.
std::optional<fs::path> FindSymlink(const fs::path& root) {
  std::error_code ec;
  if (fs::is_symlink(root, ec)) return root;
  if (!fs::exists(root, ec)) return std::nullopt;
  for (fs::recursive_directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->is_symlink(ec)) return it->path();
  }
  return std::nullopt;
}

// Empty collector directory, created fresh.
bool ResetDir(const fs::path& dir, std::string& error) {
  std::error_code ec;
  fs::remove_all(dir, ec);
  if (!ec) fs::create_directories(dir, ec);
  if (ec) error = "cannot reset '" + dir.string() + "': " + ec.message();
  return !ec;
}

void PrintDryRun(const WrapResult& w, std::ostream& out) {
  out << ShellQuote(w.argv) << "\n";
  for (const auto& v : w.env_unset) out << "# unsets " << v << "\n";
  for (const auto& [k, v] : w.env_set) out << "# sets " << ShellQuote({k + "=" + v}) << "\n";
}

}  // namespace

int RunCapture(const RunRequest& request, std::ostream& out, std::ostream& err) {
  const fs::path dir = fs::absolute(request.output_dir);
  WrapRequest wreq{request.argv,   dir, request.proton, request.rocprof, request.env ? request.env : ProcessEnv(),
                   request.dry_run};
  WrapResult wrap = WrapArgv(wreq);
  for (const auto& w : wrap.warnings) err << "aortalint run: warning: " << w << "\n";
  // --dry-run: aorta's verdict on stdout (its plan, or the exception it would raise), aortalint's own
  // refusals on stderr, each named for whose it is.
  if (request.dry_run && !wrap.ok() && !wrap.aorta_exception.empty()) {
    out << "aorta would refuse: " << wrap.aorta_exception << ": " << wrap.error << "\n";
    return kExitSetupError;
  }
  if (!wrap.ok()) {
    err << "aortalint run: error: " << wrap.error << "\n";
    return kExitSetupError;
  }
  if (request.dry_run) {
    PrintDryRun(wrap, out);
    for (const auto& why : wrap.own_refusals)
      err << "aortalint run: aortalint's own refusal (aorta builds the plan above): " << why << "\n";
    return wrap.own_refusals.empty() ? 0 : kExitSetupError;
  }

  if (auto link = FindSymlink(dir)) {
    err << "aortalint run: error: refusing to write under '" << dir.string() << "': it holds a symbolic link ("
        << link->string() << ")\n";
    return kExitSetupError;
  }
  std::string error;
  std::error_code ec;
  // Only a directory this runner made (a previous trial: it has trial.json)
  // or an empty one is reset: `--output .` must not empty ./proton.
  if (fs::is_directory(dir, ec) && !fs::is_empty(dir, ec) && !fs::exists(dir / "trial.json", ec) && !request.force) {
    err << "aortalint run: error: '" << dir.string() << "' is not empty and holds no trial.json, so it is not a "
        << "previous trial; the run would replace its proton/, rocprof/ and log files: choose another --output, "
        << "or add --force\n";
    return kExitSetupError;
  }
  fs::create_directories(dir, ec);
  if (ec) {
    err << "aortalint run: error: cannot create '" << dir.string() << "': " << ec.message() << "\n";
    return kExitSetupError;
  }
  // Everything the record needs is writable before the payload runs (a GPU run
  // that cannot be recorded is wasted): the logs and a file beside trial.json.
  for (const fs::path& file : {dir / "stdout.log", dir / "stderr.log"}) {
    std::ofstream probe(file, std::ios::binary | std::ios::trunc);
    if (!probe) {
      err << "aortalint run: error: cannot write '" << file.string() << "' (" << std::strerror(errno)
          << "); choose a writable --output\n";
      return kExitSetupError;
    }
  }
  {
    std::string probe = (dir / ".trial.json.XXXXXX").string();
    int fd = ::mkstemp(probe.data());
    if (fd < 0) {
      err << "aortalint run: error: cannot create files in '" << dir.string() << "' (" << std::strerror(errno)
          << "); choose a writable --output\n";
      return kExitSetupError;
    }
    ::close(fd);
    ::unlink(probe.c_str());
  }
  if ((request.proton && !ResetDir(ProtonDir(dir), error)) || (request.rocprof && !ResetDir(RocprofDir(dir), error))) {
    err << "aortalint run: error: " << error << "\n";
    return kExitSetupError;
  }
  fs::remove(dir / "trial.json", ec);

  ChildOptions copts;
  copts.argv = wrap.argv;
  // As Python's subprocess: an infinite or astronomically large limit is no limit
  // (converting it to milliseconds would overflow into an instant kill).
  if (request.timeout_seconds && std::isfinite(*request.timeout_seconds) && *request.timeout_seconds > 0 &&
      *request.timeout_seconds < kNoTimeoutAbove) {
    copts.timeout = std::chrono::milliseconds(static_cast<long long>(*request.timeout_seconds * 1000));
  }
  copts.kill_grace = std::chrono::milliseconds(static_cast<long long>(request.kill_grace_seconds * 1000));
  copts.stdout_tee = &out;
  copts.stderr_tee = &err;
  copts.stdout_log = dir / "stdout.log";
  copts.stderr_log = dir / "stderr.log";

  TrialInputs in;
  in.recipe = request.recipe;
  in.cell = request.cell;
  in.argv = request.argv;
  in.started_at = UtcNow();
  in.output_dir = dir;
  in.proton = request.proton;
  in.rocprof = request.rocprof;
  in.child = RunChild(copts);
  if (!in.child.started) err << "aortalint run: error: " << in.child.error << "\n";
  if (in.child.timed_out) err << "aortalint run: the trial timed out and was stopped\n";
  for (const std::string& p : in.child.log_problems) err << "aortalint run: WARNING: " << p << "\n";
  if (in.child.pipes_held_open)
    err << "aortalint run: warning: a process outside the payload's process group (a daemon started with setsid) "
           "still held its output open 3 s after the payload exited; it was not waited for and may still be running\n";

  in.metrics = json::object();
  if (request.proton) in.metrics.update(ParseProtonMetrics(ProtonDir(dir)));
  if (request.rocprof) in.metrics.update(ParseRocprofMetrics(RocprofDir(dir)));
  in.environment = request.probe_environment ? ProbeEnvironment(wrap.python) : json::object();
  in.wrap = std::move(wrap);
  json record = MakeTrialRecord(in);
  for (const auto& note : record["capture_notes"]) {
    err << "aortalint run: note: " << note.get<std::string>() << "\n";
  }
  if (!in.child.log_problems.empty()) record["incomplete_logs"] = in.child.log_problems;
  std::string text = DumpJson(record, 2) + "\n";
  if (std::optional<std::string> why = WriteFileAtomically((dir / "trial.json").string(), text)) {
    // The payload ran: its record must survive somewhere.
    err << "aortalint run: error: cannot write " << (dir / "trial.json").string() << ": " << *why
        << "; the trial record follows, save it as trial.json:\n"
        << text;
    return kExitSetupError;
  }
  err << "aortalint run: trial record " << (dir / "trial.json").string() << "\n";
  // What measured, since the artifacts record neither the backend nor the Triton version.
  if (record.contains("proton")) {
    const json& p = record["proton"];
    const json& tv = record["environment"].is_object() ? record["environment"].value("triton_version", json(nullptr))
                                                       : json(nullptr);
    std::string requested = p.value("requested", "");
    std::string backend =
        p["resolved"].is_string() ? p["resolved"].get<std::string>() : "unknown (" + p.value("reason", "") + ")";
    if (p["resolved"].is_string() && requested != backend) backend += " (the recipe asked for " + requested + ")";
    err << "aortalint run: measured by proton backend " << backend << ", Triton "
        << (tv.is_string() ? tv.get<std::string>() : std::string("unknown")) << "; read it with 'aortalint metrics "
        << dir.string() << "'\n";
  }
  if (!in.child.started) return kExitNotRun;
  // aortalint's exit code keeps its meaning (2 and 3 are its own); the
  // payload's status is in the record and said here.
  if (in.child.forwarded_signal) return 128 + in.child.forwarded_signal;
  if (in.child.exit_code == 0) return 0;
  if (in.child.timed_out)
    err << "aortalint run: the payload was stopped at the timeout\n";
  else if (in.child.signal)
    err << "aortalint run: the payload was killed by signal " << in.child.signal << "\n";
  else
    err << "aortalint run: the payload exited with status " << in.child.exit_code << "\n";
  return kExitPayloadFailed;
}

json CollectMetrics(const fs::path& dir, std::map<std::string, std::vector<KernelDetail>>* kernels) {
  json all = json::object();
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return all;
  struct Part {
    const char* sub;
    json (*parse)(const fs::path&, std::vector<KernelDetail>*);
  };
  // A trial directory is read through its proton/ and rocprof/ only, as
  // aorta's summarize_collectors reads it; a collector directory itself
  // (named proton or rocprof) is read as that collector.
  std::string name = fs::absolute(dir, ec).lexically_normal().filename().string();
  if (name.empty()) name = fs::absolute(dir, ec).lexically_normal().parent_path().filename().string();
  for (const Part& p : {Part{"proton", ParseProtonMetrics}, Part{"rocprof", ParseRocprofMetrics}}) {
    fs::path where = name == p.sub && !fs::is_directory(dir / p.sub, ec) ? dir : dir / p.sub;
    std::vector<KernelDetail> detail;
    all.update(p.parse(where, kernels ? &detail : nullptr));
    if (kernels && !detail.empty()) (*kernels)[p.sub] = std::move(detail);
  }
  return all;
}

int MetricsCommand(const fs::path& dir, MetricsFormat format, std::ostream& out, std::ostream& err) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    err << "aortalint metrics: error: '" << dir.string() << "' is not a directory\n";
    return kExitSetupError;
  }
  std::map<std::string, std::vector<KernelDetail>> kernels;
  json m = CollectMetrics(dir, &kernels);
  if (format == MetricsFormat::kJson) {
    out << DumpJson(m, 2) << "\n";
    return 0;
  }
  if (m.empty()) out << "no collector artifacts found in " << dir.string() << "\n";
  for (const auto& [key, value] : m.items()) {
    if (!value.is_array()) {
      out << key << " = " << (value.is_string() ? value.get<std::string>() : DumpJson(value)) << "\n";
      continue;
    }
    out << key << ":\n";
    const auto& detail = kernels[key.substr(0, key.find('_'))];
    for (size_t i = 0; i < value.size(); ++i) {
      if (i < detail.size()) {
        out << "  " << detail[i].total_ms << " ms  x" << (detail[i].count ? DumpJson(*detail[i].count) : "null") << "  "
            << detail[i].name << "\n";
      } else {
        out << "  " << value[i].get<std::string>() << "\n";
      }
    }
  }
  return 0;
}

}  // namespace aortalint::run
