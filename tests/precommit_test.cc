// End to end with the real pre-commit: a temporary recipe repository uses this
// repository's hook definition (.pre-commit-hooks.yaml, as in the working
// tree), fails on a bad recipe and a bad payload with aortalint's messages,
// passes once they are fixed, and `.aortalint.yaml`'s `exclude:` holds for
// files pre-commit names explicitly.
//
// Skipped by default (it needs git and pre-commit, and takes seconds); ctest
// runs it as `precommit` with --no-skip and reports a missing tool as SKIPPED.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "test_util.h"

namespace aortalint {
namespace {

namespace fs = std::filesystem;
using testing::RunShell;
using testing::ShellQuote;
using testing::WriteFile;

constexpr int kSkipped = 77;  // ctest's SKIP_RETURN_CODE for this test

void SkipUnless(const std::string& tool) {
  if (RunShell("command -v " + tool + " >/dev/null 2>&1").exit_code == 0) return;
  std::cout << "SKIPPED: '" << tool << "' is not installed (apt-get install " << tool << ")\n";
  if (std::getenv("AORTALINT_SKIP_EXIT")) std::exit(kSkipped);
  throw std::runtime_error("skipped");
}

const char kBadRecipe[] =
    "schema_version: 1\n"
    "mode: probe\n"
    "trials: 3\n"
    "trials: 3\n"
    "mitigation_axis: [none]\n"
    "diagnostic_axis: [none]\n";
const char kGoodRecipe[] =
    "schema_version: 1\n"
    "mode: probe\n"
    "trials: 3\n"
    "mitigation_axis: [none]\n"
    "diagnostic_axis: [none]\n";
const char kBadPayload[] =
    "import torch\n"
    "import triton.profiler as proton  # isort: skip  # noqa: I001\n\n\n"
    "def main():\n    return 0\n\n\n"
    "if __name__ == \"__main__\":\n    code = main()\n    if code:\n        raise SystemExit(code)\n";
const char kGoodPayload[] =
    "import triton.profiler as proton  # isort: skip  # noqa: I001\n"
    "import torch\n\n\n"
    "def main():\n    return 0\n\n\n"
    "if __name__ == \"__main__\":\n    code = main()\n    if code:\n        raise SystemExit(code)\n";

TEST_CASE("pre-commit: the hook fails on bad files, passes on fixed ones, honours exclude" * doctest::skip()) {
  try {
    SkipUnless("git");
    SkipUnless("pre-commit");
  } catch (const std::runtime_error&) {
    return;
  }
  fs::path root = testing::TempDir("aortalint-precommit");
  std::string git = "git -c user.name=t -c user.email=t@t.invalid -c init.defaultBranch=main -c commit.gpgsign=false ";

  // The hook repository: this repository's hook definition, committed.
  fs::path hooks = root / "hooks";
  WriteFile(hooks / ".pre-commit-hooks.yaml",
            testing::ReadFile(fs::path(AORTALINT_SOURCE_DIR) / ".pre-commit-hooks.yaml"));
  REQUIRE(RunShell("cd " + ShellQuote(hooks.string()) + " && " + git + "init -q && " + git + "add . && " + git +
                   "commit -q -m hooks")
              .exit_code == 0);
  std::string rev = RunShell("cd " + ShellQuote(hooks.string()) + " && git rev-parse HEAD").output;
  rev.erase(rev.find_last_not_of("\n") + 1);

  // The user's repository.
  fs::path repo = root / "recipes";
  WriteFile(repo / ".pre-commit-config.yaml",
            "repos:\n  - repo: " + hooks.string() + "\n    rev: " + rev + "\n    hooks:\n      - id: aortalint\n");
  WriteFile(repo / ".aortalint.yaml", "exclude: [legacy/]\n");
  WriteFile(repo / "probe" / "recipe.yaml", kBadRecipe);
  WriteFile(repo / "probe" / "payload.py", kBadPayload);
  WriteFile(repo / "legacy" / "old.yaml", kBadRecipe);
  WriteFile(repo / ".github" / "workflows" / "ci.yaml", "on: push\njobs: {}\n");
  std::string in_repo = "cd " + ShellQuote(repo.string()) + " && ";
  REQUIRE(RunShell(in_repo + git + "init -q && " + git + "add -A").exit_code == 0);

  // pre-commit finds aortalint on PATH (language: system), in its own cache dir.
  std::string bin_dir = fs::path(AORTALINT_BINARY).parent_path().string();
  std::string run = in_repo + "PATH=" + ShellQuote(bin_dir) +
                    ":\"$PATH\" PRE_COMMIT_HOME=" + ShellQuote((root / "cache").string()) +
                    " pre-commit run --all-files --color never 2>&1";
  testing::CommandResult failing = RunShell(run);
  INFO("pre-commit said:\n" << failing.output);
  CHECK(failing.exit_code == 1);
  CHECK(failing.output.find("probe/recipe.yaml:4:1: warning: duplicate key") != std::string::npos);
  CHECK(failing.output.find("[SYN004]") != std::string::npos);
  CHECK(failing.output.find("probe/payload.py:1:1: error:") != std::string::npos);
  CHECK(failing.output.find("[PAY001]") != std::string::npos);
  CHECK(failing.output.find("legacy/old.yaml") == std::string::npos);
  CHECK(failing.output.find("ci.yaml") == std::string::npos);

  WriteFile(repo / "probe" / "recipe.yaml", kGoodRecipe);
  WriteFile(repo / "probe" / "payload.py", kGoodPayload);
  REQUIRE(RunShell(in_repo + git + "add -A").exit_code == 0);
  testing::CommandResult passing = RunShell(run);
  INFO("pre-commit said:\n" << passing.output);
  CHECK(passing.exit_code == 0);
  CHECK(passing.output.find("Passed") != std::string::npos);
  fs::remove_all(root);
}

// pre-commit names only what changed. A payload edit that breaks its recipe
// (PAY006: the payload no longer reads a variable the recipe makes aorta
// export) must fail the hook although the recipe was not staged; and one
// process sees every file (require_serial), so each finding and the summary
// are printed once.
TEST_CASE("pre-commit: a changed payload brings its recipe, one process, one summary" * doctest::skip()) {
  try {
    SkipUnless("git");
    SkipUnless("pre-commit");
  } catch (const std::runtime_error&) {
    return;
  }
  fs::path root = testing::TempDir("aortalint-precommit-pair");
  std::string git = "git -c user.name=t -c user.email=t@t.invalid -c init.defaultBranch=main -c commit.gpgsign=false ";
  fs::path hooks = root / "hooks";
  WriteFile(hooks / ".pre-commit-hooks.yaml",
            testing::ReadFile(fs::path(AORTALINT_SOURCE_DIR) / ".pre-commit-hooks.yaml"));
  REQUIRE(RunShell("cd " + ShellQuote(hooks.string()) + " && " + git + "init -q && " + git + "add . && " + git +
                   "commit -q -m hooks")
              .exit_code == 0);
  std::string rev = RunShell("cd " + ShellQuote(hooks.string()) + " && git rev-parse HEAD").output;
  rev.erase(rev.find_last_not_of("\n") + 1);

  fs::path repo = root / "recipes";
  WriteFile(repo / ".pre-commit-config.yaml",
            "repos:\n  - repo: " + hooks.string() + "\n    rev: " + rev + "\n    hooks:\n      - id: aortalint\n");
  const std::string recipe =
      "# aorta sweep run --recipe probe/recipe.yaml -- python probe/payload.py\n"
      "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
      "collect:\n  proton:\n    mode: env\n";
  const std::string reads_env =
      "import os\n\nimport triton.profiler as proton  # isort: skip  # noqa: I001\n\n\n"
      "def main():\n    proton.start(os.environ[\"AORTA_PROTON_NAME\"],\n"
      "                 context=os.environ.get(\"AORTA_PROTON_CONTEXT\"),\n"
      "                 data=os.environ.get(\"AORTA_PROTON_DATA\"))\n    proton.finalize()\n    return 0\n\n\n"
      "if __name__ == \"__main__\":\n    main()\n";
  WriteFile(repo / "probe/recipe.yaml", recipe);
  WriteFile(repo / "probe/payload.py", reads_env);
  WriteFile(repo / ".aortalint.yaml", "severity: {PAY006: error}\n");  // the payload gate, made to fail the hook
  std::string in_repo = "cd " + ShellQuote(repo.string()) + " && ";
  std::string bin_dir = fs::path(AORTALINT_BINARY).parent_path().string();
  std::string env = "PATH=" + ShellQuote(bin_dir) +
                    ":\"$PATH\" PRE_COMMIT_HOME=" + ShellQuote((root / "cache").string()) +
                    " AORTALINT_CACHE_DIR=" + ShellQuote((root / "lint-cache").string()) + " ";
  REQUIRE(RunShell(in_repo + git + "init -q && " + git + "add -A && " + git + "commit -q -m init").exit_code == 0);
  testing::CommandResult clean = RunShell(in_repo + env + "pre-commit run --all-files --color never 2>&1");
  INFO("pre-commit said:\n" << clean.output);
  REQUIRE(clean.exit_code == 0);

  // Only the payload changes, and only it is staged: it stops reading AORTA_PROTON_DATA.
  std::string broken = reads_env;
  const std::string data_arg = ",\n                 data=os.environ.get(\"AORTA_PROTON_DATA\")";
  broken.replace(broken.find(data_arg), data_arg.size(), "");
  WriteFile(repo / "probe/payload.py", broken);
  REQUIRE(RunShell(in_repo + git + "add probe/payload.py").exit_code == 0);
  testing::CommandResult staged = RunShell(in_repo + env + "pre-commit run --color never 2>&1");
  INFO("pre-commit said:\n" << staged.output);
  CHECK(staged.exit_code == 1);
  CHECK(staged.output.find("probe/recipe.yaml") != std::string::npos);
  CHECK(staged.output.find("AORTA_PROTON_DATA") != std::string::npos);
  CHECK(staged.output.find("[PAY006]") != std::string::npos);

  // Many files in one run: with require_serial pre-commit starts one process, so one summary.
  WriteFile(repo / "probe/payload.py", reads_env);
  for (int i = 0; i < 12; ++i)
    WriteFile(repo / ("many/r" + std::to_string(i) + ".yaml"),
              "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
              "collect:\n  rocprof:\n    stats: true\n");
  REQUIRE(RunShell(in_repo + git + "add -A").exit_code == 0);
  testing::CommandResult many = RunShell(in_repo + env + "pre-commit run --all-files --color never 2>&1");
  INFO("pre-commit said:\n" << many.output);
  CHECK(many.exit_code == 1);
  size_t summaries = 0;
  for (size_t at = many.output.find(" errors in "); at != std::string::npos;
       at = many.output.find(" errors in ", at + 1))
    ++summaries;
  CHECK(summaries == 1);
  CHECK(many.output.find("12 errors in 12 files") != std::string::npos);
  fs::remove_all(root);
}

}  // namespace
}  // namespace aortalint
