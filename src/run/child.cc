// Child process supervision with posix_spawn, pipes and a poll loop.
#include "run/child.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <mutex>

extern char** environ;

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

}  // namespace

ChildResult RunChild(const ChildOptions& options, bool capture_output) {
  std::lock_guard<std::mutex> lock(g_run_mutex);
  ChildResult result;
  if (options.argv.empty()) {
    result.error = "nothing to run";
    return result;
  }
  std::ofstream out_log, err_log;
  if (!options.stdout_log.empty()) out_log.open(options.stdout_log, std::ios::binary);
  if (!options.stderr_log.empty()) err_log.open(options.stderr_log, std::ios::binary);

  Fd out_r, out_w, err_r, err_w, sig_r, sig_w;
  if (!MakePipe(out_r, out_w) || !MakePipe(err_r, err_w) || !MakePipe(sig_r, sig_w)) {
    result.error = std::string("pipe: ") + std::strerror(errno);
    return result;
  }
  ::fcntl(sig_w.get(), F_SETFL, O_NONBLOCK);
  ::fcntl(sig_r.get(), F_SETFL, O_NONBLOCK);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out_w.get(), STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, err_w.get(), STDERR_FILENO);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  // Own process group so signals reach the whole tree; default signal
  // dispositions and an empty mask, whatever ours are.
  sigset_t all, none;
  sigfillset(&all);
  sigemptyset(&none);
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setsigdefault(&attr, &all);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);

  // Install forwarding before the spawn so no signal is lost in between.
  // SIGHUP (a closed terminal or ssh session) and SIGQUIT are passed on like
  // SIGINT and SIGTERM, so the capture is stopped and its record still written;
  // SIGPIPE (stdout closed: `run ... | head`) is ignored, the logs go on.
  constexpr int kForwarded[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
  struct sigaction sa {
  }, old[4]{}, old_pipe{}, ignore{};
  ignore.sa_handler = SIG_IGN;
  sigemptyset(&ignore.sa_mask);
  sigaction(SIGPIPE, &ignore, &old_pipe);
  if (options.forward_signals) {
    g_signal_pipe_write.store(sig_w.get());
    sa.sa_handler = OnSignal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    for (int k = 0; k < 4; ++k) sigaction(kForwarded[k], &sa, &old[k]);
  }
  auto restore = [&] {
    sigaction(SIGPIPE, &old_pipe, nullptr);
    if (options.forward_signals) {
      for (int k = 0; k < 4; ++k) sigaction(kForwarded[k], &old[k], nullptr);
      g_signal_pipe_write.store(-1);
    }
  };

  std::vector<char*> cargv;
  for (const auto& a : options.argv) cargv.push_back(const_cast<char*>(a.c_str()));
  cargv.push_back(nullptr);
  const auto start = Clock::now();
  pid_t pid = -1;
  int rc = ::posix_spawnp(&pid, cargv[0], &actions, &attr, cargv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
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
      std::ofstream& log = i == 0 ? out_log : err_log;
      if (tee) tee->write(buf, got).flush();
      if (log.is_open()) log.write(buf, got).flush();
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
  return result;
}

}  // namespace aortalint::run
