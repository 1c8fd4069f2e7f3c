// Tests for src/run/trial and run_command: the committed H200 runner
// captures, and whole trials run here with /bin/sh and the rocprofv3 double.
#include <doctest/doctest.h>

#include <fstream>
#include <random>
#include <sstream>

#include <nlohmann/json.hpp>

#include "run/metrics.h"
#include "run/run_command.h"
#include "run/trial.h"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using namespace aortalint::run;

const fs::path kRunner = fs::path(AORTALINT_SOURCE_DIR) / "fixtures/captures/runner-h200";
const fs::path kFakeRocprof = fs::path(AORTALINT_SOURCE_DIR) / "tests/fake_rocprofv3";

json ReadJson(const fs::path& p) {
  std::ifstream in(p);
  return json::parse(in);
}

std::string Slurp(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

struct TempDir {
  fs::path path = fs::temp_directory_path() / ("aortalint_trial_" + std::to_string(std::random_device{}()));
  TempDir() { fs::create_directories(path); }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

CollectorOptions Proton(CollectorOptions extra = {}) {
  CollectorOptions o = {{"mode", "cli"}, {"backend", "auto"}, {"context", "shadow"}, {"data", "tree"}};
  for (auto& [k, v] : extra) o[k] = v;
  return o;
}

}  // namespace

TEST_CASE("runner-h200: the trial records match what the code computes from the same inputs") {
  struct Case {
    std::string dir;
    CollectorOptions options;
    std::string payload;
    bool hatchet;
  };
  const std::vector<Case> cases = {
      {"cli_auto", Proton(), "fixtures/gpu/vecadd.py", true},
      {"cli_cupti", Proton({{"backend", "cupti"}}), "fixtures/gpu/vecadd.py", true},
      {"env_auto", Proton({{"mode", "env"}}), "fixtures/gpu/env_payload.py", true},
      {"cli_trace", Proton({{"data", "trace"}}), "fixtures/gpu/vecadd.py", false},
      {"cli_sysexit", Proton(), "fixtures/gpu/sysexit.py", false},
  };
  for (const auto& c : cases) {
    CAPTURE(c.dir);
    json rec = ReadJson(kRunner / c.dir / "trial.json");
    CHECK(rec["schema"] == "aortalint.trial/1");
    CHECK(rec["exit_code"] == 0);
    CHECK(rec["timed_out"] == false);
    CHECK(rec["wall_time_s"].get<double>() > 1.0);
    CHECK(rec["argv"] == json({"python3", c.payload}));
    CHECK(rec["recipe"].get<std::string>().rfind("fixtures/gpu/", 0) == 0);  // taken through `aortalint run`
    CHECK(rec["environment"]["gpu_name"] == "NVIDIA H200");
    CHECK(rec["environment"]["triton_version"] == "3.6.0");
    CHECK(rec["environment"]["torch_version"] == "2.11.0+cu130");
    CHECK(rec["proton"]["requested"] == c.options.at("backend"));
    CHECK(rec["proton"]["resolved"] == "cupti");
    CHECK(ResolveBackend(c.options, rec["environment"])["resolved"] == "cupti");

    // The wrapping recorded on the GPU machine is what WrapArgv gives today
    // (the env(1) path aside, which is that machine's).
    WrapResult w = WrapArgv({{"python3", c.payload},
                             "/tmp/runner-h200/" + c.dir,
                             c.options,
                             std::nullopt,
                             MapEnv({{"PATH", "/usr/bin:/bin"}})});
    REQUIRE(w.ok());
    json wrapped = rec["wrapped_argv"];
    if (c.options.at("mode") == "env") wrapped[0] = w.argv[0];
    CHECK(wrapped == json(w.argv));

    // The metrics recorded equal a fresh parse of the committed artifacts.
    json fresh = ParseProtonMetrics(kRunner / c.dir / "proton");
    fresh.erase("proton_artifact_dir");
    json recorded = rec["metrics"];
    recorded.erase("proton_artifact_dir");
    // These records predate aorta's shape for top kernels (names, not objects).
    if (recorded.contains("proton_top_kernels")) {
      json names = json::array();
      for (const json& k : recorded["proton_top_kernels"]) names.push_back(k.is_object() ? k["name"] : k);
      recorded["proton_top_kernels"] = names;
    }
    CHECK(fresh == recorded);
    CHECK(fs::exists(kRunner / c.dir / "proton/proton.hatchet") == c.hatchet);
    CHECK(Slurp(kRunner / c.dir / "stdout.log").find(": ok") != std::string::npos);

    // And the capture notes are what the explanation gives for that directory.
    json notes =
        ExplainProtonCapture(c.options, 0, kRunner / c.dir / "proton", ParseProtonMetrics(kRunner / c.dir / "proton"),
                             rec["environment"], {"python3", (fs::path(AORTALINT_SOURCE_DIR) / c.payload).string()});
    CHECK(notes.size() == rec["capture_notes"].size());
  }
  json a = ReadJson(kRunner / "cli_auto/trial.json")["metrics"];
  CHECK(a["proton_kernel_count"] == 42);
  CHECK(a["proton_gpu_time_ms"].get<double>() == doctest::Approx(0.380767));
  CHECK(a["proton_top_kernels"][0]["name"] == "add_kernel");
  CHECK(a["proton_top_kernels"][0]["count"] == 20);
  json e = ReadJson(kRunner / "env_auto/trial.json")["metrics"];
  CHECK(e["proton_kernel_count"] == 30);  // only the in-session launches
  CHECK(e["proton_top_kernels"].size() == 1);
  json s = ReadJson(kRunner / "cli_sysexit/trial.json");
  CHECK(s["metrics"] == json{{"proton_artifact_dir", "/tmp/runner-h200/cli_sysexit/proton"}});
  CHECK(s["capture_notes"][0].get<std::string>().rfind("PAY004", 0) == 0);
  CHECK(s["capture_notes"][0].get<std::string>().find("sysexit.py exits that way") != std::string::npos);
  CHECK(ReadJson(kRunner / "cli_trace/trial.json")["capture_notes"][0].get<std::string>().find("data: trace") == 0);
  CHECK(Slurp(kRunner / "dry_run.txt") ==
        "python3 -u -m triton.profiler.proton -n /tmp/runner-h200/dry/proton/proton --context shadow --data tree "
        "fixtures/gpu/vecadd.py\n");
}

TEST_CASE("resolved backend and missing-capture explanations") {
  json nvidia = {{"gpu_vendor", "nvidia"}, {"triton_version", "3.6.0"}};
  json amd36 = {{"gpu_vendor", "amd"}, {"triton_version", "3.6.0+rocm7.2.4"}};
  json amd38 = {{"gpu_vendor", "amd"}, {"triton_version", "3.8.0"}};
  json none = {{"gpu_vendor", nullptr}, {"triton_version", nullptr}};
  CHECK(ResolveBackend(Proton(), nvidia)["resolved"] == "cupti");
  CHECK(ResolveBackend(Proton(), amd36)["resolved"] == "roctracer");
  CHECK(ResolveBackend(Proton(), amd38)["resolved"] == "rocprofiler");
  CHECK(ResolveBackend(Proton(), none)["resolved"].is_null());
  CHECK_FALSE(ResolveBackend(Proton(), none)["reason"].get<std::string>().empty());
  CHECK(ResolveBackend(Proton({{"backend", "instrumentation"}}), none)["resolved"] == "instrumentation");

  TempDir t;
  auto notes = ExplainProtonCapture(Proton(), 0, t.path, json::object(), nvidia, {"python", "x.py"});
  CHECK(notes.front().rfind("PAY004", 0) == 0);
  notes = ExplainProtonCapture(Proton({{"mode", "env"}}), 0, t.path, json::object(), nvidia, {"python", "x.py"});
  CHECK(notes.front().find("proton.start()") != std::string::npos);
  std::ofstream(t.path / "proton.hatchet") << "[{\"frame\": {\"name\": \"ROOT\"}, \"metrics\": {}}]";
  notes = ExplainProtonCapture(Proton(), 0, t.path, ParseProtonMetrics(t.path), nvidia, {});
  REQUIRE(notes.size() == 1);
  CHECK(notes[0].find("empty ROOT") != std::string::npos);
  CHECK(ExplainProtonCapture(Proton(), 0, kRunner / "cli_auto/proton", ParseProtonMetrics(kRunner / "cli_auto/proton"),
                             nvidia, {})
            .empty());
}

TEST_CASE("RunCapture: a whole trial with the rocprofv3 double, output saved, trial.json written") {
  TempDir t;
  RunRequest req;
  req.argv = {"/bin/sh", "-c", "echo payload-out; echo payload-err >&2; exit 4"};
  req.output_dir = t.path / "trial";
  req.rocprof = CollectorOptions{{"trace", "kernel"}, {"output_format", "csv"}, {"stats", "true"}};
  req.probe_environment = false;
  req.env = MapEnv({{"PATH", "/usr/bin:/bin"}, {"ROCPROF_BIN", kFakeRocprof.string()}});
  fs::create_directories(req.output_dir / "rocprof/stale");  // a previous trial's leftovers: reset before the trial
  std::ofstream(req.output_dir / "trial.json") << "{}\n";
  std::ostringstream out, err;
  CHECK(RunCapture(req, out, err) == kExitPayloadFailed);  // R46: the payload's 4 is in the record, not the exit code
  CHECK(out.str() == "payload-out\n");
  CHECK(err.str().find("payload-err\n") == 0);
  CHECK(Slurp(req.output_dir / "stdout.log") == "payload-out\n");
  CHECK(Slurp(req.output_dir / "stderr.log") == "payload-err\n");
  CHECK_FALSE(fs::exists(req.output_dir / "rocprof/stale"));
  CHECK(fs::exists(req.output_dir / "rocprof/aorta_kernel_stats.csv"));

  json rec = ReadJson(req.output_dir / "trial.json");
  CHECK(rec["exit_code"] == 4);
  CHECK(rec["wrapped_argv"][0] == kFakeRocprof.string());
  CHECK(rec["wrapped_argv"][13] == "/bin/sh");
  // The double's fixed kernels: gemm 3+1 ms (2 calls), add_kernel 3 x 0.5 ms.
  CHECK(rec["metrics"]["rocprof_kernel_count"] == 5);
  CHECK(rec["metrics"]["rocprof_gpu_time_ms"].get<double>() == doctest::Approx(5.5));
  CHECK(rec["metrics"]["rocprof_top_kernels"] ==
        json::array({"void gemm<float, 128>(float const*, float*, int)", "add_kernel"}));

  // The trace fallback agrees with the stats.
  fs::remove(req.output_dir / "rocprof/aorta_kernel_stats.csv");
  json m = ParseRocprofMetrics(req.output_dir / "rocprof");
  CHECK(m["rocprof_kernel_count"] == 5);
  CHECK(m["rocprof_gpu_time_ms"].get<double>() == doctest::Approx(5.5));

  std::ostringstream mout, merr;
  CHECK(MetricsCommand(req.output_dir, MetricsFormat::kJson, mout, merr) == 0);
  CHECK(json::parse(mout.str())["rocprof_kernel_count"] == 5);
  CHECK(MetricsCommand(t.path / "nope", MetricsFormat::kText, mout, merr) == kExitSetupError);
}

TEST_CASE("RunCapture: timeout_per_trial stops the child") {
  TempDir t;
  RunRequest req;
  req.argv = {"/bin/sh", "-c", "sleep 30"};
  req.output_dir = t.path / "trial";
  req.timeout_seconds = 0.3;
  req.kill_grace_seconds = 1;
  req.probe_environment = false;
  std::ostringstream out, err;
  CHECK(RunCapture(req, out, err) == kExitPayloadFailed);
  CHECK(ReadJson(req.output_dir / "trial.json")["timed_out"] == true);
}

TEST_CASE("RunCapture: --dry-run prints and runs nothing, refusals and symlinks give exit 2") {
  TempDir t;
  RunRequest req;
  req.argv = {"python3", "-u", "my payload.py"};
  req.output_dir = t.path / "trial";
  req.proton = Proton({{"mode", "env"}, {"backend", "cupti"}});
  req.dry_run = true;
  req.env = MapEnv({{"PATH", "/usr/bin:/bin"}});
  std::ostringstream out, err;
  CHECK(RunCapture(req, out, err) == 0);
  const std::string d = (t.path / "trial/proton").string();
  CHECK(out.str().find("AORTA_PROTON_BACKEND=cupti AORTA_PROTON_CONTEXT=shadow AORTA_PROTON_DATA=tree "
                       "AORTA_PROTON_DIR=" +
                       d + " AORTA_PROTON_NAME=" + d + "/proton python3 -u 'my payload.py'\n") != std::string::npos);
  CHECK(out.str().find("# sets AORTA_PROTON_NAME=" + d + "/proton\n") != std::string::npos);
  CHECK_FALSE(fs::exists(req.output_dir));

  req.proton = Proton();
  req.argv = {"torchrun", "x.py"};
  err.str("");
  out.str("");
  CHECK(RunCapture(req, out, err) == kExitSetupError);
  CHECK(out.str().find("aorta would refuse: ProtonWrapError: ") == 0);  // aorta's verdict, on stdout
  CHECK(out.str().find("got 'torchrun'") != std::string::npos);

  req.dry_run = false;
  req.argv = {"/bin/true"};
  req.proton.reset();
  fs::create_directories(t.path / "elsewhere");
  fs::create_directories(req.output_dir);
  fs::create_directory_symlink(t.path / "elsewhere", req.output_dir / "proton");
  err.str("");
  CHECK(RunCapture(req, out, err) == kExitSetupError);
  CHECK(err.str().find("symbolic link") != std::string::npos);
  fs::create_directory_symlink(req.output_dir, t.path / "link");
  req.output_dir = t.path / "link";
  CHECK(RunCapture(req, out, err) == kExitSetupError);
}
