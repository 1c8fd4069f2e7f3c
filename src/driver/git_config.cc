#include "driver/git_config.h"

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string_view>
#include <vector>

#include "base/dir_index.h"
#include "base/file_reader.h"
#include "base/paths.h"
#include "base/strings.h"
#include "engine/config.h"

namespace aortalint {
namespace {

std::string Env(const char* name) {
  const char* value = std::getenv(name);
  return value ? value : "";
}

// A file's text, or nothing when there is no such file.
std::optional<std::string> TextOf(const std::string& path) {
  if (path.empty() || KindOfPath(path) != EntryKind::kRegular) return std::nullopt;
  ReadResult read = ReadTextFile(path);
  return read.ok ? std::optional<std::string>(std::move(read.text)) : std::nullopt;
}

// A git config value as git takes it: `"..."` quotes dropped, backslash escapes, and a `#` or `;`
// outside quotes starting a comment.
std::string GitValue(std::string_view raw) {
  std::string out;
  bool quoted = false;
  for (size_t i = 0; i < raw.size(); ++i) {
    char c = raw[i];
    if (c == '"') {
      quoted = !quoted;
    } else if (c == '\\' && i + 1 < raw.size()) {
      char e = raw[++i];
      out += e == 'n' ? '\n' : e == 't' ? '\t' : e == 'b' ? '\b' : e;
    } else if (!quoted && (c == '#' || c == ';')) {
      break;
    } else {
      out += c;
    }
  }
  return std::string(TrimRight(out, " \t"));
}

// One variable of a git config file, in file order: section and key lower-cased (git's names are
// case-insensitive), the subsection as written (`[includeIf "gitdir:~/work/"]`), the value as git takes it.
struct GitVariable {
  std::string section, subsection, key, value;
};

std::vector<GitVariable> GitVariables(std::string_view text) {
  std::vector<GitVariable> out;
  std::string section, subsection;
  for (std::string_view rest = text; !rest.empty();) {
    size_t eol = rest.find('\n');
    std::string line(rest.substr(0, eol));
    rest = eol == std::string_view::npos ? std::string_view() : rest.substr(eol + 1);
    // A value continued on the next line by a final backslash.
    while (line.ends_with('\\') && !rest.empty()) {
      line.pop_back();
      eol = rest.find('\n');
      line += rest.substr(0, eol);
      rest = eol == std::string_view::npos ? std::string_view() : rest.substr(eol + 1);
    }
    std::string_view l = Trim(line);
    if (l.starts_with('[')) {
      size_t close = l.find(']');
      if (close == std::string_view::npos) continue;
      std::string_view header = l.substr(1, close - 1);
      size_t quote = header.find('"');
      if (quote != std::string_view::npos) {  // [section "subsection"]: the subsection case-sensitive
        section = AsciiLower(Trim(header.substr(0, quote)));
        std::string_view sub = header.substr(quote + 1);
        subsection.clear();
        for (size_t i = 0; i < sub.size() && sub[i] != '"'; ++i)
          subsection += sub[i] == '\\' && i + 1 < sub.size() ? sub[++i] : sub[i];
      } else {  // [section] or the older [section.subsection], all case-insensitive
        std::string lower = AsciiLower(Trim(header));
        size_t dot = lower.find('.');
        section = lower.substr(0, dot);
        subsection = dot == std::string::npos ? "" : lower.substr(dot + 1);
      }
      l = Trim(l.substr(close + 1));  // a variable may follow the header on its line
    }
    if (l.empty() || l.starts_with('#') || l.starts_with(';') || section.empty()) continue;
    size_t eq = l.find('=');
    std::string key = AsciiLower(Trim(l.substr(0, eq)));
    if (key.empty()) continue;
    out.push_back({section, subsection, key, eq == std::string_view::npos ? "true" : GitValue(Trim(l.substr(eq + 1)))});
  }
  return out;
}

// Git's includes are followed this deep at most (its MAX_INCLUDE_DEPTH).
constexpr int kMaxIncludeDepth = 10;

// What an `includeIf` condition is judged against: the repository's git directory (a linked
// worktree's own, under the common one) and the user's home.
struct IncludeContext {
  std::string git_dir, home;
};

// The branch checked out in `git_dir` (HEAD's `ref: refs/heads/NAME`), or "" when HEAD is detached.
std::string CurrentBranch(const std::string& git_dir) {
  std::optional<std::string> head = TextOf(git_dir + "/HEAD");
  constexpr std::string_view kRef = "ref: refs/heads/";
  if (!head || !head->starts_with(kRef)) return "";
  return std::string(Trim(std::string_view(*head).substr(kRef.size())));
}

// Whether `[includeIf "condition"]` in the config file `config_path` holds: `gitdir:`, `gitdir/i:`
// and `onbranch:` are judged as git judges them; `hasconfig:` never holds here.
bool IncludeIfHolds(std::string_view condition, const std::string& config_path, const IncludeContext& context) {
  if (condition.starts_with("onbranch:")) {
    std::string pattern(condition.substr(9)), branch = CurrentBranch(context.git_dir);
    if (pattern.ends_with('/')) pattern += "**";
    return !branch.empty() && GlobMatch(pattern, branch);
  }
  bool fold = condition.starts_with("gitdir/i:");
  if (!fold && !condition.starts_with("gitdir:")) return false;
  std::string pattern(condition.substr(fold ? 9 : 7));
  if (pattern.starts_with("~/")) {
    if (context.home.empty()) return false;
    pattern = context.home + pattern.substr(1);
  } else if (pattern.starts_with("./")) {
    pattern = std::string(ParentOf(AbsoluteNormal(config_path))) + pattern.substr(1);
  } else if (!pattern.starts_with('/')) {
    pattern = "**/" + pattern;
  }
  if (pattern.ends_with('/')) pattern += "**";
  std::error_code ec;
  std::string real = std::filesystem::weakly_canonical(context.git_dir, ec).string();
  for (std::string dir : {context.git_dir, real}) {
    std::string p = pattern;
    if (fold) dir = AsciiLower(dir), p = AsciiLower(p);
    if (!dir.empty() && GlobMatch(p, dir)) return true;
  }
  return false;
}

// Reads the config file at `path` for core.excludesFile, following its includes where they stand:
// the last value set wins, so an include after a setting overrides it and one before does not.
void ReadExcludesFile(const std::string& path, const IncludeContext& context, int depth,
                      std::optional<std::string>& excludes) {
  std::optional<std::string> text = depth <= kMaxIncludeDepth ? TextOf(path) : std::nullopt;
  if (!text) return;
  for (const GitVariable& v : GitVariables(*text)) {
    if (v.section == "core" && v.subsection.empty() && v.key == "excludesfile") {
      excludes = v.value;
      continue;
    }
    bool include = v.section == "include" && v.subsection.empty();
    if (v.key != "path" || v.value.empty() ||
        !(include || (v.section == "includeif" && IncludeIfHolds(v.subsection, path, context))))
      continue;
    // `~/` is the home; a relative path is the including file's directory's.
    std::string target = v.value.starts_with("~/")  ? (context.home.empty() ? "" : context.home + v.value.substr(1))
                         : v.value.starts_with('/') ? v.value
                                                    : std::string(ParentOf(AbsoluteNormal(path))) + "/" + v.value;
    if (!target.empty()) ReadExcludesFile(target, context, depth + 1, excludes);
  }
}

// Git's reading of a boolean environment variable.
bool EnvTrue(const char* name) {
  std::string value = AsciiLower(Env(name));
  return value == "1" || value == "true" || value == "yes" || value == "on";
}

}  // namespace

std::string GitDir(const std::string& top) {
  std::string dot_git = (top == "/" ? "" : top) + "/.git";
  std::optional<std::string> link = TextOf(dot_git);
  if (!link || !link->starts_with("gitdir:")) return dot_git;
  std::string git_dir(Trim(std::string_view(*link).substr(7)));
  return AbsoluteNormal(git_dir.starts_with('/') ? git_dir : (top == "/" ? "" : top) + "/" + git_dir);
}

std::string GitCommonDir(const std::string& top) {
  std::string git_dir = GitDir(top);
  std::optional<std::string> common = TextOf(git_dir + "/commondir");
  if (!common) return git_dir;
  std::string dir(Trim(*common));
  return AbsoluteNormal(dir.starts_with('/') ? dir : git_dir + "/" + dir);
}

std::string GitExcludesFile(const std::string& top, const std::string& common_dir) {
  std::string home = Env("HOME"), xdg = Env("XDG_CONFIG_HOME");
  std::string xdg_git = !xdg.empty() ? xdg + "/git" : !home.empty() ? home + "/.config/git" : "";
  std::vector<std::string> configs;
  if (!EnvTrue("GIT_CONFIG_NOSYSTEM"))
    configs.push_back(std::getenv("GIT_CONFIG_SYSTEM") ? Env("GIT_CONFIG_SYSTEM") : "/etc/gitconfig");
  if (std::getenv("GIT_CONFIG_GLOBAL")) {
    configs.push_back(Env("GIT_CONFIG_GLOBAL"));
  } else {
    if (!xdg_git.empty()) configs.push_back(xdg_git + "/config");
    if (!home.empty()) configs.push_back(home + "/.gitconfig");
  }
  configs.push_back(common_dir + "/config");
  const IncludeContext context{GitDir(top), home};
  std::optional<std::string> file;
  for (const std::string& config : configs) ReadExcludesFile(config, context, 0, file);
  if (!file) return xdg_git.empty() ? "" : xdg_git + "/ignore";
  if (file->starts_with("~/")) return home.empty() ? "" : home + file->substr(1);
  if (!file->empty() && !file->starts_with('/')) return (top == "/" ? "" : top) + "/" + *file;
  return *file;
}

}  // namespace aortalint
