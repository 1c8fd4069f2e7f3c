// Tests for `aortalint metrics` on instrumentation (cycles) and trace
// captures, the table and the two-capture comparison, checked against the
// real H200 captures and an independent reading of them by python3.
#include <doctest/doctest.h>

#include <cmath>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "run/capture_files.h"
#include "run/cycles.h"
#include "run/metrics.h"
#include "run/metrics_view.h"
#include "run/run_command.h"
#include "run/trace.h"
#include "test_util.h"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using namespace aortalint::run;
using aortalint::testing::ReadFile;
using aortalint::testing::RunAortalint;
using aortalint::testing::RunShell;
using aortalint::testing::ShellQuote;
using aortalint::testing::WriteFile;

const fs::path kSrc = AORTALINT_SOURCE_DIR;
const fs::path kCaptures = kSrc / "fixtures/captures";

// The test's own reading, outside C++: python3 sums every frame's `cycles` and
// `normalized_cycles` over its subtree (hatchet's inclusive columns, which
// proton-viewer prints) and prints one JSON object {"kernel/scope/...": [c, n]}.
const char kPythonInclusive[] = R"PY(
import json, sys
out = {}
def walk(node, path):
    m = node.get("metrics", {})
    c, n = m.get("cycles", 0), m.get("normalized_cycles", 0)
    for ch in node.get("children", []):
        if ch["frame"]["name"] == "__proton_launch_metadata":
            continue
        cc, nn = walk(ch, path + [ch["frame"]["name"]])
        c += cc; n += nn
    if path:
        out["/".join(path)] = [c, n]
    return c, n
for f in sys.argv[1:]:
    walk(json.load(open(f))[0], [])
print(json.dumps(out))
)PY";

json PythonInclusive(const fs::path& hatchet) {
  fs::path script = aortalint::testing::TempDir("cycles_py") / "inclusive.py";
  WriteFile(script, kPythonInclusive);
  auto r = RunShell("python3 " + ShellQuote(script.string()) + " " + ShellQuote(hatchet.string()));
  REQUIRE_MESSAGE(r.exit_code == 0, "python3 is needed for the independent reading: " << r.output);
  return json::parse(r.output);
}

void CheckAgainstPython(const fs::path& hatchet) {
  CAPTURE(hatchet.string());
  json py = PythonInclusive(hatchet);
  auto report = ReadCycles(hatchet);
  REQUIRE(report);
  int rows = 0;
  for (const KernelCycles& k : report->kernels) {
    REQUIRE(py.contains(k.name));
    CHECK(k.cycles == py[k.name][0].get<double>());
    CHECK(k.normalized == doctest::Approx(py[k.name][1].get<double>()).epsilon(1e-12));
    ++rows;
    for (const ScopeCycles& s : k.scopes) {
      std::string key = k.name;
      for (const std::string& p : s.path) key += "/" + p;
      CAPTURE(key);
      REQUIRE(py.contains(key));
      CHECK(s.cycles == py[key][0].get<double>());
      CHECK(s.normalized == doctest::Approx(py[key][1].get<double>()).epsilon(1e-12));
      ++rows;
    }
  }
  CHECK(rows == static_cast<int>(py.size()));  // every frame python saw is a row
}

}  // namespace

TEST_CASE("cycles: the H200 instrumentation captures equal python3's inclusive sums") {
  for (const char* rel : {"cycles-h200/env_instrumentation/proton/proton.hatchet",
                          "cycles-h200/env_instrumentation_nested/proton/proton.hatchet",
                          "cycles-h200/jit_scopes_enabled/proton/proton.hatchet",
                          "h200-triton-3.6.0/instrumentation/gluon_scopes.hatchet"})
    CheckAgainstPython(kCaptures / rel);
}

