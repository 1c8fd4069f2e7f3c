#include "test_util.h"

#include <sys/wait.h>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <random>
#include <sstream>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <doctest/doctest.h>

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

std::vector<std::filesystem::path> CacheShards(const std::filesystem::path& cache_dir) {
  std::vector<std::filesystem::path> out;
  for (const auto& e : std::filesystem::recursive_directory_iterator(cache_dir))
    if (std::string name = e.path().filename().string(); name.size() == 6 && name.ends_with(".bin"))
      out.push_back(e.path());  // xx.bin: not listings.bin
  std::sort(out.begin(), out.end());
  return out;
}

void EditCacheEntries(const std::filesystem::path& cache_dir, const std::function<void(CacheEntry&)>& edit) {
  for (const std::filesystem::path& shard : CacheShards(cache_dir)) {
    std::string bytes = ReadFile(shard);
    RecordIndex records;
    REQUIRE(IndexShard(bytes, records));
    std::vector<std::string> edited;
    for (const auto& [key, record] : records) {
      std::optional<CacheRecord> r = DecodeRecord(record);
      REQUIRE(r);
      std::optional<EntryBody> body = DecodeBody(r->body);
      REQUIRE(body);
      CacheEntry entry{std::string(r->key), std::string(r->bin), std::string(r->mac), r->used, std::move(*body)};
      edit(entry);
      if (entry.key.empty()) continue;
      edited.push_back(EncodeRecord({entry.key, entry.bin, entry.mac, entry.used, EncodeBody(entry.body)}));
    }
    WriteFile(shard, EncodeShard({edited.begin(), edited.end()}));
  }
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
