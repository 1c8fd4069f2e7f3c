#include "engine/import_sorters.h"

#include <algorithm>
#include <string_view>
#include <utility>

#include "base/dir_index.h"
#include "base/file_reader.h"
#include "base/paths.h"
#include "base/strings.h"

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
  if (line.rfind("lint.", 0) == 0) line.remove_prefix(5);  // a dotted key under [tool.ruff] or in ruff.toml
  return line.rfind("select", 0) == 0 || line.rfind("extend-select", 0) == 0 || line.rfind("extend_select", 0) == 0;
}

// ---------------------------------------------------------------- the order a sorter's settings give

// A configuration's `key = value` settings in the tables (TOML) or sections (INI) asked for;
// keys unquoted with `-` as `_`; a value over several lines (a TOML array, an INI continuation) joined.
using Settings = std::vector<std::pair<std::string, std::string>>;

// Blanks around a line's parts (a CR of a CRLF file among them).
std::string_view Trimmed(std::string_view s) { return Trim(s, " \t\r"); }

std::string KeyName(std::string_view key) {
  std::string out(Trimmed(key));
  if (out.size() >= 2 && (out.front() == '"' || out.front() == '\'')) out = out.substr(1, out.size() - 2);
  std::replace(out.begin(), out.end(), '-', '_');
  return out;
}

// `tables`: the headers whose settings are wanted; "" for the top of a TOML file, before any header.
Settings ReadSettings(std::string_view text, std::initializer_list<std::string_view> tables, bool toml) {
  Settings out;
  bool in = Contains(tables, std::string_view());
  int open_brackets = 0;  // inside a TOML array that spans lines
  size_t at = 0;
  while (at < text.size()) {
    size_t end = std::min(text.find('\n', at), text.size());
    std::string_view raw = text.substr(at, end - at), line = Trimmed(raw);
    at = end + 1;
    if (size_t hash = line.find(" #"); toml && hash != std::string_view::npos) line = Trimmed(line.substr(0, hash));
    if (open_brackets > 0 || (!toml && in && !out.empty() && !line.empty() && (raw[0] == ' ' || raw[0] == '\t'))) {
      if (in && !out.empty()) out.back().second += "\n" + std::string(line);
      if (toml)
        open_brackets +=
            static_cast<int>(std::count(line.begin(), line.end(), '[') - std::count(line.begin(), line.end(), ']'));
      continue;
    }
    if (line.empty() || line[0] == '#' || line[0] == ';') continue;
    if (line[0] == '[') {
      std::string_view header = Trimmed(line.substr(1, line.find(']') - 1));
      in = Contains(tables, header);
      continue;
    }
    size_t eq = line.find_first_of(toml ? "=" : "=:");
    if (!in || eq == std::string_view::npos) continue;
    std::string_view value = Trimmed(line.substr(eq + 1));
    if (toml) {
      open_brackets =
          static_cast<int>(std::count(value.begin(), value.end(), '[') - std::count(value.begin(), value.end(), ']'));
    }
    out.emplace_back(KeyName(line.substr(0, eq)), std::string(value));
  }
  return out;
}

// A list value's items: TOML `["a", 'b']`, INI `a, b` or one a line.
std::vector<std::string> ListItems(std::string_view value) {
  std::vector<std::string> out;
  std::string item;
  for (char c : std::string(value) + ",") {
    if (c == ',' || c == '\n' || c == ' ' || c == '\t') {
      if (!item.empty()) out.push_back(std::move(item));
      item.clear();
    } else if (c != '[' && c != ']' && c != '"' && c != '\'') {
      item += c;
    }
  }
  return out;
}

bool IsTrue(std::string_view value) {
  std::string v = AsciiLower(Trimmed(value));
  return v == "true" || v == "1" || v == "yes" || v == "on";
}

// Settings that change how lines are written, not which import comes first.
constexpr std::string_view kLayoutOnly[] = {"line_length",
                                            "line_ending",
                                            "multi_line_output",
                                            "include_trailing_comma",
                                            "use_parentheses",
                                            "ensure_newline_before_comments",
                                            "split_on_trailing_comma",
                                            "lines_after_imports",
                                            "lines_before_imports",
                                            "lines_between_sections",
                                            "lines_between_types",
                                            "combine_as_imports",
                                            "force_grid_wrap",
                                            "wrap_length",
                                            "indent",
                                            "balanced_wrapping",
                                            "skip",
                                            "skip_glob",
                                            "extend_skip",
                                            "extend_skip_glob",
                                            "skip_gitignore",
                                            "filter_files",
                                            "atomic",
                                            "py_version",
                                            "quiet",
                                            "verbose",
                                            "color_output",
                                            "force_wrap_aliases",
                                            "honor_noqa",
                                            "remove_redundant_aliases",
                                            "no_lines_before"};

