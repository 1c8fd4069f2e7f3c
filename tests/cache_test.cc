// The result cache: a second run gives the same report from the cache, and
// a change to any file the analysis read (even one nobody named: a module
// PAY003 followed) brings the fresh result back.
#include <doctest/doctest.h>

#include <chrono>
#include <thread>

#include "test_util.h"

namespace aortalint::testing {
namespace {

TEST_CASE("the result cache is invisible except in speed") {
  auto dir = TempDir("aortalint-cache");
  WriteFile(dir / "repo/recipe.yaml",
            "#   aorta sweep run --recipe recipe.yaml -- python payload.py\n"
            "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
            "collect:\n  proton: {mode: cli, backend: cupti}\n");
  WriteFile(dir / "repo/payload.py",
            "import helpers\nimport triton.profiler as proton  # isort: skip  # noqa: I001\n\n\ndef main():\n"
            "    return 0\n\n\nif __name__ == \"__main__\":\n    code = main()\n    if code:\n"
            "        raise SystemExit(code)\n");
  WriteFile(dir / "repo/helpers.py", "import torch\n");
  WriteFile(dir / "repo/.git/HEAD", "ref: refs/heads/main\n");
  std::string run = "cd " + ShellQuote((dir / "repo").string()) +
                    " && AORTALINT_CACHE_DIR=" + ShellQuote((dir / "cache").string()) + " " +
                    ShellQuote(AORTALINT_BINARY) + " check --format concise . 2>&1";

  CommandResult first = RunShell(run);
  CHECK(first.exit_code == 1);
  CHECK(first.output.find("PAY003") != std::string::npos);
  CHECK(std::filesystem::exists(dir / "cache"));
  CommandResult second = RunShell(run);
  CHECK(second.output == first.output);
  CHECK(second.exit_code == first.exit_code);

  // helpers.py was never named; the cache still knows the result depended on it.
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  WriteFile(dir / "repo/helpers.py", "import json\n");
  CommandResult third = RunShell(run);
  CHECK(third.output.find("PAY003") == std::string::npos);
  CHECK(third.exit_code == 0);

  CommandResult uncached = RunShell(run + " --no-cache");
  CHECK(uncached.output == third.output);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace aortalint::testing
