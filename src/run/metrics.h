// Fail-soft parsing of collector artifacts (.hatchet, rocprof CSV) into
// aorta's metric keys: <c>_artifact_dir, <c>_kernel_count, <c>_gpu_time_ms,
// <c>_top_kernel_ms, <c>_top_kernels (c = proton | rocprof).
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace aortalint::run {

// How many entries <c>_top_kernels holds.
inline constexpr int kTopKernels = 5;

// Each <c>_top_kernels element is {"name": str, "total_ms": float,
// "count": int|null}, hottest first; ties keep first-seen order. count is
// null when that kernel's count was unreadable.
//
// Both functions never throw. A missing path or a non-directory gives {};
// a directory with no usable data, or whose total is not finite, gives only
// {"<c>_artifact_dir": dir}. <c>_kernel_count is left out (timings kept)
// when any count is unreadable.
nlohmann::json ParseProtonMetrics(const std::filesystem::path& dir);
nlohmann::json ParseRocprofMetrics(const std::filesystem::path& dir);

// A CSV reader in the RFC 4180 manner: quoted fields may hold commas,
// doubled quotes and newlines; CRLF and LF both end records. Exposed for
// tests and for the rocprof test double's checks.
std::vector<std::vector<std::string>> ReadCsv(std::string_view text);

}  // namespace aortalint::run
