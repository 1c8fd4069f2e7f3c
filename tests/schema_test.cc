// `aortalint schema`: a draft-07 JSON Schema that the shipped example recipes
// satisfy and that catches what it claims to (unknown keys, option domains).
#include <doctest/doctest.h>

#include <filesystem>

#include <nlohmann/json.hpp>

#include "driver/discover.h"
#include "json_schema.h"
#include "load/yaml_loader.h"
#include "model/yaml_json.h"
#include "test_util.h"

namespace aortalint {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

json Schema() {
  testing::CommandResult r = testing::RunAortalint("schema", false);
  REQUIRE(r.exit_code == 0);
  return json::parse(r.output);
}

json Parse(const std::string& text) {
  YamlDocument doc = ParseYaml(std::make_shared<const SourceFile>("r.yaml", text));
  REQUIRE(doc.ok());
  return yaml::ToJson(*doc.root);
}

TEST_CASE("schema: the shipped example recipes validate") {
  json schema = Schema();
  CHECK(schema["$schema"] == "http://json-schema.org/draft-07/schema#");
  testing::JsonSchemaValidator validator(schema);
  int checked = 0, yaml_files = 0;
  fs::path examples = fs::path(AORTALINT_SOURCE_DIR) / "examples";
  REQUIRE(fs::is_directory(examples));
  for (const auto& entry : fs::recursive_directory_iterator(examples)) {
    std::string path = entry.path().generic_string();
    if (!entry.is_regular_file() || path.find("/broken/") != std::string::npos) continue;
    if (entry.path().extension() != ".yaml" && entry.path().extension() != ".yml") continue;
    // Configuration beside the recipes (.aortalint.yaml, .pre-commit-config.yaml, .github/) is not one.
    if (fs::relative(entry.path(), examples).generic_string().find("/.") != std::string::npos) continue;
    ++yaml_files;
    std::string text = testing::ReadFile(entry.path());
    if (!LooksLikeRecipe(text)) continue;
    CAPTURE(path);
    std::vector<std::string> problems = validator.Validate(Parse(text));
    for (const std::string& p : problems) MESSAGE(p);
    CHECK(problems.empty());
    ++checked;
  }
  // Every YAML file of examples/ (outside broken/ and dot-named configuration) is a recipe, validated.
  CHECK(checked == yaml_files);
  CHECK(checked >= 5);
}

TEST_CASE("schema: it flags unknown keys, out-of-domain options and missing required keys") {
  testing::JsonSchemaValidator validator(Schema());
  std::string probe =
      "schema_version: 1\nmode: probe\ntrials: 3\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
      "collect:\n  proton:\n    backend: roctracer\n    mode: env\n  rocprof:\n    trace: kernel, hip\n";
  CHECK(validator.Validate(Parse(probe)).empty());
  CHECK_FALSE(validator.Validate(Parse(probe + "colect: [rocprof]\n")).empty());
  CHECK_FALSE(validator.Validate(Parse(probe + "timeout_per_trial: 0\n")).empty());
  std::string bad_option = probe;
  bad_option.replace(bad_option.find("roctracer"), 9, "cuda");
  CHECK_FALSE(validator.Validate(Parse(bad_option)).empty());
  std::string unquoted = probe + "  numerics:\n    every: 3\n";
  CHECK_FALSE(validator.Validate(Parse(unquoted)).empty());
  CHECK_FALSE(validator.Validate(Parse("schema_version: 1\nworkload: gemm\ntrials: 3\nsteps: 10\n")).empty());
  CHECK(validator
            .Validate(Parse("schema_version: 1\nworkload: gemm\ntrials: 3\nsteps: 10\ncells:\n"
                            "  - {name: base, mitigations: [none], environment: local, collect: []}\n"))
            .empty());
  // A key of the other mode is refused, as aorta refuses it: cells in a probe recipe, an axis in a triage one.
  CHECK_FALSE(validator.Validate(Parse(probe + "cells: []\n")).empty());
  CHECK_FALSE(validator
                  .Validate(Parse("schema_version: 1\nworkload: gemm\ntrials: 3\nsteps: 10\ncells: []\n"
                                  "mitigation_axis: [none]\n"))
                  .empty());
}

}  // namespace
}  // namespace aortalint
