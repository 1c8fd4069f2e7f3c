// The precompiled prelude: every HIP parse starts with `-include hip/hip_runtime.h`,
// precompiled once per key into the cache directory and reused; a cut or altered
// file is built again, other flags get another file, and the facts never change.
#include <doctest/doctest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "engine/cache.h"
#include "load/hip_loader.h"
#include "model/hip.h"
#include "test_util.h"

namespace aortalint {
namespace {

#ifdef AORTALINT_WITH_CLANG
namespace fs = std::filesystem;

// A payload that needs the prelude (hipLaunchKernelGGL, dim3) and a header of its own (<vector>).
constexpr const char* kPayload =
    "#include <vector>\n"
    "__global__ void scale(float* x) { x[threadIdx.x] *= 2; }\n"
    "int main() { std::vector<float> v(64); hipLaunchKernelGGL(scale, dim3(1), dim3(64), 0, 0, v.data()); }\n";

std::vector<fs::path> Preludes(const fs::path& dir) {
  std::vector<fs::path> out;
  if (fs::exists(dir))
    for (const fs::directory_entry& e : fs::directory_iterator(dir)) out.push_back(e.path());
  return out;
}

std::shared_ptr<const HipPayload> Parse(const fs::path& path, const std::string& text,
                                        const CompileCommand* command = nullptr) {
  return AnalyseHip(std::make_shared<const SourceFile>(path.string(), text), command, true);
}

// The facts of kPayload, whichever way it was parsed.
void CheckFacts(const HipPayload& p) {
  REQUIRE(p.status == HipPayload::Status::kAnalysed);
  CHECK(p.errors == 0);
  CHECK(p.first_error == "");
  REQUIRE(p.kernels.size() == 1);
  CHECK(p.kernels[0].symbols == std::vector<std::string>{"_Z5scalePf"});
  REQUIRE(p.launches.size() == 1);
  CHECK(p.launches[0].api == "hipLaunchKernelGGL");
  CHECK(p.launches[0].kernel == "scale");
}

struct PreludeDir {
  fs::path root = testing::TempDir("hip-prelude");
  fs::path pch = root / "pch";
  PreludeDir() {
    fs::create_directories(root / "proj/.git");
    SetHipPrecompiledDir(pch.string());
  }
  ~PreludeDir() { SetHipPrecompiledDir(""); }
};

TEST_CASE("hip prelude: built once, reused unchanged, and the facts are those of a parse without it") {
  PreludeDir dir;
  SetHipPrecompiledDir("");
  CheckFacts(*Parse(dir.root / "proj/none.hip", kPayload));
  CHECK(Preludes(dir.pch).empty());  // no directory given (--no-cache): nothing written

  SetHipPrecompiledDir(dir.pch.string());
  CheckFacts(*Parse(dir.root / "proj/first.hip", kPayload));
  std::vector<fs::path> built = Preludes(dir.pch);
  REQUIRE(built.size() == 1);
  fs::file_time_type time = fs::last_write_time(built[0]);
  uintmax_t size = fs::file_size(built[0]);

  CheckFacts(*Parse(dir.root / "proj/second.hip", std::string(kPayload) + "// another text\n"));
  CHECK(Preludes(dir.pch) == built);
  CHECK(fs::last_write_time(built[0]) == time);
  CHECK(fs::file_size(built[0]) == size);
}

// A prelude used again is stamped (when its stamp is over a day old), and building one removes those
// unused for 30 days, as the result cache evicts idle entries: other flags' and other builds' files go.
TEST_CASE("hip prelude: kept while used, removed after 30 days unused") {
  PreludeDir dir;
  CheckFacts(*Parse(dir.root / "proj/first.hip", kPayload));
  REQUIRE(Preludes(dir.pch).size() == 1);
  const fs::path used = Preludes(dir.pch)[0];
  auto days_ago = [](int days) { return fs::file_time_type::clock::now() - std::chrono::hours(24 * days); };
  fs::last_write_time(used, days_ago(40));  // old, but used now: stamped, not removed
  CheckFacts(*Parse(dir.root / "proj/again.hip", kPayload));
  CHECK(fs::last_write_time(used) > days_ago(1));
  testing::WriteFile(dir.pch / "prelude-0000000000000001.pch", "idle");
  testing::WriteFile(dir.pch / "prelude-0000000000000002.pch", "recent");
  testing::WriteFile(dir.pch / "prelude-0000000000000003.pch.tmp", "torn");
  testing::WriteFile(dir.pch / "notes.txt", "not the cache's");
  fs::last_write_time(dir.pch / "prelude-0000000000000001.pch", days_ago(31));
  fs::last_write_time(dir.pch / "prelude-0000000000000002.pch", days_ago(29));
  fs::last_write_time(dir.pch / "prelude-0000000000000003.pch.tmp", days_ago(31));
  fs::last_write_time(dir.pch / "notes.txt", days_ago(31));
  // Other flags: a new prelude is built, and the idle ones go.
  CompileCommand command{"compile_commands.json", (dir.root / "proj").string(), {"hipcc", "-DX=1", "-c", "k.hip"}};
  CheckFacts(*Parse(dir.root / "proj/k.hip", kPayload, &command));
  CHECK_FALSE(fs::exists(dir.pch / "prelude-0000000000000001.pch"));
  CHECK_FALSE(fs::exists(dir.pch / "prelude-0000000000000003.pch.tmp"));
  CHECK(fs::exists(dir.pch / "prelude-0000000000000002.pch"));
  CHECK(fs::exists(dir.pch / "notes.txt"));
  CHECK(fs::exists(used));
  CHECK(Preludes(dir.pch).size() == 4);  // used, recent, the new one, notes.txt
}

TEST_CASE("hip prelude: a cut or altered file is built again, never trusted") {
  PreludeDir dir;
  CheckFacts(*Parse(dir.root / "proj/first.hip", kPayload));
  REQUIRE(Preludes(dir.pch).size() == 1);
  fs::path file = Preludes(dir.pch)[0];
  uintmax_t size = fs::file_size(file);

  fs::resize_file(file, size / 2);
  CheckFacts(*Parse(dir.root / "proj/cut.hip", kPayload));
  CHECK(fs::file_size(file) == size);

  {  // one byte in the middle of the AST
    std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
    f.seekg(std::streamoff(size / 3));
    char c = 0;
    f.get(c);
    f.seekp(std::streamoff(size / 3));
    f.put(char(c ^ 0x5a));
  }
  fs::file_time_type altered = fs::last_write_time(file);
  CheckFacts(*Parse(dir.root / "proj/altered.hip", kPayload));
  CHECK(fs::last_write_time(file) != altered);
  CHECK(Preludes(dir.pch).size() == 1);  // no temporary file left behind
}

TEST_CASE("hip prelude: another -D gets another file, and the macro holds in the parse") {
  PreludeDir dir;
  const std::string text = "#if WIDTH == 2\n__global__ void two() {}\n#else\n__global__ void other() {}\n#endif\n";
  std::vector<std::string> kernels;
  for (const char* define : {"-DWIDTH=1", "-DWIDTH=2"}) {
    CompileCommand command{"compile_commands.json", (dir.root / "proj").string(), {"hipcc", define, "-c", "k.hip"}};
    auto p = Parse(dir.root / "proj" / (std::string(define + 8) + ".hip"), text, &command);
    REQUIRE(p->kernels.size() == 1);
    kernels.push_back(p->kernels[0].name);
  }
  CHECK(kernels == std::vector<std::string>{"other", "two"});
  CHECK(Preludes(dir.pch).size() == 2);
}

// Clang 14 with C++20 modules on merged the prelude's host and device operator new into one, found as the
// device one: `std::vector<float> v(64)` and a new of an over-aligned type were errors read from the prelude.
TEST_CASE("hip prelude: under C++20 too, std::allocator's and an aligned new find the host operator new") {
  PreludeDir dir;
  CompileCommand command{"compile_commands.json", (dir.root / "proj").string(), {"hipcc", "-std=c++20", "-c", "k.hip"}};
  const std::string text =
      std::string(kPayload) + "struct alignas(64) Wide { float x[16]; };\nvoid wide() { delete new Wide; }\n";
  CheckFacts(*Parse(dir.root / "proj/cxx20.hip", text, &command));
  REQUIRE(Preludes(dir.pch).size() == 1);
  CheckFacts(*Parse(dir.root / "proj/cxx20-again.hip", text + "\n", &command));  // read back from the prelude
  CHECK(Preludes(dir.pch).size() == 1);
}

TEST_CASE("hip prelude: none with ROCm's own headers, where Clang 14 crashed on a missing header") {
  PreludeDir dir;
  testing::WriteFile(dir.root / "rocm/include/hip/hip_runtime.h", "#define __global__ __attribute__((global))\n");
  ::setenv("ROCM_PATH", (dir.root / "rocm").c_str(), 1);
  auto p = Parse(dir.root / "proj/rocm.hip", "#include <vulkan/vulkan.h>\n__global__ void k() {}\n");
  ::unsetenv("ROCM_PATH");
  REQUIRE(p->status == HipPayload::Status::kAnalysed);
  CHECK_FALSE(p->standin);
  CHECK(p->missing_headers.size() == 1);
  CHECK(p->kernels.size() == 1);
  CHECK(Preludes(dir.pch).empty());
}

TEST_CASE("hip prelude: aortalint clean removes the preludes and nothing else there") {
  PreludeDir dir;
  fs::path cache = dir.root / "cache";
  SetHipPrecompiledDir((cache / "hip-pch").string());
  CheckFacts(*Parse(dir.root / "proj/cached.hip", kPayload));
  REQUIRE(Preludes(cache / "hip-pch").size() == 1);
  testing::WriteFile(cache / "hip-pch/notes.txt", "mine\n");
  std::ostringstream out, err;
  CHECK(ResultCache::Clean(cache.string(), out, err) == 0);
  CHECK(Preludes(cache / "hip-pch") == std::vector<fs::path>{cache / "hip-pch/notes.txt"});
  CHECK(out.str().find("removed 1 cache file") != std::string::npos);
}

TEST_CASE("hip prelude: a compile command's directory with its own hip/hip_runtime.h is read, not the prelude") {
  PreludeDir dir;
  CheckFacts(*Parse(dir.root / "proj/first.hip", kPayload));  // the prelude exists
  testing::WriteFile(dir.root / "proj/inc/hip/hip_runtime.h",
                     "#define __global__ __attribute__((global))\n#define OWN_RUNTIME 1\n");
  CompileCommand command{"compile_commands.json", (dir.root / "proj").string(), {"hipcc", "-Iinc", "-c", "k.hip"}};
  auto p = Parse(dir.root / "proj/own.hip", "#ifdef OWN_RUNTIME\n__global__ void own() {}\n#endif\n", &command);
  REQUIRE(p->kernels.size() == 1);
  CHECK(p->kernels[0].name == "own");
}
#endif

}  // namespace
}  // namespace aortalint
