// aortalint beside aorta's own code: one test per class of disagreement found
// by running aorta's loader, wrapper and parsers on the same inputs
// (src/python/parity/README.md). Expected values are what aorta's Python gives.
#include <doctest/doctest.h>

#include <cmath>
#include <fstream>
#include <limits>

#include <nlohmann/json.hpp>

#include "python/value.h"
#include "run/metrics.h"
#include "run/metrics_view.h"
#include "run/wrap.h"
#include "test_util.h"

// Python's and PyYAML's behaviour as the port reproduces it (ctest -L python-fidelity).
TEST_SUITE_BEGIN("python-fidelity");

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using namespace aortalint::run;
using aortalint::BigCount;
using aortalint::DumpJson;
using aortalint::PyFloatOfText;
using aortalint::PyFloatRepr;
using aortalint::PyJsonLoad;
using aortalint::testing::RunAortalint;
using aortalint::testing::ShellQuote;
using aortalint::testing::TempDir;
using aortalint::testing::WriteFile;

// One .hatchet in <dir>/proton, parsed through the `metrics` command's path.
json Proton(const fs::path& dir, const std::string& text) {
  WriteFile(dir / "proton/p.hatchet", text);
  json m = ParseProtonMetrics(dir / "proton");
  m.erase("proton_artifact_dir");
  return m;
}

std::string Leaf(const std::string& name_json, const std::string& metrics) {
  return R"j({"frame":{"name":)j" + name_json + R"j(},"metrics":{)j" + metrics + R"j(},"children":[]})j";
}
std::string Tree(const std::string& leaves) {
  return R"j([{"frame":{"name":"ROOT"},"metrics":{},"children":[)j" + leaves + R"j(]},{"CUDA":{}}])j";
}

}  // namespace

TEST_CASE("parity metrics: NaN, Infinity and 1e400 tokens skip only their leaf (D2)") {
  fs::path d = TempDir("parity_d2");
  json m = Proton(d, Tree(Leaf(R"j("k")j", R"j("time (ns)":1000,"count":1)j") + "," +
                          Leaf(R"j("j")j", R"j("time (ns)":NaN,"count":1)j") + "," +
                          Leaf(R"j("i")j", R"j("time (ns)":-Infinity,"count":1)j") + "," +
                          Leaf(R"j("h")j", R"j("time (ns)":1e400,"count":1)j")));
  CHECK(m == json{{"proton_kernel_count", 1},
                  {"proton_gpu_time_ms", 0.001},
                  {"proton_top_kernel_ms", 0.001},
                  {"proton_top_kernels", {"k"}}});
  fs::remove_all(d);
}

TEST_CASE("parity metrics: a leaf that overflows after unit conversion is skipped alone (D3)") {
  fs::path d = TempDir("parity_d3");
  json m = Proton(d, Tree(Leaf(R"j("k")j", R"j("time (ns)":1000,"count":1)j") + "," +
                          Leaf(R"j("j")j", R"j("time (s)":1e308,"count":1)j")));
  CHECK(m["proton_gpu_time_ms"] == 0.001);
  CHECK(m["proton_top_kernels"] == json{"k"});
  fs::remove_all(d);
}

