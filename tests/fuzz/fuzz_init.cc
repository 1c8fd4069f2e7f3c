// What every fuzz target does once before its first input (libFuzzer calls
// LLVMFuzzerInitialize; replay_main.cc does too): run as a HIP worker when
// started as one (the HIP target analyses through workers, copies of itself),
// else install the built-in rules.
#include <cstdlib>
#include <optional>

#include "load/hip_worker.h"
#include "rules/all_rules.h"

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
  if (std::optional<int> rc = aortalint::MaybeRunHipWorker(*argc, *argv)) std::exit(*rc);
  aortalint::InstallBuiltinRules();
  return 0;
}
