// Trial record assembly and the environment snapshot.
//
// trial.json keys: schema, recipe, cell, argv, wrapped_argv, env_set,
// env_unset, warnings, started_at, exit_code, timed_out, signal,
// forwarded_signal, wall_time_s, metrics, environment, proton (requested /
// resolved backend, mode, data), capture_notes.
#include "run/trial.h"

#include "base/file_reader.h"
#include "run/cycles.h"

#include <cctype>
#include <fstream>
#include <sstream>

namespace aortalint::run {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

std::string Opt(const CollectorOptions& o, const std::string& key, const std::string& dflt) {
  auto it = o.find(key);
  return it == o.end() || it->second.empty() ? dflt : it->second;
}

// Runs a helper command quietly; its stdout, or nullopt on any failure.
std::optional<std::string> Capture(const std::vector<std::string>& argv, int timeout_s) {
  ChildOptions opts;
  opts.argv = argv;
  opts.timeout = std::chrono::seconds(timeout_s);
  opts.kill_grace = std::chrono::seconds(2);
  opts.forward_signals = false;
  ChildResult r = RunChild(opts, /*capture_output=*/true);
  if (!r.started || r.exit_code != 0) return std::nullopt;
  return r.captured_stdout;
}

std::string FirstLine(const std::string& s) {
  std::string line = s.substr(0, s.find('\n'));
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
  return line;
}

// Prints {"triton": v|null, "torch": v|null, ...errors} as one JSON line;
// each import is tried on its own so one failure does not hide the other.
const char kVersionScript[] =
    "import json\n"
    "d = {}\n"
    "for m in ('triton', 'torch'):\n"
    "    try:\n"
    "        d[m] = __import__(m).__version__\n"
    "    except BaseException as e:\n"
    "        d[m] = None\n"
    "        d[m + '_error'] = type(e).__name__ + ': ' + str(e)\n"
    "print(json.dumps(d))\n";

std::optional<int> Minor(const json& triton_version, int* major) {
  if (!triton_version.is_string()) return std::nullopt;
  // ^(\d+)\.(\d+) by hand.
  std::string v = triton_version.get<std::string>();
  size_t a = 0;
  while (a < v.size() && std::isdigit(static_cast<unsigned char>(v[a]))) ++a;
  if (a == 0 || a > 9 || a >= v.size() || v[a] != '.') return std::nullopt;
  size_t b = a + 1;
  while (b < v.size() && std::isdigit(static_cast<unsigned char>(v[b]))) ++b;
  if (b == a + 1 || b - a - 1 > 9) return std::nullopt;
  *major = std::stoi(v.substr(0, a));
  return std::stoi(v.substr(a + 1, b - a - 1));
}

// The script a launch runs, if it is a python or pytest launch.
std::optional<fs::path> ScriptOf(const std::vector<std::string>& argv) {
  if (argv.empty() || !IsPythonName(argv[0])) return std::nullopt;
  for (size_t i = 1; i < argv.size(); ++i) {
    if (argv[i] == "-m" || argv[i].rfind("-m", 0) == 0) return std::nullopt;
    if (!argv[i].empty() && argv[i][0] != '-') return fs::path(argv[i]);
  }
  return std::nullopt;
}

}  // namespace

// (sys\.exit|SystemExit|\bexit)\(\s*main\(\s*\)\s*\) by hand: one pass, no recursion
// (std::regex overflowed the stack on `exit(` followed by 50,000 spaces).
bool HasSuccessPathExitText(std::string_view text) {
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; };
  auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (size_t at = text.find("exit("); at != std::string_view::npos; at = text.find("exit(", at + 1)) {
    if (at > 0 && word(text[at - 1])) continue;  // \bexit; sys.exit has '.' before it
    size_t i = at + 5;
    while (i < text.size() && space(text[i])) ++i;
    if (text.substr(i, 5) != "main(") continue;
    i += 5;
    while (i < text.size() && space(text[i])) ++i;
    if (i >= text.size() || text[i] != ')') continue;
    ++i;
    while (i < text.size() && space(text[i])) ++i;
    if (i < text.size() && text[i] == ')') return true;
  }
  for (size_t at = text.find("SystemExit("); at != std::string_view::npos; at = text.find("SystemExit(", at + 1)) {
    size_t i = at + 11;
    while (i < text.size() && space(text[i])) ++i;
    if (text.substr(i, 5) != "main(") continue;
    i += 5;
    while (i < text.size() && space(text[i])) ++i;
    if (i >= text.size() || text[i] != ')') continue;
    ++i;
    while (i < text.size() && space(text[i])) ++i;
    if (i < text.size() && text[i] == ')') return true;
  }
  return false;
}

