// The test binary's main: doctest, plus `--fixture=DIR` to run one rule's
// fixture folder (tests/fixture_runner.h).
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <cstdlib>
#include <optional>
#include <string_view>

#include "fixture_runner.h"
#include "load/hip_worker.h"
#include "rules/all_rules.h"

int main(int argc, char** argv) {
  // The HIP analyses of the tests run in workers started from this binary.
  if (std::optional<int> rc = aortalint::MaybeRunHipWorker(argc, argv)) return *rc;
  // Every aortalint the tests start caches under the build tree, not in ~/.cache.
  ::setenv("AORTALINT_CACHE_DIR", AORTALINT_TEST_CACHE_DIR, /*overwrite=*/0);
  // And keeps its secret there too (the cache signs its entries with it), not in ~/.local/state.
  ::setenv("XDG_STATE_HOME", AORTALINT_TEST_STATE_DIR, /*overwrite=*/0);
#ifdef AORTALINT_HIP_MODULE_PATH
  // The HIP analyser module for analyses run in this process (the binary finds its own beside it).
  ::setenv("AORTALINT_HIP_MODULE", AORTALINT_HIP_MODULE_PATH, /*overwrite=*/0);
#endif
  aortalint::InstallBuiltinRules();
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg.rfind("--fixture=", 0) == 0) return aortalint::testing::RunFixtureFolder(std::string(arg.substr(10)));
  }
  doctest::Context context(argc, argv);
  return context.run();
}
