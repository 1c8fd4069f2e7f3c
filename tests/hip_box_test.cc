// Clang in a box: the HIP analyser runs in a worker process with limits, reads
// only regular files inside the project and the include roots, never quotes a
// file outside the project, and every message is bounded. The repros are the
// hostile-input findings N2-N7 and N14 and the HIP real-code containment list.
#include <doctest/doctest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <thread>
#include <vector>

#include "base/elide.h"
#include "load/hip_loader.h"
#include "load/hip_wire.h"
#include "load/hip_worker.h"
#include "model/hip.h"
#include "test_util.h"

namespace aortalint {
namespace {

using testing::WriteFile;

TEST_CASE("hip box: long text is elided, template arguments first, never past the cap") {
  CHECK(Elide("short", 10) == "short");
  std::string nested = "P<int>";
  for (int i = 0; i < 20; ++i) nested = "P<" + nested + ", " + nested + ">";  // 2^20 deep-ish
  std::string shorter = Elide("kernel void k<" + nested + ">()", 2000);
  CHECK(shorter.size() <= 2000);
  CHECK(shorter.find("P<P<P<…>") != std::string::npos);
  std::string flat(100000, 'x');
  std::string cut = Elide(flat, 300);
  CHECK(cut.size() < 400);
  CHECK(cut.find("bytes left out") != std::string::npos);
  CHECK(ElideTemplateArguments("a<b<c<d>>> -> e", 2) == "a<b<c<…>>> -> e");
}

TEST_CASE("hip box: the worker's messages round-trip and a cut message is refused") {
  HipPayload p;
  p.errors = 3;
  p.first_error = "2:1: oops";
  p.kernels.push_back({.name = "k", .qualified = "ns::k", .span = {4, 5}, .extern_c = true, .symbols = {"k"}});
  p.launches.push_back({"<<<>>>", "ns::k", "LAUNCH", {9, 12}});
  p.missing_headers.push_back({"x.h", {0, 3}, "it is not a regular file"});
  p.roctx_in_headers = 2;
  p.forked_chains = 3;
  std::string bytes = hip_wire::EncodeFacts(p);
  HipPayload back;
  REQUIRE(hip_wire::DecodeFacts(bytes, back));
  CHECK(back.errors == 3);
  CHECK(back.kernels.at(0).qualified == "ns::k");
  CHECK(back.kernels.at(0).extern_c);
  CHECK(back.launches.at(0).macro == "LAUNCH");
  CHECK(back.missing_headers.at(0).refused == "it is not a regular file");
  CHECK(back.roctx_in_headers == 2);
  CHECK(back.forked_chains == 3);
  HipPayload cut;
  CHECK_FALSE(hip_wire::DecodeFacts(std::string_view(bytes).substr(0, bytes.size() - 3), cut));
  hip::Request r{.path = "a.hip",
                 .text = "x",
                 .flags = {"-DX"},
                 .project_root = "/p",
                 .include_roots = {"/usr"},
                 .fork_chains_mib = 7};
  std::optional<hip::Request> r2 = hip_wire::DecodeRequest(hip_wire::EncodeRequest(r));
  REQUIRE(r2);
  CHECK(r2->flags == r.flags);
  CHECK(r2->include_roots == r.include_roots);
  CHECK(r2->fork_chains_mib == 7);
}

TEST_CASE("hip box: limits come from the environment, and a bad value names the variable") {
  std::string error;
  ::setenv("AORTALINT_HIP_TIME_LIMIT", "abc", 1);
  HipLimits limits = HipLimitsFromEnvironment(&error);
  CHECK(limits.seconds == 20);
  CHECK(error.find("$AORTALINT_HIP_TIME_LIMIT is 'abc'") != std::string::npos);
  ::setenv("AORTALINT_HIP_TIME_LIMIT", "5", 1);
  ::setenv("AORTALINT_HIP_MEMORY_LIMIT", "512", 1);
  error.clear();
  limits = HipLimitsFromEnvironment(&error);
  CHECK(error.empty());
  CHECK(limits.seconds == 5);
  CHECK(limits.memory_mib == 512);
  CHECK(limits.fork_chains_mib == 64);
  ::setenv("AORTALINT_HIP_FORK_CHAINS_MIB", "0", 1);
  CHECK(HipLimitsFromEnvironment(&error).fork_chains_mib == 0);
  ::setenv("AORTALINT_HIP_FORK_CHAINS_MIB", "-1", 1);
  CHECK(HipLimitsFromEnvironment(&error).fork_chains_mib == 64);
  CHECK(error.find("$AORTALINT_HIP_FORK_CHAINS_MIB is '-1'") != std::string::npos);
  ::unsetenv("AORTALINT_HIP_TIME_LIMIT");
  ::unsetenv("AORTALINT_HIP_MEMORY_LIMIT");
  ::unsetenv("AORTALINT_HIP_FORK_CHAINS_MIB");
}

#ifdef AORTALINT_WITH_CLANG
std::shared_ptr<const HipPayload> Parse(const std::filesystem::path& path, const std::string& text) {
  return AnalyseHip(std::make_shared<const SourceFile>(path.string(), text), nullptr, true);
}

std::filesystem::path Project(const std::string& name) {
  std::filesystem::path dir = testing::TempDir(name);
  std::filesystem::create_directories(dir / "proj/.git");
  return dir;
}

TEST_CASE("hip box: Clang's debug pragmas do nothing (N2, N3)") {
  std::filesystem::path dir = Project("hip-box-pragma");
  for (std::string pragma : {"crash", "llvm_fatal_error", "overflow_stack", "assert", "llvm_unreachable"}) {
    CAPTURE(pragma);
    auto start = std::chrono::steady_clock::now();
    auto p = Parse(dir / "proj" / (pragma + ".hip"), "#pragma clang __debug " + pragma + "\n__global__ void k() {}\n");
    CHECK(p->status == HipPayload::Status::kAnalysed);
    CHECK(p->kernels.size() == 1);
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(15));
  }
}

TEST_CASE("hip box: a FIFO, /dev/stdin and /proc/self/fd/0 are never opened as headers (N6)") {
  std::filesystem::path dir = Project("hip-box-fifo");
  REQUIRE(::mkfifo((dir / "proj/f.h").c_str(), 0600) == 0);
  for (std::string header : {"f.h", "/dev/stdin", "/proc/self/fd/0", "/dev/zero"}) {
    CAPTURE(header);
    auto p = Parse(dir / "proj" / ("fifo" + std::to_string(header.size()) + ".hip"),
                   "#include \"" + header + "\"\n__global__ void k() {}\n");
    REQUIRE(p->status == HipPayload::Status::kAnalysed);
    REQUIRE(p->missing_headers.size() == 1);
    CHECK(header.ends_with(p->missing_headers[0].header));
    CHECK(p->missing_headers[0].refused.find("not a regular file") != std::string::npos);
    CHECK(p->kernels.size() == 1);
  }
}

TEST_CASE("hip box: a header outside the project is not read, and never quoted (N4)") {
  std::filesystem::path dir = Project("hip-box-secret");
  WriteFile(dir / "secret/creds", "aws_secret_access_key = wJalrXUtnFEMI_K7MDENG;\n");
  WriteFile(dir / "proj/inside.h", "int inside = undeclared_inside;\n");
  std::filesystem::create_symlink(dir / "secret/creds", dir / "proj/creds_link.h");
  for (const std::string& header :
       std::vector<std::string>{(dir / "secret/creds").string(), "creds_link.h", "/etc/passwd"}) {
    CAPTURE(header);
    auto p = Parse(dir / "proj" / ("k" + std::to_string(header.size()) + ".hip"),
                   "int aws_secret_access_key;\nvoid f() {\n#include \"" + header + "\"\n}\n__global__ void k() {}\n");
    REQUIRE(p->missing_headers.size() == 1);
    CHECK(p->missing_headers[0].refused.find("outside the project") != std::string::npos);
    CHECK(p->first_error.find("wJalrXUtnFEMI") == std::string::npos);
  }
  // Through `..`: refused and reported as any other header, nothing of it quoted, the parse going on.
  auto up = Parse(dir / "proj/up.hip",
                  "int aws_secret_access_key;\nvoid f() {\n#include \"../secret/creds\"\n}\n__global__ void k() {}\n");
  CHECK(up->first_error.find("wJalrXUtnFEMI") == std::string::npos);
  CHECK(up->errors == 0);
  REQUIRE(up->missing_headers.size() == 1);
  CHECK(up->missing_headers[0].header == "../secret/creds");
  CHECK(up->missing_headers[0].refused.find("outside the project") != std::string::npos);
  CHECK(up->kernels.size() == 1);
  // A `..` header that does not exist is missing, as `x.h` is (Clang's recovery alone did not serve it).
  for (std::string header : {"../nothere.h", "../../a/../b/nothere.h", "sub/../../nothere.h"}) {
    CAPTURE(header);
    auto gone = Parse(dir / "proj" / ("gone" + std::to_string(header.size()) + ".hip"),
                      "#include \"" + header + "\"\n__global__ void k() {}\nint main() { k<<<1, 1>>>(); }\n");
    REQUIRE(gone->missing_headers.size() == 1);
    CHECK(gone->missing_headers[0].header == header);
    CHECK(gone->missing_headers[0].refused.empty());
    CHECK(gone->missing_headers[0].span.end > 0);  // at its #include
    CHECK(gone->kernels.size() == 1);
    CHECK(gone->launches.size() == 1);
  }
  // A header of the project is read, and its error quoted.
  auto p = Parse(dir / "proj/in.hip", "#include \"inside.h\"\n__global__ void k() {}\n");
  CHECK(p->missing_headers.empty());
  CHECK(p->first_error.find("undeclared_inside") != std::string::npos);
}

TEST_CASE("hip box: a header reached through a linked directory is judged by where the link leads") {
  std::filesystem::path dir = Project("hip-box-dirlink");
  WriteFile(dir / "secret/creds.h", "int aws_secret_access_key = wJalrXUtnFEMI;\n");
  WriteFile(dir / "proj/src/inside.h", "int inside = undeclared_inside;\n");
  std::filesystem::create_directory_symlink("../secret", dir / "proj/vendor");
  std::filesystem::create_directory_symlink("src", dir / "proj/alias");
  // A link to a directory outside, then one inside, then the outside one again: each path is resolved on its own.
  for (int round = 0; round < 2; ++round) {
    CAPTURE(round);
    auto out = Parse(dir / "proj/out.hip", "#include \"vendor/creds.h\"\n__global__ void k() {}\n");
    REQUIRE(out->missing_headers.size() == 1);
    CHECK(out->missing_headers[0].refused.find("outside the project") != std::string::npos);
    CHECK(out->first_error.find("wJalrXUtnFEMI") == std::string::npos);
    auto in =
        Parse(dir / "proj/in.hip", "#include \"alias/inside.h\"\n#include \"src/inside.h\"\n__global__ void k() {}\n");
    CHECK(in->missing_headers.empty());
    CHECK(in->first_error.find("undeclared_inside") != std::string::npos);
  }
  // Within one parse: the inside directory first, then the link out of it.
  auto both =
      Parse(dir / "proj/both.hip", "#include \"src/inside.h\"\n#include \"vendor/creds.h\"\n__global__ void k() {}\n");
  REQUIRE(both->missing_headers.size() == 1);
  CHECK(both->missing_headers[0].header == "vendor/creds.h");
  CHECK(both->missing_headers[0].refused.find("outside the project") != std::string::npos);
}

TEST_CASE("hip box: an #include_next that finds nothing is a missing header, not a Clang crash") {
  std::filesystem::path dir = Project("hip-box-include-next");
  WriteFile(dir / "proj/inc/wrap.h", "#include_next <wrap.h>\n");
  CompileCommand command{"compile_commands.json", (dir / "proj").string(), {"hipcc", "-Iinc", "-c", "k.hip"}};
  auto p = AnalyseHip(
      std::make_shared<const SourceFile>((dir / "proj/k.hip").string(), "#include <wrap.h>\n__global__ void k() {}\n"),
      &command, true);
  INFO(p->status_detail);
  REQUIRE(p->status == HipPayload::Status::kAnalysed);
  REQUIRE(p->missing_headers.size() == 1);
  CHECK(p->missing_headers[0].header == "wrap.h");
}

TEST_CASE("hip box: a compile database's -include and -I outside the project are refused (N4, D29)") {
  std::filesystem::path dir = Project("hip-box-db");
  WriteFile(dir / "outside/o.h", "int from_outside;\n");
  CompileCommand command{"compile_commands.json",
                         (dir / "proj").string(),
                         {"hipcc", "-include", "/etc/passwd", "-I", (dir / "outside").string(), "-c", "k.hip"}};
  auto p = AnalyseHip(
      std::make_shared<const SourceFile>((dir / "proj/k.hip").string(), "#include \"o.h\"\n__global__ void k() {}\n"),
      &command, true);
  REQUIRE(p->status == HipPayload::Status::kAnalysed);
  CHECK(p->first_error.find("root") == std::string::npos);  // nothing of /etc/passwd
  REQUIRE(p->missing_headers.size() == 2);
  for (const HipMissingHeader& m : p->missing_headers) CHECK(!m.refused.empty());
}

TEST_CASE("hip box: a parse past its time limit is stopped and said, the next one runs (N14)") {
  std::filesystem::path dir = Project("hip-box-time");
  std::string flood = "__global__ void k() {}\n";
  for (int i = 0; i < 40000; ++i) flood += "int x = ;\n";
  ::setenv("AORTALINT_HIP_TIME_LIMIT", "1", 1);
  auto start = std::chrono::steady_clock::now();
  auto p = Parse(dir / "proj/flood.hip", flood);
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(10));
  CHECK(p->status == HipPayload::Status::kStopped);
  CHECK(p->status_detail.find("time limit of 1 s") != std::string::npos);
  CHECK(p->status_help.find("AORTALINT_HIP_TIME_LIMIT") != std::string::npos);
  // The next one under the default limit: a loaded machine can take a second over even this.
  ::unsetenv("AORTALINT_HIP_TIME_LIMIT");
  auto next = Parse(dir / "proj/next.hip", "__global__ void k() {}\n");
  CHECK(next->status == HipPayload::Status::kAnalysed);
}

