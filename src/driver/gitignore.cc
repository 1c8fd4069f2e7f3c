#include "driver/gitignore.h"

#include <filesystem>

#include "base/dir_index.h"
#include "base/file_reader.h"
#include "base/paths.h"
#include "driver/git_config.h"
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
    } else if (line.size() > 1 && line[0] == '\\' && (line[1] == '#' || line[1] == '!')) {
      line.erase(0, 1);  // `\#` and `\!` start a literal pattern; other escapes are the glob's (`\*`, `\ `)
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

const std::vector<GitIgnore::Pattern>& GitIgnore::PatternsOf(const std::string& dir, std::string_view name) {
  static const std::vector<Pattern> none;
  if (KindOf(dir, name) != EntryKind::kRegular) return none;  // most directories hold no ignore file
  std::string file = (dir == "/" ? "" : dir) + "/" + std::string(name);
  auto it = loaded_.find(file);
  if (it != loaded_.end()) return it->second;
  std::vector<Pattern> patterns;
  if (ReadResult read = ReadTextFile(file); read.ok) patterns = Parse(read.text);
  return loaded_.emplace(file, std::move(patterns)).first->second;
}

const GitIgnore::DirRules& GitIgnore::RulesOf(const std::string& dir) {
  if (auto it = dirs_.find(dir); it != dirs_.end()) return it->second;
  // The parent's rules first (known already, but for the first directory of a walk).
  std::string_view parent = ParentOf(dir);
  const DirRules* above = parent.empty() || parent == dir ? nullptr : &RulesOf(std::string(parent));
  std::string base = dir == "/" ? "" : dir;
  DirRules rules;
  // A directory holding .git is a repository's top; else it is in its parent's repository (if any).
  bool is_top = KindOf(dir, ".git") != EntryKind::kAbsent;
  rules.top = is_top ? base : above ? above->top : "";
  auto add = [&](const std::string& in, std::string_view name) {
    const std::vector<Pattern>& patterns = PatternsOf(in, name);
    if (!patterns.empty()) rules.layers.push_back({base, &patterns});
  };
  if (is_top) {
    // Lowest first: the user's global excludes, then the repository's info/exclude (git's order).
    std::string git_dir = GitCommonDir(base);
    if (std::string global = GitExcludesFile(base, git_dir); !global.empty()) {
      global = AbsoluteNormal(global);
      std::string_view dir_of = ParentOf(global);
      add(std::string(dir_of), LastName(global));
    }
    add(git_dir + "/info", "exclude");
  } else if (!rules.top.empty()) {
    rules.layers = above->layers;  // the .gitignore files from the top down to the parent
  }
  // Outside a repository only the directory's own .gitignore applies.
  add(dir, ".gitignore");
  return dirs_.emplace(dir, std::move(rules)).first->second;  // a node map: `above` stays valid
}

bool GitIgnore::Ignored(const std::string& path, bool is_dir) {
  // The walk asks about every entry of a directory in turn: the rules of the last directory are kept.
  std::optional<std::string_view> parent = PlainParent(path);
  if (!parent || !last_rules_ || *parent != last_parent_) {
    std::string abs = AbsoluteNormal(path);
    size_t slash = abs.rfind('/');
    if (slash == std::string::npos) return false;
    last_abs_parent_ = slash == 0 ? "/" : abs.substr(0, slash);
    last_rules_ = &RulesOf(last_abs_parent_);
    last_parent_ = parent ? std::string(*parent) : "";
    if (!parent) {
      const DirRules* rules = last_rules_;
      last_rules_ = nullptr;  // not kept: the next path computes its own
      return rules->layers.empty() ? false : Apply(*rules, abs, slash, is_dir);
    }
  }
  if (last_rules_->layers.empty()) return false;
  std::string_view name = std::string_view(path).substr(parent->empty() ? 0 : parent->size() + 1);
  std::string abs = (last_abs_parent_ == "/" ? "" : last_abs_parent_) + "/" + std::string(name);
  return Apply(*last_rules_, abs, abs.size() - name.size() - 1, is_dir);
}

bool GitIgnore::IgnoredIn(const std::string& dir, std::string_view name, bool is_dir) {
  // A walk asks about each entry of one directory in a row: its rules are looked up once.
  if (!in_rules_ || in_dir_ != dir) {
    in_rules_ = &RulesOf(dir);
    in_dir_ = dir;
  }
  const DirRules& rules = *in_rules_;
  if (rules.layers.empty()) return false;
  std::string abs = (dir == "/" ? "" : dir) + "/" + std::string(name);
  return Apply(rules, abs, abs.size() - name.size() - 1, is_dir);
}

bool GitIgnore::Apply(const DirRules& rules, const std::string& abs, size_t slash, bool is_dir) const {
  std::string_view name = std::string_view(abs).substr(slash + 1);
  bool ignored = false;
  for (const Layer& layer : rules.layers) {
    // The layer's directory is an ancestor of the path: the relative path is what follows it.
    std::string_view rel = std::string_view(abs).substr(layer.base.size() + 1);
    for (const Pattern& p : *layer.patterns) {
      if (p.dir_only && !is_dir) continue;
      if (GlobMatch(p.glob, p.anchored ? rel : name)) ignored = !p.negate;
    }
  }
  return ignored;
}

}  // namespace aortalint
