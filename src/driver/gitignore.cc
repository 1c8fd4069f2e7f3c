#include "driver/gitignore.h"

#include <filesystem>

#include "base/file_reader.h"
#include "engine/config.h"

namespace aortalint {
namespace fs = std::filesystem;

std::vector<GitIgnore::Pattern> GitIgnore::Parse(const std::string& text) {
  std::vector<Pattern> out;
  size_t at = 0;
  while (at < text.size()) {
    size_t eol = text.find('\n', at);
    std::string line = text.substr(at, eol == std::string::npos ? std::string::npos : eol - at);
    at = eol == std::string::npos ? text.size() : eol + 1;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    // Trailing blanks are dropped unless escaped; a leading `#` is a comment.
    while (!line.empty() && line.back() == ' ' && !(line.size() > 1 && line[line.size() - 2] == '\\')) line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    Pattern p;
    if (line[0] == '!') {
      p.negate = true;
      line.erase(0, 1);
    } else if (line[0] == '\\') {
      line.erase(0, 1);  // `\#` and `\!` start a literal pattern
    }
    if (!line.empty() && line.back() == '/') {
      p.dir_only = true;
      line.pop_back();
    }
    p.anchored = line.find('/') != std::string::npos;
    if (!line.empty() && line[0] == '/') line.erase(0, 1);
    if (line.empty()) continue;
    p.glob = line;
    out.push_back(std::move(p));
  }
  return out;
}

const std::vector<GitIgnore::Pattern>& GitIgnore::PatternsOf(const std::string& dir, const std::string& file) {
  std::string key = (fs::path(dir) / file).string();
  auto it = loaded_.find(key);
  if (it != loaded_.end()) return it->second;
  std::error_code ec;
  std::vector<Pattern> patterns;
  if (fs::is_regular_file(key, ec))
    if (ReadResult read = ReadTextFile(key); read.ok) patterns = Parse(read.text);
  return loaded_.emplace(key, std::move(patterns)).first->second;
}

bool GitIgnore::Ignored(const std::string& path, bool is_dir) {
  std::error_code ec;
  fs::path abs = fs::absolute(path, ec).lexically_normal();
  fs::path parent = abs.parent_path();
  // The repository's top: .gitignore files above it are not git's.
  auto top_it = top_.find(parent.string());
  if (top_it == top_.end()) {
    std::string top;
    for (fs::path d = parent; !d.empty(); d = d.parent_path()) {
      if (fs::exists(d / ".git", ec)) {
        top = d.string();
        break;
      }
      if (d == d.root_path()) break;
    }
    top_it = top_.emplace(parent.string(), top).first;
  }
  // Directories from the top (or the file's own directory outside a repository) down to its parent.
  std::vector<fs::path> dirs;
  for (fs::path d = parent;; d = d.parent_path()) {
    dirs.push_back(d);
    if (top_it->second.empty() || d.string() == top_it->second || d == d.root_path() || d.empty()) break;
  }
  bool ignored = false;
  auto apply = [&](const fs::path& base, const std::vector<Pattern>& patterns) {
    std::string rel = abs.lexically_relative(base).generic_string();
    std::string name = abs.filename().string();
    for (const Pattern& p : patterns) {
      if (p.dir_only && !is_dir) continue;
      bool hit = p.anchored ? GlobMatch(p.glob, rel) : GlobMatch(p.glob, name);
      if (hit) ignored = !p.negate;
    }
  };
  if (!top_it->second.empty()) apply(top_it->second, PatternsOf(top_it->second + "/.git/info", "exclude"));
  for (auto d = dirs.rbegin(); d != dirs.rend(); ++d) apply(*d, PatternsOf(d->string(), ".gitignore"));
  return ignored;
}

}  // namespace aortalint
