// Child process supervision with fork/exec, pipes and a poll loop.
#include "run/child.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <iterator>
#include <mutex>

namespace aortalint::run {
namespace {

using Clock = std::chrono::steady_clock;

// The signal handler only writes the signal number to a self-pipe; the
// poll loop does the forwarding. One supervised child at a time.
std::atomic<int> g_signal_pipe_write{-1};
std::mutex g_run_mutex;

void OnSignal(int sig) {
  int fd = g_signal_pipe_write.load();
  if (fd >= 0) {
    unsigned char b = static_cast<unsigned char>(sig);
    int saved = errno;
    [[maybe_unused]] ssize_t n = ::write(fd, &b, 1);
    errno = saved;
  }
}

class Fd {
 public:
  Fd() = default;
  explicit Fd(int fd) : fd_(fd) {}
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd() { Close(); }
  int get() const { return fd_; }
  void Close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }
  void Reset(int fd) {
    Close();
    fd_ = fd;
  }

 private:
  int fd_ = -1;
};

bool MakePipe(Fd& read_end, Fd& write_end) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return false;
  read_end.Reset(fds[0]);
  write_end.Reset(fds[1]);
  return true;
}

int ShellExitCode(int status, int* sig) {
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) {
    *sig = WTERMSIG(status);
    return 128 + *sig;
  }
  return -1;
}

// Every signal whose default action ends a process and that can be caught:
// each is passed on to the child's group like SIGTERM, so the payload stops
// and its record is still written (SLURM's --signal=USR1@T, `ulimit -t`'s
// SIGXCPU, a terminal's SIGHUP). SIGPIPE and SIGXFSZ are ignored instead: a
// closed stdout or a log over the file size limit must not end the capture.
constexpr int kForwarded[] = {SIGINT,  SIGTERM,   SIGHUP,  SIGQUIT, SIGUSR1, SIGUSR2,
                              SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGPWR,  SIGSTKFLT};
constexpr int kIgnored[] = {SIGPIPE, SIGXFSZ};
constexpr size_t kNumForwarded = std::size(kForwarded), kNumIgnored = std::size(kIgnored);

// One saved stream: a full disk or a size limit stops it, and says where.
class LogSink {
 public:
  LogSink(const std::filesystem::path& path, const char* name) : name_(name) {
    if (path.empty()) return;
    fd_.Reset(::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644));
    if (fd_.get() < 0) errno_ = errno;
  }
  void Write(const char* data, size_t size) {
    received_ += size;
    while (fd_.get() >= 0 && size > 0) {
      ssize_t n = ::write(fd_.get(), data, size);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        errno_ = n < 0 ? errno : ENOSPC;
        fd_.Close();
        return;
      }
      written_ += static_cast<size_t>(n);
      data += n;
      size -= static_cast<size_t>(n);
    }
  }
  // Empty when the log holds everything the payload wrote to it.
  std::string Problem() const {
    if (!errno_) return "";
    return std::string(name_) + " is incomplete: it holds " + std::to_string(written_) + " of the " +
           std::to_string(received_) + " bytes the payload wrote (" + std::strerror(errno_) +
           "); the rest was shown on the terminal only";
  }

 private:
  Fd fd_;
  const char* name_;
  size_t written_ = 0, received_ = 0;
  int errno_ = 0;
};

// The child side of Spawn, between fork and exec: only async-signal-safe calls.
[[noreturn]] void ExecChild(char** argv, int out_fd, int err_fd, int status_fd, pid_t parent) {
  ::setpgid(0, 0);
  // Tied to the runner: if it dies, even by SIGKILL, the payload is killed too.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != parent) ::_exit(127);  // the runner died before the tie was made
  struct sigaction dfl {};
  dfl.sa_handler = SIG_DFL;
  for (int sig = 1; sig < NSIG; ++sig) ::sigaction(sig, &dfl, nullptr);
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  ::dup2(out_fd, STDOUT_FILENO);
  ::dup2(err_fd, STDERR_FILENO);
  ::execvp(argv[0], argv);
  int e = errno;
  [[maybe_unused]] ssize_t n = ::write(status_fd, &e, sizeof e);
  ::_exit(127);
}

// fork + exec of argv in a new process group; 0 and the pid, or the errno
// of the failed fork or exec.
int Spawn(const std::vector<std::string>& args, int out_fd, int err_fd, pid_t& pid) {
  std::vector<char*> argv;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  Fd status_r, status_w;
  if (!MakePipe(status_r, status_w)) return errno;
  pid_t parent = ::getpid();
  pid = ::fork();
  if (pid < 0) return errno;
  if (pid == 0) ExecChild(argv.data(), out_fd, err_fd, status_w.get(), parent);
  ::setpgid(pid, pid);  // also here, so the group exists before we signal it
  status_w.Close();
  int e = 0;
  ssize_t n;
  while ((n = ::read(status_r.get(), &e, sizeof e)) < 0 && errno == EINTR) {
  }
  if (n != sizeof e) return 0;  // the pipe closed on exec: it runs
  int status = 0;
  ::waitpid(pid, &status, 0);
  return e;
}

}  // namespace