// Adds `settings`, found in `where`, to `order`: what is not modelled marks it so.
void ReadOrder(const Settings& settings, const std::string& where, SortOrder& order) {
  for (const auto& [key, value] : settings) {
    if (key == "force_to_top") {
      for (std::string& m : ListItems(value)) order.force_to_top.push_back(std::move(m));
      continue;
    }
    if (key == "force_sort_within_sections") {
      order.force_sort_within_sections = IsTrue(value);
      continue;
    }
    bool same_order = Contains(kLayoutOnly, key) ||
                      (key == "profile" && ListItems(value) == std::vector<std::string>{"black"}) ||
                      (key == "order_by_type" && IsTrue(value)) ||  // the default
                      (key == "case_sensitive" && !IsTrue(value));  // the default
    if (!same_order && order.unmodelled.empty()) order.unmodelled = key + " in " + where;
  }
}

// Ruff's settings outside its isort table that decide sections or bring in other settings.
void ReadRuffTop(const Settings& settings, const std::string& where, SortOrder& order) {
  for (const auto& [key, value] : settings)
    if ((key == "src" || key == "extend" || key.starts_with("isort")) && order.unmodelled.empty())
      order.unmodelled = key + " in " + where;
}

struct Evidence {
  ImportSorters& found;
  bool ruff_configured = false;  // a ruff section or hook, maybe without the isort rules
  std::string ruff_where;

  int isort_configs = 0;         // files configuring isort: with more than one, which applies is not modelled
  bool ruff_order_read = false;  // from the nearest ruff configuration only, as ruff takes it
  int ruff_files = 0;            // ruff configuration files seen, nearest first: only the first one's select counts

  void Isort(const std::string& where) {
    if (found.isort.empty()) found.isort = where;
  }
  void IsortSettings(const Settings& settings, const std::string& where) {
    if (++isort_configs > 1 && found.isort_order.unmodelled.empty())
      found.isort_order.unmodelled = "a second isort configuration, " + where;
    ReadOrder(settings, where, found.isort_order);
  }
  void RuffSettings(const Settings& top, const Settings& isort, const std::string& where) {
    if (std::exchange(ruff_order_read, true)) return;
    ReadRuffTop(top, where, found.ruff_order);
    ReadOrder(isort, where, found.ruff_order);
  }
  void Ruff(const std::string& where) {
    if (found.ruff.empty()) found.ruff = where;
  }
};

// pyproject.toml / ruff.toml: `[tool.isort]`, and ruff's `select` in `[tool.ruff*]` (or at the top of ruff.toml).
void ScanToml(const std::string& text, const std::string& name, bool ruff_file, Evidence& e) {
  if (ruff_file)
    e.RuffSettings(ReadSettings(text, {"", "lint"}, true), ReadSettings(text, {"lint.isort", "isort"}, true), name);
  bool in_ruff = ruff_file;
  bool selecting = false;  // inside a multi-line select = [ ... ]
  // Ruff takes the nearest configuration file only: a `select` further up does not apply here.
  bool counted = false, nearest = false;
  auto ruff_config = [&] {
    if (!std::exchange(counted, true)) nearest = ++e.ruff_files == 1;
  };
  if (ruff_file) e.ruff_configured = true, e.ruff_where = name, ruff_config();
  ForEachLine(text, [&](std::string_view line) {
    if (!line.empty() && line.front() == '[' && !selecting) {
      if (InTable(line, "tool.isort")) {
        e.Isort(name + " [tool.isort]");
        e.IsortSettings(ReadSettings(text, {"tool.isort"}, true), name + " [tool.isort]");
      }
      in_ruff = ruff_file || InTable(line, "tool.ruff");
      if (in_ruff) ruff_config();
      if (in_ruff && !ruff_file) {
        e.ruff_configured = true, e.ruff_where = name + " [tool.ruff]";
        e.RuffSettings(ReadSettings(text, {"tool.ruff", "tool.ruff.lint"}, true),
                       ReadSettings(text, {"tool.ruff.lint.isort", "tool.ruff.isort"}, true), e.ruff_where);
      }
      return;
    }
    if (!in_ruff) return;
    if (selecting || IsSelectLine(line)) {
      if (nearest && SelectsIsortRules(line)) e.Ruff(ruff_file ? name : name + " [tool.ruff]");
      selecting = (selecting || IsSelectLine(line)) && line.find(']') == std::string_view::npos;
    }
  });
}

// setup.cfg or tox.ini: `[isort]` or `[tool:isort]`.
void ScanIni(const std::string& text, const std::string& name, Evidence& e) {
  ForEachLine(text, [&](std::string_view line) {
    if (line == "[isort]" || line == "[tool:isort]") {
      e.Isort(name + " " + std::string(line));
      e.IsortSettings(ReadSettings(text, {"isort", "tool:isort"}, false), name + " " + std::string(line));
    }
  });
}

