// Pairing: header comments, shell words, precedence.
#include <doctest/doctest.h>

#include <filesystem>
#include <optional>
#include <random>

#include "base/dir_index.h"

#include "driver/pairing.h"
#include "run/wrap.h"
#include "test_util.h"

namespace aortalint {
namespace {

TEST_CASE("payload pairing: header comment with continuations") {
  std::string text =
      "# Run with:\n#   aorta sweep run --recipe examples/r.yaml \\\n#     -- python examples/p.py \\\n"
      "#     --size '4 096'\nschema_version: 1\n";
  std::optional<AortaCommand> h = FindHeaderCommand(text);
  REQUIRE(h);
  CHECK(h->argv == std::vector<std::string>{"python", "examples/p.py", "--size", "4 096"});
  CHECK(text.substr(h->span.begin, 5) == "aorta");
  CHECK(text.substr(h->span.end - 7, 7) == "'4 096'");
}

TEST_CASE("payload pairing: no command without ' -- '") {
  CHECK_FALSE(FindHeaderCommand("# aorta sweep run --recipe r.yaml\nschema_version: 1\n"));
  CHECK_FALSE(FindHeaderCommand("schema_version: 1\n"));
}

TEST_CASE("payload pairing: the header command as aorta's command line") {
  // Prose that names aorta and `run` is no command; a trailing shell comment ends the command.
  std::string text =
      "# aorta would run it as the command\n#   aorta sweep run --recipe r.yaml --ticket T  # note\nschema_version: "
      "1\n";
  std::optional<AortaCommand> c = FindAortaCommand(text);
  REQUIRE(c);
  CHECK(c->group == "sweep");
  CHECK(c->aorta_args == std::vector<std::string>{"--recipe", "r.yaml", "--ticket", "T"});
  CHECK(c->argv.empty());
  CHECK_FALSE(FindHeaderCommand(text));  // launches nothing: pairs nothing
}

TEST_CASE("payload pairing: a command starts its comment line, and prose that mentions one is none") {
  // The shapes of aorta's own recipes: inline code in a sentence (single and reStructuredText backticks).
  for (const char* prose : {"# under torchrun -- a bare `aorta sweep run` starts a single process\n",
                            "# the full ``aorta sweep run`` path on real ROCm hardware.\n",
                            "# Smoke-test recipe for `aorta sweep run` probe flow (issue #188).\n"}) {
    CAPTURE(std::string(prose));
    std::string text = std::string(prose) + "#   aorta sweep run --recipe r.yaml --dry-run\nschema_version: 1\n";
    std::optional<AortaCommand> c = FindAortaCommand(text);
    REQUIRE(c);
    CHECK(c->aorta_args == std::vector<std::string>{"--recipe", "r.yaml", "--dry-run"});
  }
  // A label, a shell prompt or variable assignments before it leave it a command.
  for (const char* line : {"# Usage: aorta sweep run --recipe r.yaml\n", "#   $ aorta sweep run --recipe r.yaml\n",
                           "#   TS_GPUS=0 aorta sweep run --recipe r.yaml\n"}) {
    CAPTURE(std::string(line));
    std::optional<AortaCommand> c = FindAortaCommand(line);
    REQUIRE(c);
    CHECK(c->aorta_args == std::vector<std::string>{"--recipe", "r.yaml"});
  }
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
  fs::path bare = testing::TempDir("aortalint-bare");
  for (bool listings : {false, true}) {  // asked of the file system, and of a run's listings
    CAPTURE(listings);
    std::optional<ScopedDirectoryCache> run;
    if (listings) run.emplace();
    // The nearer config wins over the outer .git; without one, .git; without either, the config's directory.
    CHECK(fs::path(RepositoryRoot(recipe, "")) == outer / "inner");
    CHECK(fs::path(RepositoryRoot((outer / "plain" / "r.yaml").string(), "/cfg")) == outer);
    CHECK(RepositoryRoot((bare / "r.yaml").string(), "/cfg") == "/cfg");
  }

  Config config;
  config.dir = (outer / "inner").string();
  std::optional<Launch> launch = FindLaunch(recipe, testing::ReadFile(recipe), {}, config);
  REQUIRE(launch);
  CHECK(launch->pairing.source == LaunchSource::kHeaderComment);
  CHECK(launch->pairing.missing.empty());
  CHECK(launch->files.size() == 1);
}

// The run's listings answer most of WithinRoot without resolving each directory; links and `..`
// still go to the file system. Both ways must agree, and with what the links say.
TEST_CASE("payload pairing: a path within the root, through links or not") {
  namespace fs = std::filesystem;
  fs::path base = testing::TempDir("aortalint-within");
  fs::path root = base / "root", other = base / "other";
  testing::WriteFile(root / "a" / "b" / "run.py", "import torch\n");
  testing::WriteFile(other / "x.py", "import torch\n");
  fs::create_directory_symlink(root / "a", root / "inside");       // a link that stays in
  fs::create_directory_symlink(other, root / "outside");           // one that leads out
  fs::create_directory_symlink("../../other", root / "a" / "up");  // relative, leading out
  fs::create_symlink(other / "x.py", root / "a" / "b" / "linked.py");
  fs::create_directory_symlink(root, base / "alias");  // the root itself through a link
  struct Case {
    fs::path path, root;
    bool within;
  };
  const Case cases[] = {
      {root / "a" / "b" / "run.py", root, true},
      {root / "a" / "b" / "absent.py", root, true},
      {root / "absent" / "deeper" / "x.py", root, true},
      {root, root, true},
      {root / "inside" / "b" / "run.py", root, true},
      {root / "outside" / "x.py", root, false},
      {root / "a" / "up" / "x.py", root, false},
      {root / "a" / "b" / "linked.py", root, false},
      {root / "a" / ".." / "outside" / "x.py", root, false},
      {root / "a" / "b" / ".." / ".." / ".." / "other" / "x.py", root, false},
      {root / "inside" / ".." / "a" / "b" / "run.py", root, true},
      {other / "x.py", root, false},
      {base / "alias" / "a" / "b" / "run.py", root, true},
      {root / "a" / "b" / "run.py", base / "alias", true},
      {base / "alias" / "outside" / "x.py", base / "alias", false},
      {root / "a" / "b" / "run.py", root / "a" / "b" / "run.py", true},
      {root / "a" / "b" / "run.py", fs::path("/"), true},
  };
  for (bool listings : {false, true}) {
    CAPTURE(listings);
    std::optional<ScopedDirectoryCache> run;
    if (listings) run.emplace();
    for (const Case& c : cases) {
      CAPTURE(c.path);
      CAPTURE(c.root);
      CHECK(WithinRoot(c.path.string(), c.root.string()) == c.within);
    }
  }
}

// The same question over random paths through a tree of links: written with `.`, `..`, doubled
// slashes and trailing ones, through links inward, outward and upward, and past names that do not exist.
TEST_CASE("payload pairing: the listings and the file system agree on random paths within a root") {
  namespace fs = std::filesystem;
  fs::path base = testing::TempDir("aortalint-within-random");
  fs::create_directories(base / "root" / "a" / "b");
  fs::create_directories(base / "root" / "c");
  fs::create_directories(base / "other" / "d");
  testing::WriteFile(base / "root" / "a" / "b" / "f.py", "\n");
  testing::WriteFile(base / "other" / "d" / "g.py", "\n");
  fs::create_directory_symlink(base / "root" / "a" / "b", base / "root" / "c" / "in");
  fs::create_directory_symlink(base / "other", base / "root" / "a" / "out");
  fs::create_directory_symlink("..", base / "root" / "c" / "up");
  fs::create_directory_symlink(base / "root", base / "other" / "back");
  fs::create_symlink(base / "other" / "d" / "g.py", base / "root" / "c" / "g.py");
  const std::vector<std::string> names = {"a",    "b",    "c",    "d", "in", "out", "up",
                                          "back", "f.py", "g.py", ".", "..", "",    "nothing"};
  const std::vector<fs::path> roots = {base / "root", base / "root" / "a", base / "root" / "c" / "in",
                                       base / "other" / "back", base};
  std::mt19937 random(11);
  for (int i = 0; i < 3000; ++i) {
    std::string path = (base / (random() % 2 ? "root" : "other")).string();
    for (int n = random() % 6; n > 0; --n) path += "/" + names[random() % names.size()];
    std::string root = roots[random() % roots.size()].string() + (random() % 4 ? "" : "/");
    CAPTURE(path);
    CAPTURE(root);
    bool by_file_system = WithinRoot(path, root);
    ScopedDirectoryCache run;
    CHECK(WithinRoot(path, root) == by_file_system);
  }
  fs::remove_all(base);
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

TEST_CASE("payload pairing: recipes named one by one in an exported tree share one root") {
  namespace fs = std::filesystem;
  fs::path outside = testing::TempDir("aortalint-named");
  fs::path repo = outside / "repo";
  testing::WriteFile(repo / "recipes" / "probe" / "r.yaml",
                     "#   aorta sweep run --recipe recipes/probe/r.yaml -- python scripts/train.py\n"
                     "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
                     "collect:\n  proton:\n    mode: cli\n");
  testing::WriteFile(repo / "scripts" / "train.py",
                     "def main():\n    return 0\n\n\nif __name__ == \"__main__\":\n    code = main()\n"
                     "    if code:\n        raise SystemExit(code)\n");
  std::string bin = testing::ShellQuote(AORTALINT_BINARY);
  // Named from the tree's top: the working directory is the root, as for `check .` (it was the recipe's directory).
  testing::CommandResult named = testing::RunShell("cd " + testing::ShellQuote(repo.string()) + " && " + bin +
                                                   " check recipes/probe/r.yaml --no-cache --verbose 2>&1");
  CHECK(named.exit_code == 0);
  CHECK(named.output.find("from the working directory '" + repo.string() + "'") != std::string::npos);
  // Named from a directory beside the tree, with a file of the tree's top: their common directory is the root.
  testing::WriteFile(repo / "top.yaml",
                     "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\n"
                     "diagnostic_axis: [none]\n");
  fs::create_directories(outside / "elsewhere");
  testing::CommandResult common =
      testing::RunShell("cd " + testing::ShellQuote((outside / "elsewhere").string()) + " && " + bin + " check " +
                        testing::ShellQuote((repo / "recipes/probe/r.yaml").string()) + " " +
                        testing::ShellQuote((repo / "top.yaml").string()) + " --no-cache --verbose 2>&1");
  CHECK(common.exit_code == 0);
  CHECK(common.output.find("the recipes named share") != std::string::npos);
  // Named alone from there: the header's --recipe says where the tree's top is (it was the recipe's directory,
  // where scripts/train.py is not: SYN003).
  testing::CommandResult alone =
      testing::RunShell("cd " + testing::ShellQuote((outside / "elsewhere").string()) + " && " + bin + " check " +
                        testing::ShellQuote((repo / "recipes/probe/r.yaml").string()) + " --no-cache --verbose 2>&1");
  CHECK(alone.exit_code == 0);
  CHECK(alone.output.find("[SYN003]") == std::string::npos);
  CHECK(alone.output.find("'" + repo.string() + "', from which the header's --recipe leads to the recipe") !=
        std::string::npos);
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
