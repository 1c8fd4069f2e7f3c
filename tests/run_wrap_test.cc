// Table-driven tests of src/run/wrap against aorta's accepted and refused launches (§4, §7.2).
#include <doctest/doctest.h>

#include <sys/stat.h>

#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "run/wrap.h"

namespace {

namespace fs = std::filesystem;
using aortalint::run::CollectorOptions;
using aortalint::run::MapEnv;
using aortalint::run::ShellQuote;
using aortalint::run::WrapArgv;
using aortalint::run::WrapRequest;
using aortalint::run::WrapResult;
using Argv = std::vector<std::string>;

// A PATH directory holding executable stand-ins (env, rocprofv3, pytest).
struct FakeBin {
  fs::path dir;
  FakeBin() {
    std::random_device rd;
    dir = fs::temp_directory_path() / ("aortalint_wrap_" + std::to_string(rd()));
    fs::create_directories(dir);
    Add("env", "#!/bin/sh\n");
    Add("rocprofv3", "#!/bin/sh\n");
    Add("pytest", "#!/usr/bin/env python3.11\nimport pytest\n");
  }
  ~FakeBin() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
  void Add(const std::string& name, const std::string& text) const {
    std::ofstream(dir / name) << text;
    ::chmod((dir / name).c_str(), 0755);
  }
  std::string Env() const { return (dir / "env").string(); }
};

CollectorOptions Proton(CollectorOptions extra = {}) {
  CollectorOptions o = {{"mode", "cli"}, {"backend", "auto"}, {"context", "shadow"}, {"data", "tree"}};
  for (auto& [k, v] : extra) o[k] = v;
  return o;
}

WrapResult Wrap(const Argv& argv, std::optional<CollectorOptions> proton, std::optional<CollectorOptions> rocprof,
                std::map<std::string, std::string> env, const FakeBin& bin) {
  if (!env.count("PATH")) env["PATH"] = bin.dir.string();
  return WrapArgv(WrapRequest{argv, "/out", std::move(proton), std::move(rocprof), MapEnv(env)});
}

const Argv kProtonHead = {"-m", "triton.profiler.proton", "-n", "/out/proton/proton"};
Argv Join(std::initializer_list<Argv> parts) {
  Argv out;
  for (const auto& p : parts) out.insert(out.end(), p.begin(), p.end());
  return out;
}

}  // namespace

TEST_CASE("proton mode: cli, accepted launches") {
  FakeBin bin;
  const Argv tail = {"--context", "shadow", "--data", "tree"};
  struct Case {
    Argv argv;
    Argv want;
  };
  const std::vector<Case> cases = {
      {{"python", "-u", "vecadd.py"}, Join({{"python", "-u"}, kProtonHead, tail, {"vecadd.py"}})},
      {{"python3", "vecadd.py", "--n", "-c"}, Join({{"python3"}, kProtonHead, tail, {"vecadd.py", "--n", "-c"}})},
      {{"/usr/bin/python3.12", "-B", "-OO", "-q", "x.py"},
       Join({{"/usr/bin/python3.12", "-B", "-OO", "-q"}, kProtonHead, tail, {"x.py"}})},
      {{"python", "-E", "-s", "-S", "-O", "-I", "-b", "x.py"},
       Join({{"python", "-E", "-s", "-S", "-O", "-I", "-b"}, kProtonHead, tail, {"x.py"}})},
      {{"python", "-m", "pytest", "-k", "gemm"}, Join({{"python"}, kProtonHead, tail, {"pytest", "-k", "gemm"}})},
      {{"python", "-mpytest"}, Join({{"python"}, kProtonHead, tail, {"pytest"}})},
      {{"python", "-u", "-m", "pytest", "-x"}, Join({{"python", "-u"}, kProtonHead, tail, {"pytest", "-x"}})},
      // Bare pytest: the interpreter comes from its shebang (#!/usr/bin/env python3.11).
      {{"pytest", "-k", "gemm"}, Join({{"python3.11"}, kProtonHead, tail, {"pytest", "-k", "gemm"}})},
  };
  for (const auto& c : cases) {
    CAPTURE(ShellQuote(c.argv));
    WrapResult r = Wrap(c.argv, Proton(), std::nullopt, {}, bin);
    REQUIRE(r.ok());
    CHECK(r.argv == c.want);
    CHECK(r.env_set.empty());
  }
}

