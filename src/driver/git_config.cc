#include "driver/git_config.h"

#include <cstdlib>
#include <optional>
#include <string_view>

#include "base/dir_index.h"
#include "base/file_reader.h"
#include "base/paths.h"
#include "base/strings.h"
#include "load/foreign_config.h"

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

// core.excludesFile as one config file sets it (section and key names are case-insensitive to git).
std::optional<std::string> ExcludesFileIn(const std::string& path) {
  std::optional<std::string> text = TextOf(path);
  if (!text) return std::nullopt;
  ForeignConfig config = ReadIni(*text);
  std::optional<std::string> out;
  for (const auto& [section, values] : config.doc.items())
    if (AsciiLower(section) == "core" && values.contains("excludesfile"))
      out = GitValue(values["excludesfile"].get<std::string>());
  return out;
}

// Git's reading of a boolean environment variable.
bool EnvTrue(const char* name) {
  std::string value = AsciiLower(Env(name));
  return value == "1" || value == "true" || value == "yes" || value == "on";
}

}  // namespace

std::string GitCommonDir(const std::string& top) {
  std::string dot_git = (top == "/" ? "" : top) + "/.git";
  std::optional<std::string> link = TextOf(dot_git);
  if (!link || !link->starts_with("gitdir:")) return dot_git;
  std::string git_dir(Trim(std::string_view(*link).substr(7)));
  if (!git_dir.starts_with('/')) git_dir = (top == "/" ? "" : top) + "/" + git_dir;
  std::optional<std::string> common = TextOf(git_dir + "/commondir");
  if (!common) return AbsoluteNormal(git_dir);
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
  std::optional<std::string> file;
  for (const std::string& config : configs)
    if (std::optional<std::string> set = ExcludesFileIn(config)) file = std::move(set);
  if (!file) return xdg_git.empty() ? "" : xdg_git + "/ignore";
  if (file->starts_with("~/")) return home.empty() ? "" : home + file->substr(1);
  if (!file->empty() && !file->starts_with('/')) return (top == "/" ? "" : top) + "/" + *file;
  return *file;
}

}  // namespace aortalint
