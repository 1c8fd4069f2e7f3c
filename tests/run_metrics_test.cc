// Tests for src/run/metrics: the real H200 captures and synthetic edge cases.
#include <doctest/doctest.h>

#include <cmath>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "run/metrics.h"

namespace {

namespace fs = std::filesystem;
using aortalint::run::ParseProtonMetrics;
using aortalint::run::ParseRocprofMetrics;
using aortalint::run::ReadCsv;
using nlohmann::json;

const fs::path kCaptures = fs::path(AORTALINT_SOURCE_DIR) / "fixtures/captures";

// A fresh directory under the system temp dir, removed at scope exit.
struct TempDir {
  fs::path path;
  TempDir() {
    std::random_device rd;
    path = fs::temp_directory_path() / ("aortalint_metrics_" + std::to_string(rd()));
    fs::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  fs::path Write(const std::string& rel, const std::string& text) const {
    fs::path p = path / rel;
    fs::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << text;
    return p;
  }
};

// The test's own reading of a capture: every leaf under the first root,
// straight from the JSON. These captures only use "time (ns)" and an
// integer count, so no unit or validity handling is needed here.
struct Sums {
  double ns = 0;
  long long count = 0;
  std::map<std::string, double> by_name;
};
void SumLeaves(const json& node, Sums& s) {
  if (node.contains("children") && !node["children"].empty()) {
    for (const auto& c : node["children"]) SumLeaves(c, s);
    return;
  }
  const json& m = node["metrics"];
  if (!m.contains("time (ns)")) return;
  s.ns += m["time (ns)"].get<double>();
  s.count += m["count"].get<long long>();
  s.by_name[node["frame"]["name"].get<std::string>()] += m["time (ns)"].get<double>();
}

json Leaf(const std::string& name, json metrics) {
  return {{"frame", {{"name", name}, {"type", "function"}}}, {"metrics", metrics}, {"children", json::array()}};
}
std::string Tree(std::vector<json> leaves) {
  json root = {{"frame", {{"name", "ROOT"}}}, {"metrics", json::object()}, {"children", leaves}};
  return json::array({root, {{"CUDA", {{"0", json::object()}}}}}).dump();
}

}  // namespace

TEST_CASE("proton: every real H200 capture parses to the independently summed numbers") {
  // Expected (leaf time ns, dispatch count) per file, computed outside C++ with
  //   jq -c '[.[0] | .. | objects | select(has("frame") and ((.children|length)==0))]
  //          | {ns: (map(.metrics["time (ns)"])|add), count: (map(.metrics.count)|add)}' F
  const std::map<std::string, std::pair<double, long long>> kJq = {
      {"h200-triton-3.6.0/cli_auto.hatchet", {389699, 43}},
      {"h200-triton-3.6.0/cli_cupti.hatchet", {389409, 43}},
      {"h200-triton-3.6.0/cli_python.hatchet", {388799, 43}},
      {"h200-triton-3.6.0/env_auto.hatchet", {359648, 40}},
      {"h200-triton-3.6.0/env_cupti.hatchet", {357284, 40}},
      {"h200-triton-3.6.0/modetest.hatchet", {388896, 43}},
      {"h200-triton-3.6.0/pyt.hatchet", {3775, 3}},
      {"h200-triton-3.6.0/torchfirst.hatchet", {40576, 20}},
      {"runner-h200/cli_auto/proton/proton.hatchet", {380767, 42}},
      {"runner-h200/cli_cupti/proton/proton.hatchet", {382431, 42}},
      {"runner-h200/env_auto/proton/proton.hatchet", {343584, 30}},
      {"cycles-h200/env_cupti_gluon/proton/proton.hatchet", {14049, 8}},
      {"own-sessions-h200/cli_start/proton.hatchet", {1696, 2}},
      {"own-sessions-h200/env_atexit/proton.hatchet", {833, 1}},
      {"own-sessions-h200/env_finally/proton.hatchet", {800, 1}},
      {"own-sessions-h200/py_start/own.hatchet", {1632, 2}},
  };
  // Instrumentation captures: jq finds no time leaf (ns and count null), so
  // aorta's parser reports only the directory (MET002's claim, on real files).
  const std::set<std::string> kCyclesOnly = {
      "cycles-h200/env_instrumentation/proton/proton.hatchet",
      "cycles-h200/env_instrumentation_nested/proton/proton.hatchet",
      "cycles-h200/jit_scopes/proton/proton.hatchet",
      "cycles-h200/jit_scopes_enabled/proton/proton.hatchet",
      "h200-triton-3.6.0/instrumentation/gluon_scopes.hatchet",
      "h200-triton-3.6.0/instrumentation/no_scopes.hatchet",
      "own-sessions-h200/cli_instr_host_scope/proton.hatchet",
      "own-sessions-h200/env_instr_host_scope/proton.hatchet",
  };
  int seen = 0, cycles_only = 0;
  for (const auto& entry : fs::recursive_directory_iterator(kCaptures)) {
    if (entry.path().extension() != ".hatchet") continue;
    std::string rel = fs::relative(entry.path(), kCaptures).string();
    CAPTURE(rel);
    TempDir tmp;
    fs::copy_file(entry.path(), tmp.path / "x.hatchet");
    json got = ParseProtonMetrics(tmp.path);
    if (kCyclesOnly.count(rel)) {
      ++cycles_only;
      CHECK(got == json{{"proton_artifact_dir", tmp.path.string()}});
      continue;
    }
    REQUIRE(kJq.count(rel) == 1);  // a new capture needs its expected numbers here
    ++seen;

    Sums s;
    std::ifstream in(entry.path());
    SumLeaves(json::parse(in)[0], s);
    CHECK(s.ns == doctest::Approx(kJq.at(rel).first));
    CHECK(s.count == kJq.at(rel).second);

    CHECK(got["proton_artifact_dir"] == tmp.path.string());
    CHECK(got["proton_kernel_count"] == s.count);
    CHECK(got["proton_gpu_time_ms"].get<double>() == doctest::Approx(s.ns / 1e6).epsilon(1e-12));
    double top = 0;
    for (const auto& [name, ns] : s.by_name) top = std::max(top, ns);
    CHECK(got["proton_top_kernel_ms"].get<double>() == doctest::Approx(top / 1e6).epsilon(1e-12));
    // aorta's shape: at most five names, hottest first.
    const json& tk = got["proton_top_kernels"];
    CHECK(tk.size() == std::min<size_t>(5, s.by_name.size()));
    for (size_t i = 0; i < tk.size(); ++i) {
      REQUIRE(tk[i].is_string());
      double ms = s.by_name.at(tk[i].get<std::string>()) / 1e6;
      if (i) CHECK(s.by_name.at(tk[i - 1].get<std::string>()) / 1e6 >= ms);
    }
  }
  CHECK(seen == static_cast<int>(kJq.size()));
  CHECK(cycles_only == static_cast<int>(kCyclesOnly.size()));
}

TEST_CASE("proton: leaves are summed by name across files, hottest first") {
  std::vector<aortalint::run::KernelDetail> detail;
  json got = ParseProtonMetrics(kCaptures / "h200-triton-3.6.0", &detail);
  // Sum of the eight files' jq totals above.
  double ns = 389699 + 389409 + 388799 + 359648 + 357284 + 388896 + 3775 + 40576;
  CHECK(got["proton_gpu_time_ms"].get<double>() == doctest::Approx(ns / 1e6));
  CHECK(got["proton_kernel_count"] == 43 * 4 + 40 * 2 + 3 + 20);
  CHECK(got["proton_top_kernels"][0] == "add_kernel");
  REQUIRE(detail.size() >= 2);
  CHECK(detail[0].name == "add_kernel");
  CHECK(detail[0].count == json(120));  // 20 launches in six payload runs
  CHECK(got["proton_top_kernels"][1] == "scale_kernel");
}

TEST_CASE("proton: a directory without a .hatchet, or no directory") {
  CHECK(ParseProtonMetrics(kCaptures / "runner-h200/cli_trace/proton") ==
        json{{"proton_artifact_dir", (kCaptures / "runner-h200/cli_trace/proton").string()}});
  CHECK(ParseProtonMetrics(kCaptures / "no-such-dir") == json::object());
  CHECK(ParseProtonMetrics(kCaptures / "runner-h200/dry_run.txt") == json::object());
}

TEST_CASE("proton: leaf rules") {
  TempDir t;
  SUBCASE("time keys: units, cpu_time and (inc) ignored, the first time key decides") {
    t.Write("a.hatchet",
            Tree({Leaf("k1", {{"count", 1}, {"time (us)", 2}}), Leaf("k2", {{"count", 1}, {"cpu_time (ns)", 5e6}}),
                  Leaf("k3", {{"count", 1}, {"time (ns) (inc)", 5e6}}), Leaf("k4", {{"count", 1}, {"TIME (s)", 0.001}}),
                  Leaf("k5", {{"count", 1}, {"time (ms)", 3}, {"time (s)", 100}}),
                  Leaf("k6", {{"count", 1}, {"time (min)", 3}})}));
    json m = ParseProtonMetrics(t.path);
    CHECK(m["proton_gpu_time_ms"].get<double>() == doctest::Approx(0.002 + 1 + 3));
    CHECK(m["proton_kernel_count"] == 3);
    CHECK(m["proton_top_kernels"].size() == 3);
  }
  SUBCASE("bad times are skipped: negative, NaN, inf strings, non-numeric") {
    t.Write("a.hatchet",
            Tree({Leaf("neg", {{"count", 1}, {"time (ns)", -5}}), Leaf("nan", {{"count", 1}, {"time (ns)", "NaN"}}),
                  Leaf("inf", {{"count", 1}, {"time (ns)", "inf"}}), Leaf("txt", {{"count", 1}, {"time (ns)", "fast"}}),
                  Leaf("str", {{"count", 2}, {"time (ns)", " 1000000 "}}),
                  Leaf("ok", {{"count", 3}, {"time (ns)", 2e6}})}));
    std::vector<aortalint::run::KernelDetail> detail;
    json m = ParseProtonMetrics(t.path, &detail);
    CHECK(m["proton_gpu_time_ms"].get<double>() == doctest::Approx(3.0));
    CHECK(m["proton_kernel_count"] == 5);
    CHECK(m["proton_top_kernels"] == json::array({"ok", "str"}));
    REQUIRE(detail.size() == 2);
    CHECK(detail[0].total_ms == 2.0);
    CHECK(detail[0].count == json(3));
  }
  SUBCASE("a bad count anywhere drops kernel_count but keeps the timings") {
    for (json bad : {json(-1), json("x"), json("nan"), json(nullptr)}) {
      CAPTURE(bad.dump());
      t.Write("a.hatchet",
              Tree({Leaf("a", {{"count", 4}, {"time (ns)", 1e6}}), Leaf("b", {{"count", bad}, {"time (ns)", 3e6}})}));
      std::vector<aortalint::run::KernelDetail> detail;
      json m = ParseProtonMetrics(t.path, &detail);
      CHECK_FALSE(m.contains("proton_kernel_count"));
      CHECK(m["proton_gpu_time_ms"].get<double>() == doctest::Approx(4.0));
      REQUIRE(detail.size() == 2);
      CHECK_FALSE(detail[0].count.has_value());
      CHECK(detail[1].count == json(4));
    }
    t.Write("a.hatchet", Tree({Leaf("a", {{"time (ns)", 1e6}})}));  // missing count
    CHECK_FALSE(ParseProtonMetrics(t.path).contains("proton_kernel_count"));
    t.Write("a.hatchet", Tree({Leaf("a", {{"count", 2.7}, {"time (ns)", 1e6}})}));  // int()
    CHECK(ParseProtonMetrics(t.path)["proton_kernel_count"] == 2);
  }
  SUBCASE("only named leaves with dict metrics; interior nodes never count") {
    json interior = {{"frame", {{"name", "outer"}}},
                     {"metrics", {{"count", 9}, {"time (ns)", 9e9}}},
                     {"children", {Leaf("inner", {{"count", 1}, {"time (ns)", 1e6}})}}};
    json no_frame = {{"metrics", {{"count", 1}, {"time (ns)", 1e6}}}};
    json blank = Leaf("   ", {{"count", 1}, {"time (ns)", 1e6}});
    json list_metrics = Leaf("m", json::array({1, 2}));
    json not_list_children = Leaf("c", {{"count", 1}, {"time (ns)", 1e6}});
    not_list_children["children"] = "none";
    t.Write("a.hatchet", Tree({interior, no_frame, blank, list_metrics, not_list_children}));
    json m = ParseProtonMetrics(t.path);
    CHECK(m["proton_gpu_time_ms"].get<double>() == doctest::Approx(2.0));
    CHECK(m["proton_kernel_count"] == 2);
  }
  SUBCASE("a single-dict root, every element of a list root walked, nested files, broken files skipped") {
    json root = {{"frame", {{"name", "ROOT"}}},
                 {"metrics", json::object()},
                 {"children", {Leaf(" k ", {{"count", 1}, {"time (ns)", 1e6}})}}};
    t.Write("one.hatchet", root.dump());
    t.Write("sub/dir/two.hatchet", json::array({root, Leaf("meta", {{"count", 1}, {"time (ns)", 5e6}})}).dump());
    t.Write("broken.hatchet", "[{\"frame\": ");
    t.Write("other.json", root.dump());
    json m = ParseProtonMetrics(t.path);
    // aorta walks every element of a list root: the second one's leaf counts
    // too (device metadata has no frame and adds nothing).
    CHECK(m["proton_gpu_time_ms"].get<double>() == doctest::Approx(7.0));
    CHECK(m["proton_top_kernels"] == json::array({"meta", "k"}));
    CHECK(m["proton_kernel_count"] == 3);
  }
  SUBCASE("an empty ROOT gives only the artifact dir; a non-finite total likewise") {
    t.Write("a.hatchet", Tree({}));
    CHECK(ParseProtonMetrics(t.path).size() == 1);
    t.Write("a.hatchet",
            Tree({Leaf("a", {{"count", 1}, {"time (s)", 1e308}}), Leaf("b", {{"count", 1}, {"time (s)", 1e308}})}));
    CHECK(ParseProtonMetrics(t.path) == json{{"proton_artifact_dir", t.path.string()}});
  }
  SUBCASE("top five, hottest first, ties in first-seen order") {
    std::vector<json> leaves;
    for (int i = 0; i < 7; ++i) {
      leaves.push_back(Leaf("k" + std::to_string(i), {{"count", 1}, {"time (ns)", i < 3 ? 1e6 : i * 1e6}}));
    }
    t.Write("a.hatchet", Tree(leaves));
    json tk = ParseProtonMetrics(t.path)["proton_top_kernels"];
    std::vector<std::string> names;
    for (const auto& k : tk) names.push_back(k.get<std::string>());
    CHECK(names == std::vector<std::string>{"k6", "k5", "k4", "k3", "k0"});
  }
}

TEST_CASE("csv reader: quotes, embedded commas, doubled quotes, CRLF") {
  auto rows = ReadCsv("a,b,c\r\n\"x, y\",\"he said \"\"hi\"\"\",\n\n\"multi\nline\",2,3");
  REQUIRE(rows.size() == 3);
  CHECK(rows[0] == std::vector<std::string>{"a", "b", "c"});
  CHECK(rows[1] == std::vector<std::string>{"x, y", "he said \"hi\"", ""});
  CHECK(rows[2] == std::vector<std::string>{"multi\nline", "2", "3"});
}

TEST_CASE("rocprof: stats files, both layouts, quoted names") {
  TempDir t;
  const std::string header =
      "\"Name\",\"Calls\",\"TotalDurationNs\",\"AverageNs\",\"Percentage\",\"MinNs\",\"MaxNs\",\"StdDev\"\n";
  SUBCASE("<d>/aorta_kernel_stats.csv") {
    t.Write("aorta_kernel_stats.csv", header +
                                          "\"void gemm<float, 128>(float const*, float*)\",10,5000000,500000,80,1,1,0\n"
                                          "\"add_kernel\",4,1250000,312500,20,1,1,0\n");
    json m = ParseRocprofMetrics(t.path);
    CHECK(m["rocprof_kernel_count"] == 14);
    CHECK(m["rocprof_gpu_time_ms"].get<double>() == doctest::Approx(6.25));
    CHECK(m["rocprof_top_kernel_ms"].get<double>() == doctest::Approx(5.0));
    CHECK(m["rocprof_top_kernels"] == json::array({"void gemm<float, 128>(float const*, float*)", "add_kernel"}));
  }
  SUBCASE("<d>/<host>/<pid>_kernel_stats.csv, summed across files") {
    t.Write("node1/111_kernel_stats.csv", header + "k,2,1000000,0,0,0,0,0\n");
    t.Write("node1/222_kernel_stats.csv", header + "k,3,2000000,0,0,0,0,0\n");
    json m = ParseRocprofMetrics(t.path);
    CHECK(m["rocprof_kernel_count"] == 5);
    CHECK(m["rocprof_gpu_time_ms"] == 3.0);
    CHECK(m["rocprof_top_kernels"] == json::array({"k"}));
  }
  SUBCASE("bad rows skipped; unreadable, negative or fractional Calls drop the count") {
    for (std::string calls : {"x", "-1", "2.5", ""}) {
      CAPTURE(calls);
      t.Write("aorta_kernel_stats.csv", header +
                                            "a,1,1000000,0,0,0,0,0\n"
                                            ",1,1000000,0,0,0,0,0\n"
                                            "neg,1,-5,0,0,0,0,0\n"
                                            "nan,1,nan,0,0,0,0,0\n"
                                            "b," +
                                            calls + ",2000000,0,0,0,0,0\n");
      json m = ParseRocprofMetrics(t.path);
      CHECK_FALSE(m.contains("rocprof_kernel_count"));
      CHECK(m["rocprof_gpu_time_ms"].get<double>() == doctest::Approx(3.0));
    }
  }
}

TEST_CASE("rocprof: falls back to the kernel trace when the stats yield nothing") {
  TempDir t;
  t.Write("aorta_kernel_stats.csv", "\"Name\",\"Calls\",\"TotalDurationNs\"\n");
  t.Write("aorta_kernel_trace.csv",
          "\"Kind\",\"Agent_Id\",\"Kernel_Name\",\"Start_Timestamp\",\"End_Timestamp\"\n"
          "\"KERNEL_DISPATCH\",1,\"void k<1, 2>(int)\",1000,3000\n"
          "\"\",1,\"void k<1, 2>(int)\",5000,6000\n"
          "\"MEMORY_COPY\",1,\"copy\",0,9000000\n"
          "\"KERNEL_DISPATCH\",1,\"backwards\",5000,4000\n"
          "\"KERNEL_DISPATCH\",1,\"other\",0,500\n");
  json m = ParseRocprofMetrics(t.path);
  CHECK(m["rocprof_kernel_count"] == 3);
  CHECK(m["rocprof_gpu_time_ms"].get<double>() == doctest::Approx(0.0035));
  CHECK(m["rocprof_top_kernels"] == json::array({"void k<1, 2>(int)", "other"}));
}

TEST_CASE("rocprof: no usable data gives only the artifact dir, missing dir gives {}") {
  TempDir t;
  t.Write("aorta_agent_info.csv", "a,b\n1,2\n");
  CHECK(ParseRocprofMetrics(t.path) == json{{"rocprof_artifact_dir", t.path.string()}});
  CHECK(ParseRocprofMetrics(t.path / "missing") == json::object());
}
