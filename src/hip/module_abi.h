// The one interface between aortalint and its HIP analyser module
// (libaortalint_hip.so, built from src/hip/analyser.cc with Clang 14). The
// module is only ever opened inside a worker process (load/hip_worker.h), a
// copy of the aortalint binary run with limits, so a crash, a hang or a memory
// blow-up of Clang ends the worker and never the run. Both sides are built by
// one CMake project with one compiler and standard library, so C++ types cross
// the boundary; kAbi guards against a module left over from another build.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/hip.h"

namespace aortalint::hip {

inline constexpr int kAbi = 5;

struct Request {
  std::string path;                // the payload's path, as diagnostics name it
  std::string text;                // its text (an editor's buffer may differ from the disk)
  std::vector<std::string> flags;  // compile flags from compile_commands.json, already filtered
  std::string directory;           // that command's directory (relative -I paths resolve from it)
  std::string rocm_include;        // ROCm's include directory, when found; else the stand-in is used
  std::string resource_dir;        // Clang's resource directory (built-in headers)
  // Containment: the parse opens only regular files below these directories
  // (the project's root first, then the system, ROCm and Clang include roots);
  // any other file is a missing header. Diagnostics are quoted only from the
  // payload and from files below the project's root.
  std::string project_root;
  std::vector<std::string> include_roots;
  // Where the precompiled prelude (the `-include hip/hip_runtime.h` every
  // parse starts with) is kept and reused; empty: none is read or written.
  std::string pch_dir;
  // A parse whose AST holds at least this many MiB once its file is parsed
  // instantiates each chain that may name a kernel in a process of its own.
  uint64_t fork_chains_mib = 64;
};

}  // namespace aortalint::hip

// The module's entry points, looked up with dlsym.
extern "C" {
using AortalintHipAbiFn = int();
using AortalintHipAnalyseFn = void(const aortalint::hip::Request&, aortalint::HipPayload&);
// Called once by the worker before any parse: installs LLVM's fatal-error and
// out-of-memory handlers, which call `fatal` (which must not return).
using AortalintHipFatalFn = void(const char* reason, bool out_of_memory);
using AortalintHipContainFn = void(AortalintHipFatalFn* fatal);
}
