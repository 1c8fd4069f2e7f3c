// Tests for src/run/child with real processes (/bin/sh).
#include <doctest/doctest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <thread>

#include "run/child.h"

namespace {

namespace fs = std::filesystem;
using aortalint::run::ChildOptions;
using aortalint::run::ChildResult;
using aortalint::run::RunChild;
using namespace std::chrono_literals;

ChildOptions Sh(const std::string& script) {
  ChildOptions o;
  o.argv = {"/bin/sh", "-c", script};
  return o;
}

std::string Slurp(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Running (not a zombie waiting for init to reap it), checked for up to 1 s.
bool Alive(pid_t pid) {
  for (int i = 0; i < 20; ++i) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    if (!std::getline(stat, line)) return false;
    auto close = line.rfind(')');
    if (close != std::string::npos && line.size() > close + 2 && line[close + 2] == 'Z') return false;
    std::this_thread::sleep_for(50ms);
  }
  return true;
}

}  // namespace

TEST_CASE("child: exit codes, as a shell reports them") {
  CHECK(RunChild(Sh("exit 0")).exit_code == 0);
  CHECK(RunChild(Sh("exit 3")).exit_code == 3);
  ChildResult r = RunChild(Sh("kill -KILL $$"));
  CHECK(r.exit_code == 128 + SIGKILL);
  CHECK(r.signal == SIGKILL);
  ChildOptions missing;
  missing.argv = {"/no/such/program"};
  r = RunChild(missing);
  CHECK_FALSE(r.started);
  CHECK(r.exit_code == 127);
}

TEST_CASE("child: stdout and stderr are streamed and saved, separately") {
  fs::path dir = fs::temp_directory_path() / ("aortalint_child_" + std::to_string(std::random_device{}()));
  fs::create_directories(dir);
  std::ostringstream out, err;
  ChildOptions o =
      Sh("echo out1; echo err1 >&2; printf 'no newline'; i=0; "
         "while [ $i -lt 2000 ]; do echo line$i; i=$((i+1)); done");
  o.stdout_tee = &out;
  o.stderr_tee = &err;
  o.stdout_log = dir / "stdout.log";
  o.stderr_log = dir / "stderr.log";
  ChildResult r = RunChild(o);
  CHECK(r.exit_code == 0);
  CHECK(out.str().rfind("out1\nno newlineline0\n", 0) == 0);
  CHECK(out.str().find("line1999\n") != std::string::npos);
  CHECK(err.str() == "err1\n");
  CHECK(Slurp(dir / "stdout.log") == out.str());
  CHECK(Slurp(dir / "stderr.log") == "err1\n");
  fs::remove_all(dir);
}

TEST_CASE("child: a timeout terminates the whole group, then kills what ignores SIGTERM") {
  ChildOptions o = Sh("sleep 30 & echo $! ; wait");
  o.timeout = 300ms;
  auto t0 = std::chrono::steady_clock::now();
  ChildResult r = RunChild(o, /*capture_output=*/true);
  CHECK(std::chrono::steady_clock::now() - t0 < 5s);
  CHECK(r.timed_out);
  CHECK(r.exit_code == 128 + SIGTERM);
  pid_t sleeper = std::stoi(r.captured_stdout);
  CHECK_FALSE(Alive(sleeper));  // no orphan left behind

  o = Sh("trap '' TERM; sleep 30");
  o.timeout = 200ms;
  o.kill_grace = 300ms;
  t0 = std::chrono::steady_clock::now();
  r = RunChild(o);
  CHECK(std::chrono::steady_clock::now() - t0 < 5s);
  CHECK(r.timed_out);
  CHECK(r.exit_code == 128 + SIGKILL);
}

TEST_CASE("child: a background process that outlives the leader is not orphaned") {
  ChildResult r = RunChild(Sh("sleep 30 & echo $!"), /*capture_output=*/true);
  CHECK(r.exit_code == 0);
  pid_t sleeper = std::stoi(r.captured_stdout);
  std::this_thread::sleep_for(50ms);
  CHECK_FALSE(Alive(sleeper));
}

TEST_CASE("child: SIGINT and SIGTERM sent to us are forwarded to the child's group") {
  struct sigaction before {};
  sigaction(SIGINT, nullptr, &before);
  for (int sig : {SIGINT, SIGTERM}) {
    CAPTURE(sig);
    pid_t self = ::getpid();
    std::thread sender([&] {
      std::this_thread::sleep_for(300ms);
      ::kill(self, sig);
    });
    ChildOptions o = Sh("sleep 30");
    o.timeout = 10s;
    ChildResult r = RunChild(o);
    sender.join();
    CHECK(r.forwarded_signal == sig);
    CHECK(r.exit_code == 128 + sig);
    CHECK_FALSE(r.timed_out);
  }
  // Our own disposition is restored afterwards.
  struct sigaction now {};
  sigaction(SIGINT, nullptr, &now);
  bool restored = now.sa_handler == before.sa_handler;
  CHECK(restored);
}

TEST_CASE("N11: every catchable fatal signal is forwarded like SIGTERM, so the runner lives to write the record") {
  for (int sig : {SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGPWR, SIGSTKFLT}) {
    CAPTURE(sig);
    pid_t self = ::getpid();
    std::thread sender([&] {
      std::this_thread::sleep_for(300ms);
      ::kill(self, sig);
    });
    ChildOptions o = Sh("echo $$; exec sleep 30");
    o.timeout = 10s;
    ChildResult r = RunChild(o, /*capture_output=*/true);
    sender.join();
    CHECK(r.forwarded_signal == sig);
    CHECK(r.exit_code == 128 + sig);
    CHECK_FALSE(r.timed_out);
    CHECK_FALSE(Alive(std::stoi(r.captured_stdout)));
  }
}

TEST_CASE("N27: a runner killed with SIGKILL takes its payload with it") {
  int fds[2];
  REQUIRE(::pipe(fds) == 0);
  pid_t runner = ::fork();
  REQUIRE(runner >= 0);
  if (runner == 0) {
    ::close(fds[0]);
    ChildOptions o = Sh("echo $$ >&3; exec sleep 30");
    o.argv.back() = "exec 3>&" + std::to_string(fds[1]) + "; " + o.argv.back();
    RunChild(o);
    ::_exit(0);
  }
  ::close(fds[1]);
  char buf[32] = {};
  ssize_t n = ::read(fds[0], buf, sizeof buf - 1);
  ::close(fds[0]);
  REQUIRE(n > 0);
  pid_t payload = std::atoi(buf);
  REQUIRE(payload > 0);
  CHECK(Alive(payload));
  ::kill(runner, SIGKILL);
  ::waitpid(runner, nullptr, 0);
  CHECK_FALSE(Alive(payload));
}

TEST_CASE("N17: a log that cannot take the payload's output says how much it holds and why") {
  ChildOptions o = Sh("echo 12345; echo err >&2");
  o.stdout_log = "/dev/full";
  ChildResult r = RunChild(o);
  CHECK(r.exit_code == 0);
  REQUIRE(r.log_problems.size() == 1);
  CHECK(r.log_problems[0].find("stdout.log is incomplete: it holds 0 of the 6 bytes") == 0);
  CHECK(r.log_problems[0].find("No space left on device") != std::string::npos);
}