namespace {

bool HasSuccessPathExit(const fs::path& script) {
  ReadResult read = ReadRegularFile(script.string(), kMaxFileBytes);  // a FIFO is refused, not waited on
  return read.ok && HasSuccessPathExitText(read.text);
}

}  // namespace

json ProbeEnvironment(const std::string& python) {
  json env = {{"python", python.empty() ? json(nullptr) : json(python)},
              {"triton_version", nullptr},
              {"torch_version", nullptr},
              {"gpu_name", nullptr},
              {"gpu_vendor", nullptr},
              {"notes", json::array()}};
  if (python.empty()) {
    env["notes"].push_back("no Python interpreter known for this launch; versions not read");
  } else if (auto out = Capture({python, "-c", kVersionScript}, 180)) {
    json d = json::parse(FirstLine(*out), nullptr, false);
    if (d.is_object()) {
      env["triton_version"] = d.value("triton", json(nullptr));
      env["torch_version"] = d.value("torch", json(nullptr));
      for (const char* k : {"triton_error", "torch_error"}) {
        if (d.contains(k)) env["notes"].push_back(d[k]);
      }
    } else {
      env["notes"].push_back("could not read versions from '" + python + "'");
    }
  } else {
    env["notes"].push_back("'" + python + " -c import triton, torch' failed; versions unknown");
  }

  if (auto out = Capture({"nvidia-smi", "--query-gpu=name", "--format=csv,noheader"}, 30);
      out && !FirstLine(*out).empty()) {
    env["gpu_name"] = FirstLine(*out);
    env["gpu_vendor"] = "nvidia";
  } else if (auto amd = Capture({"rocm-smi", "--showproductname"}, 30)) {
    std::istringstream lines(*amd);
    for (std::string line; std::getline(lines, line);) {
      auto pos = line.find("Card Series:");
      if (pos == std::string::npos) pos = line.find("Card series:");
      if (pos == std::string::npos) continue;
      std::string name = line.substr(pos + 12);
      name.erase(0, name.find_first_not_of(" \t"));
      env["gpu_name"] = FirstLine(name);
      break;
    }
    env["gpu_vendor"] = "amd";
  } else {
    env["notes"].push_back("neither nvidia-smi nor rocm-smi answered; GPU unknown");
  }
  return env;
}

json ResolveBackend(const CollectorOptions& proton, const json& environment) {
  std::string requested = Opt(proton, "backend", "auto");
  json r = {{"requested", requested}, {"resolved", nullptr}, {"reason", ""}};
  if (requested != "auto") {
    r["resolved"] = requested;
    r["reason"] = "pinned by the recipe";
    return r;
  }
  json vendor = environment.value("gpu_vendor", json(nullptr));
  if (vendor == "nvidia") {
    r["resolved"] = "cupti";
    r["reason"] =
        "auto on an NVIDIA GPU is CUPTI (Proton picks the runtime's backend; "
        "the .hatchet does not record it)";
  } else if (vendor == "amd") {
    int major = 0;
    auto minor = Minor(environment.value("triton_version", json(nullptr)), &major);
    if (!minor) {
      r["reason"] =
          "auto on AMD depends on the Triton version (roctracer before 3.8, "
          "rocprofiler from 3.8), which is unknown";
    } else {
      bool new_enough = major > 3 || (major == 3 && *minor >= 8);
      r["resolved"] = new_enough ? "rocprofiler" : "roctracer";
      r["reason"] = "auto on AMD with this Triton version";
    }
  } else {
    r["reason"] = "no GPU identified, so what auto chose cannot be known";
  }
  return r;
}

