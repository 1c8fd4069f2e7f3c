// The example recipe repository's CI workflow works as written: aortalint is
// installed before any job runs it, the SARIF job may write security events
// and uploads even when aortalint exits 1, and every aortalint command in it
// runs here, on the example repository, with the result CI would see.
#include <doctest/doctest.h>

#include <filesystem>

#include <yaml-cpp/yaml.h>

#include "test_util.h"

namespace aortalint::testing {
namespace {

namespace fs = std::filesystem;

const fs::path kExample = fs::path(AORTALINT_SOURCE_DIR) / "examples/recipe-repo";

TEST_CASE("examples: the CI workflow installs aortalint, annotates, and uploads SARIF even on findings") {
  YAML::Node workflow = YAML::LoadFile((kExample / ".github/workflows/ci.yaml").string());
  YAML::Node jobs = workflow["jobs"];
  REQUIRE(jobs.IsMap());
  std::vector<std::string> commands;
  bool sarif_upload = false;
  for (const auto& job : jobs) {
    std::string name = job.first.as<std::string>();
    CAPTURE(name);
    bool installed = false;
    for (const YAML::Node& step : job.second["steps"]) {
      std::string run = step["run"] ? step["run"].as<std::string>() : "";
      if (run.find("apt-get install") != std::string::npos && run.find("aortalint.deb") != std::string::npos)
        installed = true;
      if (run.rfind("aortalint ", 0) == 0) {
        CHECK(installed);  // never a step that runs an aortalint nobody installed
        commands.push_back(run);
      }
      if (step["uses"] && step["uses"].as<std::string>().rfind("github/codeql-action/upload-sarif", 0) == 0) {
        sarif_upload = true;
        CHECK(job.second["permissions"]["security-events"].as<std::string>() == "write");
        REQUIRE(step["if"]);
        CHECK(step["if"].as<std::string>().find("always()") != std::string::npos);
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
