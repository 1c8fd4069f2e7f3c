// The recipe shapes of aorta's own recipes (reference/aorta.md §7.1) load with
// no error or warning from any rule, and each one-edit schema rejection (§7.2)
// gives exactly its RCP rule. The collector shapes are in collect_shapes_test.cc.
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
  for (const char* name : {"rcp-probe-smoke.yaml", "rcp-nan-debug-sweep.yaml", "rcp-probe-template-bash.yaml",
                           "rcp-fsdp-smoke.yaml", "rcp-gpu-smoke.yaml"}) {
    CAPTURE(name);
    CHECK(Findings(name).empty());
  }
}

TEST_CASE("each one-edit schema rejection gives exactly its rule") {
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
  };
  for (const auto& [name, rule] : cases) {
    CAPTURE(name);
    CHECK(Findings(name) == std::multiset<std::string>{rule});
  }
}

}  // namespace
