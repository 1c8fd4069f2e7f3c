#include "engine/import_sorters.h"

#include <string_view>

#include "base/dir_index.h"
#include "base/file_reader.h"
#include "base/paths.h"

namespace aortalint {
namespace {

// Lines of `text` with leading blanks removed, one at a time.
template <typename Fn>
void ForEachLine(std::string_view text, Fn&& fn) {
  size_t at = 0;
  while (at <= text.size()) {
    size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(at, end - at);
    size_t first = line.find_first_not_of(" \t");
    line = first == std::string_view::npos ? std::string_view() : line.substr(first);
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.remove_suffix(1);
    fn(line);
    at = end + 1;
  }
}

// A TOML/INI table header "[name]" or one below it ("[name.lint]").
bool InTable(std::string_view header, std::string_view name) {
  if (header.size() < 2 || header.front() != '[') return false;
  std::string_view inner = header.substr(1, header.find(']') - 1);
  return inner == name || inner.rfind(std::string(name) + ".", 0) == 0;
}

// Whether a `select`/`extend-select` value (or a hook's args) names ruff's isort rules.
bool SelectsIsortRules(std::string_view value) {
  for (std::string_view code :
       {"\"I\"", "'I'", "\"I0", "'I0", "\"ALL\"", "'ALL'", "=I,", "=I ", "=I\"", " I,", ",I,", ",I\""})
    if (value.find(code) != std::string_view::npos) return true;
  if (value.ends_with("=I") || value.ends_with(",I") || value.ends_with(" I")) return true;
  return false;
}

bool IsSelectLine(std::string_view line) {
  return line.rfind("select", 0) == 0 || line.rfind("extend-select", 0) == 0 || line.rfind("extend_select", 0) == 0;
}

struct Evidence {
  ImportSorters& found;
  bool ruff_configured = false;  // a ruff section or hook, maybe without the isort rules
  std::string ruff_where;

  void Isort(const std::string& where) {
    if (found.isort.empty()) found.isort = where;
  }
  void Ruff(const std::string& where) {
    if (found.ruff.empty()) found.ruff = where;
  }
};

// pyproject.toml / ruff.toml: `[tool.isort]`, and ruff's `select` in `[tool.ruff*]` (or at the top of ruff.toml).
void ScanToml(const std::string& text, const std::string& name, bool ruff_file, Evidence& e) {
  bool in_ruff = ruff_file;
  bool selecting = false;  // inside a multi-line select = [ ... ]
  if (ruff_file) e.ruff_configured = true, e.ruff_where = name;
  ForEachLine(text, [&](std::string_view line) {
    if (!line.empty() && line.front() == '[' && !selecting) {
      if (InTable(line, "tool.isort")) e.Isort(name + " [tool.isort]");
      in_ruff = ruff_file || InTable(line, "tool.ruff");
      if (in_ruff && !ruff_file) e.ruff_configured = true, e.ruff_where = name + " [tool.ruff]";
      return;
    }
    if (!in_ruff) return;
    if (selecting || IsSelectLine(line)) {
      if (SelectsIsortRules(line)) e.Ruff(ruff_file ? name : name + " [tool.ruff]");
      selecting = (selecting || IsSelectLine(line)) && line.find(']') == std::string_view::npos;
    }
  });
}

// setup.cfg: `[isort]` or `[tool:isort]`.
void ScanSetupCfg(const std::string& text, Evidence& e) {
  ForEachLine(text, [&](std::string_view line) {
    if (line == "[isort]" || line == "[tool:isort]") e.Isort("setup.cfg " + std::string(line));
  });
}

// .pre-commit-config.yaml: a hook `id: isort`, or `id: ruff` / `ruff-check` whose args select I.
void ScanPreCommit(const std::string& text, Evidence& e) {
  bool in_ruff_hook = false;
  ForEachLine(text, [&](std::string_view line) {
    if (line.rfind("- ", 0) == 0) line.remove_prefix(2);
    if (line.rfind("id:", 0) == 0) {
      std::string_view id = line.substr(3);
      id.remove_prefix(std::min(id.find_first_not_of(" \"'"), id.size()));
      id = id.substr(0, id.find_first_of(" \"'#"));
      in_ruff_hook = id == "ruff" || id == "ruff-check";
      if (id == "isort") e.Isort(".pre-commit-config.yaml hook 'isort'");
      if (in_ruff_hook)
        e.ruff_configured = true, e.ruff_where = ".pre-commit-config.yaml hook '" + std::string(id) + "'";
      return;
    }
    if (in_ruff_hook &&
        (line.find("--select") != std::string_view::npos || line.find("--extend-select") != std::string_view::npos) &&
        SelectsIsortRules(line))
      e.Ruff(e.ruff_where);
  });
}

}  // namespace

ImportSorters FindImportSorters(const std::string& python_file) {
  ImportSorters found;
  Evidence e{found};
  // Each directory's names from the run's listing (base/dir_index.h): eight questions per directory
  // up to the project's top, for every payload, cost one listing per directory.
  auto read = [](const std::string& dir, std::string_view name) -> std::string {
    if (KindOf(dir, name) != EntryKind::kRegular) return "";
    ReadResult r = ReadTextFile((dir == "/" ? "" : dir) + "/" + std::string(name));
    return r.ok ? r.text : "";
  };
  std::string dir(ParentOf(AbsoluteNormal(python_file)));
  for (int depth = 0; depth < 64 && !dir.empty(); ++depth) {
    if (std::string t = read(dir, ".pre-commit-config.yaml"); !t.empty()) ScanPreCommit(t, e);
    if (std::string t = read(dir, "pyproject.toml"); !t.empty()) ScanToml(t, "pyproject.toml", false, e);
    if (std::string t = read(dir, "ruff.toml"); !t.empty()) ScanToml(t, "ruff.toml", true, e);
    if (std::string t = read(dir, ".ruff.toml"); !t.empty()) ScanToml(t, ".ruff.toml", true, e);
    if (std::string t = read(dir, "setup.cfg"); !t.empty()) ScanSetupCfg(t, e);
    if (KindOf(dir, ".isort.cfg") == EntryKind::kRegular) e.Isort(".isort.cfg");
    if (KindOf(dir, ".git") != EntryKind::kAbsent || KindOf(dir, ".aortalint.yaml") != EntryKind::kAbsent) break;
    std::string up(ParentOf(dir));
    if (up == dir) break;
    dir = std::move(up);
  }
  return found;
}

}  // namespace aortalint
