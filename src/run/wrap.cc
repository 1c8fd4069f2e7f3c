// Argv wrapping with aorta's semantics; reference §4 is the contract.
#include "run/wrap.h"

#include "base/names.h"

#include "base/display_width.h"
#include "base/file_reader.h"
#include "python/str.h"
#include "python/unicode_tables.h"
#include "python/value.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>

namespace aortalint::run {
namespace {

namespace fs = std::filesystem;

// Interpreter flags that Proton's front-end tolerates ahead of `-m`.
const std::set<std::string> kKeptFlags = {"-u", "-B", "-E", "-s", "-S", "-O", "-OO", "-I", "-b", "-q"};
// The only module `python -m X` may name under mode: cli.
const char kPytest[] = "pytest";
// Proton backends whose CLI pin is refused (Proton's CLI skips backend
// setup when -b is given, so roctracer records nothing).
const std::set<std::string> kCliRefusedBackends = {"roctracer"};
// Backends that intercept HSA queues: the device-variable translation applies.
const std::set<std::string> kQueueIntercepting = {"auto", "rocprofiler", "roctracer"};
// rocprof trace tokens and their flags.
const std::map<std::string, std::string> kTraceFlags = {
    {"kernel", "--kernel-trace"},           {"hip", "--hip-trace"},   {"hip_runtime", "--hip-runtime-trace"},
    {"memory_copy", "--memory-copy-trace"}, {"rccl", "--rccl-trace"}, {"marker", "--marker-trace"},
    {"scratch", "--scratch-memory-trace"}};

std::string Opt(const CollectorOptions& o, const std::string& key, const std::string& dflt = "") {
  auto it = o.find(key);
  return it == o.end() || it->second.empty() ? dflt : it->second;
}

// A Python list repr of strings, the form aorta's messages use.
std::string PyList(const std::vector<std::string>& items) {
  std::string s = "[";
  for (size_t i = 0; i < items.size(); ++i) {
    if (i) s += ", ";
    s += "'" + items[i] + "'";
  }
  return s + "]";
}

std::vector<std::string> SortedKeptFlags() {
  return std::vector<std::string>(kKeptFlags.begin(), kKeptFlags.end());  // std::set sorts bytewise, like sorted()
}

// os.path.expanduser then os.path.expandvars: unknown variables stay as written.
std::string Expand(const std::string& in, const EnvLookup& env) {
  std::string s = in;
  if (!s.empty() && s[0] == '~' && (s.size() == 1 || s[1] == '/')) {
    if (auto home = env("HOME")) {
      std::string h = *home;
      while (!h.empty() && h.back() == '/') h.pop_back();
      s = h + s.substr(1);
      if (s.empty()) s = "/";
    }
  }
  // posixpath's \$(\w+|\{[^}]*\}) (re.ASCII), scanned by hand: linear on any input.
  auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  std::string out;
  for (size_t i = 0; i < s.size();) {
    if (s[i] != '$' || i + 1 >= s.size()) {
      out += s[i++];
      continue;
    }
    size_t end;
    std::string name;
    if (word(s[i + 1])) {
      end = i + 1;
      while (end < s.size() && word(s[end])) ++end;
      name = s.substr(i + 1, end - i - 1);
    } else if (s[i + 1] == '{' && s.find('}', i + 2) != std::string::npos) {
      size_t close = s.find('}', i + 2);
      name = s.substr(i + 2, close - i - 2);
      end = close + 1;
    } else {
      out += s[i++];
      continue;
    }
    auto value = env(name);
    out += value ? *value : s.substr(i, end - i);
    i = end;
  }
  return out;
}

std::string Basename(const std::string& p) { return fs::path(p).filename().string(); }

}  // namespace

std::string PyNormPath(const std::string& path) {
  if (path.empty()) return ".";
  // POSIX keeps exactly two leading slashes; one or three and more become one.
  size_t lead = 0;
  while (lead < path.size() && path[lead] == '/') ++lead;
  std::string prefix = lead == 0 ? "" : lead == 2 ? "//" : "/";
  std::vector<std::string> parts;
  std::istringstream in(path);
  for (std::string part; std::getline(in, part, '/');) {
    if (part.empty() || part == ".") continue;
    if (part != ".." || (prefix.empty() && (parts.empty() || parts.back() == ".."))) {
      parts.push_back(part);
    } else if (!parts.empty()) {
      parts.pop_back();
    }
  }
  std::string out = prefix;
  for (size_t i = 0; i < parts.size(); ++i) out += (i ? "/" : "") + parts[i];
  return out.empty() ? "." : out;
}

std::string PyAbsPath(const std::string& path) {
  if (!path.empty() && path[0] == '/') return PyNormPath(path);
  std::error_code ec;
  std::string cwd = fs::current_path(ec).string();
  return PyNormPath(cwd + "/" + path);
}

namespace {

bool IsExecutableFile(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec) && ::access(p.c_str(), X_OK) == 0;
}

// The interpreter on a console script's shebang, read as aorta's
// _shebang_interpreter reads it: readline(256), so a longer line is cut at
// byte 256 (and one cut inside a UTF-8 character is unreadable); the words
// split on Python whitespace; `#!/usr/bin/env X` gives X, even `-S`, which
// then names no python.
std::optional<std::string> ShebangInterpreter(const fs::path& script) {
  ReadResult read = ReadRegularFile(script.string(), kMaxFileBytes);  // a FIFO is refused, not waited on
  if (!read.ok) return std::nullopt;
  constexpr size_t kReadlineLimit = 256;
  std::string_view line = std::string_view(read.text).substr(0, kReadlineLimit);
  line = line.substr(0, line.find('\n'));
  if (!line.starts_with("#!")) return std::nullopt;
  line.remove_prefix(2);
  if (Utf8ErrorOffset(line)) return std::nullopt;  // UnicodeDecodeError
  std::vector<std::string> words;
  for (size_t i = 0; i < line.size();) {
    if (size_t n = PySpaceLength(line, i)) {
      i += n;
      continue;
    }
    size_t start = i;
    while (i < line.size() && !PySpaceLength(line, i)) ++i;
    words.emplace_back(line.substr(start, i - start));
  }
  if (words.empty()) return std::nullopt;
  size_t at = Basename(words[0]) == "env" && words.size() > 1 ? 1 : 0;
  return words[at];
}

// What `--mode` carries, or "" when no mode knob is set.
std::string ModeArgument(const CollectorOptions& o) {
  std::string backend_mode = Opt(o, "backend_mode");
  if (!backend_mode.empty()) return backend_mode;
  std::string imode = Opt(o, "instrumentation_mode");
  std::string gran = Opt(o, "granularity");
  if (imode.empty() && gran.empty()) return "";
  std::string m = imode.empty() ? "default" : imode;
  if (!gran.empty()) m += ":granularity=" + gran;
  return m;
}

// The device-variable translation (§2.5): which variables to unset and the
// ROCR_VISIBLE_DEVICES value to set, or nothing.
struct DeviceCarry {
  std::vector<std::string> unset;
  std::optional<std::string> rocr;
};

DeviceCarry DeviceTranslation(const std::string& backend, const EnvLookup& env) {
  DeviceCarry carry;
  if (!kQueueIntercepting.count(backend)) return carry;
  auto hip = env("HIP_VISIBLE_DEVICES");
  auto cuda = env("CUDA_VISIBLE_DEVICES");
  auto rocr = env("ROCR_VISIBLE_DEVICES");
  bool amd = backend == "rocprofiler" || backend == "roctracer" || hip || rocr;
  std::optional<std::string> first;
  if (hip) {
    carry.unset.push_back("HIP_VISIBLE_DEVICES");
    first = hip;
  }
  if (cuda && amd) {
    carry.unset.push_back("CUDA_VISIBLE_DEVICES");
    if (!first) first = cuda;
  }
  if (carry.unset.empty()) return carry;
  carry.rocr = rocr ? rocr : first;
  return carry;
}

std::string CarryWarning(const DeviceCarry& c) {
  std::string vars;
  for (const auto& v : c.unset) vars += (vars.empty() ? "" : ", ") + v;
  return "proton: unsetting " + vars +
         " for the child (Proton refuses HIP_VISIBLE_DEVICES on AMD GPUs) and setting ROCR_VISIBLE_DEVICES='" +
         *c.rocr + "' so the same devices stay visible";
}

// The `env -u ... K=V` prefix; an error when env(1) is not on PATH.
std::optional<std::string> EnvPrefix(const DeviceCarry& carry, std::vector<std::pair<std::string, std::string>> assigns,
                                     const EnvLookup& env, std::vector<std::string>& prefix, WrapResult& result) {
  if (carry.rocr) assigns.emplace_back("ROCR_VISIBLE_DEVICES", *carry.rocr);
  std::sort(assigns.begin(), assigns.end());
  auto env_bin = FindOnPath("env", env("PATH").value_or(""));
  if (!env_bin) {
    std::vector<std::string> what;
    for (const auto& u : carry.unset) what.push_back("-u " + u);
    for (const auto& [k, v] : assigns) what.push_back(k + "=" + v);
    return "proton needs 'env' on $PATH to apply " + PyList(what) +
           ", and it was not found. Put coreutils' env on $PATH.";
  }
  prefix.push_back(env_bin->string());
  for (const auto& u : carry.unset) {
    prefix.push_back("-u");
    prefix.push_back(u);
    result.env_unset.push_back(u);
  }
  for (const auto& [k, v] : assigns) {
    prefix.push_back(k + "=" + v);
    result.env_set.emplace_back(k, v);
  }
  return std::nullopt;
}

// mode: cli. Fills result.argv or result.error.
void WrapProtonCli(const std::vector<std::string>& argv, const fs::path& pdir, const CollectorOptions& o,
                   const EnvLookup& env, WrapResult& result) {
  std::string backend = Opt(o, "backend", "auto");
  if (kCliRefusedBackends.count(backend)) {
    result.aorta_exception = "ProtonWrapError";
    result.error = "proton mode 'cli' cannot pin backend '" + backend +
                   "': Proton's command-line front-end sets a backend up only when '-b' is absent, "
                   "so a pinned roctracer records nothing (an empty ROOT). Use 'proton: {mode: env}' to "
                   "pin it, or keep 'backend: auto' (roctracer on AMD before Triton 3.8). Only roctracer "
                   "is refused: rocprofiler sets itself up when libproton loads, so its pin is allowed.";
    return;
  }
  PythonLaunch launch = SplitPythonLaunch(argv);
  if (!launch.ok()) {
    result.aorta_exception = "ProtonWrapError";
    result.error = launch.error;
    return;
  }
  std::string python;
  if (launch.pytest) {
    if (auto pe = env("AORTA_PROTON_PYTHON"); pe && !pe->empty()) {
      python = Expand(*pe, env);
    } else {
      // shutil.which: a path is taken when it is an executable file.
      std::optional<fs::path> script = argv[0].find('/') == std::string::npos
                                           ? FindOnPath(argv[0], env("PATH").value_or(""))
                                       : IsExecutableFile(argv[0]) ? std::optional<fs::path>(argv[0])
                                                                   : std::nullopt;
      if (script) {
        // Only a python on the shebang will do (a shell wrapper is no interpreter for Proton).
        if (auto interp = ShebangInterpreter(*script); interp && IsPythonName(*interp)) python = *interp;
      }
      if (python.empty()) {
        python = "python3";
        result.warnings.push_back(
            "proton: could not read an interpreter from pytest's shebang; using 'python3' "
            "(set AORTA_PROTON_PYTHON to choose one)");
      }
    }
  } else {
    auto pe = env("AORTA_PROTON_PYTHON");
    python = pe && !pe->empty() ? Expand(*pe, env) : argv[0];
  }

  std::vector<std::string> out;
  DeviceCarry carry = DeviceTranslation(backend, env);
  if (carry.rocr) {
    if (auto err = EnvPrefix(carry, {}, env, out, result)) {
      result.aorta_exception = "ProtonWrapError";  // no env(1) to carry the variables
      result.error = *err;
      return;
    }
    result.warnings.push_back(CarryWarning(carry));
  }
  out.push_back(python);
  out.insert(out.end(), launch.flags.begin(), launch.flags.end());
  for (const char* a : {"-m", "triton.profiler.proton", "-n"}) out.push_back(a);
  out.push_back((pdir / "proton").string());
  if (backend != "auto") {
    out.push_back("-b");
    out.push_back(backend);
  }
  out.push_back("--context");
  out.push_back(Opt(o, "context", "shadow"));
  out.push_back("--data");
  out.push_back(Opt(o, "data", "tree"));
  if (std::string mode = ModeArgument(o); !mode.empty()) {
    out.push_back("--mode");
    out.push_back(mode);
  }
  if (std::string hook = Opt(o, "hook"); !hook.empty()) {
    out.push_back("-k");
    out.push_back(hook);
  }
  out.insert(out.end(), launch.target.begin(), launch.target.end());
  result.argv = std::move(out);
  result.python = python;
}

// mode: env: any argv, prefixed with env(1) and the AORTA_PROTON_* variables.
void WrapProtonEnv(const std::vector<std::string>& argv, const fs::path& pdir, const CollectorOptions& o,
                   const EnvLookup& env, WrapResult& result) {
  if (argv.empty()) {
    result.error = "proton cannot wrap an empty command (nothing after '--')";
    return;
  }
  // env(1) would take such a first word as one more assignment and run the
  // next word instead; without the prefix it is a program that does not exist.
  if (argv[0].find('=') != std::string::npos) {
    result.error = "the command's first word '" + argv[0] +
                   "' holds '=': with 'proton: {mode: env}' it follows env(1)'s assignments, which would take "
                   "it as one more variable and run the next word instead, where a run without the collector "
                   "cannot run it at all. Set variables in the recipe's extra_env or in the environment "
                   "aortalint runs in, and begin the command with the program";
    return;
  }
  std::string backend = Opt(o, "backend", "auto");
  std::vector<std::pair<std::string, std::string>> assigns = {{"AORTA_PROTON_CONTEXT", Opt(o, "context", "shadow")},
                                                              {"AORTA_PROTON_DATA", Opt(o, "data", "tree")},
                                                              {"AORTA_PROTON_DIR", pdir.string()},
                                                              {"AORTA_PROTON_NAME", (pdir / "proton").string()}};
  if (backend != "auto") assigns.emplace_back("AORTA_PROTON_BACKEND", backend);
  if (std::string hook = Opt(o, "hook"); !hook.empty()) assigns.emplace_back("AORTA_PROTON_HOOK", hook);
  if (std::string mode = ModeArgument(o); !mode.empty()) assigns.emplace_back("AORTA_PROTON_MODE", mode);
  DeviceCarry carry = DeviceTranslation(backend, env);
  std::vector<std::string> out;
  if (auto err = EnvPrefix(carry, assigns, env, out, result)) {
    result.error = *err;
    return;
  }
  if (carry.rocr) result.warnings.push_back(CarryWarning(carry));
  out.insert(out.end(), argv.begin(), argv.end());
  result.argv = std::move(out);
  if (IsPythonName(argv[0])) result.python = argv[0];
}

// rocprofv3 outermost (§4.3).
void WrapRocprof(const fs::path& rdir, const CollectorOptions& o, const EnvLookup& env, const WrapRequest& request,
                 WrapResult& result) {
  std::string path_var = env("PATH").value_or("");
  std::string bin;
  auto raw = env("ROCPROF_BIN");
  if (raw && !raw->empty()) {
    std::string expanded = Expand(*raw, env);
    if (expanded.find('/') != std::string::npos) {
      // os.path.abspath: joined to the working directory and normalised.
      std::string absolute = PyAbsPath(expanded);
      if (!IsExecutableFile(absolute)) {
        result.aorta_exception = "RocprofUnavailableError";
        result.error = "ROCPROF_BIN='" + expanded + "' looks like a path but does not point to an executable file.";
        return;
      }
      bin = absolute;
    } else if (auto found = FindOnPath(expanded, path_var)) {
      bin = found->string();
    } else {
      result.aorta_exception = "RocprofUnavailableError";
      result.error = "ROCPROF_BIN='" + expanded + "' was not found on $PATH.";
      return;
    }
  } else if (auto found = FindOnPath("rocprofv3", path_var)) {
    bin = found->string();
  } else if (request.rocprof_elsewhere) {
    bin = "rocprofv3";
    result.warnings.push_back(
        "rocprofv3 is not on this machine's PATH, so the plan names it bare, as it runs where ROCm is installed; "
        "on a host without it (and without $ROCPROF_BIN) aorta refuses the trial (RocprofUnavailableError)");
  } else {
    result.aorta_exception = "RocprofUnavailableError";
    result.error =
        "rocprofv3 not found: point $ROCPROF_BIN at the profiler binary or put 'rocprofv3' "
        "(shipped with ROCm) on $PATH; the rocprof collector needs it.";
    return;
  }

  std::vector<std::string> out = {
      bin, "-d", rdir.string(), "-o", "aorta", "--output-format", Opt(o, "output_format", "csv")};
  // Tokens split on commas and whitespace, lowercased, first occurrence kept.
  std::set<std::string> seen;
  for (const std::string& t : PySplitTokens(PyLower(Opt(o, "trace", "kernel")))) {
    if (!seen.insert(t).second) continue;
    if (auto it = kTraceFlags.find(t); it != kTraceFlags.end()) out.push_back(it->second);
  }
  std::string stats = Opt(o, "stats", "true");
  std::transform(stats.begin(), stats.end(), stats.begin(), ::tolower);
  if (stats == "1" || stats == "true" || stats == "yes" || stats == "on") out.push_back("--stats");
  for (const char* a : {"-S", "--summary-output-file", "rocprof_summary"}) out.push_back(a);
  if (std::string u = Opt(o, "summary_units"); !u.empty()) {
    out.push_back("-u");
    out.push_back(u);
  }
  if (std::string r = Opt(o, "kernel_include_regex"); !r.empty()) {
    out.push_back("--kernel-include-regex");
    out.push_back(r);
  }
  if (std::string pmc = Opt(o, "pmc"); !pmc.empty()) {
    // Counter names as written: case is part of a counter's name. Anything else would be an option
    // of rocprofv3's own, and a `--` in the list would make what follows the command it runs.
    out.push_back("--pmc");
    for (std::string& c : PySplitTokens(pmc)) {
      if (!IsCounterName(c)) {
        // aorta passes it on (COL005's warning); aortalint's runner does not start such a capture.
        std::string why = "rocprof option 'pmc' holds '" + c + "', which is not a counter name: " +
                          (c.starts_with("-") ? "rocprofv3 would read it as its own option"
                                              : "rocprofv3 would look it up as one counter and stop if it has none "
                                                "by that name") +
                          ". List counter names only (SQ_WAVES, TCC_HIT[0]).";
        if (!request.plan_only) {
          result.error = why;
          return;
        }
        result.own_refusals.push_back(why);
      }
      out.push_back(std::move(c));
    }
  }
  out.push_back("--");
  out.insert(out.end(), result.argv.begin(), result.argv.end());
  result.argv = std::move(out);
}

}  // namespace