// .pre-commit-config.yaml: a hook `id: isort`, or `id: ruff` / `ruff-check` whose args select I.
void ScanPreCommit(const std::string& text, Evidence& e) {
  bool in_ruff_hook = false, in_isort_hook = false;
  ForEachLine(text, [&](std::string_view line) {
    if (line.rfind("- ", 0) == 0) line.remove_prefix(2);
    if (line.rfind("id:", 0) == 0) {
      std::string_view id = line.substr(3);
      id.remove_prefix(std::min(id.find_first_not_of(" \"'"), id.size()));
      id = id.substr(0, id.find_first_of(" \"'#"));
      in_ruff_hook = id == "ruff" || id == "ruff-check";
      in_isort_hook = id == "isort";
      if (id == "isort") e.Isort(".pre-commit-config.yaml hook 'isort'");
      if (in_ruff_hook)
        e.ruff_configured = true, e.ruff_where = ".pre-commit-config.yaml hook '" + std::string(id) + "'";
      return;
    }
    // isort's options given to the hook: `--profile black` and `--filter-files` leave the order as it was.
    for (size_t at = line.find("--"); in_isort_hook && at != std::string_view::npos; at = line.find("--", at + 2)) {
      std::string_view option = line.substr(at, line.find_first_of(" \"'=,]", at) - at);
      bool layout =
          option == "--filter-files" || (option == "--profile" && line.find("black") != std::string_view::npos);
      if (!layout && e.found.isort_order.unmodelled.empty())
        e.found.isort_order.unmodelled = "the option " + std::string(option) + " of the pre-commit hook 'isort'";
    }
    if (in_ruff_hook &&
        (line.find("--select") != std::string_view::npos || line.find("--extend-select") != std::string_view::npos) &&
        SelectsIsortRules(line))
      e.Ruff(e.ruff_where);
  });
}

}  // namespace

bool SortsAbove(const SortOrder& order, const SortedImport& b, const SortedImport& a) {
  if (!order.force_sort_within_sections && b.from != a.from) return !b.from;
  auto forced = [&](const SortedImport& i) { return Contains(order.force_to_top, i.module); };
  if (forced(b) != forced(a)) return forced(b);
  return AsciiLower(b.module) < AsciiLower(a.module);
}

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
    int isort_configs = e.isort_configs;
    if (std::string t = read(dir, ".pre-commit-config.yaml"); !t.empty()) ScanPreCommit(t, e);
    // Ruff's own files before pyproject.toml: in one directory, ruff takes them first.
    if (std::string t = read(dir, ".ruff.toml"); !t.empty()) ScanToml(t, ".ruff.toml", true, e);
    if (std::string t = read(dir, "ruff.toml"); !t.empty()) ScanToml(t, "ruff.toml", true, e);
    if (std::string t = read(dir, "pyproject.toml"); !t.empty()) ScanToml(t, "pyproject.toml", false, e);
    if (std::string t = read(dir, "setup.cfg"); !t.empty()) ScanIni(t, "setup.cfg", e);
    if (std::string t = read(dir, "tox.ini"); !t.empty()) ScanIni(t, "tox.ini", e);
    if (KindOf(dir, ".isort.cfg") == EntryKind::kRegular) {
      e.Isort(".isort.cfg");
      e.IsortSettings(ReadSettings(read(dir, ".isort.cfg"), {"settings", "isort"}, false), ".isort.cfg");
    }
    // A `triton` package of the project's own is first-party to both sorters: a section after torch's.
    std::string own = KindOf(dir, "triton") != EntryKind::kAbsent      ? "triton"
                      : KindOf(dir, "triton.py") != EntryKind::kAbsent ? "triton.py"
                      : KindOf(dir, "src") == EntryKind::kDirectory &&
                              KindOf((dir == "/" ? "" : dir) + "/src", "triton") != EntryKind::kAbsent
                          ? "src/triton"
                          : "";
    for (SortOrder* order : {&found.isort_order, &found.ruff_order})
      if (!own.empty() && order->unmodelled.empty()) order->unmodelled = "the project's own '" + dir + "/" + own + "'";
    if (KindOf(dir, ".git") != EntryKind::kAbsent || KindOf(dir, ".aortalint.yaml") != EntryKind::kAbsent) break;
    // isort takes one configuration for all the files it is given, found from the first of them:
    // one below the project's top applies to this file only when isort starts from there.
    if (e.isort_configs > isort_configs && found.isort_order.unmodelled.empty())
      found.isort_order.unmodelled = "an isort configuration below the project's top, in " + dir;
    std::string up(ParentOf(dir));
    if (up == dir) break;
    dir = std::move(up);
  }
  return found;
}

}  // namespace aortalint
