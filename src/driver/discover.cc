#include "driver/discover.h"

#include <algorithm>
#include <filesystem>

#include "driver/gitignore.h"

namespace aortalint {
namespace fs = std::filesystem;
namespace {

bool IsYaml(const fs::path& p) { return p.extension() == ".yaml" || p.extension() == ".yml"; }
bool IsPython(const fs::path& p) { return p.extension() == ".py"; }

bool SkipDirectory(const fs::path& dir) {
  std::string name = dir.filename().string();
  if (name.empty()) return false;
  if (name[0] == '.' && name != "." && name != "..") return true;  // .git, .venv, .tox, ...
  if (name == "node_modules" || name == "__pycache__" || name == "build" || name.rfind("build-", 0) == 0 ||
      name == "venv" || name == "site-packages")
    return true;
  std::error_code ec;
  return fs::exists(dir / "pyvenv.cfg", ec);  // any virtual environment
}

}  // namespace

bool LooksLikeRecipe(std::string_view text) {
  // A cheap scan for a top-level key; the loader decides the rest.
  size_t at = 0;
  while (at < text.size()) {
    size_t eol = text.find('\n', at);
    std::string_view line = text.substr(at, eol == std::string_view::npos ? std::string_view::npos : eol - at);
    for (std::string_view key : {"schema_version", "collect"}) {
      if (line.rfind(key, 0) == 0) {
        std::string_view rest = line.substr(key.size());
        size_t i = rest.find_first_not_of(" \t");
        if (i != std::string_view::npos && rest[i] == ':') return true;
      }
      // Flow style: {schema_version: 1, ...}
      if (!line.empty() && line[0] == '{' && line.find(key) != std::string_view::npos) return true;
    }
    if (eol == std::string_view::npos) break;
    at = eol + 1;
  }
  return false;
}

FileRole RoleOf(std::string_view path, std::string_view text) {
  fs::path p(path);
  if (IsConfigFileName(p.filename().string())) return FileRole::kConfig;
  if (IsYaml(p)) return LooksLikeRecipe(text) ? FileRole::kRecipe : FileRole::kOther;
  if (IsPython(p)) return FileRole::kPayload;
  return FileRole::kOther;
}

FileSet Discover(const std::vector<std::string>& paths, ConfigResolver& configs, bool respect_gitignore) {
  FileSet files;
  GitIgnore gitignore;
  auto excluded = [&](const std::string& path) { return configs.For(path)->Excludes(path); };
  for (const std::string& path : paths) {
    std::error_code ec;
    if (!fs::is_directory(path, ec)) {
      if (excluded(path)) continue;
      (IsPython(path) ? files.payloads : files.recipes).push_back({fs::path(path).lexically_normal().string(), true});
      continue;
    }
    fs::recursive_directory_iterator it(path, fs::directory_options::skip_permission_denied, ec), end;
    for (; it != end; it.increment(ec)) {
      if (ec) break;
      const fs::path& p = it->path();
      if (it->is_directory(ec)) {
        if (SkipDirectory(p) || excluded((p / "x").string()) || (respect_gitignore && gitignore.Ignored(p.string(), true)))
          it.disable_recursion_pending();
        continue;
      }
      if (!it->is_regular_file(ec)) continue;
      if (respect_gitignore && gitignore.Ignored(p.string(), false)) continue;
      std::string file = p.lexically_normal().string();
      if (IsYaml(p)) {
        // Whether it looks like a recipe is decided when it is read, so each file is read once.
        if (!IsConfigFileName(p.filename().string()) && !excluded(file)) files.recipes.push_back({file, false});
      } else if (IsPython(p) && !excluded(file)) {
        files.payloads.push_back({file, false});
      }
    }
  }
  // A file both named and found in a walk is named: it is checked whatever it holds.
  for (std::vector<Candidate>* list : {&files.recipes, &files.payloads}) {
    std::sort(list->begin(), list->end(), [](const Candidate& a, const Candidate& b) {
      return a.path != b.path ? a.path < b.path : a.named > b.named;
    });
    list->erase(std::unique(list->begin(), list->end()), list->end());
  }
  return files;
}

}  // namespace aortalint
