// `aortalint metrics` for people and for machines: one capture as a ranked
// table (or JSON with aorta's keys plus aortalint's own), or two captures
// compared kernel by kernel with warnings when the comparison could mislead.
//
// aorta's `proton_*` / `rocprof_*` keys keep aorta's meaning (run/metrics.h);
// everything this file adds lives under `aortalint_*` keys:
//   aortalint_capture  what measured: collector, requested/resolved backend,
//                      Triton version, GPU (from the trial.json `aortalint run`
//                      wrote beside the capture; null where unknown), kind
//   aortalint_kernels  every timed kernel: name, short name, launches, total ms
//   aortalint_cycles   instrumentation scopes (run/cycles.h)
//   aortalint_trace    kernel spans of a data: trace capture (run/trace.h)
#pragma once

#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "run/capture_files.h"
#include "run/cycles.h"
#include "run/trace.h"

namespace aortalint::run {

struct KernelRow {
  std::string name;  // as the artifact spells it (mangled or not)
  double total_ms = 0;
  std::optional<long long> launches;  // unknown when a count was unreadable
};

struct CaptureView {
  std::filesystem::path dir;
  nlohmann::json aorta = nlohmann::json::object();  // CollectMetrics(dir)
  std::string collector;                            // proton | rocprof | "" (nothing found)
  std::string kind;                                 // timing | cycles | trace | empty | unreadable
  std::vector<KernelRow> kernels;                   // timing rows, hottest first
  std::optional<CycleReport> cycles;
  std::optional<TraceReport> trace;
  std::optional<std::filesystem::path> trial;                       // the trial.json read, if any
  std::string backend_requested, backend_resolved, backend_reason;  // empty: unknown
  std::string triton_version, gpu_name, gpu_vendor;                 // empty: unknown
  CaptureNotes notes;                      // artifacts that could not be read, links not followed
  std::vector<std::string> capture_notes;  // trial.json's: why the run's capture holds what it holds
};

// Reads everything `metrics` shows about a capture directory (a trial
// directory or a collector directory). Symbolic links inside proton/ and
// rocprof/ are not followed; an artifact that cannot be read is named in
// notes, and a capture of which nothing could be read is "unreadable", not
// "empty". Never throws.
CaptureView LoadCapture(const std::filesystem::path& dir);

// Demangles an Itanium C++ name and shortens it for a table column: return
// type, template arguments and parameter lists dropped, `(anonymous
// namespace)::` removed, at most `width` characters (the tail kept, after
// "..."). Triton kernel names pass through unchanged when they fit.
std::string ShortKernelName(const std::string& name, size_t width = 60);

nlohmann::json CaptureJson(const CaptureView& capture);
void PrintCapture(const CaptureView& capture, std::ostream& out);

// Why comparing a with b could mislead (empty: nothing known against it).
std::vector<std::string> CompareWarnings(const CaptureView& a, const CaptureView& b);
nlohmann::json CompareJson(const CaptureView& a, const CaptureView& b);
void PrintCompare(const CaptureView& a, const CaptureView& b, std::ostream& out);

// `aortalint metrics DIR [DIR2] [--format text|json] [--verbose]`: 0
// printed, 1 when an artifact could not be read (each named on `err`), 2 when
// a DIR is not a directory. Comparison warnings also go to `err`; --verbose
// names the links left out. Text from the captures is printed with its
// control characters escaped.
int MetricsMain(const std::vector<std::filesystem::path>& dirs, bool json, bool verbose, std::ostream& out,
                std::ostream& err);

}  // namespace aortalint::run
