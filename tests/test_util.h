// Helpers shared by the tests: files, shell quoting, running commands.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/cache_format.h"

namespace aortalint::testing {

struct CommandResult {
  int exit_code = -1;
  std::string output;  // stdout (stderr too when the command redirects it)
};

std::string ReadFile(const std::filesystem::path& path);
void WriteFile(const std::filesystem::path& path, const std::string& text);
std::string ShellQuote(const std::string& s);
/// Runs `command` with /bin/sh and captures its stdout.
CommandResult RunShell(const std::string& command);
/// Runs the built aortalint with `args` (shell words), stdout and stderr captured together unless `stderr_too` is
/// false.
CommandResult RunAortalint(const std::string& args, bool stderr_too = true);
/// The result cache's shard files under `cache_dir`.
std::vector<std::filesystem::path> CacheShards(const std::filesystem::path& cache_dir);
/// A result cache entry, decoded for a test to change.
struct CacheEntry {
  std::string key, bin, mac;
  int64_t used = 0;
  EntryBody body;
};
/// Every entry of every shard under `cache_dir` rewritten by `edit`, its MAC as
/// `edit` leaves it (an entry whose key `edit` clears is dropped).
void EditCacheEntries(const std::filesystem::path& cache_dir, const std::function<void(CacheEntry&)>& edit);
/// A fresh empty directory under the system temp dir.
std::filesystem::path TempDir(const std::string& prefix);

}  // namespace aortalint::testing
