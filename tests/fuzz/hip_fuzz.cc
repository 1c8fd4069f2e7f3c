// libFuzzer target: arbitrary bytes as a HIP payload, analysed as a run
// analyses one (in a worker process: this binary started as `__hip-worker`,
// which fuzz_init.cc hands to the worker) and checked by every rule. A parse
// that crashes Clang or passes a limit must come back as a status, never take
// this process down or hang it. With $AORTALINT_FUZZ_KEEP set to a directory,
// each input whose parse was stopped is kept there (a Clang crash to minimise).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

#include "engine/analyze.h"
#include "engine/cache.h"
#include "load/hip_loader.h"
#include "scratch.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  namespace fs = std::filesystem;
  using namespace aortalint;
  static const fs::path root = [] {
    const fs::path& d = FuzzScratch("aortalint-hip-fuzz");
    fs::create_directories(d / ".git");  // the project the parse may read headers from
    ::setenv("AORTALINT_HIP_MODULE", AORTALINT_HIP_MODULE_PATH, 0);
    ::setenv("AORTALINT_HIP_TIME_LIMIT", "10", 0);
    return d;
  }();
  std::string text(reinterpret_cast<const char*>(data), size);
  auto source = std::make_shared<const SourceFile>((root / "k.hip").string(), text);
  std::shared_ptr<const HipPayload> hip = AnalyseHip(source, nullptr, /*always=*/true);
  if (hip->status == HipPayload::Status::kNoModule || hip->status == HipPayload::Status::kNoClang) __builtin_trap();
  if (hip->status == HipPayload::Status::kStopped)
    if (const char* keep = std::getenv("AORTALINT_FUZZ_KEEP"))
      std::ofstream(fs::path(keep) / ("stopped-" + CacheKey().Add(text).Hex()), std::ios::binary) << text;
  AnalysisUnit unit;
  unit.hip_payloads.push_back(hip);
  Analyze(unit, AnalysisSettings());
  return 0;
}
