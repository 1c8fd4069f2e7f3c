// The stand-in headers against the shapes real HIP programs use: each file in
// tests/hip_standin/ parses with no Clang error (hipcc compiles each of them
// against ROCm's own headers, device_attributes.hip against ROCm 7's; the
// stand-in must not turn one into HIP006).
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "load/hip_loader.h"
#include "model/hip.h"

namespace aortalint {
namespace {

#ifdef AORTALINT_WITH_CLANG
TEST_CASE(
    "hip stand-in: device, float and half math, printf, bit intrinsics, driver arrays, tile conversion, warpSize, "
    "scheduling and fp8 builtins, ROCm 6 and 7 host API and the std headers ROCm brings parse") {
  int files = 0;
  for (const auto& entry :
       std::filesystem::directory_iterator(std::filesystem::path(AORTALINT_TESTS_DIR) / "hip_standin")) {
    CAPTURE(entry.path());
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    auto p = AnalyseHip(std::make_shared<const SourceFile>(entry.path().string(), text.str()), nullptr, true);
    REQUIRE(p->status == HipPayload::Status::kAnalysed);
    CHECK(p->standin);
    CHECK(p->first_error == "");
    CHECK(p->errors == 0);
    CHECK(p->missing_headers.empty());
    CHECK(p->kernels.size() == 1);
    CHECK(p->launches.size() == 1);
    ++files;
  }
  CHECK(files == 11);
}
#endif

}  // namespace
}  // namespace aortalint
