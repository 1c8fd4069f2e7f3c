// Fail-soft parsing of collector artifacts (.hatchet, rocprof CSV) into
// aorta's metric keys: <c>_artifact_dir, <c>_kernel_count, <c>_gpu_time_ms,
// <c>_top_kernel_ms, <c>_top_kernels (c = proton | rocprof).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace aortalint::run {

// How many entries <c>_top_kernels holds.
inline constexpr int kTopKernels = 5;

// One kernel's totals, for people (`metrics` text output): aorta publishes
// only the names. count is null when that kernel's count was unreadable.
struct KernelDetail {
  std::string name;
  double total_ms = 0;
  std::optional<nlohmann::json> count;
};

// The keys and values aorta's parse_summary gives, computed as it computes
// them: <c>_top_kernels is a list of at most kTopKernels names, hottest
// first (ties keep first-seen order); <c>_kernel_count is an exact integer
// of any size (beyond 2^64 - 1 a json binary of its digits, written by
// DumpJson as the number). `kernels`, when given, receives
// every kernel hottest first.
//
// Both functions never throw. Symbolic links inside dir are not followed
// (aorta's newest collector does not follow them either); a file of more than
// kMaxCaptureValues JSON values is left out. A missing path or a
// non-directory gives {};
// a directory with no usable data, or whose totals are not finite, gives
// only {"<c>_artifact_dir": dir}. <c>_kernel_count is left out (timings
// kept) when any count is unreadable. A .hatchet nested deeper than
// Python's recursion limit gives {}, as aorta's caller drops a parser that
// raised.
nlohmann::json ParseProtonMetrics(const std::filesystem::path& dir, std::vector<KernelDetail>* kernels = nullptr);
nlohmann::json ParseRocprofMetrics(const std::filesystem::path& dir, std::vector<KernelDetail>* kernels = nullptr);

// A CSV reader in the RFC 4180 manner: quoted fields may hold commas,
// doubled quotes and newlines; CRLF and LF both end records. Exposed for
// tests and for the rocprof test double's checks.
std::vector<std::vector<std::string>> ReadCsv(std::string_view text);

}  // namespace aortalint::run