TEST_CASE("proton mode: cli, refused launches name their reason") {
  FakeBin bin;
  struct Case {
    Argv argv;
    std::string fragment;
  };
  const std::vector<Case> cases = {
      {{}, "empty command"},
      {{"torchrun", "--nproc_per_node=8", "train.py"}, "needs a Python script launch, got 'torchrun'"},
      {{"/tmp/hip_gemm", "512"}, "needs a Python script launch, got '/tmp/hip_gemm'"},
      {{"bash", "run.sh"}, "got 'bash'"},
      {{"docker", "run", "img"}, "got 'docker'"},
      {{"python3.12.1", "x.py"}, "got 'python3.12.1'"},
      {{"pypy3", "x.py"}, "got 'pypy3'"},
      {{"python", "-c", "print(1)"},
       "cannot wrap interpreter option '-c' (supported: ['-B', '-E', '-I', '-O', '-OO', '-S', '-b', '-q', '-s', '-u'], "
       "plus '-m' with ['pytest'])"},
      {{"python", "-X", "dev", "x.py"}, "interpreter option '-X'"},
      {{"python", "-W", "error", "x.py"}, "interpreter option '-W'"},
      {{"python", "-uB", "x.py"}, "interpreter option '-uB'"},
      {{"python", "--", "x.py"}, "interpreter option '--'"},
      {{"python", "-"}, "interpreter option '-'"},
      {{"python", "-m", "torch.distributed.run", "x.py"}, "cannot wrap 'python -m torch.distributed.run'"},
      {{"python", "-mtorch.distributed.run"}, "cannot wrap 'python -m torch.distributed.run'"},
      {{"python", "-m"}, "'-m' with no module name after it in ['python', '-m']"},
      {{"python"}, "needs a script path after the interpreter; got ['python']"},
      {{"python", "-u"}, "needs a script path after the interpreter; got ['python', '-u']"},
  };
  for (const auto& c : cases) {
    CAPTURE(ShellQuote(c.argv));
    WrapResult r = Wrap(c.argv, Proton(), std::nullopt, {}, bin);
    CHECK_FALSE(r.ok());
    CHECK(r.error.find(c.fragment) != std::string::npos);
    CHECK(r.argv.empty());
  }
}

TEST_CASE("proton mode: cli, the roctracer pin is refused before the argv is looked at") {
  FakeBin bin;
  for (const Argv& argv : {Argv{"python", "x.py"}, Argv{"torchrun", "x.py"}, Argv{}}) {
    WrapResult r = Wrap(argv, Proton({{"backend", "roctracer"}}), std::nullopt, {}, bin);
    CHECK(r.error.find("cannot pin backend 'roctracer'") != std::string::npos);
  }
  // rocprofiler, cupti and instrumentation may be pinned.
  for (std::string b : {"rocprofiler", "cupti", "instrumentation"}) {
    WrapResult r = Wrap({"python", "x.py"}, Proton({{"backend", b}}), std::nullopt, {}, bin);
    REQUIRE(r.ok());
    CHECK(r.argv[5] == "-b");
    CHECK(r.argv[6] == b);
  }
}

