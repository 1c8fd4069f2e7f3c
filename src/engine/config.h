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
/// The names a config file may have, in the order one wins over another in the same directory.
inline constexpr std::string_view kConfigFileNames[] = {".aortalint.yaml", ".aortalint.yml", "aortalint.yaml",
                                                        "aortalint.yml"};
bool IsConfigFileName(std::string_view name);

struct PairSpec {
  std::string recipe;                // a glob, relative to the config file's directory
  std::string command;               // the launch command, as after `--`
  std::vector<std::string> sources;  // HIP/C++ sources of the program it runs, relative to the config
};

/// `per-file-ignores:` of a config: rules not reported in the files a glob matches.
struct PerFileIgnore {
  std::string base_dir;  // the directory of the config that wrote it; the glob is relative to it
  std::string glob;
  std::vector<std::string> selectors;
  /// True when this entry silences rule `id` in the file `path`.
  bool Silences(const std::string& path, std::string_view id) const;
};

struct Config {
  std::string path;                  // the file it came from; empty for the defaults
  std::string dir;                   // the directory globs and commands are relative to
  std::vector<std::string> sources;  // this file and the files it extends: what the settings depend on
  std::vector<std::string> select{"ALL"};
  bool select_given = false;  // `select:` written in this file or a parent (else the default, ALL)
  std::vector<std::string> extend_select;
  std::vector<std::string> ignore;  // `ignore:` and `extend-ignore:`
  std::vector<PerFileIgnore> per_file_ignores;
  std::map<std::string, std::string> severity;  // ID or prefix -> error|warning|info|off
  std::vector<std::string> triton;
  std::string aorta;  // `aorta:` the aorta commit judged against (aorta.yaml); empty: the newest
  std::vector<std::string> mitigations;
  std::vector<std::string> environments;
  std::vector<std::string> exclude;
  std::vector<PairSpec> pairs;
  bool allow_suppressions = true;
  bool mitigations_closed = false;  // no plugin or sidecar adds names: an unknown one is an error, as in aorta
  std::string knowledge;            // a Triton knowledge table that replaces or extends the built-in one
  std::shared_ptr<const TritonTable> triton_table;  // `knowledge:` loaded; null: the built-in table

  /// True when `path` (absolute or relative to the cwd) matches an `exclude:` glob.
  bool Excludes(const std::string& path) const;
};

/// Loads one config file (following `extends:`). Problems go to `errors`.
std::shared_ptr<const Config> LoadConfig(const std::string& path, std::vector<Diagnostic>& errors);

/// Matches a glob (`*`, `?`, `[...]`, `**` across directories) against a relative path.
bool GlobMatch(std::string_view pattern, std::string_view path);

/// Whether `path` (absolute or relative to the cwd) matches `pattern` as
/// `exclude:`, `per-file-ignores:` and `pairs:` read it, gitignore's way: relative to
/// `base_dir`; `dir/` covers what is under it; a pattern without a slash matches a
/// file or directory name anywhere; a leading `/` anchors it to `base_dir`; `./` is dropped.
bool PathMatchesGlob(const std::string& pattern, const std::string& base_dir, const std::string& path);

/// Finds and caches the config that applies to each file. Thread-safe.
class ConfigResolver {
 public:
  /// `forced`: --config FILE for every file; `disabled`: --no-config.
  ConfigResolver(std::string forced, bool disabled);

  std::shared_ptr<const Config> For(const std::string& file);
  /// The same for a file in `dir`, an AbsoluteNormal() directory (a walk knows it).
  std::shared_ptr<const Config> ForFileIn(const std::string& dir);
  /// Config errors met so far (each file's once).
  std::vector<Diagnostic> TakeErrors();
  /// Warnings met so far (two config files in one directory).
  std::vector<std::string> TakeWarnings();
  /// Whether a config met so far has `pairs:`.
  bool AnyPairs();

 private:
  std::shared_ptr<const Config> ForDirectory(const std::string& dir);

  std::string forced_;
  bool disabled_;
  std::shared_ptr<const Config> defaults_;
  std::mutex mutex_;
  std::unordered_map<std::string, std::shared_ptr<const Config>> by_dir_;
  std::vector<Diagnostic> errors_;
  std::vector<std::string> warnings_;
};

}  // namespace aortalint
