// libFuzzer target: arbitrary bytes as a Proton .hatchet file and as a
// rocprofv3 kernel-stats / kernel-trace CSV, through the metrics parsers.
// Nothing may crash, hang or overflow (UBSan flags the arithmetic).
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

#include "run/metrics.h"
#include "scratch.h"

namespace {

std::filesystem::path Scratch() {
  static const std::filesystem::path dir = [] {
    const std::filesystem::path& d = FuzzScratch("aortalint-metrics-fuzz");
    std::filesystem::create_directories(d / "proton");
    std::filesystem::create_directories(d / "rocprof");
    return d;
  }();
  return dir;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  namespace fs = std::filesystem;
  if (size == 0) return 0;
  // The first byte picks the file the rest becomes.
  static const char* kNames[] = {"proton/p.hatchet", "rocprof/run_kernel_stats.csv", "rocprof/run_kernel_trace.csv"};
  const fs::path dir = Scratch();
  for (const char* name : kNames) fs::remove(dir / name);
  {
    std::ofstream out(dir / kNames[data[0] % 3], std::ios::binary);
    out.write(reinterpret_cast<const char*>(data + 1), static_cast<std::streamsize>(size - 1));
  }
  aortalint::run::ParseProtonMetrics(dir / "proton");
  aortalint::run::ParseRocprofMetrics(dir / "rocprof");
  return 0;
}
