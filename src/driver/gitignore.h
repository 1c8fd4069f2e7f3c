// .gitignore, as git reads it, for the directory walk: `check .` skips what
// git would not track (build trees, virtual environments, generated recipes).
// Files named on the command line are linted whatever .gitignore says, as ruff does.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace aortalint {

class GitIgnore {
 public:
  /// True when git would ignore `path` (a file, or a directory when `is_dir`):
  /// the .gitignore files of its directory and of every parent up to the
  /// repository's top (the nearest directory holding .git), plus
  /// .git/info/exclude; the last matching pattern wins, `!` re-includes.
  bool Ignored(const std::string& path, bool is_dir);

 private:
  struct Pattern {
    std::string glob;
    bool negate = false;
    bool dir_only = false;
    bool anchored = false;  // holds a slash: relative to the file's directory
  };
  const std::vector<Pattern>& PatternsOf(const std::string& dir, const std::string& file);
  static std::vector<Pattern> Parse(const std::string& text);

  std::map<std::string, std::vector<Pattern>> loaded_;  // by ignore file path
  std::map<std::string, std::string> top_;              // directory -> its repository's top ("" when none)
};

}  // namespace aortalint