ChildResult RunChild(const ChildOptions& options, bool capture_output) {
  std::lock_guard<std::mutex> lock(g_run_mutex);
  ChildResult result;
  if (options.argv.empty()) {
    result.error = "nothing to run";
    return result;
  }
  LogSink out_log(options.stdout_log, "stdout.log"), err_log(options.stderr_log, "stderr.log");

  Fd out_r, out_w, err_r, err_w, sig_r, sig_w;
  if (!MakePipe(out_r, out_w) || !MakePipe(err_r, err_w) || !MakePipe(sig_r, sig_w)) {
    result.error = std::string("pipe: ") + std::strerror(errno);
    return result;
  }
  ::fcntl(sig_w.get(), F_SETFL, O_NONBLOCK);
  ::fcntl(sig_r.get(), F_SETFL, O_NONBLOCK);

  // Install forwarding before the spawn so no signal is lost in between.
  struct sigaction sa {
  }, old[kNumForwarded]{}, old_ignored[kNumIgnored]{}, ignore{};
  ignore.sa_handler = SIG_IGN;
  sigemptyset(&ignore.sa_mask);
  for (size_t k = 0; k < kNumIgnored; ++k) sigaction(kIgnored[k], &ignore, &old_ignored[k]);
  if (options.forward_signals) {
    g_signal_pipe_write.store(sig_w.get());
    sa.sa_handler = OnSignal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    for (size_t k = 0; k < kNumForwarded; ++k) sigaction(kForwarded[k], &sa, &old[k]);
  }
  auto restore = [&] {
    for (size_t k = 0; k < kNumIgnored; ++k) sigaction(kIgnored[k], &old_ignored[k], nullptr);
    if (options.forward_signals) {
      for (size_t k = 0; k < kNumForwarded; ++k) sigaction(kForwarded[k], &old[k], nullptr);
      g_signal_pipe_write.store(-1);
    }
  };

  const auto start = Clock::now();
  pid_t pid = -1;
  int rc = Spawn(options.argv, out_w.get(), err_w.get(), pid);
  out_w.Close();
  err_w.Close();
  if (rc != 0) {
    restore();
    result.error = "cannot run '" + options.argv[0] + "': " + std::strerror(rc);
    result.exit_code = rc == ENOENT ? 127 : 126;
    return result;
  }
  result.started = true;

  bool reaped = false, term_sent = false, kill_sent = false;
  int status = 0;
  Clock::time_point term_at{}, exited_at{};
  auto signal_group = [&](int sig) { ::kill(-pid, sig); };
  char buf[65536];
  while (out_r.get() >= 0 || err_r.get() >= 0 || !reaped) {
    const auto now = Clock::now();
    if (!reaped) {
      pid_t w = ::waitpid(pid, &status, WNOHANG);
      if (w == pid) {
        reaped = true;
        exited_at = now;
      }
    }
    if (options.timeout && !term_sent && !reaped && now - start >= *options.timeout) {
      result.timed_out = true;
      term_sent = true;
      term_at = now;
      signal_group(SIGTERM);
    }
    if (term_sent && !kill_sent && now - term_at >= options.kill_grace) {
      kill_sent = true;
      signal_group(SIGKILL);
    }
    // The leader is gone but something in its group keeps the pipes open:
    // give it a moment, then end the group so nothing is orphaned.
    if (reaped && !kill_sent && now - exited_at >= std::chrono::milliseconds(1000)) {
      kill_sent = true;
      signal_group(SIGKILL);
    }
    // A daemon that left the group (setsid) cannot be killed from here and may
    // hold the pipes for its whole life: stop reading a while after the leader
    // is gone, so the run (and its timeout) ends when the payload does.
    if (reaped && now - exited_at >= std::chrono::milliseconds(3000) && (out_r.get() >= 0 || err_r.get() >= 0)) {
      result.pipes_held_open = true;
      out_r.Close();
      err_r.Close();
      break;
    }
    pollfd fds[3] = {{out_r.get(), POLLIN, 0}, {err_r.get(), POLLIN, 0}, {sig_r.get(), POLLIN, 0}};
    int n = ::poll(fds, 3, 50);
    if (n < 0 && errno != EINTR) break;
    if (n <= 0) continue;
    if (fds[2].revents & POLLIN) {
      unsigned char s = 0;
      while (::read(sig_r.get(), &s, 1) == 1) {
        result.forwarded_signal = s;
        if (!reaped) signal_group(s);
        if (!term_sent) {
          term_sent = true;
          term_at = Clock::now();
        }
      }
    }
    for (int i = 0; i < 2; ++i) {
      if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      Fd& fd = i == 0 ? out_r : err_r;
      ssize_t got = ::read(fd.get(), buf, sizeof buf);
      if (got <= 0) {
        if (got < 0 && errno == EINTR) continue;
        fd.Close();
        continue;
      }
      std::ostream* tee = i == 0 ? options.stdout_tee : options.stderr_tee;
      if (tee) tee->write(buf, got).flush();
      (i == 0 ? out_log : err_log).Write(buf, static_cast<size_t>(got));
      if (capture_output) (i == 0 ? result.captured_stdout : result.captured_stderr).append(buf, got);
    }
    // The signal pipe must not be polled as an error source once drained.
    if (fds[2].revents & (POLLERR | POLLNVAL)) break;
  }
  restore();
  if (!reaped) ::waitpid(pid, &status, 0);
  // Whatever of the group outlived its leader would be orphaned: end it.
  if (::kill(-pid, 0) == 0) signal_group(SIGKILL);
  result.wall_seconds = std::chrono::duration<double>(Clock::now() - start).count();
  result.exit_code = ShellExitCode(status, &result.signal);
  for (const LogSink* log : {&out_log, &err_log})
    if (std::string p = log->Problem(); !p.empty()) result.log_problems.push_back(std::move(p));
  return result;
}

}  // namespace aortalint::run
