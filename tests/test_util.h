// Helpers shared by the tests: files, shell quoting, running commands.
#pragma once

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

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
/// Cache entries (key -> entry) as the result cache writes a shard: `{`, an
/// entry a line with its diagnostics last, `}`. `first`: the member written first
/// instead (an entry of another shape, which the cache reads parsed).
std::string CacheLines(const nlohmann::json& entries, const std::string& first = "");
/// A fresh empty directory under the system temp dir.
std::filesystem::path TempDir(const std::string& prefix);

}  // namespace aortalint::testing
