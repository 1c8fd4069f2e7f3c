// Kernel spans from a Proton `data: trace` capture (a Chrome trace, written
// instead of a .hatchet), so a trace trial reports counts and times too.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace aortalint::run {

struct CaptureNotes;

struct TraceKernel {
  std::string name;
  double total_ms = 0;
  long long count = 0;
};

struct TraceReport {
  std::vector<std::string> files;    // the .chrome_trace files read
  long long kernel_count = 0;        // kernel spans
  double gpu_time_ms = 0;            // their summed durations
  std::vector<TraceKernel> kernels;  // every kernel, by total time, most first; ties keep first-seen order
};

// Spans of one Chrome trace document: events with "ph": "X" and
// "cat": "kernel" whose "dur" (microseconds, as the Chrome trace format
// defines it whatever displayTimeUnit says) is a finite number >= 0.
// nullopt when the text is not a trace or holds no kernel span. Never throws.
std::optional<TraceReport> ParseChromeTrace(std::string_view text);

// Every *.chrome_trace under dir (sorted, links not followed), merged;
// nullopt when none holds a kernel span. A file that cannot be read is added
// to notes->unreadable. Never throws.
std::optional<TraceReport> ReadChromeTraces(const std::filesystem::path& dir, CaptureNotes* notes = nullptr);

// {"source": "proton chrome trace", "files", "kernel_count", "gpu_time_ms",
//  "kernels": [{"name", "total_ms", "count"}]}.
nlohmann::json TraceJson(const TraceReport& report);

}  // namespace aortalint::run
