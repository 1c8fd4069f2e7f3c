// The sanitizer plan model (model/sanitizer_plan.h): what aorta's
// load_sanitizer_recipe would use, read from a recipe, for the HIP rules and
// `explain` to build on.
#include <doctest/doctest.h>

#include "load/knowledge_loader.h"
#include "load/yaml_loader.h"
#include "model/recipe.h"
#include "model/sanitizer_plan.h"

namespace aortalint {
namespace {

YamlDocument Parse(std::string path, std::string text) {
  return ParseYaml(std::make_shared<SourceFile>(std::move(path), std::move(text)));
}

TEST_CASE("a sanitizer recipe gets its own mode and a plan, other modes get none") {
  YamlDocument doc = Parse("lanes/sub/r.yaml",
                           "schema_version: 1\nmode: sanitizer\nsanitizer_plan:\n  target: ' gfx950 '\n"
                           "  source:\n    kind: consan_repro\n    hip: ../repro/race.hip\n    variant: racy\n"
                           "    command: bin/race\n  selection: {requirement: top_time, top_n: 4}\n"
                           "  sanitizers: [consan, waitcheck, consan]\n"
                           "  policy: {consan_policy: strict, on_missing_backend: fail, timeout_seconds: 90}\n"
                           "  output: {report: out.json}\n");
  Recipe recipe(doc, BuiltinKnowledge());
  REQUIRE(recipe.mode() == RecipeMode::kSanitizer);
  const SanitizerPlan* plan = recipe.sanitizer_plan();
  REQUIRE(plan);
  CHECK(plan->target.text == "gfx950");
  CHECK(plan->source.kind.text == "consan_repro");
  CHECK(plan->source.hip.text == "../repro/race.hip");
  CHECK(plan->source.hip_resolved == "lanes/repro/race.hip");  // from the recipe's directory
  CHECK(plan->source.command_resolved == "lanes/sub/bin/race");
  CHECK(plan->source.variant.text == "racy");
  CHECK(plan->top_n == 4);
  CHECK(plan->sanitizers == std::vector<std::string>{"consan", "waitcheck"});
  CHECK(plan->timeout_seconds == 90.0);
  CHECK(plan->report.text == "out.json");
  CHECK(plan->scope_kind.node == nullptr);  // absent: SAN002's to report

  YamlDocument triage = Parse("t.yaml", "schema_version: 1\nworkload: w\n");
  CHECK(Recipe(triage, BuiltinKnowledge()).sanitizer_plan() == nullptr);
}

TEST_CASE("kernels of a kernel_list and of a kernel source, with their nodes") {
  YamlDocument doc = Parse("r.yaml",
                           "mode: sanitizer\nsanitizer_plan:\n  source:\n    kind: kernel_list\n"
                           "    kernels:\n      - plain_k\n      - {name: ' spec_k ', code_object: co/k.hsaco}\n"
                           "      - {code_object: x}\n");
  Recipe recipe(doc, BuiltinKnowledge());
  const auto& kernels = recipe.sanitizer_plan()->source.kernels;
  REQUIRE(kernels.size() == 3);
  CHECK(kernels[0].name == "plain_k");
  CHECK(kernels[1].name == "spec_k");
  CHECK(kernels[1].code_object_path == "co/k.hsaco");
  CHECK(kernels[1].name_node->span.begin > kernels[0].node->span.begin);
  CHECK(kernels[2].name.empty());  // aorta refuses it: no name

  YamlDocument one = Parse("r.yaml",
                           "mode: sanitizer\nsanitizer_plan:\n  source:\n    kind: kernel\n"
                           "    kernel: {name: gemm}\n    kernels: [ignored]\n    hip: ignored.hip\n");
  Recipe one_recipe(one, BuiltinKnowledge());
  const SanitizerPlan* plan = one_recipe.sanitizer_plan();
  REQUIRE(plan->source.kernels.size() == 1);
  CHECK(plan->source.kernels[0].name == "gemm");
  CHECK(plan->source.hip.node == nullptr);  // not read for kind kernel
}

TEST_CASE("values aorta refuses are left empty") {
  YamlDocument doc = Parse("r.yaml",
                           "mode: sanitizer\nsanitizer_plan:\n  target: ''\n  source: {kind: workload}\n"
                           "  selection: {requirement: top, top_n: true}\n  sanitizers: [waitcheck, asan]\n"
                           "  policy: {timeout_seconds: 0}\n");
  Recipe recipe(doc, BuiltinKnowledge());
  const SanitizerPlan* plan = recipe.sanitizer_plan();
  CHECK_FALSE(plan->target.ok());
  CHECK(plan->target.node != nullptr);
  CHECK_FALSE(plan->source.kind.ok());
  CHECK_FALSE(plan->requirement.ok());
  CHECK_FALSE(plan->top_n.has_value());
  CHECK(plan->sanitizers.empty());
  CHECK_FALSE(plan->timeout_seconds.has_value());
}

TEST_CASE("aorta's identity ints and schema_version equality") {
  auto node = [](yaml::Kind kind, std::string text, int64_t i = 0) {
    yaml::Node n;
    n.kind = kind;
    n.text = std::move(text);
    n.integer = i;
    n.boolean = i != 0;
    return n;
  };
  CHECK(IdentityInt(node(yaml::Kind::kStr, "0x1C00")) == 0x1c00);
  CHECK(IdentityInt(node(yaml::Kind::kStr, " 42 ")) == 42);
  CHECK(IdentityInt(node(yaml::Kind::kStr, "1_000")) == 1000);
  CHECK_FALSE(IdentityInt(node(yaml::Kind::kStr, "0x")));
  CHECK_FALSE(IdentityInt(node(yaml::Kind::kStr, "12ab")));
  CHECK_FALSE(IdentityInt(node(yaml::Kind::kStr, "-3")));
  CHECK_FALSE(IdentityInt(node(yaml::Kind::kInt, "", -1)));
  CHECK_FALSE(IdentityInt(node(yaml::Kind::kBool, "", 1)));
  CHECK(IdentityInt(node(yaml::Kind::kInt, "", 7)) == 7);
  CHECK(EqualsOne(node(yaml::Kind::kBool, "", 1)));  // Python: True == 1
  CHECK_FALSE(EqualsOne(node(yaml::Kind::kStr, "1")));
}

}  // namespace
}  // namespace aortalint