// Every process's parent, from /proc (readable for any process, unlike a worker's environment: it is not dumpable).
std::map<pid_t, pid_t> Parents() {
  std::map<pid_t, pid_t> parents;
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    std::string pid = entry.path().filename().string();
    if (pid.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream status(entry.path() / "status");
    for (std::string line; std::getline(status, line);)
      if (line.rfind("PPid:", 0) == 0) parents[std::stoi(pid)] = std::stoi(line.substr(5));
  }
  return parents;
}

// Whether a process runs (not ended, not a zombie).
bool Running(pid_t pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("State:", 0) == 0) return line.find('Z') == std::string::npos && line.find('X') == std::string::npos;
  return false;
}

// A kernel chain in a process of its own dies with its worker (killed for its time limit, or by a user): left
// running, this one would spend three seconds more.
TEST_CASE("hip box: a kernel chain's process dies with its worker") {
  std::filesystem::path dir = Project("hip-box-chain");
  WriteFile(dir / "proj/op.hpp",
            "template <typename T> __global__ void fill(T* x) { x[0] = T(1); }\n"
            "template <int A, int B> struct G { static constexpr int v = G<A - 1, B>::v + G<A, B - 1>::v % 7; };\n"
            "template <int B> struct G<0, B> { static constexpr int v = 1; };\n"
            "template <int A> struct G<A, 0> { static constexpr int v = 1; };\n"
            "template <typename T> void run(T* x) { fill<T><<<1, 1>>>(x); (void)G<400 + sizeof(T), 400>::v; }\n");
  ::setenv("AORTALINT_HIP_FORK_CHAINS_MIB", "0", 1);
  std::shared_ptr<const HipPayload> p;
  std::thread parse([&] {
    p = Parse(dir / "proj/k.hip",
              "#include <hip/hip_runtime.h>\n#include \"op.hpp\"\n"
              "int main() { run((float*)nullptr); run((char*)nullptr); }\n");
  });
  // The chain's process: a child of a child of this process (the worker).
  pid_t chain = 0, worker = 0;
  for (auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
       !chain && std::chrono::steady_clock::now() < deadline;
       std::this_thread::sleep_for(std::chrono::milliseconds(10))) {
    std::map<pid_t, pid_t> parents = Parents();
    for (auto [pid, parent] : parents)
      if (parents.count(parent) && parents[parent] == ::getpid()) chain = pid, worker = parent;
  }
  REQUIRE(chain != 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // into its seconds of work
  auto killed = std::chrono::steady_clock::now();
  ::kill(worker, SIGKILL);
  parse.join();
  // Left running, the chain would hold the worker's socket open (its copy), and the parse would end with it.
  CHECK(std::chrono::steady_clock::now() - killed < std::chrono::seconds(1));
  CHECK(p->status == HipPayload::Status::kStopped);
  auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(500);
  while (Running(chain) && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  CHECK_FALSE(Running(chain));
  ::unsetenv("AORTALINT_HIP_FORK_CHAINS_MIB");
}

TEST_CASE("hip box: a parse past its memory limit is stopped and said (N7)") {
  std::filesystem::path dir = Project("hip-box-memory");
  std::string macros = "#define X0 a a\n";
  for (int i = 1; i < 40; ++i)
    macros += "#define X" + std::to_string(i) + " X" + std::to_string(i - 1) + " X" + std::to_string(i - 1) + "\n";
  ::setenv("AORTALINT_HIP_MEMORY_LIMIT", "512", 1);
  ::setenv("AORTALINT_HIP_TIME_LIMIT", "600", 1);  // memory, not a loaded machine's clock, must stop it
  auto p = Parse(dir / "proj/macros.hip", macros + "int v = sizeof(X38);\n__global__ void k() {}\n");
  CHECK(p->status == HipPayload::Status::kStopped);
  CHECK(p->status_detail.find("memory limit of 512 MiB") != std::string::npos);
  ::unsetenv("AORTALINT_HIP_MEMORY_LIMIT");
  ::unsetenv("AORTALINT_HIP_TIME_LIMIT");
}

TEST_CASE("hip box: a type nested 20,000 deep is analysed, not a Clang crash (N5)") {
  std::filesystem::path dir = Project("hip-box-deep");
  std::string text = "template<class T> struct W {};\nusing T0 = int;\n";
  for (int i = 1; i < 20000; ++i) text += "using T" + std::to_string(i) + " = W<T" + std::to_string(i - 1) + ">;\n";
  auto p = Parse(dir / "proj/deep.hip", text + "T19999 t;\n__global__ void k() {}\n");
  // Parsed on a thread with a larger stack (before: SEGV on the worker's 8 MiB main stack, HIP006).
  CHECK_MESSAGE(p->status == HipPayload::Status::kAnalysed, p->status_detail);
}

TEST_CASE("hip box: a truncated or missing module is named, never mapped (SIGBUS)") {
  std::filesystem::path dir = testing::TempDir("hip-box-module");
  std::filesystem::path cut = dir / "libaortalint_hip.so";
  std::filesystem::copy_file(AORTALINT_HIP_MODULE_PATH, cut);
  std::filesystem::resize_file(cut, 3000);
  WriteFile(dir / "k.hip", "__global__ void k() {}\n");
  std::string check = " " + testing::ShellQuote(AORTALINT_BINARY) + " check --no-config --no-cache " +
                      testing::ShellQuote((dir / "k.hip").string()) + " 2>&1";
  testing::CommandResult r = testing::RunShell("AORTALINT_HIP_MODULE=" + testing::ShellQuote(cut.string()) + check);
  CHECK(r.exit_code == 0);
  CHECK(r.output.find("HIP006") != std::string::npos);
  CHECK(r.output.find("is truncated (3000 bytes") != std::string::npos);
  r = testing::RunShell("AORTALINT_HIP_MODULE=" + testing::ShellQuote((dir / "none.so").string()) + check);
  CHECK(r.exit_code == 0);
  CHECK(r.output.find("named by $AORTALINT_HIP_MODULE (" + (dir / "none.so").string() +
                      ") cannot be opened: No such file or directory") != std::string::npos);
  ::setenv("AORTALINT_HIP_MODULE", cut.c_str(), 1);
  CHECK(HipSupportSummary().find("is truncated") != std::string::npos);
  ::setenv("AORTALINT_HIP_MODULE", AORTALINT_HIP_MODULE_PATH, 1);
}
#endif

}  // namespace
}  // namespace aortalint