TEST_CASE("proton mode: cli, --mode, -k and the interpreter choice") {
  FakeBin bin;
  struct Case {
    CollectorOptions extra;
    Argv middle;  // between -n ... and the target
  };
  const std::vector<Case> cases = {
      {{{"backend", "cupti"}, {"backend_mode", "pcsampling"}},
       {"-b", "cupti", "--context", "shadow", "--data", "tree", "--mode", "pcsampling"}},
      {{{"backend", "instrumentation"}, {"granularity", "warp"}},
       {"-b", "instrumentation", "--context", "shadow", "--data", "tree", "--mode", "default:granularity=warp"}},
      {{{"backend", "instrumentation"}, {"instrumentation_mode", "mma"}},
       {"-b", "instrumentation", "--context", "shadow", "--data", "tree", "--mode", "mma"}},
      {{{"backend", "instrumentation"}, {"instrumentation_mode", "pcsampling"}, {"granularity", "warp_2"}},
       {"-b", "instrumentation", "--context", "shadow", "--data", "tree", "--mode", "pcsampling:granularity=warp_2"}},
      {{{"context", "python"}, {"data", "trace"}, {"hook", "triton"}},
       {"--context", "python", "--data", "trace", "-k", "triton"}},
  };
  for (const auto& c : cases) {
    WrapResult r = Wrap({"python", "x.py"}, Proton(c.extra), std::nullopt, {}, bin);
    REQUIRE(r.ok());
    CHECK(r.argv == Join({{"python"}, kProtonHead, c.middle, {"x.py"}}));
  }
  WrapResult r = Wrap({"python3", "-u", "x.py"}, Proton(), std::nullopt,
                      {{"AORTA_PROTON_PYTHON", "~/venv/bin/$PY"}, {"HOME", "/home/u"}, {"PY", "python3.11"}}, bin);
  CHECK(r.argv[0] == "/home/u/venv/bin/python3.11");
  CHECK(r.argv[1] == "-u");
  CHECK(r.python == "/home/u/venv/bin/python3.11");
  bin.Add("pytest", "#!/bin/sh\n");  // no python on the shebang: fallback with a warning
  r = Wrap({"pytest"}, Proton(), std::nullopt, {}, bin);
  CHECK(r.argv[0] == "python3");
  CHECK(r.warnings.size() == 1);
}

TEST_CASE("proton mode: env wraps any argv with sorted AORTA_PROTON_* assignments") {
  FakeBin bin;
  WrapResult r = Wrap({"torchrun", "--nproc_per_node=8", "train.py"}, Proton({{"mode", "env"}}), std::nullopt, {}, bin);
  REQUIRE(r.ok());
  CHECK(r.argv == Argv{bin.Env(), "AORTA_PROTON_CONTEXT=shadow", "AORTA_PROTON_DATA=tree",
                       "AORTA_PROTON_DIR=/out/proton", "AORTA_PROTON_NAME=/out/proton/proton", "torchrun",
                       "--nproc_per_node=8", "train.py"});
  r = Wrap(
      {"/tmp/hip_gemm", "512"},
      Proton(
          {{"mode", "env"}, {"backend", "instrumentation"}, {"instrumentation_mode", "default"}, {"hook", "triton"}}),
      std::nullopt, {{"AORTA_PROTON_PYTHON", "/ignored/python"}}, bin);
  REQUIRE(r.ok());
  CHECK(r.argv == Argv{bin.Env(), "AORTA_PROTON_BACKEND=instrumentation", "AORTA_PROTON_CONTEXT=shadow",
                       "AORTA_PROTON_DATA=tree", "AORTA_PROTON_DIR=/out/proton", "AORTA_PROTON_HOOK=triton",
                       "AORTA_PROTON_MODE=default", "AORTA_PROTON_NAME=/out/proton/proton", "/tmp/hip_gemm", "512"});
  CHECK(r.env_set.size() == 7);
  // roctracer can be pinned in env mode.
  r = Wrap({"python", "x.py"}, Proton({{"mode", "env"}, {"backend", "roctracer"}}), std::nullopt, {}, bin);
  REQUIRE(r.ok());
  CHECK(r.argv[1] == "AORTA_PROTON_BACKEND=roctracer");
  // env(1) is required.
  r = Wrap({"python", "x.py"}, Proton({{"mode", "env"}}), std::nullopt, {{"PATH", "/nonexistent"}}, bin);
  CHECK(r.error.find("needs 'env' on $PATH") != std::string::npos);
}

TEST_CASE("N28: proton mode: env refuses a first word holding '=', which env(1) would take as an assignment") {
  FakeBin bin;
  WrapResult r = Wrap({"FOO=bar", "python3", "p.py"}, Proton({{"mode", "env"}}), std::nullopt, {}, bin);
  CHECK_FALSE(r.ok());
  CHECK(r.argv.empty());
  CHECK(r.error.find("first word 'FOO=bar' holds '='") != std::string::npos);
  CHECK(r.error.find("extra_env") != std::string::npos);
  // A later word with '=' is the program's own argument.
  r = Wrap({"python3", "p.py", "FOO=bar"}, Proton({{"mode", "env"}}), std::nullopt, {}, bin);
  CHECK(r.ok());
}

