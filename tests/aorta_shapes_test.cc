// The shapes of aorta's own recipes (reference/aorta.md §7.1) load with no
// error or warning from any rule, and each one-edit rejection of §7.2 gives
// exactly its rule. `rcp-*` files are the schema shapes, `col-*` the
// collector shapes.
#include <doctest/doctest.h>

#include <filesystem>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "test_util.h"

namespace {

namespace fs = std::filesystem;
using aortalint::testing::RunAortalint;
using aortalint::testing::ShellQuote;

const fs::path kShapes = fs::path(AORTALINT_SOURCE_DIR) / "fixtures/recipes/aorta-shapes";

// The IDs of the errors and warnings every rule reports on one recipe.
std::multiset<std::string> Findings(const std::string& name) {
  auto result = RunAortalint("check --no-config --format json " + ShellQuote((kShapes / name).string()), false);
  nlohmann::json all = nlohmann::json::parse(result.output, nullptr, false);
  REQUIRE_MESSAGE(all.is_array(), name << ": " << result.output);
  std::multiset<std::string> ids;
  for (const nlohmann::json& d : all)
    if (d["severity"] != "info") ids.insert(d["rule"].get<std::string>());
  return ids;
}

TEST_CASE("aorta's example recipe shapes load without errors or warnings") {
  for (const char* name :
       {"rcp-probe-smoke.yaml", "rcp-nan-debug-sweep.yaml", "rcp-probe-template-bash.yaml", "rcp-fsdp-smoke.yaml",
        "rcp-gpu-smoke.yaml", "col-triton-vecadd.yaml", "col-amd-roctracer.yaml", "col-amd-instrumentation.yaml",
        "col-amd-rocprofiler.yaml", "col-torch-matmul.yaml", "col-amd-instrumentation-rocprof.yaml"}) {
    CAPTURE(name);
    CHECK(Findings(name).empty());
  }
}

TEST_CASE("each one-edit rejection gives exactly its rule") {
  const std::pair<const char*, const char*> cases[] = {
      {"rcp-gpu-smoke-retain.yaml", "RCP003"},
      {"rcp-probe-smoke-cells.yaml", "RCP003"},
      {"rcp-probe-smoke-retain-some.yaml", "RCP007"},
      {"rcp-probe-smoke-timeout-zero.yaml", "RCP007"},
      {"rcp-gpu-smoke-schema-2.yaml", "RCP005"},
      {"rcp-gpu-smoke-collect-null.yaml", "RCP009"},
      {"rcp-gpu-smoke-cell-path.yaml", "RCP008"},
      {"rcp-gpu-smoke-empty-mitigations.yaml", "RCP016"},
      {"rcp-gpu-smoke-condition.yaml", "RCP010"},
      {"col-amd-roctracer-rocprof.yaml", "CNF001"},
      {"col-triton-vecadd-rocprof.yaml", "CNF001"},
      {"col-amd-roctracer-granularity.yaml", "COL007"},
      {"col-triton-vecadd-backend-mode.yaml", "COL008"},
      {"col-amd-roctracer-pcsampling.yaml", "COL008"},
      {"col-amd-instrumentation-backend-mode.yaml", "COL006"},
      {"col-amd-roctracer-backends.yaml", "COL004"},
      {"col-torch-matmul-stats.yaml", "COL003"},
      {"col-triton-vecadd-rocprf.yaml", "COL001"},
      {"col-amd-roctracer-cli.yaml", "ATT001"},
  };
  for (const auto& [name, rule] : cases) {
    CAPTURE(name);
    CHECK(Findings(name) == std::multiset<std::string>{rule});
  }
}

}  // namespace
