// Intra-kernel cycles from a Proton `backend: instrumentation` capture, read
// the way `proton-viewer -m normalized_cycles` shows them.
//
// Where the numbers come from. Proton's InstrumentationProfiler
// (third_party/proton/csrc/lib/Profiler/Instrumentation/InstrumentationProfiler.cpp)
// adds, for each scope event of each warp of each block of a launch, a
// CycleMetric whose `cycles` is end - start and whose `normalized_cycles` is
// (end - start) / (warps per block x blocks); both are summed over events and
// launches. So `cycles` is the total over every warp, and `normalized_cycles`
// the per-warp average summed over launches (on the H200 capture:
// 20,771,096 / (4 warps x 512 blocks) = 10,142.14). The viewer (Triton
// 3.6.0's triton/profiler/viewer.py) drops `__proton_launch_metadata` frames,
// loads the tree into hatchet and calls update_inclusive_columns(): the value
// it prints for a frame is the sum over the frame and everything below it
// ("normalized_cycles (inc)"), and `-m normalized_cycles/%` divides by the
// root's. An enclosing scope therefore shows its own record plus its nested
// scopes' records, although its own record already spans them; `recorded`
// keeps Proton's own number.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace aortalint::run {

struct CaptureNotes;

struct ScopeCycles {
  std::vector<std::string> path;  // scope names below the kernel, outermost first
  double recorded_cycles = 0;     // Proton's own numbers for this scope
  double recorded_normalized = 0;
  double cycles = 0;  // the viewer's inclusive sums
  double normalized = 0;
  int depth() const { return static_cast<int>(path.size()); }
};

struct KernelCycles {
  std::string name;   // the kernel frame's name
  double cycles = 0;  // inclusive: every scope below the kernel
  double normalized = 0;
  std::vector<ScopeCycles> scopes;  // depth-first; siblings ranked by cycles, most first
};

struct CycleReport {
  std::vector<std::string> files;     // the .hatchet files read
  std::vector<KernelCycles> kernels;  // ranked by cycles, most first
  double cycles = 0;                  // the root's inclusive sums
  double normalized = 0;
};

// Cycles from one .hatchet document's text; nullopt when it is not JSON or
// holds no `cycles` metric. Never throws.
std::optional<CycleReport> ParseCycles(std::string_view hatchet_text);

// Every .hatchet under dir (sorted by path, links not followed), merged by
// kernel and scope path; nullopt when none holds cycles. A file that cannot
// be read is added to notes->unreadable. Never throws.
std::optional<CycleReport> ReadCycles(const std::filesystem::path& dir, CaptureNotes* notes = nullptr);

// {"source", "files", "cycles", "normalized_cycles", "kernels": [{"name",
// "cycles", "normalized_cycles", "share_of_capture", "scopes": [{"name",
// "path", "depth", "cycles", "normalized_cycles", "recorded_cycles",
// "recorded_normalized_cycles", "share_of_kernel", "share_of_capture"}]}]};
// shares are percentages of normalized cycles, as `normalized_cycles/%`.
nlohmann::json CyclesJson(const CycleReport& report);

}  // namespace aortalint::run
