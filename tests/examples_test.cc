// The example recipe repository's CI workflow works as written: aortalint is
// installed before any job runs it, the SARIF job may write security events
// and uploads even when aortalint exits 1, and every aortalint command in it
// runs here, on the example repository, with the result CI would see.
#include <doctest/doctest.h>

#include <filesystem>

#include "load/yaml_loader.h"
#include "test_util.h"

namespace aortalint::testing {
namespace {

namespace fs = std::filesystem;

const fs::path kExample = fs::path(AORTALINT_SOURCE_DIR) / "examples/recipe-repo";

TEST_CASE("examples: the CI workflow installs aortalint, annotates, and uploads SARIF even on findings") {
  YamlDocument workflow = LoadYamlFile((kExample / ".github/workflows/ci.yaml").string());
  REQUIRE(workflow.ok());
  const yaml::Node* jobs = workflow.root->Get("jobs");
  REQUIRE(jobs);
  REQUIRE(jobs->is_map());
  // The text of a string value under `key`, or "".
  auto text = [](const yaml::Node* node, std::string_view key) {
    const yaml::Node* value = node ? node->Get(key) : nullptr;
    return value && value->is_str() ? value->text : std::string();
  };
  std::vector<std::string> commands;
  bool sarif_upload = false;
  for (const yaml::Entry& job : jobs->entries) {
    std::string name = job.key->text;
    CAPTURE(name);
    bool installed = false;
    const yaml::Node* steps = job.value->Get("steps");
    REQUIRE(steps);
    for (const yaml::NodePtr& step : steps->items) {
      std::string run = text(step.get(), "run");
      if (run.find("apt-get install") != std::string::npos && run.find("aortalint.deb") != std::string::npos)
        installed = true;
      if (run.rfind("aortalint ", 0) == 0) {
        CHECK(installed);  // never a step that runs an aortalint nobody installed
        commands.push_back(run);
      }
      if (text(step.get(), "uses").rfind("github/codeql-action/upload-sarif", 0) == 0) {
        sarif_upload = true;
        CHECK(text(job.value->Get("permissions"), "security-events") == "write");
        CHECK(text(step.get(), "if").find("always()") != std::string::npos);
      }
    }
  }
  CHECK(sarif_upload);
  REQUIRE(commands.size() == 2);

  // Each command, run on a copy of the example repository as CI would.
  fs::path repo = TempDir("aortalint-example-ci");
  fs::copy(kExample, repo, fs::copy_options::recursive);
  RunShell("cd " + ShellQuote(repo.string()) + " && git init -q . 2>/dev/null");
  for (const std::string& command : commands) {
    CAPTURE(command);
    std::string bin = fs::path(AORTALINT_BINARY).parent_path().string();
    CommandResult r =
        RunShell("cd " + ShellQuote(repo.string()) + " && PATH=" + ShellQuote(bin) + ":\"$PATH\" " + command + " 2>&1");
    CHECK(r.exit_code == 1);  // the example has broken recipes on purpose
    if (command.find("github") != std::string::npos) {
      CHECK(r.output.find("::error file=recipes/broken/") != std::string::npos);
      CHECK(r.output.find("title=aortalint ") != std::string::npos);
    }
    if (command.find("sarif") != std::string::npos) {
      std::string sarif = ReadFile(repo / "aortalint.sarif");
      CHECK(sarif.find("\"uriBaseId\": \"SRCROOT\"") != std::string::npos);
      CHECK(sarif.find("recipes/broken/") != std::string::npos);
    }
  }
  fs::remove_all(repo);
}

}  // namespace
}  // namespace aortalint::testing
