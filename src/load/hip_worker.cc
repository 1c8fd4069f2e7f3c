#include "load/hip_worker.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <new>
#include <vector>

#include "base/elide.h"
#include "load/hip_wire.h"

extern char** environ;

namespace aortalint {
namespace {

constexpr std::string_view kWorkerArg = "__hip-worker";
constexpr int kWorkerFd = 3;                       // the worker's end of the socket
constexpr uint64_t kMaxFrame = uint64_t{1} << 30;  // a result larger than this is refused
constexpr unsigned kStartSeconds = 30;             // loading Clang's libraries

// Frames: an 8-byte length (kind included), a kind byte, the body.
enum Kind : char { kHello = 'H', kRequest = 'Q', kResult = 'R', kFatal = 'F' };

std::string Frame(Kind kind, std::string_view body) {
  uint64_t size = body.size() + 1;
  std::string frame(reinterpret_cast<const char*>(&size), sizeof size);
  frame += kind;
  frame += body;
  return frame;
}

bool WriteAll(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    ssize_t n = ::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    bytes.remove_prefix(size_t(n));
  }
  return true;
}

enum class ReadEnd { kOk, kClosed, kTimedOut };

// Reads `size` bytes, waiting until `deadline` (none: forever).
ReadEnd ReadExactly(int fd, char* out, size_t size, std::optional<std::chrono::steady_clock::time_point> deadline) {
  while (size > 0) {
    if (deadline) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(*deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) return ReadEnd::kTimedOut;
      pollfd p{fd, POLLIN, 0};
      int ready = ::poll(&p, 1, int(std::min<int64_t>(left.count(), 1000)));
      if (ready == 0 || (ready < 0 && errno == EINTR)) continue;
      if (ready < 0) return ReadEnd::kClosed;
    }
    ssize_t n = ::read(fd, out, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return ReadEnd::kClosed;
    out += n;
    size -= size_t(n);
  }
  return ReadEnd::kOk;
}

ReadEnd ReadFrame(int fd, Kind& kind, std::string& body,
                  std::optional<std::chrono::steady_clock::time_point> deadline = std::nullopt) {
  uint64_t size = 0;
  ReadEnd end = ReadExactly(fd, reinterpret_cast<char*>(&size), sizeof size, deadline);
  if (end != ReadEnd::kOk) return end;
  if (size == 0 || size > kMaxFrame) return ReadEnd::kClosed;
  body.resize(size);
  end = ReadExactly(fd, body.data(), size, deadline);
  if (end != ReadEnd::kOk) return end;
  kind = Kind(body[0]);
  body.erase(0, 1);
  return ReadEnd::kOk;
}

// ---- The worker's side ----

// LLVM's fatal-error and out-of-memory handlers, and operator new's: say why on the socket, then end.
[[noreturn]] void WorkerFatal(const char* reason, bool out_of_memory) {
  std::string body(1, out_of_memory ? '1' : '0');
  body += reason ? reason : "";
  WriteAll(kWorkerFd, Frame(kFatal, body));
  ::_exit(3);
}

// AddressSanitizer reserves terabytes of shadow memory at start, so a build with it (the fuzz
// targets) cannot limit the worker's address space: its allocator's own limits apply instead.
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define AORTALINT_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(AORTALINT_ASAN)
constexpr bool kAddressSanitizer = true;
#else
constexpr bool kAddressSanitizer = false;
#endif

// RLIMIT_CPU counts the process's whole life: each request gets `seconds` more than used so far.
void LimitCpuFromNow(unsigned seconds) {
  rusage used{};
  ::getrusage(RUSAGE_SELF, &used);
  double spent =
      double(used.ru_utime.tv_sec + used.ru_stime.tv_sec) + double(used.ru_utime.tv_usec + used.ru_stime.tv_usec) / 1e6;
  rlimit cpu{};
  ::getrlimit(RLIMIT_CPU, &cpu);
  cpu.rlim_cur = std::min<rlim_t>(cpu.rlim_max, rlim_t(std::ceil(spent)) + seconds);
  ::setrlimit(RLIMIT_CPU, &cpu);
}

// Clang recurses once per level of a nested construct: template types 20,000 deep overflowed the
// 8 MiB main stack (N5). Each parse runs on a thread with a larger stack, a quarter of the memory
// limit up to 256 MiB (the limit counts the stack); without such a thread, on this one.
void AnalyseOnLargeStack(AortalintHipAnalyseFn* analyse, const hip::Request& request, HipPayload& out,
                         rlim_t memory_bytes) {
  struct Job {
    AortalintHipAnalyseFn* analyse;
    const hip::Request* request;
    HipPayload* out;
  } job{analyse, &request, &out};
  pthread_attr_t attr;
  ::pthread_attr_init(&attr);
  ::pthread_attr_setstacksize(&attr, std::min<rlim_t>(rlim_t{256} << 20, memory_bytes / 4));
  pthread_t thread;
  int made = ::pthread_create(
      &thread, &attr,
      [](void* p) -> void* {
        auto* j = static_cast<Job*>(p);
        j->analyse(*j->request, *j->out);
        return nullptr;
      },
      &job);
  ::pthread_attr_destroy(&attr);
  if (made != 0) return analyse(request, out);
  ::pthread_join(thread, nullptr);
}

// argv: exe __hip-worker MODULE MEMORY_MIB SECONDS
int WorkerMain(int argc, char** argv) {
  if (argc != 5) return 2;
  ::close_range(kWorkerFd + 1, ~0U, 0);
  ::prctl(PR_SET_DUMPABLE, 0);  // a crash leaves no core file behind
  rlimit none{0, 0};
  ::setrlimit(RLIMIT_CORE, &none);
  rlim_t bytes = rlim_t(std::strtoull(argv[3], nullptr, 10)) << 20;
  rlimit memory{bytes, bytes};
  if (!kAddressSanitizer) ::setrlimit(RLIMIT_AS, &memory);
  unsigned seconds = unsigned(std::strtoul(argv[4], nullptr, 10));

  void* module = ::dlopen(argv[2], RTLD_NOW | RTLD_LOCAL);
  if (!module) {
    const char* why = ::dlerror();
    WriteAll(kWorkerFd, Frame(kHello, std::string("could not be loaded: ") + (why ? why : "unknown error")));
    return 2;
  }
  auto* abi = reinterpret_cast<AortalintHipAbiFn*>(::dlsym(module, "aortalint_hip_abi"));
  auto* analyse = reinterpret_cast<AortalintHipAnalyseFn*>(::dlsym(module, "aortalint_hip_analyse"));
  auto* contain = reinterpret_cast<AortalintHipContainFn*>(::dlsym(module, "aortalint_hip_contain"));
  if (!abi || !analyse || !contain || abi() != hip::kAbi) {
    WriteAll(kWorkerFd, Frame(kHello, "is from another aortalint build (interface " +
                                          (abi ? std::to_string(abi()) : std::string("unknown")) +
                                          ", this binary needs " + std::to_string(hip::kAbi) + ")"));
    return 2;
  }
  contain(&WorkerFatal);
  std::set_new_handler([] { WorkerFatal("out of memory", true); });
  if (!WriteAll(kWorkerFd, Frame(kHello, ""))) return 2;
  for (Kind kind{}; true;) {
    std::string body;
    // The parent is done. _exit: the static destructors of libLLVM and libclang-cpp (every command-line
    // option they define) have nothing to release that the exit does not, and nothing here is buffered.
    if (ReadFrame(kWorkerFd, kind, body) != ReadEnd::kOk) ::_exit(0);
    std::optional<hip::Request> request = hip_wire::DecodeRequest(body);
    if (kind != kRequest || !request) return 2;
    LimitCpuFromNow(seconds);
    HipPayload out;
    AnalyseOnLargeStack(analyse, *request, out, bytes);
    if (!WriteAll(kWorkerFd, Frame(kResult, hip_wire::EncodeFacts(out)))) return 0;
  }
}

// ---- The parent's side ----

struct Worker {
  pid_t pid = -1;
  int fd = -1;
  HipLimits limits;
};

std::string Seconds(unsigned n) { return std::to_string(n) + " s"; }

std::string TimeHelp() {
  return "simplify what the file includes or instantiates, or raise the limit with " + std::string(kHipTimeLimitVar) +
         "=SECONDS; the rest of the run was not affected";
}

// Ends a worker: killed when `kill`, else given a moment to exit. Its wait status.
int Reap(Worker& worker, bool kill) {
  if (worker.fd >= 0) ::close(worker.fd);
  worker.fd = -1;
  int status = 0;
  for (int i = 0; !kill && i < 100; ++i) {
    pid_t done = ::waitpid(worker.pid, &status, WNOHANG);
    if (done == worker.pid) return status;
    if (done < 0 && errno != EINTR) return status;
    ::usleep(10'000);
  }
  ::kill(worker.pid, SIGKILL);
  while (::waitpid(worker.pid, &status, 0) < 0 && errno == EINTR) {
  }
  return status;
}

// Starts a worker and waits for its hello; on failure, `*error` says why in words.
std::optional<Worker> Spawn(const std::string& module, const HipLimits& limits, std::string* error) {
  int fds[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) {
    *error = std::string("no socket for the HIP worker: ") + std::strerror(errno);
    return std::nullopt;
  }
  if (fds[1] == kWorkerFd) {  // dup2 onto itself would keep FD_CLOEXEC
    int moved = ::fcntl(fds[1], F_DUPFD_CLOEXEC, kWorkerFd + 1);
    ::close(fds[1]);
    fds[1] = moved;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[1], kWorkerFd);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t signals;
  sigemptyset(&signals);
  posix_spawnattr_setsigmask(&attr, &signals);
  sigfillset(&signals);
  posix_spawnattr_setsigdefault(&attr, &signals);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  std::string memory = std::to_string(limits.memory_mib), seconds = std::to_string(limits.seconds);
  std::string exe = "/proc/self/exe", arg(kWorkerArg);
  char* argv[] = {exe.data(), arg.data(), const_cast<char*>(module.c_str()), memory.data(), seconds.data(), nullptr};
  Worker worker{-1, fds[0], limits};
  int spawned = ::posix_spawn(&worker.pid, exe.c_str(), &actions, &attr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  ::close(fds[1]);
  if (spawned != 0) {
    ::close(fds[0]);
    *error = std::string("the HIP worker (") + exe + ") could not be started: " + std::strerror(spawned);
    return std::nullopt;
  }
  Kind kind{};
  std::string body;
  ReadEnd end =
      ReadFrame(worker.fd, kind, body, std::chrono::steady_clock::now() + std::chrono::seconds(kStartSeconds));
  if (end == ReadEnd::kOk && kind == kHello && body.empty()) return worker;
  int status = Reap(worker, end == ReadEnd::kTimedOut);
  if (end == ReadEnd::kOk && kind == kHello)
    *error = "the HIP analyser module " + module + " " + body;
  else if (WIFSIGNALED(status))
    *error = "the HIP analyser module " + module + " could not be loaded: the worker that loads it died (" +
             sigabbrev_np(WTERMSIG(status)) + ")";
  else
    *error = "the HIP worker did not start (is this binary's main calling MaybeRunHipWorker?)";
  return std::nullopt;
}

// Idle workers, kept for the next file.
struct Pool {
  std::mutex mutex;
  std::vector<Worker> idle;
};

Pool& ThePool() {
  static Pool pool;
  return pool;
}

std::optional<Worker> TakeWorker(const std::string& module, const HipLimits& limits, std::string* error) {
  {
    std::lock_guard lock(ThePool().mutex);
    std::vector<Worker>& idle = ThePool().idle;
    while (!idle.empty()) {
      Worker worker = idle.back();
      idle.pop_back();
      if (worker.limits == limits) return worker;
      Reap(worker, /*kill=*/false);  // started under other limits: it exits on EOF
    }
  }
  return Spawn(module, limits, error);
}

void GiveBack(const Worker& worker) {
  std::lock_guard lock(ThePool().mutex);
  ThePool().idle.push_back(worker);
}

void Stopped(HipPayload& out, std::string detail, std::string help) {
  out.status = HipPayload::Status::kStopped;
  out.status_detail = std::move(detail);
  out.status_help = std::move(help);
}

// Says why a worker stopped without a result.
void Explain(const HipLimits& limits, ReadEnd end, Kind kind, const std::string& body, int status, HipPayload& out) {
  if (end == ReadEnd::kTimedOut)
    return Stopped(out, "its parse went past the time limit of " + Seconds(limits.seconds) + " and was stopped",
                   TimeHelp());
  if (end == ReadEnd::kOk && kind == kFatal && !body.empty() && body[0] == '1')
    return Stopped(
        out, "its parse went past the memory limit of " + std::to_string(limits.memory_mib) + " MiB and was stopped",
        "simplify what the file includes or instantiates (a macro or template that grows exponentially), "
        "or raise the limit with " +
            std::string(kHipMemoryLimitVar) + "=MIB; the rest of the run was not affected");
  if (end == ReadEnd::kOk && kind == kFatal)
    return Stopped(out, "Clang stopped with a fatal error: " + Elide(body.substr(1), 200),
                   "the file uses something Clang cannot handle; the rest of the run was not affected");
  if (WIFSIGNALED(status) && WTERMSIG(status) == SIGXCPU)
    return Stopped(out, "its parse went past the CPU time limit of " + Seconds(limits.seconds) + " and was stopped",
                   TimeHelp());
  if (WIFSIGNALED(status))
    return Stopped(out, std::string("Clang crashed while parsing it (") + sigabbrev_np(WTERMSIG(status)) + ")",
                   "a construct nested very deep (a stack overflow) or a Clang bug: simplify it, or suppress HIP006 "
                   "for this file; the rest of the run was not affected");
  Stopped(out, "the HIP worker ended without a result (exit status " + std::to_string(WEXITSTATUS(status)) + ")",
          "run again; if it persists, report it with the file");
}

}  // namespace

HipLimits HipLimitsFromEnvironment(std::string* error) {
  HipLimits limits;
  auto read = [&](std::string_view var, uint64_t low, uint64_t high, const char* unit, auto& field) {
    const char* text = std::getenv(std::string(var).c_str());
    if (!text || !*text) return;
    char* end = nullptr;
    errno = 0;
    unsigned long long n = std::strtoull(text, &end, 10);
    if (errno == 0 && *end == '\0' && text[0] != '-' && n >= low && n <= high) {
      field = static_cast<std::remove_reference_t<decltype(field)>>(n);
      return;
    }
    *error = "$" + std::string(var) + " is '" + Elide(text, 40) + "', not a whole number of " + unit + " from " +
             std::to_string(low) + " to " + std::to_string(high);
  };
  read(kHipTimeLimitVar, 1, 3600, "seconds", limits.seconds);
  read(kHipMemoryLimitVar, 256, 1 << 20, "MiB", limits.memory_mib);
  read(kHipForkChainsVar, 0, 1 << 20, "MiB", limits.fork_chains_mib);
  return limits;
}

std::optional<int> MaybeRunHipWorker(int argc, char** argv) {
  if (argc < 2 || argv[1] != kWorkerArg) return std::nullopt;
  return WorkerMain(argc, argv);
}

void AnalyseInWorker(const std::string& module, const HipLimits& limits, const hip::Request& request, HipPayload& out) {
  std::string error;
  std::optional<Worker> worker = TakeWorker(module, limits, &error);
  if (!worker) {
    out.status = HipPayload::Status::kNoModule;
    out.status_detail = error;
    return;
  }
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(limits.seconds);
  Kind kind{};
  std::string body;
  ReadEnd end = WriteAll(worker->fd, Frame(kRequest, hip_wire::EncodeRequest(request)))
                    ? ReadFrame(worker->fd, kind, body, deadline)
                    : ReadEnd::kClosed;
  if (end == ReadEnd::kOk && kind == kResult) {
    if (hip_wire::DecodeFacts(body, out)) return GiveBack(*worker);
    Reap(*worker, /*kill=*/true);
    return Stopped(out, "the HIP worker's result could not be read", "run again; if it persists, report it");
  }
  int status = Reap(*worker, /*kill=*/end == ReadEnd::kTimedOut);
  Explain(limits, end, kind, body, status, out);
}

}  // namespace aortalint
