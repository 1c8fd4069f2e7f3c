// Clang in a box: HIP payloads are parsed in a worker process, a copy of the
// running binary started as `<exe> __hip-worker ...` (posix_spawn of
// /proc/self/exe, never a bare fork of a threaded process), which loads the
// analyser module, applies its limits (address space, CPU time, no core
// dumps, stdin/stdout/stderr on /dev/null) and answers requests on a socket.
// The parent gives each parse a wall-time limit, kills a worker that passes
// it, and turns a worker that dies (a crash, a fatal LLVM error, a limit)
// into a HipPayload that says what happened. One worker serves many files.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "hip/module_abi.h"
#include "model/hip.h"

namespace aortalint {

/// The limits of one parse.
struct HipLimits {
  unsigned seconds = 20;       // wall time, and CPU time
  uint64_t memory_mib = 2048;  // address space of the worker
  // Not a limit, a trade of CPU for memory: hip::Request::fork_chains_mib.
  uint64_t fork_chains_mib = hip::Request{}.fork_chains_mib;
  friend bool operator==(const HipLimits&, const HipLimits&) = default;
};

inline constexpr std::string_view kHipTimeLimitVar = "AORTALINT_HIP_TIME_LIMIT";
inline constexpr std::string_view kHipMemoryLimitVar = "AORTALINT_HIP_MEMORY_LIMIT";
inline constexpr std::string_view kHipForkChainsVar = "AORTALINT_HIP_FORK_CHAINS_MIB";

/// $AORTALINT_HIP_TIME_LIMIT (seconds, 1-3600), $AORTALINT_HIP_MEMORY_LIMIT
/// (MiB, 256-1048576) and $AORTALINT_HIP_FORK_CHAINS_MIB (0-1048576) over the
/// defaults; a value out of range or not a whole number sets `*error` (naming
/// the variable and the value) and keeps the default.
HipLimits HipLimitsFromEnvironment(std::string* error);

/// Runs the worker when `argv` asks for it (argv[1] == "__hip-worker"); every
/// binary that can analyse a HIP payload calls this first thing in main.
std::optional<int> MaybeRunHipWorker(int argc, char** argv);

/// Parses `request` in a worker with the module at `module` under `limits`:
/// fills `out`'s facts, or sets its status (kNoModule, kStopped, kFailed) and
/// status_detail / status_help.
void AnalyseInWorker(const std::string& module, const HipLimits& limits, const hip::Request& request, HipPayload& out);

}  // namespace aortalint
