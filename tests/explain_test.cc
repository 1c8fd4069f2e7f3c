// `aortalint explain` snapshots for the four example shapes of
// reference/aorta.md §7.1 (fixtures/explain/<name>/: recipe.yaml, COMMAND,
// expected.txt; AORTALINT_UPDATE_SNAPSHOTS=1 rewrites expected.txt).
#include <doctest/doctest.h>

#include <cstdlib>
#include <fstream>

#include <nlohmann/json.hpp>

#include "test_util.h"

namespace aortalint::testing {
namespace {

TEST_CASE("explain snapshots of the §7.1 example shapes") {
  std::filesystem::path root = std::filesystem::path(AORTALINT_TESTS_DIR) / ".." / "fixtures" / "explain";
  for (const char* name : {"triton-vecadd", "amd-roctracer", "amd-instrumentation", "amd-rocprofiler", "torch-first",
                           "torch-first-cli", "no-payload"}) {
    CAPTURE(name);
    std::string command = ReadFile(root / name / "COMMAND");
    while (!command.empty() && command.back() == '\n') command.pop_back();
    // A fixed environment, so the argv does not depend on the machine's variables.
    CommandResult r =
        RunShell("cd " + ShellQuote(root.string()) + " && env -i PATH=/usr/bin:/bin " + ShellQuote(AORTALINT_BINARY) +
                 " explain " + name + "/recipe.yaml --no-config --triton 3.6.0,3.7.1,3.8.0 -- " + command + " 2>&1");
    std::filesystem::path snapshot = root / name / "expected.txt";
    if (std::getenv("AORTALINT_UPDATE_SNAPSHOTS")) std::ofstream(snapshot, std::ios::binary) << r.output;
    CHECK(r.output == ReadFile(snapshot));
  }
}

}  // namespace
}  // namespace aortalint::testing

namespace aortalint::testing {
namespace {

TEST_CASE("explain describes a sanitizer plan: selection, sanitizers, where the report goes") {
  std::filesystem::path root = std::filesystem::path(AORTALINT_TESTS_DIR) / ".." / "fixtures" / "explain";
  CommandResult r = RunShell("cd " + ShellQuote(root.string()) + " && " + ShellQuote(AORTALINT_BINARY) +
                             " explain sanitizer-repro/recipe.yaml --no-config 2>&1");
  std::filesystem::path snapshot = root / "sanitizer-repro" / "expected.txt";
  if (std::getenv("AORTALINT_UPDATE_SNAPSHOTS")) std::ofstream(snapshot, std::ios::binary) << r.output;
  CHECK(r.exit_code == 0);
  CHECK(r.output == ReadFile(snapshot));
  CHECK(r.output.find("sanitizer plan") != std::string::npos);
  CHECK(r.output.find("sanitizer-repro/kernels/lds_race.hip") != std::string::npos);  // from the recipe's directory
  CHECK(r.output.find("triage") == std::string::npos);

  CommandResult j = RunShell("cd " + ShellQuote(root.string()) + " && " + ShellQuote(AORTALINT_BINARY) +
                             " explain sanitizer-repro/recipe.yaml --no-config --format json");
  nlohmann::json doc = nlohmann::json::parse(j.output);
  CHECK(doc["mode"] == "sanitizer");
  CHECK(doc["plan"]["selection"]["top_n"] == 2);
  CHECK(doc["plan"]["sanitizers"] == nlohmann::json({"consan", "waitcheck"}));
  CHECK(doc["plan"]["report"] == "sanitizer_results/recipe/lds_race.json");
}

}  // namespace
}  // namespace aortalint::testing