EnvLookup ProcessEnv() {
  return [](const std::string& name) -> std::optional<std::string> {
    const char* v = std::getenv(name.c_str());
    if (!v) return std::nullopt;
    return std::string(v);
  };
}

EnvLookup MapEnv(std::map<std::string, std::string> vars) {
  return [vars = std::move(vars)](const std::string& name) -> std::optional<std::string> {
    auto it = vars.find(name);
    if (it == vars.end()) return std::nullopt;
    return it->second;
  };
}

PythonLaunch SplitPythonLaunch(const std::vector<std::string>& argv) {
  PythonLaunch launch;
  if (argv.empty()) {
    launch.error = "proton cannot wrap an empty command (nothing after '--')";
    return launch;
  }
  if (Basename(argv[0]) == kPytest) {
    launch.pytest = true;
    launch.target = argv;
    return launch;
  }
  if (!IsPythonName(argv[0])) {
    launch.error = "proton mode 'cli' needs a Python script launch, got '" + argv[0] +
                   "'. Launch 'python script.py ...' or 'pytest ...', or use 'proton: {mode: env}' "
                   "for launchers, binaries and shell scripts.";
    return launch;
  }
  for (size_t i = 1; i < argv.size(); ++i) {
    const std::string& a = argv[i];
    if (kKeptFlags.count(a)) {
      launch.flags.push_back(a);
      continue;
    }
    if (a.rfind("-m", 0) == 0) {
      std::string module = a.size() > 2 ? a.substr(2) : (i + 1 < argv.size() ? argv[i + 1] : "");
      if (module.empty()) {
        launch.error = "proton mode 'cli' found '-m' with no module name after it in " + PyList(argv);
        return launch;
      }
      if (module != kPytest) {
        launch.error = "proton mode 'cli' cannot wrap 'python -m " + module +
                       "': Proton's front-end runs its target as a script file "
                       "(runpy.run_path), and the one module it also takes is " +
                       PyList({kPytest}) + ". Run the script itself, or use 'proton: {mode: env}'.";
        return launch;
      }
      size_t rest = a.size() > 2 ? i + 1 : i + 2;
      launch.target.push_back(kPytest);
      launch.target.insert(launch.target.end(), argv.begin() + rest, argv.end());
      return launch;
    }
    if (!a.empty() && a[0] == '-') {
      launch.error = "proton mode 'cli' cannot wrap interpreter option '" + a +
                     "' (supported: " + PyList(SortedKeptFlags()) + ", plus '-m' with " + PyList({kPytest}) +
                     "). Invoke the script directly, or use 'proton: {mode: env}'.";
      return launch;
    }
    launch.target.assign(argv.begin() + i, argv.end());
    launch.script = a;
    return launch;
  }
  launch.error = "proton mode 'cli' needs a script path after the interpreter; got " + PyList(argv);
  return launch;
}