TEST_CASE("device-variable translation (§2.5)") {
  FakeBin bin;
  struct Case {
    std::string backend;
    std::map<std::string, std::string> env;
    Argv unset;
    std::optional<std::string> rocr;
  };
  const std::vector<Case> cases = {
      {"auto", {{"CUDA_VISIBLE_DEVICES", "0"}}, {}, std::nullopt},  // not AMD yet: untouched
      {"auto", {{"HIP_VISIBLE_DEVICES", "1"}}, {"HIP_VISIBLE_DEVICES"}, "1"},
      {"auto", {{"HIP_VISIBLE_DEVICES", ""}}, {"HIP_VISIBLE_DEVICES"}, ""},  // presence, not value
      {"auto",
       {{"HIP_VISIBLE_DEVICES", "1"}, {"CUDA_VISIBLE_DEVICES", "2"}},
       {"HIP_VISIBLE_DEVICES", "CUDA_VISIBLE_DEVICES"},
       "1"},
      {"auto", {{"ROCR_VISIBLE_DEVICES", ""}, {"CUDA_VISIBLE_DEVICES", "2"}}, {"CUDA_VISIBLE_DEVICES"}, ""},
      {"auto", {{"ROCR_VISIBLE_DEVICES", "3"}}, {}, std::nullopt},  // nothing to carry
      {"rocprofiler", {{"CUDA_VISIBLE_DEVICES", "2"}}, {"CUDA_VISIBLE_DEVICES"}, "2"},
      {"roctracer", {{"HIP_VISIBLE_DEVICES", "1"}, {"ROCR_VISIBLE_DEVICES", "5"}}, {"HIP_VISIBLE_DEVICES"}, "5"},
      {"cupti", {{"HIP_VISIBLE_DEVICES", "1"}, {"CUDA_VISIBLE_DEVICES", "2"}}, {}, std::nullopt},
      {"instrumentation", {{"HIP_VISIBLE_DEVICES", "1"}}, {}, std::nullopt},
  };
  for (const auto& c : cases) {
    for (std::string mode : {"cli", "env"}) {
      if (mode == "cli" && c.backend == "roctracer") continue;  // refused in cli
      CAPTURE(c.backend);
      CAPTURE(mode);
      WrapResult r =
          Wrap({"python", "x.py"}, Proton({{"mode", mode}, {"backend", c.backend}}), std::nullopt, c.env, bin);
      REQUIRE(r.ok());
      CHECK(r.env_unset == c.unset);
      std::optional<std::string> rocr;
      for (const auto& [k, v] : r.env_set) {
        if (k == "ROCR_VISIBLE_DEVICES") rocr = v;
      }
      CHECK(rocr == c.rocr);
      CHECK(r.warnings.size() == (c.rocr ? 1u : 0u));
      if (mode == "cli" && c.rocr) {
        Argv prefix = {bin.Env()};
        for (const auto& u : c.unset) prefix.insert(prefix.end(), {"-u", u});
        prefix.push_back("ROCR_VISIBLE_DEVICES=" + *c.rocr);
        CHECK(Argv(r.argv.begin(), r.argv.begin() + prefix.size()) == prefix);
        CHECK(r.argv[prefix.size()] == "python");
      }
      if (mode == "cli" && !c.rocr) CHECK(r.argv[0] == "python");
    }
  }
  WrapResult r =
      Wrap({"python", "x.py"}, Proton(), std::nullopt, {{"HIP_VISIBLE_DEVICES", "1"}, {"PATH", "/nonexistent"}}, bin);
  CHECK(r.error.find("needs 'env' on $PATH to apply ['-u HIP_VISIBLE_DEVICES', 'ROCR_VISIBLE_DEVICES=1']") !=
        std::string::npos);
}