TEST_CASE("cycles: normalized cycles are cycles over warps x blocks, as Proton computes them") {
  // gluon_scopes.py launches `unbalanced` and `stages` on 65536/128 = 512 blocks of 4 warps.
  auto r = ReadCycles(kCaptures / "cycles-h200/env_instrumentation");
  REQUIRE(r);
  REQUIRE(r->kernels.size() == 2);
  CHECK(r->kernels[0].name == "unbalanced");  // ranked: most cycles first
  CHECK(r->kernels[1].name == "stages");
  const ScopeCycles& expensive = r->kernels[0].scopes.at(0);
  CHECK(expensive.path == std::vector<std::string>{"expensive"});
  CHECK(expensive.cycles == 20771096);
  for (const KernelCycles& k : r->kernels)
    for (const ScopeCycles& s : k.scopes) CHECK(s.normalized == doctest::Approx(s.cycles / (4.0 * 512)).epsilon(1e-6));
  // The ranking within a kernel: math > load > store in `stages`.
  std::vector<std::string> order;
  for (const ScopeCycles& s : r->kernels[1].scopes) order.push_back(s.path.back());
  CHECK(order == std::vector<std::string>{"math", "load", "store"});
}

TEST_CASE("cycles: a nested scope is a child frame, the enclosing row adds it, as proton-viewer does") {
  auto r = ReadCycles(kCaptures / "cycles-h200/env_instrumentation_nested");
  REQUIRE(r);
  const KernelCycles* nested = nullptr;
  for (const KernelCycles& k : r->kernels)
    if (k.name == "nested") nested = &k;
  REQUIRE(nested);
  REQUIRE(nested->scopes.size() == 2);
  CHECK(nested->scopes[0].path == std::vector<std::string>{"outer"});
  CHECK(nested->scopes[0].recorded_cycles == 5610365);
  CHECK(nested->scopes[0].cycles == 5610365 + 3429701);
  CHECK(nested->scopes[1].path == std::vector<std::string>{"outer", "inner"});
  CHECK(nested->scopes[1].depth() == 2);
  auto text = RunAortalint("metrics " + ShellQuote((kCaptures / "cycles-h200/env_instrumentation_nested").string()));
  CHECK(text.output.find("note: 'outer' in nested: Proton recorded 5,610,365 cycles") != std::string::npos);
}

TEST_CASE("cycles: captures without scopes or without cycles give nothing, and bad input never throws") {
  CHECK_FALSE(ReadCycles(kCaptures / "h200-triton-3.6.0/instrumentation/no_scopes.hatchet"));
  CHECK_FALSE(ReadCycles(kCaptures / "cycles-h200/jit_scopes"));  // the failed compile: a bare ROOT
  CHECK_FALSE(ReadCycles(kCaptures / "runner-h200/cli_auto"));    // timing leaves only
  CHECK_FALSE(ParseCycles("not json"));
  CHECK_FALSE(ParseCycles("[]"));
  CHECK_FALSE(ParseCycles(R"([{"frame":{"name":"ROOT"},"metrics":{},"children":[{"frame":{"name":"k"},"metrics":{},
      "children":[{"frame":{"name":"s"},"metrics":{"cycles":-5},"children":[]}]}]}])"));
  // A scope directly under ROOT (no kernel frame) still reads; a chain as deep as Python's json module reads
  // is built and freed without recursion, and a 100000-deep one is refused (N12), not a stack overflow.
  auto flat = ParseCycles(R"([{"frame":{"name":"ROOT"},"metrics":{},"children":[
      {"frame":{"name":"s"},"metrics":{"cycles":10,"normalized_cycles":1.5},"children":[]}]}])");
  REQUIRE(flat);
  CHECK(flat->kernels.at(0).scopes.at(0).cycles == 10);
  auto chain = [](int depth) {
    std::string deep;
    for (int i = 0; i < depth; ++i) deep += R"({"frame":{"name":"f"},"metrics":{},"children":[)";
    deep += R"({"frame":{"name":"s"},"metrics":{"cycles":7},"children":[]})";
    for (int i = 0; i < depth; ++i) deep += "]}";
    return deep;
  };
  auto d = ParseCycles(chain(aortalint::run::kMaxCaptureDepth / 2 - 1));
  REQUIRE(d);
  CHECK(d->cycles == 7);
  CHECK_FALSE(ParseCycles(chain(100000)));
}