fs::path ProtonDir(const fs::path& output_dir) { return output_dir / "proton"; }
fs::path RocprofDir(const fs::path& output_dir) { return output_dir / "rocprof"; }

bool IsPythonName(const std::string& argv0) {
  // re.match(r"^python(\d+(\.\d+)?)?$") by hand: \d is any decimal digit
  // ("python３"), and $ also matches before one final newline.
  std::string name = Basename(argv0);
  if (name.rfind("python", 0) != 0) return false;
  std::string_view v = std::string_view(name).substr(6);
  if (v.ends_with('\n')) v.remove_suffix(1);
  auto digits = [](std::string_view d) {
    if (d.empty()) return false;
    for (size_t at = 0; at < d.size();)
      if (PyDecimalValue(DecodeUtf8(d, at)) < 0) return false;
    return true;
  };
  if (v.empty()) return true;
  size_t dot = v.find('.');
  return dot == std::string_view::npos ? digits(v) : digits(v.substr(0, dot)) && digits(v.substr(dot + 1));
}

std::optional<fs::path> FindOnPath(const std::string& name, const std::string& path_var) {
  if (name.empty()) return std::nullopt;
  std::istringstream dirs(path_var);
  for (std::string d; std::getline(dirs, d, ':');) {
    fs::path candidate = fs::path(d.empty() ? "." : d) / name;
    if (IsExecutableFile(candidate)) return candidate;
  }
  return std::nullopt;
}

