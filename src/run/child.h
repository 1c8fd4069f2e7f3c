// Runs one child process in its own process group: output streamed and
// saved, a timeout (terminate, then kill), fatal signals forwarded.
//
// The child is tied to the runner with PR_SET_PDEATHSIG, so it is killed
// when the runner dies, even by SIGKILL. What cannot be done: the tie reaches
// the child process only, not what it started (a SIGKILLed runner cannot end
// its group), and no record is written then.
#pragma once

#include <chrono>
#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace aortalint::run {

struct ChildOptions {
  std::vector<std::string> argv;  // argv[0] is looked up on PATH
  std::optional<std::chrono::milliseconds> timeout;
  std::chrono::milliseconds kill_grace{5000};  // SIGTERM -> SIGKILL
  // Where the child's output goes: tee'd to the stream (may be null) and
  // saved to the file (empty path: not saved).
  std::ostream* stdout_tee = nullptr;
  std::ostream* stderr_tee = nullptr;
  std::filesystem::path stdout_log;
  std::filesystem::path stderr_log;
  bool forward_signals = true;  // every catchable fatal signal to the child's group
};

struct ChildResult {
  int exit_code = -1;    // as a shell reports it: 128+N for signal N
  bool started = false;  // false: spawn failed, see error
  bool timed_out = false;
  int signal = 0;            // the terminating signal, 0 if it exited
  int forwarded_signal = 0;  // the last signal we passed on
  double wall_seconds = 0;
  bool pipes_held_open = false;  // something outside the group kept the output open after the leader exited
  std::string error;
  std::vector<std::string> log_problems;  // a log that could not hold all the output (full disk), and why
  std::string captured_stdout;            // only when capture_output is set
  std::string captured_stderr;
};

// Blocks until the child and everything left in its process group are gone.
// capture_output additionally keeps both streams in the result (small
// helper commands such as nvidia-smi).
ChildResult RunChild(const ChildOptions& options, bool capture_output = false);

}  // namespace aortalint::run