TEST_CASE("trace: kernel spans of the H200 Chrome traces equal python3's count") {
  const char* py =
      "import json,sys\nd=json.load(open(sys.argv[1]))\nk=[e for e in d['traceEvents'] if e.get('ph')=='X' and "
      "e.get('cat')=='kernel']\nby={}\nfor e in k: by[e['name']]=by.get(e['name'],0)+1\n"
      "print(json.dumps({'n':len(k),'us':sum(e['dur'] for e in k),'by':by}))\n";
  fs::path script = aortalint::testing::TempDir("trace_py") / "count.py";
  WriteFile(script, py);
  for (const char* rel :
       {"cycles-h200/cli_trace/proton/proton.chrome_trace", "runner-h200/cli_trace/proton/proton.chrome_trace",
        "h200-triton-3.6.0/cli_trace.chrome_trace"}) {
    CAPTURE(rel);
    auto r = RunShell("python3 " + ShellQuote(script.string()) + " " + ShellQuote((kCaptures / rel).string()));
    REQUIRE(r.exit_code == 0);
    json want = json::parse(r.output);
    auto got = ReadChromeTraces(kCaptures / rel);
    REQUIRE(got);
    CHECK(got->kernel_count == want["n"].get<long long>());
    CHECK(got->gpu_time_ms == doctest::Approx(want["us"].get<double>() / 1000.0).epsilon(1e-12));
    CHECK(got->kernels.size() == want["by"].size());
    for (const TraceKernel& k : got->kernels) CHECK(k.count == want["by"][k.name].get<long long>());
  }
  // vecadd.py launches add_kernel and scale_kernel 20 times each (and two torch.randn kernels): 42 spans,
  // the same launches the tree capture of that payload counts.
  auto t = ReadChromeTraces(kCaptures / "cycles-h200/cli_trace");
  REQUIRE(t);
  CHECK(t->kernel_count == 42);
  CHECK(ParseProtonMetrics(kCaptures / "runner-h200/cli_auto/proton")["proton_kernel_count"] == 42);
  CHECK_FALSE(ParseChromeTrace("{\"traceEvents\": 3}"));
  CHECK_FALSE(ParseChromeTrace("{\"traceEvents\": [{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\",\"dur\":-1}]}"));
}

TEST_CASE("metrics: an instrumentation trial prints its scopes, what measured it, and JSON under aortalint keys") {
  fs::path dir = kCaptures / "cycles-h200/env_instrumentation";
  auto text = RunAortalint("metrics " + ShellQuote(dir.string()));
  REQUIRE(text.exit_code == 0);
  const std::string& o = text.output;
  CHECK(o.find("measured  proton instrumentation, Triton 3.6.0, NVIDIA H200") != std::string::npos);
  CHECK(o.find("20,771,096") != std::string::npos);
  CHECK(o.find("10,142.14") != std::string::npos);
  CHECK(o.find("98.2%") != std::string::npos);  // expensive's share of unbalanced
  auto js = RunAortalint("metrics --format json " + ShellQuote(dir.string()), false);
  REQUIRE(js.exit_code == 0);
  json j = json::parse(js.output);
  // aorta's keys keep aorta's meaning: for cycles, only the directory (MET002).
  for (const auto& [key, v] : j.items())
    if (key.rfind("proton_", 0) == 0) CHECK(key == "proton_artifact_dir");
  CHECK(j["aortalint_capture"]["backend_resolved"] == "instrumentation");
  CHECK(j["aortalint_capture"]["triton_version"] == "3.6.0");
  CHECK(j["aortalint_capture"]["kind"] == "cycles");
  CHECK(j["aortalint_cycles"]["kernels"][0]["scopes"][0]["cycles"] == 20771096);
  CHECK(j["aortalint_cycles"]["kernels"][0]["scopes"][0]["share_of_kernel"].get<double>() ==
        doctest::Approx(100.0 * 20771096 / (20771096 + 382651)).epsilon(1e-6));
}

