#include "test_util.h"

#include <sys/wait.h>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <random>
#include <sstream>
#include <vector>

namespace aortalint::testing {

std::string ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

void WriteFile(const std::filesystem::path& path, const std::string& text) {
  std::filesystem::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << text;
}

std::string ShellQuote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string CacheLines(const nlohmann::json& entries, const std::string& first) {
  if (!entries.is_object()) return entries.dump();
  std::string out = "{";
  for (const auto& [key, entry] : entries.items()) {
    out += (out.size() == 1 ? "\n" : ",\n") + nlohmann::json(key).dump() + ":";
    if (!entry.is_object()) {
      out += entry.dump();
      continue;
    }
    // The chosen member, the others in nlohmann's order, then the diagnostics (when not chosen).
    std::vector<std::string> members;
    if (entry.contains(first)) members.push_back(first);
    for (const auto& [name, value] : entry.items())
      if (name != first && name != "diagnostics") members.push_back(name);
    if (first != "diagnostics" && entry.contains("diagnostics")) members.push_back("diagnostics");
    std::string body;
    for (const std::string& name : members)
      body += (body.empty() ? "" : ",") + nlohmann::json(name).dump() + ":" + entry.at(name).dump();
    out += "{" + body + "}";
  }
  return out + "\n}";
}

CommandResult RunShell(const std::string& command) {
  CommandResult r;
  FILE* pipe = ::popen(command.c_str(), "r");
  if (!pipe) return r;
  char buffer[4096];
  size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) r.output.append(buffer, n);
  int status = ::pclose(pipe);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return r;
}

CommandResult RunAortalint(const std::string& args, bool stderr_too) {
  return RunShell(ShellQuote(AORTALINT_BINARY) + " " + args + (stderr_too ? " 2>&1" : " 2>/dev/null"));
}

namespace {

// The directories TempDir made, removed when the test process exits (kept with
// AORTALINT_KEEP_TEST_DIRS set, to look at what a failing test wrote).
struct TempDirs {
  std::mutex mutex;
  std::vector<std::filesystem::path> made;
  ~TempDirs() {
    if (std::getenv("AORTALINT_KEEP_TEST_DIRS")) return;
    std::error_code ec;
    for (const std::filesystem::path& dir : made) std::filesystem::remove_all(dir, ec);
  }
};

}  // namespace

std::filesystem::path TempDir(const std::string& prefix) {
  static TempDirs dirs;
  std::random_device rd;
  auto dir = std::filesystem::temp_directory_path() / (prefix + "-" + std::to_string(rd()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::lock_guard lock(dirs.mutex);
  dirs.made.push_back(dir);
  return dir;
}

}  // namespace aortalint::testing