std::vector<std::string> ExplainProtonCapture(const CollectorOptions& proton, int exit_code, const fs::path& proton_dir,
                                              const json& metrics, const json& environment,
                                              const std::vector<std::string>& target) {
  std::vector<std::string> notes;
  const std::string data = Opt(proton, "data", "tree");
  const std::string mode = Opt(proton, "mode", "cli");
  bool any_hatchet = false;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(proton_dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->path().extension() == ".hatchet") any_hatchet = true;
  }
  if (data == "trace") {
    notes.push_back(
        "data: trace writes a Chrome trace (.chrome_trace), not a .hatchet, so "
        "there are no numeric proton metrics");
    return notes;
  }
  if (Opt(proton, "backend", "auto") == "instrumentation") {
    notes.push_back(
        "backend: instrumentation records cycles, not time, so there are no "
        "numeric proton metrics");
  }
  if (exit_code != 0) {
    if (!any_hatchet)
      notes.push_back("the run failed (exit " + std::to_string(exit_code) + ") before Proton wrote a .hatchet");
    return notes;
  }
  if (!any_hatchet) {
    json tv = environment.value("triton_version", json(nullptr));
    bool is36 = tv.is_string() && tv.get<std::string>().rfind("3.6", 0) == 0;
    auto script = ScriptOf(target);
    bool exits = script && HasSuccessPathExit(*script);
    if (mode == "cli" && (exits || is36 || tv.is_null())) {
      std::string why =
          "PAY004: on Triton 3.6 a success-path SystemExit (sys.exit(main()), "
          "raise SystemExit(main())) escapes Proton's CLI before finalize(), so no "
          ".hatchet is written";
      if (exits) why += "; " + script->string() + " exits that way";
      notes.push_back(why);
    }
    if (mode == "env") {
      notes.push_back(
          "mode: env needs the payload itself to call proton.start() with the "
          "AORTA_PROTON_* variables and proton.finalize(); it may not have");
    }
    notes.push_back(
        "the exit was 0 but no .hatchet was written: the payload may have "
        "launched no kernels inside the Proton session");
    return notes;
  }
  if (Opt(proton, "backend", "auto") == "instrumentation") {
    // Cycles are the numbers here; an instrumentation tree with no scope is the failure.
    if (!ReadCycles(proton_dir))
      notes.push_back(
          "the instrumentation tree holds no scope: no kernel marked one (PAY010), or the scopes sit in "
          "a plain @triton.jit kernel that Triton 3.6 does not compile (PAY011)");
    return notes;
  }
  if (!metrics.contains("proton_gpu_time_ms")) {
    notes.push_back(
        "the .hatchet has an empty ROOT (no timed kernel): no kernel ran inside "
        "the session, or the backend was never set up (e.g. -b roctracer under "
        "mode: cli)");
  }
  return notes;
}

json MakeTrialRecord(const TrialInputs& in) {
  json env_set = json::object();
  for (const auto& [k, v] : in.wrap.env_set) env_set[k] = v;
  json rec = {
      {"schema", "aortalint.trial/1"},
      {"recipe", in.recipe},
      {"cell", in.cell.empty() ? json(nullptr) : json(in.cell)},
      {"argv", in.argv},
      {"wrapped_argv", in.wrap.argv},
      {"env_set", env_set},
      {"env_unset", in.wrap.env_unset},
      {"warnings", in.wrap.warnings},
      {"started_at", in.started_at},
      {"exit_code", in.child.exit_code},
      {"timed_out", in.child.timed_out},
      {"signal", in.child.signal},
      {"forwarded_signal", in.child.forwarded_signal},
      {"wall_time_s", in.child.wall_seconds},
      {"metrics", in.metrics},
      {"environment", in.environment},
      {"collectors", json::array()},
      {"capture_notes", json::array()},
  };
  if (in.rocprof) rec["collectors"].push_back("rocprof");
  if (in.proton) {
    rec["collectors"].push_back("proton");
    json p = ResolveBackend(*in.proton, in.environment);
    p["mode"] = Opt(*in.proton, "mode", "cli");
    p["data"] = Opt(*in.proton, "data", "tree");
    p["context"] = Opt(*in.proton, "context", "shadow");
    rec["proton"] = p;
    fs::path pdir = ProtonDir(in.output_dir);
    rec["capture_notes"] =
        ExplainProtonCapture(*in.proton, in.child.exit_code, pdir, in.metrics, in.environment, in.argv);
  }
  if (!in.child.error.empty()) rec["error"] = in.child.error;
  return rec;
}

}  // namespace aortalint::run