TEST_CASE("metrics: a trace trial reports its kernel spans and says they come from the trace") {
  fs::path dir = kCaptures / "cycles-h200/cli_trace";
  auto text = RunAortalint("metrics " + ShellQuote(dir.string()));
  CHECK(text.output.find("42 launches") != std::string::npos);
  CHECK(text.output.find("from the Chrome trace") != std::string::npos);
  json j = json::parse(RunAortalint("metrics --format json " + ShellQuote(dir.string()), false).output);
  CHECK(j["aortalint_trace"]["kernel_count"] == 42);
  CHECK_FALSE(j.contains("proton_kernel_count"));  // aorta reads no trace
}

TEST_CASE("metrics: the table ranks kernels, shortens names, aligns columns and rounds alike") {
  auto r = RunAortalint("metrics " + ShellQuote((kCaptures / "runner-h200/cli_auto").string()));
  REQUIRE(r.exit_code == 0);
  std::istringstream lines(r.output);
  std::vector<std::string> table;
  for (std::string line; std::getline(lines, line);)
    if (line.rfind("  ", 0) == 0) table.push_back(line);
  REQUIRE(table.size() == 4);  // header, add_kernel, scale_kernel, the torch RNG kernel
  for (const std::string& line : table) CHECK(line.size() == table[0].size());  // right-aligned to one edge
  CHECK(table[1].find("add_kernel") != std::string::npos);
  CHECK(table[3].find("at::native::distribution_elementwise_grid_stride_kernel<>") != std::string::npos);
  CHECK(r.output.find("_ZN2at6native") == std::string::npos);
  CHECK_FALSE(std::regex_search(r.output, std::regex(R"(\d\.\d{5,})")));  // no 1.3780860000000001
  CHECK(ShortKernelName("add_kernel") == "add_kernel");
  CHECK(ShortKernelName("void foo::bar<int, 4>(float*, int)") == "foo::bar<>");
  CHECK(ShortKernelName(std::string(80, 'k'), 20) == "..." + std::string(17, 'k'));
}

TEST_CASE("metrics A B: kernel by kernel, and warnings where the comparison would mislead") {
  auto dir = [](const char* rel) { return ShellQuote((kCaptures / rel).string()); };
  // Same backend (auto resolved to cupti, and pinned cupti), same Triton: no warning.
  auto same =
      RunAortalint("metrics --format json " + dir("runner-h200/cli_auto") + " " + dir("runner-h200/cli_cupti"), false);
  json s = json::parse(same.output);
  CHECK(s["warnings"].empty());
  REQUIRE(s["kernels"].size() == 3);
  CHECK(s["kernels"][0]["name"] == "add_kernel");
  CHECK(s["kernels"][0]["a_launches"] == 20);
  CHECK(s["kernels"][0]["ratio"].get<double>() > 0);
  // Cycles against times: refused, with a warning.
  auto mixed =
      RunAortalint("metrics " + dir("cycles-h200/env_instrumentation") + " " + dir("cycles-h200/env_cupti_gluon"));
  CHECK(mixed.exit_code == 0);
  CHECK(mixed.output.find("measure different things") != std::string::npos);
  CHECK(mixed.output.find("B/A") == std::string::npos);
  // A capture with no trial.json (the probe's files, gathered as one collector directory): its backend is unknown.
  fs::path probe = aortalint::testing::TempDir("cmp_probe") / "proton";
  fs::create_directories(probe);
  for (const auto& e : fs::directory_iterator(kCaptures / "h200-triton-3.6.0"))
    if (e.path().extension() == ".hatchet") fs::copy_file(e.path(), probe / e.path().filename());
  std::string probe_dir = ShellQuote(probe.parent_path().string());
  auto unknown =
      json::parse(RunAortalint("metrics --format json " + probe_dir + " " + dir("runner-h200/cli_auto"), false).output);
  REQUIRE(unknown["warnings"].size() >= 1);
  // Template instances that shorten alike stay distinct rows in the table.
  auto table = RunAortalint("metrics " + probe_dir + " " + dir("runner-h200/cli_auto"), false);
  CHECK(table.output.find("at::native::vectorized_elementwise_kernel<> (2)") != std::string::npos);
  CHECK(unknown["warnings"][0].get<std::string>().find("does not say which backend") != std::string::npos);
  // Two instrumentation captures compare scope by scope.
  auto cyc = json::parse(RunAortalint("metrics --format json " + dir("cycles-h200/env_instrumentation") + " " +
                                          dir("cycles-h200/env_instrumentation_nested"),
                                      false)
                             .output);
  CHECK(cyc["warnings"].empty());
  bool nested_only = false;
  for (const json& row : cyc["scopes"])
    if (row["name"] == "nested / outer")
      nested_only = row["a_normalized_cycles"].is_null() && row["b_normalized_cycles"].is_number();
  CHECK(nested_only);
}