TEST_CASE("parity metrics: counts of 2^63 and more are exact, never negative (D4, R30)") {
  fs::path d = TempDir("parity_d4");
  json m = Proton(d, Tree(Leaf(R"j("k")j", R"j("time (ns)":1000,"count":9.2e18)j") + "," +
                          Leaf(R"j("k")j", R"j("time (ns)":1000,"count":9.2e18)j")));
  CHECK(m["proton_kernel_count"].is_number_unsigned());
  CHECK(m["proton_kernel_count"].get<uint64_t>() == 18400000000000000000ull);
  // Past 2^64 - 1 the count stays exact, as Python's int(float(count)) is: DumpJson writes the digits.
  m = Proton(d, Tree(Leaf(R"j("k")j", R"j("time (ns)":1000,"count":1e+20)j")));
  CHECK(DumpJson(m["proton_kernel_count"]) == "100000000000000000000");
  m = Proton(d, Tree(Leaf(R"j("k")j", R"j("time (ns)":1000,"count":10000000000000000000000000)j")));
  CHECK(DumpJson(m["proton_kernel_count"]) == "10000000000000000905969664");
  // rocprof Calls of 1e300 is an exact (huge) integer in Python, and so it is here.
  WriteFile(d / "rocprof/aorta_kernel_stats.csv", "Name,Calls,TotalDurationNs\nk,1e300,1000\n");
  json r = ParseRocprofMetrics(d / "rocprof");
  std::string digits = DumpJson(r["rocprof_kernel_count"]);
  CHECK(digits.size() == 301);
  CHECK(digits.rfind("100000000000000005250476025520442024870446858110815915491585", 0) == 0);
  // Past the double range (two rows of 1e308): the exact sum, never null, inf or negative.
  WriteFile(d / "rocprof/aorta_kernel_stats.csv", "Name,Calls,TotalDurationNs\nk,1e308,1000\nj,1e308,1000\n");
  r = ParseRocprofMetrics(d / "rocprof");
  CHECK(DumpJson(r["rocprof_kernel_count"]).size() == 309);
  CHECK(DumpJson(r["rocprof_kernel_count"]).rfind("2000000000000000021958127258880910834809", 0) == 0);
  // Indented output and other values as nlohmann writes them.
  json mixed = {{"a", r["rocprof_kernel_count"]}, {"b", {1, "x"}}, {"c", json::object()}, {"d", json::array()}};
  CHECK(DumpJson(mixed, 2) == "{\n  \"a\": " + DumpJson(r["rocprof_kernel_count"]) +
                                  ",\n  \"b\": [\n    1,\n    \"x\"\n  ],\n  \"c\": {},\n  \"d\": []\n}");
  json plain = {{"k", {1.5, nullptr, true}}, {"s", "\u00e9\n"}};
  CHECK(DumpJson(plain, 2) == plain.dump(2));
  CHECK(DumpJson(plain) == plain.dump());
  CHECK(BigCount::FromDouble(1e20).ToString() == "100000000000000000000");
  CHECK(BigCount::FromDouble(1e25).ToString() == "10000000000000000905969664");
  fs::remove_all(d);
}

TEST_CASE("parity metrics: booleans are numbers, the first readable time key wins (D1, D5)") {
  fs::path d = TempDir("parity_d1");
  json m = Proton(d, Tree(Leaf(R"j("k")j", R"j("time (ns)":false,"count":1)j")));
  CHECK(m == json{{"proton_kernel_count", 1},
                  {"proton_gpu_time_ms", 0.0},
                  {"proton_top_kernel_ms", 0.0},
                  {"proton_top_kernels", {"k"}}});
  m = Proton(d, Tree(Leaf(R"j("k")j", R"j("time (ns)":1000,"count":true)j")));
  CHECK(m["proton_kernel_count"] == 1);
  for (std::string first : {R"j("x")j", "null", "[1]", R"j("-5")j"}) {
    CAPTURE(first);
    m = Proton(d, Tree(Leaf(R"j("k")j", R"j("time (ns)":)j" + first + R"j(,"time (us)":2,"count":1)j")));
    CHECK(m["proton_gpu_time_ms"] == 0.002);
  }
  fs::remove_all(d);
}

TEST_CASE("parity metrics: names are str() of any truthy value, every top-level element is walked (D6, D7)") {
  fs::path d = TempDir("parity_d6");
  json m =
      Proton(d, Tree(Leaf("1", R"j("time (ns)":3000)j") + "," + Leaf("true", R"j("time (ns)":2000)j") + "," +
                     Leaf("2.5", R"j("time (ns)":1500)j") + "," + Leaf(R"j(["a",1,null])j", R"j("time (ns)":1000)j") +
                     "," + Leaf(R"j({"x":1e20})j", R"j("time (ns)":500)j") + "," + Leaf("0", R"j("time (ns)":9e9)j") +
                     "," + Leaf("false", R"j("time (ns)":9e9)j") + "," + Leaf(R"j("")j", R"j("time (ns)":9e9)j")));
  CHECK(m["proton_top_kernels"] == json{"1", "True", "2.5", "['a', 1, None]", "{'x': 1e+20}"});
  m = Proton(d, R"j([{"frame":{"name":"ROOT"},"metrics":{},"children":[]},)j" +
                    Leaf(R"j("k")j", R"j("time (ns)":1000)j") + "]");
  CHECK(m["proton_top_kernels"] == json{"k"});
  fs::remove_all(d);
}