TEST_CASE("rocprof wraps outermost, flags in aorta's order") {
  FakeBin bin;
  const std::string rp = (bin.dir / "rocprofv3").string();
  CollectorOptions defaults = {{"trace", "kernel"}, {"output_format", "csv"}, {"stats", "true"}};
  WrapResult r = Wrap({"/tmp/hip_gemm", "512"}, std::nullopt, defaults, {}, bin);
  REQUIRE(r.ok());
  CHECK(r.argv == Argv{rp, "-d", "/out/rocprof", "-o", "aorta", "--output-format", "csv", "--kernel-trace", "--stats",
                       "-S", "--summary-output-file", "rocprof_summary", "--", "/tmp/hip_gemm", "512"});
  CollectorOptions full = {{"trace", "hip, KERNEL,hip scratch"},
                           {"output_format", "json"},
                           {"stats", "OFF"},
                           {"summary_units", "msec"},
                           {"kernel_include_regex", "Cijk|gemm"},
                           {"pmc", "SQ_WAVES, GRBM_COUNT"}};
  r = Wrap({"python", "x.py"}, Proton(), full, {}, bin);
  REQUIRE(r.ok());
  CHECK(r.argv == Join({{rp,
                         "-d",
                         "/out/rocprof",
                         "-o",
                         "aorta",
                         "--output-format",
                         "json",
                         "--hip-trace",
                         "--kernel-trace",
                         "--scratch-memory-trace",
                         "-S",
                         "--summary-output-file",
                         "rocprof_summary",
                         "-u",
                         "msec",
                         "--kernel-include-regex",
                         "Cijk|gemm",
                         "--pmc",
                         "SQ_WAVES",
                         "GRBM_COUNT",
                         "--",
                         "python"},
                        kProtonHead,
                        {"--context", "shadow", "--data", "tree", "x.py"}}));
  // rocprof does not translate device variables; proton (env, auto) does, inside.
  r = Wrap({"python", "x.py"}, Proton({{"mode", "env"}, {"backend", "instrumentation"}}), defaults,
           {{"HIP_VISIBLE_DEVICES", "1"}}, bin);
  REQUIRE(r.ok());
  CHECK(r.env_unset.empty());
  CHECK(r.argv[13] == bin.Env());
}

TEST_CASE("ROCPROF_BIN lookup") {
  FakeBin bin;
  bin.Add("myprof", "#!/bin/sh\n");
  CollectorOptions o = {{"trace", "kernel"}};
  auto first = [&](std::map<std::string, std::string> env) {
    WrapResult r = Wrap({"a.out"}, std::nullopt, o, env, bin);
    return r.ok() ? r.argv[0] : "error: " + r.error;
  };
  CHECK(first({{"ROCPROF_BIN", "myprof"}}) == (bin.dir / "myprof").string());
  CHECK(first({{"ROCPROF_BIN", (bin.dir / "myprof").string()}}) == (bin.dir / "myprof").string());
  CHECK(first({{"ROCPROF_BIN", "$D/myprof"}, {"D", bin.dir.string()}}) == (bin.dir / "myprof").string());
  CHECK(first({{"ROCPROF_BIN", "~/myprof"}, {"HOME", bin.dir.string()}}) == (bin.dir / "myprof").string());
  CHECK(first({}) == (bin.dir / "rocprofv3").string());
  CHECK(first({{"ROCPROF_BIN", ""}}) == (bin.dir / "rocprofv3").string());
  CHECK(first({{"ROCPROF_BIN", "/no/such/rocprofv3"}}) ==
        "error: ROCPROF_BIN='/no/such/rocprofv3' looks like a path but does not point to an executable file.");
  CHECK(first({{"ROCPROF_BIN", bin.dir.string()}}).find("looks like a path") != std::string::npos);
  CHECK(first({{"ROCPROF_BIN", "nope"}}) == "error: ROCPROF_BIN='nope' was not found on $PATH.");
  // A path is made absolute and normalised (os.path.abspath), as aorta hands it to the child.
  CHECK(first({{"ROCPROF_BIN", (bin.dir / "x/../myprof").string()}}) == (bin.dir / "myprof").string());
  CHECK(first({{"ROCPROF_BIN", "~/../" + bin.dir.filename().string() + "/myprof"}, {"HOME", bin.dir.string()}}) ==
        (bin.dir / "myprof").string());
  CHECK(first({{"PATH", "/nonexistent"}}).find("rocprofv3 not found") != std::string::npos);
}

TEST_CASE("shell quoting for --dry-run") {
  CHECK(ShellQuote({"python3", "-u", "a b.py", "", "it's", "K=v/x:1,2", "$HOME", "*"}) ==
        "python3 -u 'a b.py' '' 'it'\"'\"'s' K=v/x:1,2 '$HOME' '*'");
}
