// The one interface between aortalint and its HIP analyser module
// (libaortalint_hip.so, built from src/hip/analyser.cc with Clang 14). The
// binary opens the module with dlopen only when a run holds a HIP payload, so
// a recipe-only run never loads Clang. Both sides are built by one CMake
// project with one compiler and standard library, so C++ types cross the
// boundary; kAbi guards against a module left over from another build.
#pragma once

#include <string>
#include <vector>

#include "model/hip.h"

namespace aortalint::hip {

inline constexpr int kAbi = 1;

struct Request {
  std::string path;                // the payload's path, as diagnostics name it
  std::string text;                // its text (an editor's buffer may differ from the disk)
  std::vector<std::string> flags;  // compile flags from compile_commands.json, already filtered
  std::string directory;           // that command's directory (relative -I paths resolve from it)
  std::string rocm_include;        // ROCm's include directory, when found; else the stand-in is used
  std::string resource_dir;        // Clang's resource directory (built-in headers)
};

}  // namespace aortalint::hip

// The module's two entry points, looked up with dlsym.
extern "C" {
using AortalintHipAbiFn = int();
using AortalintHipAnalyseFn = void(const aortalint::hip::Request&, aortalint::HipPayload&);
}