TEST_CASE("metrics A B: `auto` across Triton 3.8.0 on AMD, and different resolved backends, are warned about") {
  fs::path root = aortalint::testing::TempDir("cmp");
  auto trial = [&](const std::string& name, const std::string& version, const std::string& vendor,
                   const std::string& requested, const std::string& resolved) {
    fs::create_directories(root / name / "proton");
    fs::copy_file(kCaptures / "runner-h200/cli_auto/proton/proton.hatchet", root / name / "proton/proton.hatchet");
    json t = {{"environment", {{"triton_version", version}, {"gpu_vendor", vendor}, {"gpu_name", "GPU"}}},
              {"proton", {{"requested", requested}, {"resolved", resolved}, {"reason", "test"}}}};
    WriteFile(root / name / "trial.json", t.dump());
    return ShellQuote((root / name).string());
  };
  std::string a37 = trial("a37", "3.7.1", "amd", "auto", "roctracer");
  std::string b38 = trial("b38", "3.8.0", "amd", "auto", "rocprofiler");
  json amd = json::parse(RunAortalint("metrics --format json " + a37 + " " + b38, false).output);
  std::string all;
  for (const json& w : amd["warnings"]) all += w.get<std::string>() + "\n";
  CHECK(all.find("measured by the roctracer backend") != std::string::npos);
  CHECK(all.find("`backend: auto` is roctracer on the first and rocprofiler on the second") != std::string::npos);
  // On NVIDIA auto is cupti on both releases: nothing to warn about.
  std::string n37 = trial("n37", "3.7.1", "nvidia", "auto", "cupti");
  std::string n38 = trial("n38", "3.8.0", "nvidia", "auto", "cupti");
  CHECK(json::parse(RunAortalint("metrics --format json " + n37 + " " + n38, false).output)["warnings"].empty());
  auto missing = RunAortalint("metrics " + n37 + " " + ShellQuote((root / "nope").string()));
  CHECK(missing.exit_code == 2);
  CHECK(missing.output.find("is not a directory") != std::string::npos);
  // No proton/ or rocprof/ here: aorta's empty object, and the table says where aorta looks.
  fs::path stray = aortalint::testing::TempDir("cmp_stray");
  fs::copy_file(kCaptures / "runner-h200/cli_auto/proton/proton.hatchet", stray / "x.hatchet");
  CHECK(RunAortalint("metrics --format json " + ShellQuote(stray.string()), false).output == "{}\n");
  CHECK(RunAortalint("metrics " + ShellQuote(stray.string())).output.find("no proton/ or rocprof/ directory") !=
        std::string::npos);
}

