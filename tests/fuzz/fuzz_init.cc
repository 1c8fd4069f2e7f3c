// What every fuzz target does once before its first input (libFuzzer calls
// LLVMFuzzerInitialize; replay_main.cc does too): install the built-in rules.
#include "rules/all_rules.h"

extern "C" int LLVMFuzzerInitialize(int* /*argc*/, char*** /*argv*/) {
  aortalint::InstallBuiltinRules();
  return 0;
}