namespace aortalint::testing {
namespace {

TEST_CASE("explain takes the command from the header like check, and each cell's mitigation variables") {
  std::filesystem::path dir = TempDir("aortalint-explain-header");
  WriteFile(dir / ".aortalint.yaml", "exclude: []\n");
  WriteFile(dir / "side.json", "{\"version\": 1, \"mitigations\": {\"side_m\": {\"SIDE_VAR\": \"7\"}}}\n");
  WriteFile(dir / "run.py", "def main():\n    return 0\n\n\nif __name__ == \"__main__\":\n    main()\n");
  WriteFile(dir / "r.yaml",
            "#   aorta sweep run --recipe r.yaml --mitigations-file side.json -- python run.py\n"
            "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [hsa_no_sdma, side_m]\n"
            "diagnostic_axis: [none]\n");
  CommandResult r =
      RunShell("cd " + ShellQuote(dir.string()) + " && " + ShellQuote(AORTALINT_BINARY) + " explain r.yaml 2>&1");
  CHECK(r.output.find("command: python run.py (from the recipe's header comment)") != std::string::npos);
  CHECK(r.output.find("placeholder") == std::string::npos);
  CHECK(r.output.find("environment: HSA_ENABLE_SDMA=0") != std::string::npos);  // built-in mitigation
  CHECK(r.output.find("environment: SIDE_VAR=7") != std::string::npos);         // the sidecar's
  CHECK(r.output.find("RCP015") == std::string::npos);                          // declared by the sidecar
}

TEST_CASE("explain never says an AMD-only backend runs on NVIDIA") {
  std::filesystem::path dir = TempDir("aortalint-explain-vendor");
  WriteFile(dir / "r.yaml",
            "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\n"
            "diagnostic_axis: [none]\ncollect:\n  proton: {mode: env, backend: roctracer}\n");
  CommandResult r = RunShell("cd " + ShellQuote(dir.string()) + " && " + ShellQuote(AORTALINT_BINARY) +
                             " explain r.yaml --no-config --triton 3.8.0 -- python x.py 2>&1");
  CHECK(r.output.find("roctracer on NVIDIA") == std::string::npos);
  CHECK(r.output.find("nothing (roctracer is AMD-only) on NVIDIA") != std::string::npos);
}

TEST_CASE("explain's per-target row names the VER002 its problem list and check report") {
  std::filesystem::path dir = TempDir("aortalint-explain-ver002");
  WriteFile(dir / "r.yaml",
            "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
            "collect:\n  proton: {mode: env, backend: rocprofiler, backend_mode: pcsampling}\n");
  CommandResult r = RunShell("cd " + ShellQuote(dir.string()) + " && " + ShellQuote(AORTALINT_BINARY) +
                             " explain r.yaml --no-config --triton 3.8.0,main -- python x.py 2>&1");
  size_t row = r.output.find("triton 3.8.0: backend rocprofiler");
  size_t main_row = r.output.find("triton main: backend rocprofiler");
  REQUIRE(row != std::string::npos);
  REQUIRE(main_row != std::string::npos);
  size_t caveat = r.output.find("not supported by backend 'rocprofiler' here", row);
  CHECK(caveat < main_row);  // under 3.8.0's row, and not under main's (post-3.8 has pcsampling)
  CHECK(r.output.find("not supported by backend 'rocprofiler' here", main_row) == std::string::npos);
}

}  // namespace
}  // namespace aortalint::testing

namespace aortalint::testing {
namespace {

TEST_CASE("explain describes the GPU host's trial: a rocprofv3 missing here is named bare, not a refusal") {
  std::filesystem::path dir = TempDir("aortalint-explain-rocprof");
  WriteFile(dir / "r.yaml",
            "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
            "collect:\n  rocprof: {}\n");
  CommandResult r = RunShell("cd " + ShellQuote(dir.string()) + " && env -i PATH=/usr/bin:/bin " +
                             ShellQuote(AORTALINT_BINARY) + " explain r.yaml --no-config -- ./app 2>&1");
  CHECK(r.exit_code == 0);
  CHECK(r.output.find("argv: rocprofv3 -d ") != std::string::npos);
  CHECK(r.output.find("rocprofv3 is not on this machine's PATH") != std::string::npos);
  CHECK(r.output.find("refuses this at trial setup") == std::string::npos);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace aortalint::testing