TEST_CASE("PAY010, PAY011 and MET002 on the recipe and payloads of the H200 cycle captures") {
  auto check = [](const std::string& payload, const std::string& triton) {
    auto r = RunAortalint("check --no-cache --no-config --format json --select MET002,PAY010,PAY011 " + triton + " " +
                              ShellQuote((kSrc / "fixtures/gpu/env-instrumentation.yaml").string()) + " -- python3 " +
                              ShellQuote((kSrc / "fixtures/gpu" / payload).string()),
                          false);
    std::map<std::string, int> n;
    for (const json& d : json::parse(r.output))
      n[d["rule"].get<std::string>() + ":" + d["severity"].get<std::string>()]++;
    return n;
  };
  // The Gluon payload that recorded cycles: MET002 says aorta shows none, PAY010 and PAY011 stay silent.
  CHECK(check("gluon_scopes.py", "--triton 3.6.0") == std::map<std::string, int>{{"MET002:info", 1}});
  // The @triton.jit payload that failed to compile on the H200: four scope calls in one kernel, one
  // finding (the others its notes), an error on 3.6.0.
  CHECK(check("jit_scopes.py", "--triton 3.6.0") ==
        std::map<std::string, int>{{"MET002:info", 1}, {"PAY011:error", 1}});
  CHECK(check("jit_scopes.py", "--triton 3.8.0") ==
        std::map<std::string, int>{{"MET002:info", 1}, {"PAY011:warning", 1}});
  // vecadd.py marks nothing: PAY010, whose advice names the Gluon kernel on 3.6.
  auto none = RunAortalint("check --no-cache --no-config --select PAY010 --triton 3.6.0 " +
                           ShellQuote((kSrc / "fixtures/gpu/env-instrumentation.yaml").string()) + " -- python3 " +
                           ShellQuote((kSrc / "fixtures/gpu/vecadd.py").string()));
  CHECK(none.output.find("inside a @gluon.jit kernel") != std::string::npos);
}

TEST_CASE("run says what measured it, and metrics reads the instrumentation trial it wrote (no GPU)") {
  fs::path root = aortalint::testing::TempDir("run_cycles");
  fs::path hatchet = kCaptures / "cycles-h200/env_instrumentation/proton/proton.hatchet";
  RunRequest req;
  // A stand-in payload: mode: env hands it AORTA_PROTON_DIR; it leaves the real H200 tree there.
  req.argv = {"/bin/sh", "-c", "cp " + ShellQuote(hatchet.string()) + " \"$AORTA_PROTON_DIR/proton.hatchet\""};
  req.output_dir = root / "trial";
  req.proton = CollectorOptions{{"mode", "env"}, {"backend", "instrumentation"}};
  req.probe_environment = false;
  std::ostringstream out, err;
  REQUIRE(RunCapture(req, out, err) == 0);
  CHECK(err.str().find("aortalint run: measured by proton backend instrumentation, Triton unknown") !=
        std::string::npos);
  CHECK(err.str().find("empty ROOT") == std::string::npos);  // the tree holds cycles, not times
  CHECK(err.str().find("holds no scope") == std::string::npos);
  CaptureView v = LoadCapture(req.output_dir);
  CHECK(v.kind == "cycles");
  CHECK(v.backend_resolved == "instrumentation");
  CHECK(v.triton_version.empty());
  REQUIRE(v.cycles);
  CHECK(v.cycles->kernels.at(0).name == "unbalanced");
  std::ostringstream table;
  PrintCapture(v, table);
  CHECK(table.str().find("measured  proton instrumentation, Triton version unknown") != std::string::npos);
  // The failed compile's bare ROOT: the note names PAY010 and PAY011.
  req.argv = {"/bin/sh", "-c",
              "cp " + ShellQuote((kCaptures / "cycles-h200/jit_scopes/proton/proton.hatchet").string()) +
                  " \"$AORTA_PROTON_DIR/proton.hatchet\""};
  std::ostringstream out2, err2;
  REQUIRE(RunCapture(req, out2, err2) == 0);
  CHECK(err2.str().find("the instrumentation tree holds no scope") != std::string::npos);
}
