// Pairing: header comments, shell words, precedence.
#include <doctest/doctest.h>

#include <filesystem>

#include "driver/pairing.h"
#include "run/wrap.h"
#include "test_util.h"

namespace aortalint {
namespace {

TEST_CASE("payload pairing: header comment with continuations") {
  std::string text =
      "# Run with:\n#   aorta sweep run --recipe examples/r.yaml \\\n#     -- python examples/p.py \\\n"
      "#     --size '4 096'\nschema_version: 1\n";
  std::optional<HeaderCommand> h = FindHeaderCommand(text);
  REQUIRE(h);
  CHECK(h->argv == std::vector<std::string>{"python", "examples/p.py", "--size", "4 096"});
  CHECK(text.substr(h->span.begin, 5) == "aorta");
  CHECK(text.substr(h->span.end - 7, 7) == "'4 096'");
}

TEST_CASE("payload pairing: no command without ' -- '") {
  CHECK_FALSE(FindHeaderCommand("# aorta sweep run --recipe r.yaml\nschema_version: 1\n"));
  CHECK_FALSE(FindHeaderCommand("schema_version: 1\n"));
}

TEST_CASE("payload pairing: shell words") {
  CHECK(SplitShellWords(R"sh(python -c "print(\"x\")" a\ b 'c d')sh") ==
        std::vector<std::string>{"python", "-c", "print(\"x\")", "a b", "c d"});
}

TEST_CASE("payload pairing: a config marks a project root nested in a checkout") {
  namespace fs = std::filesystem;
  fs::path outer = testing::TempDir("aortalint-root");
  fs::create_directories(outer / ".git");
  testing::WriteFile(outer / "inner" / ".aortalint.yaml", "triton: [3.8.0]\n");
  testing::WriteFile(outer / "inner" / "profiling" / "run.py", "import torch\n");
  std::string recipe = (outer / "inner" / "recipes" / "r.yaml").string();
  testing::WriteFile(recipe, "# aorta sweep run --recipe recipes/r.yaml -- python profiling/run.py\n");
  testing::WriteFile(outer / "plain" / "r.yaml", "schema_version: 1\n");
  // The nearer config wins over the outer .git; without one, .git; without either, the config's directory.
  CHECK(fs::path(RepositoryRoot(recipe, "")) == outer / "inner");
  CHECK(fs::path(RepositoryRoot((outer / "plain" / "r.yaml").string(), "/cfg")) == outer);
  fs::path bare = testing::TempDir("aortalint-bare");
  CHECK(RepositoryRoot((bare / "r.yaml").string(), "/cfg") == "/cfg");

  Config config;
  config.dir = (outer / "inner").string();
  std::optional<Launch> launch = FindLaunch(recipe, testing::ReadFile(recipe), {}, config);
  REQUIRE(launch);
  CHECK(launch->pairing.source == LaunchSource::kHeaderComment);
  CHECK(launch->pairing.missing.empty());
  CHECK(launch->files.size() == 1);
}

TEST_CASE("payload pairing: without .git or a config, the directory named on the command line is the root") {
  namespace fs = std::filesystem;
  fs::path outside = testing::TempDir("aortalint-export");
  fs::path repo = outside / "repo";
  testing::WriteFile(repo / "recipes" / "sub" / "r.yaml",
                     "#   aorta sweep run --recipe recipes/sub/r.yaml -- python scripts/train.py\n"
                     "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
                     "collect:\n  proton:\n    mode: cli\n");
  testing::WriteFile(repo / "scripts" / "train.py",
                     "import triton.profiler as proton  # isort: skip  # noqa: I001\n\nimport torch\n\n\n"
                     "def main():\n    return 0\n\n\nif __name__ == \"__main__\":\n    code = main()\n"
                     "    if code:\n        raise SystemExit(code)\n");
  std::string recipe = (repo / "recipes" / "sub" / "r.yaml").string();
  CHECK(fs::path(RepositoryRoot(recipe, "", repo.string())) == repo);
  CHECK(fs::path(RepositoryRoot(recipe, "", (outside / "elsewhere").string())) == repo / "recipes" / "sub");
  // One answer from outside the exported tree and from inside it; never the current directory.
  std::string bin = testing::ShellQuote(AORTALINT_BINARY);
  testing::CommandResult from_outside = testing::RunShell("cd " + testing::ShellQuote(outside.string()) + " && " + bin +
                                                          " check repo --no-cache --format concise");
  testing::CommandResult from_inside = testing::RunShell("cd " + testing::ShellQuote(repo.string()) + " && " + bin +
                                                         " check . --no-cache --format concise");
  CHECK(from_outside.exit_code == 0);
  CHECK(from_inside.exit_code == 0);
  CHECK(from_outside.output == from_inside.output);
}

TEST_CASE("payload pairing: the command line wins over the header") {
  Config config;
  std::optional<Launch> launch =
      FindLaunch("r.yaml", "#   aorta sweep run -- python other.py\n", {"python", "-u", "x.py"}, config);
  REQUIRE(launch);
  CHECK(launch->pairing.source == LaunchSource::kCommandLine);
  CHECK(launch->pairing.missing == std::vector<std::string>{"x.py"});
}

TEST_CASE("payload pairing: launches judged like aorta's wrapper") {
  CHECK(run::SplitPythonLaunch({"python", "-mpytest", "-k", "x"}).target ==
        std::vector<std::string>{"pytest", "-k", "x"});
  CHECK(run::SplitPythonLaunch({"python", "-u", "v.py"}).script == "v.py");
  CHECK_FALSE(run::SplitPythonLaunch({"pypy3", "v.py"}).ok());
  CHECK_FALSE(run::SplitPythonLaunch({"python", "-c", "pass"}).ok());
}

}  // namespace
}  // namespace aortalint
