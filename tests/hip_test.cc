// HIP payloads: detection, pairing a binary with its sources, rocprofv3's
// kernel filter, and the analyser module's facts through a real Clang parse.
#include <doctest/doctest.h>

#include <chrono>
#include <filesystem>
#include <thread>

#include "driver/hip_sources.h"
#include "driver/pairing.h"
#include "engine/config.h"
#include "load/hip_loader.h"
#include "model/hip.h"
#include "test_util.h"

namespace aortalint {
namespace {

using testing::WriteFile;

TEST_CASE("hip: a HIP payload includes hip_runtime.h or defines a __global__ function") {
  CHECK(LooksLikeHip("#include <hip/hip_runtime.h>\nint main() {}\n"));
  CHECK(LooksLikeHip("  #  include \"hip/hip_runtime_api.h\"\n"));
  CHECK(LooksLikeHip("extern \"C\" __global__ void k() {}\n"));
  CHECK_FALSE(LooksLikeHip("// __global__ in a comment\nint main() {}\n"));
  CHECK_FALSE(LooksLikeHip("const char* s = \"__global__\";\n"));
  CHECK_FALSE(LooksLikeHip("int my__global__x;\n"));
  CHECK_FALSE(LooksLikeHip("// see hip/hip_runtime.h\n#include <vector>\n"));
  CHECK(HasHipExtension("a/b.hip"));
  CHECK(HasHipExtension("k.cu"));
  CHECK(HasHipExtension("k.cxx"));
  CHECK_FALSE(HasHipExtension("k.h"));
  CHECK_FALSE(HasHipExtension(".cpp"));
}

TEST_CASE("hip: the binary a launch runs") {
  CHECK(LaunchedBinary({"./build/hip_gemm", "512"}) == "./build/hip_gemm");
  CHECK(LaunchedBinary({"env", "HIP_VISIBLE_DEVICES=0", "bin/bench"}) == "bin/bench");
  CHECK(LaunchedBinary({"python", "x.py"}).empty());
  CHECK(LaunchedBinary({"torchrun", "--nproc", "2", "x.py"}).empty());
  CHECK(LaunchedBinary({"bash", "run.sh"}).empty());
  CHECK(LaunchedBinary({"./run.sh"}).empty());
}

TEST_CASE("hip: rocprofv3's filter searches the demangled name") {
  HipKernel scale{
      .name = "scale", .qualified = "ops::scale", .is_template = true, .symbols = {"_ZN3ops5scaleIfEEvPT_S1_i"}};
  REQUIRE(scale.RocprofNames() == std::vector<std::string>{"void ops::scale<float>(float*, float, int)"});
  HipKernel vadd{.name = "vadd", .qualified = "vadd", .extern_c = true, .symbols = {"vadd"}};
  CHECK(vadd.RocprofNames() == std::vector<std::string>{"vadd"});
  auto keeps = [](const std::string& pattern, const HipKernel& k) {
    return KernelFilter::Compile(pattern)->KeepsKernel(k);
  };
  CHECK(keeps("scale", scale));  // searched, not fully matched
  CHECK(keeps("scale<float>", scale));
  CHECK_FALSE(keeps("^ops::scale", scale));  // the name starts with the return type
  CHECK(keeps("^void ops::scale", scale));
  CHECK_FALSE(keeps("_ZN3ops", scale));  // never the mangled symbol
  CHECK(keeps("^vadd$", vadd));
  CHECK_FALSE(KernelFilter::Compile("(unclosed"));
  // A template never instantiated in the file: matched by its qualified name.
  HipKernel pattern{.name = "gemm", .qualified = "blas::gemm", .is_template = true};
  CHECK(keeps("blas::gemm", pattern));
}

TEST_CASE("hip: a binary's sources come from compile_commands.json, else the source with its name") {
  auto dir = testing::TempDir("hip-sources");
  WriteFile(dir / ".aortalint.yaml", "select: [ALL]\n");
  WriteFile(dir / "src/bench_main.hip", "#include <hip/hip_runtime.h>\n");
  WriteFile(dir / "src/helpers.cpp", "int helper() { return 1; }\n");
  WriteFile(dir / "tools/hip_gemm.hip", "__global__ void k() {}\n");
  WriteFile(dir / "build/hip_gemm.hip", "// build directories are skipped\n");
  // By stem: no database names the binary.
  std::vector<std::string> found = SourcesBuilding("./bin/hip_gemm", dir.string(), dir.string());
  REQUIRE(found.size() == 1);
  CHECK(found[0].ends_with("tools/hip_gemm.hip"));
  // By compile_commands.json: a CMake object under bench.dir/ and a direct -o.
  WriteFile(dir / "build/compile_commands.json",
            "[{\"directory\": \"" + (dir / "build").string() +
                "\", \"command\": \"hipcc -I../include -c ../src/bench_main.hip "
                "-o CMakeFiles/bench.dir/src/bench_main.hip.o\", \"file\": \"../src/bench_main.hip\"},"
                "{\"directory\": \"" +
                (dir / "build").string() +
                "\", \"arguments\": [\"g++\", \"-c\", \"../src/helpers.cpp\", "
                "\"-o\", \"CMakeFiles/other.dir/helpers.cpp.o\"], \"file\": \"../src/helpers.cpp\"}]");
  found = SourcesBuilding("build/bench", dir.string(), dir.string());
  REQUIRE(found.size() == 1);
  CHECK(found[0].ends_with("src/bench_main.hip"));
  std::optional<CompileCommand> command = FindCompileCommand((dir / "src/bench_main.hip").string());
  REQUIRE(command);
  CHECK(command->arguments[1] == "-I../include");
  CHECK(command->directory == (dir / "build").string());
  CHECK_FALSE(FindCompileCommand((dir / "tools/hip_gemm.hip").string()));
  // A command's directory that is a link: its `..` goes where the compiler goes, beside the link's target.
  WriteFile(dir / "deep/k.hip", "__global__ void real() {}\n");
  WriteFile(dir / "out/k.hip", "__global__ void decoy() {}\n");
  std::filesystem::create_directories(dir / "deep/x");
  std::filesystem::create_directory_symlink("../deep/x", dir / "out/b");
  WriteFile(dir / "out/compile_commands.json", "[{\"directory\": \"" + (dir / "out/b").string() +
                                                   "\", \"command\": \"hipcc -c ../k.hip -o gemm2\", "
                                                   "\"file\": \"../k.hip\"}]");
  found = SourcesBuilding("out/gemm2", dir.string(), dir.string());
  REQUIRE(found.size() == 1);
  CHECK(found[0].ends_with("deep/k.hip"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("hip: a recipe pairs with the sources of the binary its header command runs, and a .hip beside it") {
  auto dir = testing::TempDir("hip-pairing");
  WriteFile(dir / ".aortalint.yaml", "select: [ALL]\n");
  WriteFile(dir / "src/hip_gemm.hip", "__global__ void k() {}\n");
  std::string recipe = "#   aorta sweep run --recipe r.yaml -- ./build/hip_gemm 512\nschema_version: 1\n";
  std::optional<Launch> launch = FindLaunch((dir / "r.yaml").string(), recipe, {}, Config{});
  REQUIRE(launch);
  REQUIRE(launch->hip_files.size() == 1);
  CHECK(launch->hip_files[0].ends_with("src/hip_gemm.hip"));
  WriteFile(dir / "conv/kernel.hip", "__global__ void k() {}\n");
  WriteFile(dir / "conv/recipe.yaml", "schema_version: 1\n");
  launch = FindLaunch((dir / "conv/recipe.yaml").string(), "schema_version: 1\n", {}, Config{});
  REQUIRE(launch);
  CHECK(launch->pairing.source == LaunchSource::kDirectory);
  REQUIRE(launch->hip_files.size() == 1);
  CHECK(launch->hip_files[0].ends_with("conv/kernel.hip"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("hip: --version says how HIP payloads are analysed") {
  testing::CommandResult r = testing::RunAortalint("--version");
  CHECK(r.exit_code == 0);
#ifdef AORTALINT_WITH_CLANG
  CHECK(r.output.find("HIP payloads: Clang 14") != std::string::npos);
  CHECK(r.output.find("libaortalint_hip.so") != std::string::npos);
#else
  CHECK(r.output.find("not analysed (built with -DAORTALINT_WITH_CLANG=OFF)") != std::string::npos);
#endif
}

#ifdef AORTALINT_WITH_CLANG
std::shared_ptr<const HipPayload> Parse(const std::string& text, const std::string& name = "payload.hip") {
  return AnalyseHip(std::make_shared<const SourceFile>(name, text));
}

// A fresh project: a temporary directory with a `.git` marking its root.
std::filesystem::path ProjectDir(const char* name) {
  auto dir = testing::TempDir(name);
  std::filesystem::create_directories(dir / ".git");
  return dir;
}

// `text` as `dir`/k.hip, compiled by hipcc with the project's headers beside it (-I.).
std::shared_ptr<const HipPayload> ParseInProject(const std::filesystem::path& dir, const std::string& text) {
  std::string path = (dir / "k.hip").string();
  WriteFile(path, text);
  CompileCommand command{(dir / "compile_commands.json").string(), dir.string(), {"hipcc", "-I."}};
  return AnalyseHip(std::make_shared<const SourceFile>(path, text), &command);
}

TEST_CASE("hip: the module finds kernels, launches, markers and lookups where the user wrote them") {
  std::string text =
      "#include <hip/hip_runtime.h>\n"                                                // 1
      "#include <roctracer/roctx.h>\n"                                                // 2
      "#include <not/installed.h>\n"                                                  // 3
      "#define GO(k, n) k<<<1, n>>>(nullptr, n)\n"                                    // 4
      "namespace ns { template <typename T> __global__ void t(T* x, int n) {} }\n"    // 5
      "extern \"C\" __global__ void c(float* x, int n) { __shared__ float s[4]; }\n"  // 6
      "__global__ void p(float* x, int n) {}\n"                                       // 7
      "int main() {\n"                                                                // 8
      "  roctxRangePush(\"r\");\n"                                                    // 9
      "  ns::t<int><<<1, 1>>>(nullptr, 1);\n"                                         // 10
      "  GO(p, 64);\n"                                                                // 11
      "  hipLaunchKernelGGL(c, dim3(1), dim3(1), 0, 0, nullptr, 1);\n"                // 12
      "  hipFunction_t f; hipModule_t m;\n"                                           // 13
      "  hipModuleGetFunction(&f, m, \"p\");\n"                                       // 14
      "  roctxRangePop();\n"                                                          // 15
      "}\n";
  std::shared_ptr<const HipPayload> hip = Parse(text);
  REQUIRE(hip->ok());
  CHECK(hip->standin);
  const SourceFile& src = *hip->source;
  REQUIRE(hip->kernels.size() == 3);
  CHECK(hip->kernels[0].qualified == "ns::t");
  CHECK(hip->kernels[0].is_template);
  CHECK(hip->kernels[0].RocprofNames() == std::vector<std::string>{"void ns::t<int>(int*, int)"});
  CHECK(src.Locate(hip->kernels[0].span.begin).line == 5);
  CHECK(hip->kernels[1].extern_c);
  CHECK(hip->kernels[1].declares_shared);
  CHECK(hip->kernels[2].symbols == std::vector<std::string>{"_Z1pPfi"});
  REQUIRE(hip->launches.size() == 3);
  CHECK(hip->launches[0].api == "<<<>>>");
  CHECK(hip->launches[0].kernel == "ns::t");
  CHECK(src.Locate(hip->launches[0].span.begin).line == 10);
  CHECK(hip->launches[1].macro == "GO");
  CHECK(hip->launches[1].kernel == "p");
  CHECK(src.Locate(hip->launches[1].span.begin).line == 11);
  CHECK(hip->launches[2].api == "hipLaunchKernelGGL");
  CHECK(hip->launches[2].kernel == "c");
  REQUIRE(hip->roctx_calls.size() == 2);
  CHECK(hip->roctx_calls[0].callee == "roctxRangePushA");
  REQUIRE(hip->module_lookups.size() == 1);
  CHECK(hip->module_lookups[0].literal == "p");
  CHECK(src.Slice(hip->module_lookups[0].span) == "\"p\"");
  REQUIRE(hip->missing_headers.size() == 1);
  CHECK(hip->missing_headers[0].header == "not/installed.h");
  CHECK(src.Locate(hip->missing_headers[0].span.begin).line == 3);
  CHECK(hip->errors == 0);
}

TEST_CASE("hip: explain lists a HIP payload's kernels and launches, and what kernel_include_regex keeps") {
  auto dir = testing::TempDir("hip-explain");
  WriteFile(dir / "recipe.yaml",
            "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
            "collect:\n  rocprof: {trace: kernel, kernel_include_regex: \"scale<float>\"}\n");
  WriteFile(dir / "ops.hip",
            "#include <hip/hip_runtime.h>\n"
            "template <typename T> __global__ void scale(T* x, T a) { x[threadIdx.x] *= a; }\n"
            "extern \"C\" __global__ void zero(float* x) { x[threadIdx.x] = 0; }\n"
            "int main() {\n"
            "  scale<float><<<1, 64>>>(nullptr, 2.0f);\n"
            "  scale<double><<<1, 64>>>(nullptr, 2.0);\n"
            "  hipLaunchKernelGGL(zero, dim3(1), dim3(64), 0, 0, nullptr);\n"
            "}\n");
  testing::CommandResult r = testing::RunAortalint("explain " + (dir / "recipe.yaml").string() + " --no-config");
  INFO(r.output);
  CHECK(r.output.find("ops.hip: 2 kernels, 3 launches, 0 roctx call(s)") != std::string::npos);
  CHECK(r.output.find("kernel scale (line 2): rocprofv3 names it void scale<float>(float*, float); "
                      "void scale<double>(double*, double)") != std::string::npos);
  CHECK(r.output.find("launch hipLaunchKernelGGL zero (line 7)") != std::string::npos);
  CHECK(r.output.find("kernel_include_regex keeps: void scale<float>(float*, float); drops: "
                      "void scale<double>(double*, double); zero") != std::string::npos);
  std::filesystem::remove_all(dir);
}

// What a HIP payload's analysis depends on besides its text: the compile
// database that gives its include paths (created after a first run, as
// HIP006's help asks), the headers the parse read, stat'ed after it, and where
// a header it did not find would be. A header changed moments before the run
// may have been read either way: its result is not served until it has settled.
// A report without the line -v adds to it.
std::string WithoutVerboseLine(std::string out) {
  size_t at = out.find("aortalint: ");
  return at == std::string::npos ? out : out.erase(at, out.find('\n', at) + 1 - at);
}

TEST_CASE("hip: the cached result follows the compile database and the headers") {
  using testing::CommandResult;
  auto dir = testing::TempDir("hip-cache");
  WriteFile(dir / ".git/HEAD", "ref: refs/heads/main\n");
  WriteFile(dir / "k.hip",
            "#include <hip/hip_runtime.h>\n#include \"scale.h\"\n#include \"near.h\"\n"
            "__global__ void k(float* x) { x[threadIdx.x] = SCALE; }\n");
  WriteFile(dir / "inc/scale.h", "#define SCALE 2.0f\n");
  std::string in = "cd " + testing::ShellQuote(dir.string()) + " && ";
  std::string check = testing::ShellQuote(AORTALINT_BINARY) + " check --format concise k.hip";
  auto cached = [&] { return testing::RunShell(in + "AORTALINT_CACHE_DIR=cache " + check + " -v 2>&1"); };
  auto fresh = [&] { return testing::RunShell(in + check + " --no-cache 2>&1").output; };
  auto hits = [](const CommandResult& r) { return r.output.find("cache: 1 hit") != std::string::npos; };
  // kTimestampSlackNs: the files settle first, so a slow machine cannot see k.hip settle between two runs.
  std::this_thread::sleep_for(std::chrono::milliseconds(2100));

  CommandResult first = cached();
  CHECK(first.output.find("header 'scale.h' was not found") != std::string::npos);
  CHECK(hits(cached()));
  WriteFile(dir / "inc/scale.h", "#define SCALE 2.0f\n");  // written again: just changed
  WriteFile(dir / "build/compile_commands.json",
            "[{\"directory\": \"" + dir.string() + "\", \"file\": \"k.hip\", \"arguments\": [\"hipcc\", \"-Iinc\"]}]");
  CommandResult with_database = cached();
  CHECK(with_database.output.find("'scale.h' was not found") == std::string::npos);
  CHECK(WithoutVerboseLine(with_database.output) == fresh());
  CHECK(!hits(cached()));  // scale.h, read now, changed moments ago: not trusted yet

  std::this_thread::sleep_for(std::chrono::milliseconds(2100));  // kTimestampSlackNs
  cached();
  CHECK(hits(cached()));
  WriteFile(dir / "near.h", "\n");  // written where it was looked for
  CommandResult found = cached();
  CHECK(found.output.find("'near.h' was not found") == std::string::npos);
  CHECK(WithoutVerboseLine(found.output) == fresh());
  WriteFile(dir / "inc/scale.h", "#define SCALE 2.0f\n#include \"deeper.h\"\n");
  CommandResult edited = cached();
  CHECK(edited.output.find("header 'deeper.h' was not found") != std::string::npos);
  CHECK(WithoutVerboseLine(edited.output) == fresh());
  std::filesystem::remove_all(dir);
}

TEST_CASE("hip: the cached result follows a project root marked below the compile database") {
  auto dir = testing::TempDir("hip-root");
  WriteFile(dir / ".git/HEAD", "ref: refs/heads/main\n");
  WriteFile(dir / "sub/k.hip", "#include <hip/hip_runtime.h>\n#include \"scale.h\"\n__global__ void k(float* x) {}\n");
  WriteFile(dir / "sub/inc/scale.h", "#define SCALE 2.0f\n");
  WriteFile(dir / "compile_commands.json", "[{\"directory\": \"" + (dir / "sub").string() +
                                               "\", \"file\": \"k.hip\", \"arguments\": [\"hipcc\", \"-Iinc\"]}]");
  std::string in = "cd " + testing::ShellQuote((dir / "sub").string()) + " && ";
  std::string check = testing::ShellQuote(AORTALINT_BINARY) + " check --no-config --format concise k.hip";
  auto cached = [&] { return testing::RunShell(in + "AORTALINT_CACHE_DIR=../cache " + check + " -v 2>&1").output; };
  std::this_thread::sleep_for(std::chrono::milliseconds(2100));          // kTimestampSlackNs: the header settles
  CHECK(cached().find("'scale.h' was not found") == std::string::npos);  // the database above gives -Iinc
  CHECK(cached().find("cache: 1 hit") != std::string::npos);
  // sub/ becomes a project of its own: the database above is out of its reach.
  WriteFile(dir / "sub/.aortalint.yaml", "triton: [3.6.0]\n");
  std::string fresh = testing::RunShell(in + check + " --no-cache 2>&1").output;
  CHECK(fresh.find("header 'scale.h' was not found") != std::string::npos);
  std::string after = cached();
  CHECK(after.find("cache: 0 hits") != std::string::npos);
  CHECK(WithoutVerboseLine(after) == fresh);
  std::filesystem::remove_all(dir);
}

// The language server asks for a HIP buffer's analysis again whenever a recipe pairing it changes:
// the parse is reused only while the text, the compile command and every header it read or looked
// for hold (before, a header written where HIP006's help says kept the old result until the text changed).
TEST_CASE("hip: a parse is reused while its text, its compile command and its headers hold") {
  auto dir = testing::TempDir("hip-memo");
  std::string path = (dir / "k.hip").string();
  std::string text =
      "#include <hip/hip_runtime.h>\n#include \"local.h\"\n#include \"near.h\"\n"
      "__global__ void k(float* x) { x[0] = 1; }\nint main() { go(); }\n";
  WriteFile(path, text);
  WriteFile(dir / "inc/local.h", "inline void go() {}\n");
  auto source = std::make_shared<const SourceFile>(path, text);
  CompileCommand command{(dir / "compile_commands.json").string(), dir.string(), {"hipcc", "-Iinc"}};
  std::this_thread::sleep_for(std::chrono::milliseconds(2100));  // kTimestampSlackNs: the headers settle
  std::shared_ptr<const HipPayload> first = AnalyseHip(source, &command);
  REQUIRE(first->status == HipPayload::Status::kAnalysed);
  CHECK(first->missing_headers.size() == 1);
  CHECK(first->launches_in_headers == 0);
  FileStates read;
  CHECK(AnalyseHip(source, &command, false, &read) == first);  // nothing changed: the same parse
  CHECK(read.size() == 3);  // local.h, and near.h beside the payload and in inc/, looked for

  WriteFile(dir / "near.h", "\n");  // written where it was looked for
  std::shared_ptr<const HipPayload> found = AnalyseHip(source, &command);
  CHECK(found != first);
  CHECK(found->missing_headers.empty());

  WriteFile(dir / "inc/local.h", "__global__ void k(float* x);\ninline void go() { k<<<1, 1>>>(nullptr); }\n");
  std::shared_ptr<const HipPayload> edited = AnalyseHip(source, &command);
  CHECK(edited->launches_in_headers == 1);

  CompileCommand other = command;
  other.arguments.push_back("-DNDEBUG");
  CHECK(AnalyseHip(source, &other) != edited);
  std::filesystem::remove_all(dir);
}

TEST_CASE("hip: a plain C++ file is not parsed, a parse error is counted, the facts before it kept") {
  std::shared_ptr<const HipPayload> plain = Parse("int main() { return 0; }\n", "tool.cpp");
  CHECK_FALSE(plain->hip);
  std::shared_ptr<const HipPayload> broken =
      Parse("__global__ void k(int* x) { x[0] = 1; }\nint main() { undeclared(); }\n");
  REQUIRE(broken->ok());
  CHECK(broken->errors == 1);
  CHECK(broken->first_error.rfind("2:", 0) == 0);
  CHECK(broken->kernels.size() == 1);
}

// composable_kernel's shape: the payload calls a header's host code, which launches the header's kernel
// templates. A header's device code is declared, not instantiated (most of such a parse's memory); the
// kernels' names come from their declarations, host bodies are still instantiated, and so are the payload's own
// device templates, whose errors stay HIP006's.
TEST_CASE("hip: a header's kernel templates are named from their declarations, their bodies not instantiated") {
  auto dir = ProjectDir("hip-declared");
  WriteFile(dir / "ops.hpp",
            "template <typename T> __device__ T twice(T x) {\n"
            "  static_assert(sizeof(T) == 0, \"device body instantiated\");\n"
            "  return x;\n"
            "}\n"
            "template <typename T> __global__ void scale(T* x) { x[0] = twice(x[0]); }\n"
            "template <typename T> void run(T* x) { scale<<<1, 1>>>(x); }\n");
  std::string text =
      "#include <hip/hip_runtime.h>\n"
      "#include \"ops.hpp\"\n"
      "template <typename T> __global__ void own(T* x) { static_assert(sizeof(T) == 0, \"own body\"); }\n"
      "int main() {\n"
      "  scale<<<1, 1>>>((float*)nullptr);\n"
      "  run((double*)nullptr);\n"
      "  own<<<1, 1>>>((int*)nullptr);\n"
      "}\n";
  std::shared_ptr<const HipPayload> hip = ParseInProject(dir, text);
  REQUIRE(hip->status == HipPayload::Status::kAnalysed);
  REQUIRE(hip->kernels.size() == 2);
  const HipKernel& scale = hip->kernels[0];
  CHECK(scale.defined_in.ends_with("ops.hpp"));
  CHECK_FALSE(scale.name_unknown);
  // One instantiation launched by the payload, one by the header's host template `run<double>`.
  CHECK(scale.RocprofNames() == std::vector<std::string>{"void scale<float>(float*)", "void scale<double>(double*)"});
  CHECK(hip->kernels[1].RocprofNames() == std::vector<std::string>{"void own<int>(int*)"});
  // `own<int>` is instantiated (its static_assert fails); `scale`'s and `twice`'s bodies are not.
  CHECK(hip->errors == 1);
  CHECK(hip->first_error.find("3:") == 0);
  CHECK(hip->first_error.find("own body") != std::string::npos);
  std::filesystem::remove_all(dir);
}

// composable_kernel's other shape: a header's host templates the payload uses are instantiated only where they may
// name a kernel (its symbol is the instantiation's), through calls, classes, functors and lambdas; the rest, such as
// a host reference implementation, is declared, so an error only its instantiation would raise is not reported.
TEST_CASE("hip: a header's host templates are instantiated where they may name a kernel, and only there") {
  auto dir = ProjectDir("hip-kernel-paths");
  WriteFile(dir / "op.hpp",
            "template <typename T> __global__ void gemm(T* x) { x[0] = T(0); }\n"
            "template <typename T> __global__ void each(T* x) { x[0] = T(1); }\n"
            "template <typename T> __global__ void functor(T* x) { x[0] = T(2); }\n"
            "template <typename T> __global__ void tupled(T* x) { x[0] = T(2); }\n"
            "template <typename T> __global__ void virt(T* x) { x[0] = T(3); }\n"
            "template <typename T> __global__ void traits(T* x) { x[0] = T(4); }\n"
            "template <typename T> __global__ void filler(T* x) { x[0] = T(5); }\n"
            "namespace detail {\n"
            "template <typename T> void fill(T* x) { filler<<<1, 1>>>(x); }\n"
            "}\n"
            "template <typename T> void prepare(T* x) { detail::fill(x); }\n"
            "template <typename F> float time_it(F kernel) { kernel<<<1, 1>>>(nullptr); return 0; }\n"
            "template <typename T> struct Op {\n"
            "  struct Invoker {\n"
            "    float Run() { const auto kernel = gemm<T>; return time_it(kernel); }\n"
            "  };\n"
            "  Invoker MakeInvoker() { return Invoker{}; }\n"
            "};\n"
            "struct Host { void Run() {} };\n"
            "template <typename T> void reference(T*) {\n"
            "  Host().Run();  // not the Run that launches: Clang resolved it\n"
            "  static_assert(sizeof(T) == 0, \"reference instantiated\");\n"
            "}\n"
            "template <typename T> void run_op(T* x) {\n"
            "  Op<T> op;\n"
            "  auto invoker = op.MakeInvoker();\n"
            "  invoker.Run();\n"
            "  reference(x);\n"
            "}\n"
            "template <typename F> void for_each_type(F f) { f(1); f(1.0); }\n"
            "struct Apply {\n"
            "  template <typename T> void operator()(T) const { functor<T><<<1, 1>>>(nullptr); }\n"
            "};\n"
            "template <typename F> void call(F f) { f(short(1)); }\n"
            "struct Launch {\n"
            "  template <typename T> void operator()(T) const { tupled<T><<<1, 1>>>(nullptr); }\n"
            "};\n"
            "template <typename F> void via_tuple(F f) { std::apply(f, std::tuple<long>(1)); }\n"
            "struct Traits {\n"
            "  struct Fn { template <typename T> void operator()(T) const { traits<T><<<1, 1>>>(nullptr); } };\n"
            "};\n"
            "template <typename C> void run_traits() { typename C::Fn f; f(1u); }\n"
            "struct Base { virtual void Go() = 0; };\n"
            "template <typename T> struct Impl : Base { void Go() override { virt<T><<<1, 1>>>(nullptr); } };\n");
  std::string text =
      "#include <hip/hip_runtime.h>\n"
      "#include \"op.hpp\"\n"
      "int main() {\n"
      "  run_op((float*)nullptr);\n"
      "  for_each_type([](auto v) { each<decltype(v)><<<1, 1>>>(nullptr); });\n"
      "  call(Apply{});\n"
      "  via_tuple(Launch{});\n"
      "  run_traits<Traits>();\n"
      "  prepare((int*)nullptr);\n"
      "  Base* b = new Impl<char>;\n"
      "  b->Go();\n"
      "}\n";
  std::shared_ptr<const HipPayload> hip = ParseInProject(dir, text);
  REQUIRE(hip->status == HipPayload::Status::kAnalysed);
  CHECK(hip->errors == 0);  // reference<float> is left declared
  REQUIRE(hip->kernels.size() == 7);
  CHECK(hip->kernels[0].RocprofNames() == std::vector<std::string>{"void gemm<float>(float*)"});
  CHECK(hip->kernels[1].RocprofNames() ==
        std::vector<std::string>{"void each<int>(int*)", "void each<double>(double*)"});
  // `call` and `run_traits` call whatever `operator()` they have; `via_tuple` names none of Launch's, but is given it.
  CHECK(hip->kernels[2].RocprofNames() == std::vector<std::string>{"void functor<short>(short*)"});
  CHECK(hip->kernels[3].RocprofNames() == std::vector<std::string>{"void tupled<long>(long*)"});
  CHECK(hip->kernels[4].RocprofNames() == std::vector<std::string>{"void virt<char>(char*)"});
  CHECK(hip->kernels[5].RocprofNames() == std::vector<std::string>{"void traits<unsigned int>(unsigned int*)"});
  CHECK(hip->kernels[6].RocprofNames() == std::vector<std::string>{"void filler<int>(int*)"});  // through detail::fill
  std::filesystem::remove_all(dir);
}

// A parse whose kernel chains run in processes of their own ($AORTALINT_HIP_FORK_CHAINS_MIB=0: every parse with two
// chains) has the facts of one parsed in one process: the same kernels, each with its symbols in the same order.
struct ForkedAndNot {
  std::shared_ptr<const HipPayload> forked, whole;
};
ForkedAndNot ParseForkedAndNot(const char* name, const std::string& header, const std::string& text) {
  ForkedAndNot out;
  for (bool fork : {true, false}) {
    auto dir = ProjectDir((std::string(name) + (fork ? "-forked" : "-whole")).c_str());
    WriteFile(dir / "op.hpp", header);
    if (fork) ::setenv("AORTALINT_HIP_FORK_CHAINS_MIB", "0", 1);
    (fork ? out.forked : out.whole) = ParseInProject(dir, text);
    ::unsetenv("AORTALINT_HIP_FORK_CHAINS_MIB");
    std::filesystem::remove_all(dir);
  }
  REQUIRE(out.forked->status == HipPayload::Status::kAnalysed);
  REQUIRE(out.whole->status == HipPayload::Status::kAnalysed);
  CHECK(out.whole->forked_chains == 0);  // the default is for parses of 64 MiB
  CHECK(out.forked->errors == out.whole->errors);
  // The first error names the header's path, one directory per parse.
  auto from_header = [](const std::string& error) {
    return error.substr(std::min(error.find("op.hpp"), error.size()));
  };
  CHECK(from_header(out.forked->first_error) == from_header(out.whole->first_error));
  REQUIRE(out.forked->kernels.size() == out.whole->kernels.size());
  for (size_t i = 0; i < out.whole->kernels.size(); ++i) {
    CHECK(out.forked->kernels[i].qualified == out.whole->kernels[i].qualified);
    CHECK(out.forked->kernels[i].RocprofNames() == out.whole->kernels[i].RocprofNames());
  }
  return out;
}

constexpr const char* kChainsHeader =
    "template <typename T> __global__ void fill(T* x) { x[0] = T(1); }\n"
    "template <typename T> __global__ void scale(T* x) { x[0] *= T(2); }\n"
    "template <typename T> struct Op {\n"
    "  void Run(T* x) { fill<T><<<1, 1>>>(x); scale<T><<<1, 1>>>(x); }\n"
    "};\n"
    "template <typename T> void run(T* x) {\n"
    "  static_assert(sizeof(T) != 8, \"no 8-byte types\");\n"
    "  Op<T>().Run(x);\n"
    "  fill<int><<<1, 1>>>(nullptr);  // in every chain\n"
    "}\n";

TEST_CASE("hip: kernel chains instantiated in processes of their own give the facts of one process") {
  ForkedAndNot parsed = ParseForkedAndNot("hip-fork-chains", kChainsHeader,
                                          "#include <hip/hip_runtime.h>\n"
                                          "#include \"op.hpp\"\n"
                                          "int main() {\n"
                                          "  scale<char><<<1, 1>>>(nullptr);  // instantiated as the file is parsed\n"
                                          "  run((float*)nullptr);\n"
                                          "  run((short*)nullptr);\n"
                                          "  run((unsigned char*)nullptr);\n"
                                          "  run((unsigned*)nullptr);\n"
                                          "  run((char*)nullptr);\n"
                                          "}\n");
  // Five chains in four processes: float and short in the first fork, then one each; char here.
  CHECK(parsed.forked->forked_chains == 3);
  CHECK(parsed.forked->errors == 0);
  REQUIRE(parsed.forked->kernels.size() == 2);
  CHECK(parsed.forked->kernels[0].RocprofNames() ==
        std::vector<std::string>{"void fill<int>(int*)", "void fill<float>(float*)", "void fill<short>(short*)",
                                 "void fill<unsigned char>(unsigned char*)", "void fill<unsigned int>(unsigned int*)",
                                 "void fill<char>(char*)"});
  CHECK(parsed.forked->kernels[1].RocprofNames() ==
        std::vector<std::string>{"void scale<char>(char*)", "void scale<float>(float*)", "void scale<short>(short*)",
                                 "void scale<unsigned char>(unsigned char*)",
                                 "void scale<unsigned int>(unsigned int*)"});
}

// One process lists a kernel where its walk finds it: a template declared before it is defined, at the declaration,
// once any instantiation exists (here only a forked chain's); a specialization the file made while it was parsed, in
// the order it was made, whichever process instantiates its body.
TEST_CASE("hip: kernels and symbols from forked chains keep the order of one process") {
  ForkedAndNot parsed = ParseForkedAndNot("hip-fork-order", "",
                                          "#include <hip/hip_runtime.h>\n"
                                          "template <typename T> __global__ void early(T*);\n"
                                          "template <typename T> __global__ void fill(T* x) { x[0] = T(1); }\n"
                                          "template <typename T> void run(T* x) { fill<T><<<1, 1>>>(x); }\n"
                                          "template <typename T> void late(T* x) { early<T><<<1, 1>>>(x); }\n"
                                          "template <typename T> __global__ void early(T* x) { x[0] = T(2); }\n"
                                          "int main() {\n"
                                          "  run((float*)nullptr);\n"
                                          "  late((int*)nullptr);\n"
                                          "  run((short*)nullptr);\n"
                                          "  fill<char><<<1, 1>>>(nullptr);\n"
                                          "}\n");
  CHECK(parsed.forked->forked_chains == 2);
  REQUIRE(parsed.forked->kernels.size() == 2);
  CHECK(parsed.forked->kernels[0].name == "early");
  CHECK(parsed.forked->kernels[1].RocprofNames() ==
        std::vector<std::string>{"void fill<char>(char*)", "void fill<float>(float*)", "void fill<short>(short*)"});
}

// A chain that meets a Clang error is instantiated again in the parse's own process, with every chain after it:
// Clang's errors are counted once, in order, as in one process.
TEST_CASE("hip: a kernel chain with a Clang error is instantiated in the parse's process, errors counted once") {
  ForkedAndNot parsed = ParseForkedAndNot("hip-fork-error", kChainsHeader,
                                          "#include <hip/hip_runtime.h>\n"
                                          "#include \"op.hpp\"\n"
                                          "int main() {\n"
                                          "  run((float*)nullptr);\n"
                                          "  run((short*)nullptr);\n"
                                          "  run((double*)nullptr);  // the second fork's chain: an error\n"
                                          "  run((long*)nullptr);\n"
                                          "  run((unsigned*)nullptr);\n"
                                          "}\n");
  CHECK(parsed.forked->forked_chains == 1);
  CHECK(parsed.forked->errors == 2);  // double and long
  CHECK(parsed.forked->first_error.find("no 8-byte types") != std::string::npos);
  REQUIRE(parsed.forked->kernels.size() == 2);
  CHECK(parsed.forked->kernels[0].RocprofNames().size() == 6);  // float, int, short, double, long, unsigned
}

// A launch written in a class template is the template's: each instantiation repeats it. Clang's visitor traverses
// constructors apart from other methods, and an instantiated constructor's launch was taken again (with the kernel
// it names once instantiated), twice per header class instantiated twice.
TEST_CASE("hip: a launch in a class template's constructor is taken once, as written") {
  auto dir = ProjectDir("hip-ctor-launch");
  WriteFile(dir / "loader.hpp",
            "template <typename T> __global__ void zero(T* x) { x[0] = T(0); }\n"
            "template <typename T> struct Loader {\n"
            "  explicit Loader(T* x) { zero<T><<<1, 1>>>(x); }\n"
            "};\n");
  std::string text =
      "#include <hip/hip_runtime.h>\n"
      "#include \"loader.hpp\"\n"
      "template <typename T> __global__ void fill(T* x) { x[0] = T(1); }\n"
      "template <typename T> struct Runner {\n"
      "  explicit Runner(T* x) { fill<T><<<1, 64>>>(x); }\n"
      "  void run(T* x) { fill<T><<<1, 64>>>(x); }\n"
      "};\n"
      "int main() {\n"
      "  Runner<float> a(nullptr);\n"
      "  Runner<double> b(nullptr);\n"
      "  a.run(nullptr);\n"
      "  Loader<float> c(nullptr);\n"
      "  Loader<int> d(nullptr);\n"
      "}\n";
  std::shared_ptr<const HipPayload> hip = ParseInProject(dir, text);
  REQUIRE(hip->status == HipPayload::Status::kAnalysed);
  CHECK(hip->errors == 0);
  REQUIRE(hip->launches.size() == 2);  // the constructor's and run's, as written
  CHECK(hip->launches[0].span.begin == text.find("fill<T><<<"));
  CHECK(hip->launches[1].span.begin == text.rfind("fill<T><<<"));
  CHECK(hip->launches_in_headers == 1);
  // The kernels' instantiations are still named.
  REQUIRE(hip->kernels.size() == 2);
  CHECK(hip->kernels[0].RocprofNames() == std::vector<std::string>{"void zero<float>(float*)", "void zero<int>(int*)"});
  CHECK(hip->kernels[1].RocprofNames() ==
        std::vector<std::string>{"void fill<float>(float*)", "void fill<double>(double*)"});
  std::filesystem::remove_all(dir);
}

// A Latin-1 licence comment: Clang reads it, so aortalint does too, named alone or paired.
TEST_CASE("hip: a source with bytes that are not UTF-8 in a comment is analysed, alone or paired") {
  auto dir = ProjectDir("hip-latin1");
  std::string text =
      "// Copyright \xa9 2024 M\xfcller\n#include <hip/hip_runtime.h>\n"
      "__global__ void fill(float* x) { x[0] = 1; }\nint main() { fill<<<1, 1>>>(nullptr); }\n";
  WriteFile(dir / "alone/fill.hip", text);
  testing::CommandResult alone =
      testing::RunAortalint("check --no-cache --no-config " + (dir / "alone").string() + "/fill.hip");
  INFO(alone.output);
  CHECK(alone.exit_code == 0);
  CHECK(alone.output.find("SYN003") == std::string::npos);
  WriteFile(dir / "paired/fill.hip", text);
  WriteFile(dir / "paired/recipe.yaml",
            "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
            "collect:\n  rocprof: {trace: kernel, kernel_include_regex: \"^gemm\"}\n");
  testing::CommandResult paired =
      testing::RunAortalint("check --no-cache --no-config " + (dir / "paired/recipe.yaml").string());
  INFO(paired.output);
  CHECK(paired.output.find("[HIP001]") != std::string::npos);  // judged: the regex keeps no kernel of it
  CHECK(paired.output.find("SYN003") == std::string::npos);
  std::filesystem::remove_all(dir);
}

// A paired source that cannot be read is named, never skipped in silence.
TEST_CASE("hip: a paired source that cannot be read is reported with its path") {
  auto dir = ProjectDir("hip-unreadable");
  WriteFile(dir / "recipe.yaml",
            "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
            "collect:\n  rocprof: {trace: kernel}\n");
  // compile_commands.json names a source that is gone, and one that is a directory.
  WriteFile(dir / "compile_commands.json",
            "[{\"directory\": \"" + dir.string() +
                "\", \"arguments\": [\"hipcc\", \"-o\", \"gone\", \"gone.hip\"], \"file\": \"gone.hip\"},"
                "{\"directory\": \"" +
                dir.string() +
                "\", \"arguments\": [\"hipcc\", \"-o\", \"dir\", \"dir.hip\"], \"file\": \"dir.hip\"}]\n");
  std::filesystem::create_directories(dir / "dir.hip");
  for (std::string binary : {"gone", "dir"}) {
    CAPTURE(binary);
    testing::CommandResult r =
        testing::RunAortalint("check --no-cache --no-config " + (dir / "recipe.yaml").string() + " -- ./" + binary);
    INFO(r.output);
    CHECK(r.output.find(binary + ".hip:1:1: info: HIP source '") != std::string::npos);
    CHECK(r.output.find("cannot read it: ") != std::string::npos);
    CHECK(r.output.find("[HIP006]") != std::string::npos);
  }
  // A pair's `sources:` naming a directory: the same, not "a directory without a __main__.py".
  WriteFile(dir / ".aortalint.yaml", "pairs:\n  - recipe: recipe.yaml\n    command: ./dir\n    sources: [dir.hip]\n");
  testing::CommandResult pair = testing::RunAortalint("check --no-cache " + (dir / "recipe.yaml").string());
  INFO(pair.output);
  CHECK(pair.output.find("dir.hip:1:1: info: HIP source '") != std::string::npos);
  CHECK(pair.output.find("path is a directory") != std::string::npos);
  CHECK(pair.output.find("__main__.py") == std::string::npos);
  std::filesystem::remove_all(dir);
}
#endif

}  // namespace
}  // namespace aortalint
