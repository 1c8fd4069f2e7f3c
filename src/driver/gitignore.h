// .gitignore, as git reads it, for the directory walk: `check .` skips what
// git would not track (build trees, virtual environments, generated recipes).
// Files named on the command line are linted whatever .gitignore says, as ruff does.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace aortalint {

class GitIgnore {
 public:
  /// True when git would ignore `path` (a file, or a directory when `is_dir`):
  /// the .gitignore files of its directory and of every parent up to the
  /// repository's top (the nearest directory holding .git), plus
  /// .git/info/exclude and the user's global excludes (core.excludesFile,
  /// driver/git_config.h); the last matching pattern wins, `!` re-includes.
  /// The rules that apply in a directory are gathered once per directory, so
  /// a walk pays one lookup per file and no path arithmetic.
  bool Ignored(const std::string& path, bool is_dir);
  /// The same for the entry `name` of `dir`, an AbsoluteNormal() directory (a walk knows it).
  bool IgnoredIn(const std::string& dir, std::string_view name, bool is_dir);

 private:
  struct Pattern {
    std::string glob;
    bool negate = false;
    bool dir_only = false;
    bool anchored = false;  // holds a slash: relative to the file's directory
  };
  /// One ignore file in effect in a directory: its patterns and the directory they are relative to.
  struct Layer {
    std::string base;  // absolute, normal, no trailing slash ("" for the root)
    const std::vector<Pattern>* patterns;
  };
  /// What applies to the entries of one directory, outermost layer first.
  struct DirRules {
    std::string top;  // the repository's top ("" outside a repository)
    std::vector<Layer> layers;
  };
  const std::vector<Pattern>& PatternsOf(const std::string& dir, std::string_view name);
  const DirRules& RulesOf(const std::string& dir);
  static std::vector<Pattern> Parse(const std::string& text);
  /// Whether `rules` ignore the absolute, normal `abs` whose last slash is at `slash`.
  bool Apply(const DirRules& rules, const std::string& abs, size_t slash, bool is_dir) const;

  std::map<std::string, std::vector<Pattern>> loaded_;  // by ignore file path (node addresses are stable)
  std::unordered_map<std::string, DirRules> dirs_;      // absolute directory -> its rules
  // The last directory asked about: as written, absolute, and its rules (null: none kept).
  std::string last_parent_, last_abs_parent_;
  const DirRules* last_rules_ = nullptr;
  // IgnoredIn's last directory and its rules.
  std::string in_dir_;
  const DirRules* in_rules_ = nullptr;
};

}  // namespace aortalint
