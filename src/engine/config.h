// `.aortalint.yaml`: the nearest one above a file applies to it (no implicit
// merge; `extends:` inherits explicitly). Unknown keys and bad values are
// errors with a position and a suggestion.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "model/diagnostic.h"
#include "model/triton.h"

namespace aortalint {

inline constexpr std::string_view kConfigFileName = ".aortalint.yaml";

struct PairSpec {
  std::string recipe;   // a glob, relative to the config file's directory
  std::string command;  // the launch command, as after `--`
};

struct Config {
  std::string path;  // the file it came from; empty for the defaults
  std::string dir;   // the directory globs and commands are relative to
  std::vector<std::string> select{"ALL"};
  std::vector<std::string> ignore;
  std::map<std::string, std::string> severity;  // ID or prefix -> error|warning|info|off
  std::vector<std::string> triton;
  std::vector<std::string> mitigations;
  std::vector<std::string> environments;
  std::vector<std::string> exclude;
  std::vector<PairSpec> pairs;
  bool allow_suppressions = true;
  std::string knowledge;  // a Triton knowledge table that replaces or extends the built-in one
  std::shared_ptr<const TritonTable> triton_table;  // `knowledge:` loaded; null: the built-in table

  /// True when `path` (absolute or relative to the cwd) matches an `exclude:` glob.
  bool Excludes(const std::string& path) const;
};

/// Loads one config file (following `extends:`). Problems go to `errors`.
std::shared_ptr<const Config> LoadConfig(const std::string& path, std::vector<Diagnostic>& errors);

/// Matches a glob (`*`, `?`, `[...]`, `**` across directories) against a relative path.
bool GlobMatch(std::string_view pattern, std::string_view path);

/// Finds and caches the config that applies to each file. Thread-safe.
class ConfigResolver {
 public:
  /// `forced`: --config FILE for every file; `disabled`: --no-config.
  ConfigResolver(std::string forced, bool disabled);

  std::shared_ptr<const Config> For(const std::string& file);
  /// Config errors met so far (each file's once).
  std::vector<Diagnostic> TakeErrors();

 private:
  std::shared_ptr<const Config> ForDirectory(const std::string& dir);

  std::string forced_;
  bool disabled_;
  std::shared_ptr<const Config> defaults_;
  std::mutex mutex_;
  std::unordered_map<std::string, std::shared_ptr<const Config>> by_dir_;
  std::vector<Diagnostic> errors_;
};

}  // namespace aortalint