WrapResult WrapArgv(const WrapRequest& request) {
  WrapResult result;
  EnvLookup env = request.env ? request.env : ProcessEnv();
  result.argv = request.argv;
  if (request.proton) {
    const std::string mode = Opt(*request.proton, "mode", "cli");
    if (mode == "env") {
      WrapProtonEnv(request.argv, ProtonDir(request.output_dir), *request.proton, env, result);
    } else {
      WrapProtonCli(request.argv, ProtonDir(request.output_dir), *request.proton, env, result);
    }
  } else if (!request.argv.empty() && IsPythonName(request.argv[0])) {
    result.python = request.argv[0];
  }
  if (request.rocprof && result.ok()) {
    if (result.argv.empty()) {
      result.error = "rocprof cannot wrap an empty command (nothing after '--')";
      return result;
    }
    WrapRocprof(RocprofDir(request.output_dir), *request.rocprof, env, request, result);
  }
  if (!result.ok()) result.argv.clear();
  return result;
}

std::string ShellQuote(const std::vector<std::string>& argv) {
  std::string line;
  for (const auto& a : argv) {
    if (!line.empty()) line += ' ';
    bool safe = !a.empty() && std::all_of(a.begin(), a.end(), [](char c) {
      return std::isalnum(static_cast<unsigned char>(c)) ||
             std::string_view("@%+=:,./_-").find(c) != std::string_view::npos;
    });
    if (safe) {
      line += a;
      continue;
    }
    line += '\'';
    for (char c : a) {
      if (c == '\'')
        line += "'\"'\"'";
      else
        line += c;
    }
    line += '\'';
  }
  return line;
}

}  // namespace aortalint::run