TEST_CASE("parity metrics: Python float() syntax and time keys as str.partition reads them (D8, D9)") {
  fs::path d = TempDir("parity_d8");
  json m = Proton(d, Tree(Leaf(R"j("k")j", R"j("time (ns":"1_000")j")));
  CHECK(m["proton_gpu_time_ms"] == 0.001);
  CHECK(PyFloatOfText(" 1_000.5e1_0 ") == 1000.5e10);
  CHECK_FALSE(PyFloatOfText("1__0"));
  CHECK_FALSE(PyFloatOfText("_1"));
  CHECK(std::isinf(*PyFloatOfText("-Infinity")));
  CHECK(std::isnan(*PyFloatOfText("nan")));
  CHECK(PyFloatOfText("\u3000"
                      "5") == 5.0);  // Unicode whitespace is stripped
  WriteFile(d / "rocprof/aorta_kernel_stats.csv", "Name,Calls,TotalDurationNs\nk,2,1_000\n");
  CHECK(ParseRocprofMetrics(d / "rocprof")["rocprof_gpu_time_ms"] == 0.001);
  fs::remove_all(d);
}

TEST_CASE("parity metrics: a BOM, invalid UTF-8 or deep nesting as Python's json treats them (D10)") {
  fs::path d = TempDir("parity_d10");
  json m = Proton(d, "\xEF\xBB\xBF" + Tree(Leaf(R"j("k")j", R"j("time (ns)":1000)j")));
  CHECK(m.empty());  // json.load refuses a BOM: no numbers
  bool deep = false;
  CHECK_FALSE(PyJsonLoad(std::string(5000, '[') + std::string(5000, ']'), &deep));
  CHECK(deep);
  CHECK(PyJsonLoad("[[1]]"));
  // Two lone surrogates are two keys, as in Python's dict; in a str value one reads as U+FFFD.
  std::optional<aortalint::PyValue> keys = PyJsonLoad(R"({"\ud800": 1, "\udc00": "\udc00", "\ud800": 3})");
  REQUIRE(keys);
  REQUIRE(keys->keys.size() == 2);
  CHECK(keys->items[0].text == "3");
  CHECK(keys->items[1].text == "\xEF\xBF\xBD");
  // A RecursionError escapes aorta's parser, and summarize_collectors drops the collector.
  WriteFile(d / "proton/deep.hatchet", std::string(2000, '[') + std::string(2000, ']'));
  CHECK(ParseProtonMetrics(d / "proton") == json::object());
  fs::remove_all(d);
}

TEST_CASE("parity metrics: a trial directory is read through proton/ and rocprof/ only (D11)") {
  fs::path d = TempDir("parity_d11");
  WriteFile(d / "stray.hatchet", Tree(Leaf(R"j("k")j", R"j("time (ns)":1000)j")));
  WriteFile(d / "other/x_kernel_stats.csv", "Name,Calls,TotalDurationNs\nk,1,1000\n");
  auto r = RunAortalint("metrics " + ShellQuote(d.string()) + " --format json", false);
  CHECK(json::parse(r.output) == json::object());
  fs::remove_all(d);
}

TEST_CASE("parity metrics: rocprof totals in ns, divided once, overflow degrades (D12)") {
  fs::path d = TempDir("parity_d12");
  WriteFile(d / "rocprof/aorta_kernel_stats.csv",
            "Name,Calls,TotalDurationNs\na,1,100000000.1\nb,1,200000000.2\nc,1,300000000.3\n");
  CHECK(ParseRocprofMetrics(d / "rocprof")["rocprof_gpu_time_ms"] == (100000000.1 + 200000000.2 + 300000000.3) / 1e6);
  WriteFile(d / "rocprof/aorta_kernel_stats.csv", "Name,Calls,TotalDurationNs\nk,1,1e308\nj,1,1e308\n");
  CHECK(ParseRocprofMetrics(d / "rocprof") == json{{"rocprof_artifact_dir", (d / "rocprof").string()}});
  fs::remove_all(d);
}

TEST_CASE("parity metrics: csv as Python's csv.DictReader reads it") {
  fs::path d = TempDir("parity_csv");
  // A later duplicate column wins; a short row leaves Calls missing (None -> unreadable count).
  WriteFile(d / "rocprof/aorta_kernel_stats.csv",
            "Name,Calls,TotalDurationNs,Name\nx,2,1000,k\n\nj,1\n\"q,1\",\"3\",\"2000\",\"q,1\"\n");
  json m = ParseRocprofMetrics(d / "rocprof");
  CHECK(m["rocprof_top_kernels"] == json{"q,1", "k"});
  CHECK(m["rocprof_kernel_count"] == 5);
  fs::remove_all(d);
}

TEST_CASE("parity: Python repr of floats") {
  CHECK(PyFloatRepr(1e20) == "1e+20");
  CHECK(PyFloatRepr(1e16) == "1e+16");
  CHECK(PyFloatRepr(123456789012345.0) == "123456789012345.0");
  CHECK(PyFloatRepr(0.0001) == "0.0001");
  CHECK(PyFloatRepr(0.00001) == "1e-05");
  CHECK(PyFloatRepr(2.5) == "2.5");
  CHECK(PyFloatRepr(-0.0) == "-0.0");
  CHECK(PyFloatRepr(std::nan("")) == "nan");
}

TEST_CASE("parity run: ROCPROF_BIN is made absolute and normalised as os.path.abspath does (C3)") {
  CHECK(PyNormPath("a/../b/./c//d") == "b/c/d");
  CHECK(PyNormPath("/../x") == "/x");
  CHECK(PyNormPath("//x/../y") == "//y");
  CHECK(PyNormPath("../../x") == "../../x");
  CHECK(PyNormPath("") == ".");
  CHECK(PyAbsPath("/a/./b/../c") == "/a/c");
  CHECK(PyAbsPath("bin/rocprofv3") == PyNormPath(fs::current_path().string() + "/bin/rocprofv3"));
}

namespace {

// A scratch project: a fake rocprofv3, a payload, a recipe.
struct RunProject {
  fs::path dir = TempDir("parity_run");
  RunProject() {
    WriteFile(dir / "bin/rocprofv3", "#!/bin/sh\nexit 0\n");
    fs::permissions(dir / "bin/rocprofv3", fs::perms::owner_all);
    WriteFile(dir / "train.py", "def main():\n    return 0\n\n\nif __name__ == \"__main__\":\n    main()\n");
  }
  ~RunProject() { fs::remove_all(dir); }
  // `run --dry-run` from the project directory, with ROCPROF_BIN as given.
  aortalint::testing::CommandResult DryRun(const std::string& recipe, const std::string& args,
                                           const std::string& rocprof_bin = "bin/rocprofv3") {
    WriteFile(dir / "r.yaml", recipe);
    return aortalint::testing::RunShell(
        "cd " + ShellQuote(dir.string()) + " && ROCPROF_BIN=" + ShellQuote(rocprof_bin) + " " +
        ShellQuote(AORTALINT_BINARY) + " run --dry-run --no-config --recipe r.yaml --output out " + args + " 2>&1");
  }
};

const char kProbeHead[] =
    "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n";

}  // namespace

TEST_CASE("parity run: pmc and kernel_include_regex reach rocprofv3 as written (C1, C2, C3)") {
  RunProject p;
  auto r =
      p.DryRun(std::string(kProbeHead) +
                   "collect:\n  rocprof:\n    pmc: SQ_WAVES, GRBM_COUNT\n    kernel_include_regex: \"[A-Z]+Gemm\"\n",
               "-- python3 train.py");
  REQUIRE(r.exit_code == 0);
  std::string abs = PyNormPath((fs::canonical(p.dir) / "bin/rocprofv3").string());
  CHECK(r.output.find(abs + " -d ") == 0);
  CHECK(r.output.find("--kernel-include-regex '[A-Z]+Gemm' --pmc SQ_WAVES GRBM_COUNT -- python3 train.py") !=
        std::string::npos);
  r = p.DryRun(std::string(kProbeHead) + "collect:\n  rocprof:\n    kernel_include_regex: \" attn \"\n",
               "-- python3 train.py", "./bin/../bin/rocprofv3");
  REQUIRE(r.exit_code == 0);
  CHECK(r.output.find(abs + " -d ") == 0);
  CHECK(r.output.find("--kernel-include-regex ' attn ' --") != std::string::npos);
}

TEST_CASE("parity run: --cell X is judged on X's own collectors (C4)") {
  RunProject p;
  std::string recipe =
      "schema_version: 1\nworkload: w\ntrials: 1\nsteps: 1\ncells:\n"
      "  - {name: base, mitigations: [none], environment: local}\n"
      "  - {name: prof, mitigations: [none], environment: local, collect: {proton: {}}}\n";
  auto r = p.DryRun(recipe, "--cell base -- ./a.out");
  CHECK(r.exit_code == 0);
  CHECK(r.output == "./a.out\n");
  // aorta never wraps a triage trial, so no lint refuses it (ATT002 is the probe flow's); the
  // runner, which wraps as the probe flow does, cannot put proton's cli front end before a binary.
  r = p.DryRun(recipe, "--cell prof -- ./a.out");
  CHECK(r.exit_code == 2);
  CHECK(r.output.find("[ATT002]") == std::string::npos);
  CHECK(r.output.find("needs a Python script launch, got './a.out'") != std::string::npos);
}

TEST_CASE("parity run: `sh -c '...'` is a command string, not a payload path (C5)") {
  RunProject p;
  auto r = p.DryRun(std::string(kProbeHead) + "collect: {rocprof: {}}\n", "-- sh -c 'python3 missing.py'");
  CHECK(r.exit_code == 0);
  CHECK(r.output.find("-- sh -c 'python3 missing.py'") != std::string::npos);
}

TEST_CASE("parity recipes: a long value cut in a message stays UTF-8, so --format json writes it") {
  fs::path d = TempDir("parity_utf8_cut");
  // 57 ASCII bytes, then 'é' (two bytes) straddling Repr's 60-byte cut.
  std::string cond = "exit_code == 1 or exit_code == 2 or exit_code == 3 or ex" + std::string("\xc3\xa9") + "x";
  WriteFile(d / "r.yaml", std::string(kProbeHead) + "custom_patterns:\n  - {id: a, match: {regex: x, condition: \"" +
                              cond + "\"}}\n");
  auto r = RunAortalint("check --no-config --no-cache --format json " + ShellQuote((d / "r.yaml").string()), false);
  json out = json::parse(r.output);
  REQUIRE(out.size() == 1);
  CHECK(out[0]["rule"] == "RCP007");
  CHECK(out[0]["message"].get<std::string>().find("...") != std::string::npos);
  fs::remove_all(d);
}

TEST_CASE("parity run: --cell X is not refused for another cell's proton env-mode payload contract") {
  RunProject p;  // train.py never reads AORTA_PROTON_* nor starts Proton (PAY006/PAY007 where env mode applies)
  std::string recipe =
      "schema_version: 1\nworkload: w\ntrials: 1\nsteps: 1\ncollect: {proton: {mode: env}}\ncells:\n"
      "  - {name: base, mitigations: [none], environment: local}\n"
      "  - {name: 'off', mitigations: [none], environment: local, collect: []}\n";
  auto r = p.DryRun(recipe, "--cell off -- python3 train.py");
  CHECK(r.exit_code == 0);
  CHECK(r.output == "python3 train.py\n");
  // The payload gate is a warning (aorta runs such a trial): base's plan is aorta's env-mode wrap.
  r = p.DryRun(recipe, "--cell base -- python3 train.py");
  CHECK(r.exit_code == 0);
  CHECK(r.output.find("AORTA_PROTON_NAME=") != std::string::npos);
}

TEST_CASE("parity metrics: a long non-ASCII kernel name is shortened on a code point, so --format json writes it") {
  std::string e = "\xc3\xa9";
  std::string name;
  for (int i = 0; i < 50; ++i) name += e;
  std::string eight;
  for (int i = 0; i < 8; ++i) eight += e;
  CHECK(aortalint::run::ShortKernelName(name, 20) == "..." + eight);  // 17 bytes asked, 16 whole ones kept
  fs::path d = TempDir("parity_long_name");
  Proton(d, Tree(Leaf("\"" + name + name + "xy\"", R"j("time (ns)":1000,"count":1)j")));
  auto r = RunAortalint("metrics --format json " + ShellQuote(d.string()), false);
  json out = json::parse(r.output);
  CHECK(out["proton_top_kernels"][0] == name + name + "xy");
  fs::remove_all(d);
}

// Issue 36: the classes an independent harness found against aorta's newest code.

TEST_CASE("parity metrics: float() reads the decimal digits of every script, as CPython transforms them") {
  CHECK(PyFloatOfText("\uff11\uff12") == 12.0);              // fullwidth
  CHECK(PyFloatOfText("\u0661.\u0665e\u0662") == 150.0);     // Arabic-Indic, exponent too
  CHECK(PyFloatOfText("1_\uff12") == 12.0);                  // underscores between any digits
  CHECK(PyFloatOfText("\u00a0\u0e51\u0e52\u3000") == 12.0);  // Thai, Unicode spaces stripped
  CHECK(PyFloatOfText("+\uff11") == 1.0);
  CHECK_FALSE(
      PyFloatOfText("\x1c"
                    "12"));                // str.isspace() but ASCII: kept, so not a number
  CHECK_FALSE(PyFloatOfText("12\u200b"));  // a zero-width space is no digit and no space
  CHECK_FALSE(PyFloatOfText("\u00b2"));    // a superscript is a digit but not a decimal
  fs::path d = TempDir("parity_36_digits");
  json m = Proton(d, Tree(Leaf(R"j("k")j", R"j("time (us)":"\uff12","count":"\u0663")j")));
  CHECK(m == json{{"proton_kernel_count", 3},
                  {"proton_gpu_time_ms", 0.002},
                  {"proton_top_kernel_ms", 0.002},
                  {"proton_top_kernels", {"k"}}});
  WriteFile(d / "rocprof/aorta_kernel_stats.csv", "Name,Calls,TotalDurationNs\nk,\u0662,\u0967\u0966\u0966\u0966\n");
  json r = ParseRocprofMetrics(d / "rocprof");
  CHECK(r["rocprof_kernel_count"] == 2);
  CHECK(r["rocprof_gpu_time_ms"] == 0.001);
  fs::remove_all(d);
}

TEST_CASE("parity metrics: files are summed in the order aorta's collector walks them (a directory's files first)") {
  fs::path d = TempDir("parity_36_order");
  // Path order would read a/x first; aorta reads b.hatchet (a file of proton/) before the subdirectory a/,
  // so it sums (j + k) + m, which differs in the last bit from (k + m) + j.
  WriteFile(d / "proton/a/x.hatchet",
            Tree(Leaf(R"j("k")j", R"j("time (ms)":0.2)j") + "," + Leaf(R"j("m")j", R"j("time (ms)":0.3)j")));
  WriteFile(d / "proton/b.hatchet", Tree(Leaf(R"j("j")j", R"j("time (ms)":0.1)j")));
  json m = ParseProtonMetrics(d / "proton");
  CHECK(m["proton_gpu_time_ms"] == (0.1 + 0.2) + 0.3);
  CHECK(m["proton_gpu_time_ms"] != (0.2 + 0.3) + 0.1);
  CHECK(m["proton_top_kernels"] == json{"m", "k", "j"});
  // Ties keep first-seen order: t in b/ is seen after s in the top-level file.
  WriteFile(d / "rocprof/b/x_kernel_stats.csv", "Name,Calls,TotalDurationNs\nt,1,100000000.1\n");
  WriteFile(d / "rocprof/c_kernel_stats.csv", "Name,Calls,TotalDurationNs\ns,1,100000000.1\nu,1,200000000.2\n");
  json r = ParseRocprofMetrics(d / "rocprof");
  CHECK(r["rocprof_top_kernels"] == json{"u", "s", "t"});
  CHECK(r["rocprof_gpu_time_ms"] == (100000000.1 + 200000000.2 + 100000000.1) / 1e6);
  fs::remove_all(d);
}

TEST_CASE("parity metrics: a collector directory that is a link gives no metrics, as aorta's collector refuses it") {
  fs::path d = TempDir("parity_36_linked");
  WriteFile(d / "elsewhere/p.hatchet", Tree(Leaf(R"j("k")j", R"j("time (ms)":1)j")));
  WriteFile(d / "elsewhere/x_kernel_stats.csv", "Name,Calls,TotalDurationNs\nk,1,1000\n");
  fs::create_directories(d / "trial");
  fs::create_directory_symlink(d / "elsewhere", d / "trial/proton");
  fs::create_directory_symlink(d / "elsewhere", d / "trial/rocprof");
  CHECK(ParseProtonMetrics(d / "trial/proton") == json::object());
  CHECK(ParseRocprofMetrics(d / "trial/rocprof") == json::object());
  fs::remove_all(d);
}

TEST_CASE("parity run: a pytest shebang is read as readline(256) reads it") {
  RunProject p;
  std::string recipe = std::string(kProbeHead) + "collect:\n  proton:\n    mode: cli\n";
  auto pytest_with = [&](const std::string& shebang) {
    WriteFile(p.dir / "bin/pytest", shebang + "\nimport pytest\n");
    fs::permissions(p.dir / "bin/pytest", fs::perms::owner_all);
    return p.DryRun(recipe, "-- bin/pytest -k gemm");
  };
  auto r = pytest_with("#!/opt/venv/bin/python3.11");
  REQUIRE(r.exit_code == 0);
  CHECK(r.output.find("/opt/venv/bin/python3.11 -m triton.profiler.proton") != std::string::npos);
  // A 258-byte line: readline(256) ends it at "python3.", which is no python name.
  r = pytest_with("#!/" + std::string(240, 'v') + "/bin/python3.11");
  REQUIRE(r.exit_code == 0);
  CHECK(r.output.find("/bin/python3.11 -m") == std::string::npos);
  CHECK(r.output.find("python3 -m triton.profiler.proton") != std::string::npos);  // not a python: the fallback
  CHECK(r.output.find("could not read an interpreter") != std::string::npos);
  // `env -S python3` names '-S' first, which aorta takes for the interpreter: no python.
  r = pytest_with("#!/usr/bin/env -S python3.12");
  CHECK(r.output.find("python3.12 -m") == std::string::npos);
}

TEST_CASE("parity run: --dry-run says what aorta would do, apart from what aortalint adds") {
  RunProject p;
  // No rocprofv3 on PATH and no ROCPROF_BIN: aorta raises RocprofUnavailableError.
  WriteFile(p.dir / "r.yaml", std::string(kProbeHead) + "collect:\n  rocprof: {}\n");
  auto r = aortalint::testing::RunShell(
      "cd " + ShellQuote(p.dir.string()) + " && env -u ROCPROF_BIN PATH=/usr/bin:/bin " + ShellQuote(AORTALINT_BINARY) +
      " run --dry-run --no-config --recipe r.yaml --output out -- python3 train.py 2>&1");
  CHECK(r.exit_code == 2);
  CHECK(r.output.find("aorta would refuse: RocprofUnavailableError: rocprofv3 not found") != std::string::npos);
  // A pmc token aorta passes on: its plan, and aortalint's own refusal set apart.
  r = p.DryRun(std::string(kProbeHead) + "collect:\n  rocprof:\n    pmc: \"SQ_WAVES\u3001GRBM_COUNT\"\n",
               "-- python3 train.py");
  CHECK(r.exit_code == 2);
  CHECK(r.output.find("--pmc 'SQ_WAVES\u3001GRBM_COUNT' -- python3 train.py") != std::string::npos);
  CHECK(r.output.find("aortalint's own refusal (aorta builds the plan above)") != std::string::npos);
  // A script that does not exist: aorta wraps it; the finding is aortalint's.
  r = p.DryRun(std::string(kProbeHead) + "collect:\n  rocprof: {}\n", "-- python3 missing.py");
  CHECK(r.exit_code == 1);
  CHECK(r.output.find("-- python3 missing.py") != std::string::npos);
  CHECK(r.output.find("aortalint's own verdict") != std::string::npos);
  CHECK(r.output.find("a real run would not start") == std::string::npos);
}

TEST_SUITE_END();
