#include "engine/import_sorters.h"

#include <algorithm>
#include <optional>
#include <string_view>
#include <utility>

#include "base/dir_index.h"
#include "base/file_reader.h"
#include "base/paths.h"
#include "base/strings.h"
#include "load/foreign_config.h"

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

// ---------------------------------------------------------------- the order a sorter's settings give

using nlohmann::json;

std::string KeyName(std::string_view key) {
  std::string out(key);
  std::replace(out.begin(), out.end(), '-', '_');
  return out;
}

// A list setting as isort takes it: a TOML array's strings, or a string split at commas and line
// ends (an INI value); empty items dropped.
std::optional<std::vector<std::string>> ListOf(const json& value) {
  std::vector<std::string> out;
  auto add = [&](std::string_view item) {
    if (item = Trim(item); !item.empty()) out.emplace_back(item);
  };
  if (value.is_string()) {
    std::string text = value.get<std::string>();
    std::replace(text.begin(), text.end(), '\n', ',');
    for (std::string_view rest = text; !rest.empty();) {
      size_t comma = rest.find(',');
      add(rest.substr(0, comma));
      rest = comma == std::string_view::npos ? "" : rest.substr(comma + 1);
    }
    return out;
  }
  if (!value.is_array()) return std::nullopt;
  for (const json& item : value) {
    if (!item.is_string()) return std::nullopt;
    add(item.get<std::string>());
  }
  return out;
}

// A flag as isort takes it: a TOML boolean, or a string isort's _as_bool knows.
std::optional<bool> FlagOf(const json& value) {
  if (value.is_boolean()) return value.get<bool>();
  if (!value.is_string()) return std::nullopt;
  std::string text = AsciiLower(value.get<std::string>());
  if (Contains(std::initializer_list<std::string_view>{"y", "yes", "t", "true", "on", "1"}, text)) return true;
  if (Contains(std::initializer_list<std::string_view>{"n", "no", "f", "false", "off", "0"}, text)) return false;
  return std::nullopt;
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

void NotModelled(SortOrder& order, std::string what) {
  if (order.unmodelled.empty()) order.unmodelled = std::move(what);
}

// Adds the table `settings`, found in `where`, to `order`: what is not modelled marks it so.
void ReadOrder(const json& settings, const std::string& where, SortOrder& order) {
  if (!settings.is_object()) return NotModelled(order, "a value that is not a table in " + where);
  for (const auto& [name, value] : settings.items()) {
    std::string key = KeyName(name);
    std::optional<bool> flag = FlagOf(value);
    if (std::optional<std::vector<std::string>> modules = ListOf(value); key == "force_to_top" && modules) {
      order.force_to_top.insert(order.force_to_top.end(), modules->begin(), modules->end());
    } else if (key == "force_sort_within_sections" && flag) {
      order.force_sort_within_sections = *flag;
    } else if (!Contains(kLayoutOnly, key) && !(key == "profile" && value == "black") &&
               !(key == "order_by_type" && flag == true) &&    // the default
               !(key == "case_sensitive" && flag == false)) {  // the default
      NotModelled(order, key + " in " + where);
    }
  }
}

// How specifically a ruff rule selector names I001: ALL, I, I0, I00, I001 (-1: not at all). Ruff
// applies the most specific of the selects and ignores that name a rule; an ignore wins a tie.
int Specificity(const json& selector) {
  if (!selector.is_string()) return -1;
  std::string code = selector.get<std::string>();
  if (code == "ALL") return 0;
  return !code.empty() && std::string_view("I001").starts_with(code) ? static_cast<int>(code.size()) : -1;
}

int MostSpecific(const json* selectors) {
  int most = -1;
  if (selectors && selectors->is_array())
    for (const json& selector : *selectors) most = std::max(most, Specificity(selector));
  return most;
}

// A ruff option: under `lint`, else at the top of the configuration (deprecated there; `lint` wins).
const json* RuffOption(const json& ruff, std::string_view key) {
  if (const json* option = Lookup(ruff, {"lint", key})) return option;
  return Lookup(ruff, {key});
}

// Whether a ruff configuration (a ruff.toml, or a pyproject.toml's [tool.ruff]) runs I001. Without
// `select`, ruff's default selection holds no I rule.
bool SelectsI001(const json& ruff) {
  int selected = std::max(MostSpecific(RuffOption(ruff, "select")), MostSpecific(RuffOption(ruff, "extend-select")));
  int ignored = std::max(MostSpecific(RuffOption(ruff, "ignore")), MostSpecific(RuffOption(ruff, "extend-ignore")));
  return selected > ignored;
}

bool Mentions(std::string_view text, std::string_view name) { return text.find(name) != std::string_view::npos; }

struct Evidence {
  ImportSorters& found;
  std::string ruff_hook;  // a ruff pre-commit hook, whose args may select I
  int isort_configs = 0;  // files configuring isort: with more than one, which applies is not modelled
  int ruff_files = 0;     // ruff configuration files seen, nearest first: only the first one counts

  void IsortRuns(const std::string& where) {
    if (found.isort.empty()) found.isort = where;
  }
  SortOrder& IsortConfig(const std::string& where) {
    IsortRuns(where);
    if (++isort_configs > 1) NotModelled(found.isort_order, "a second isort configuration, " + where);
    return found.isort_order;
  }
  // Ruff takes the nearest configuration file only: what one further up says does not apply here.
  void Ruff(const json& ruff, const std::string& where) {
    if (++ruff_files > 1) return;
    if (SelectsI001(ruff) && found.ruff.empty()) found.ruff = where;
    for (std::string_view key : {"src", "extend"})  // what decides sections, or brings in other settings
      if (ruff.is_object() && ruff.contains(key)) NotModelled(found.ruff_order, std::string(key) + " in " + where);
    json isort = json::object();  // `lint.isort` over the top's `isort`
    for (const json* table : {Lookup(ruff, {"isort"}), Lookup(ruff, {"lint", "isort"})}) {
      if (table && table->is_object()) isort.update(*table);
      if (table && !table->is_object()) NotModelled(found.ruff_order, "isort, not a table, in " + where);
    }
    ReadOrder(isort, where, found.ruff_order);
  }
  // A configuration file that does not parse: isort skips it with a warning, ruff refuses to run on
  // it. Either may run once it is mended, with settings unknown: a sorter the file names is taken as
  // configured, in an order not modelled.
  void Unparsed(const std::string& name, const std::string& error, bool isort, bool ruff) {
    std::string why = name + ", which does not parse at " + error;
    if (isort) NotModelled(IsortConfig(why), why);
    if (ruff && ++ruff_files == 1) {
      if (found.ruff.empty()) found.ruff = why;
      NotModelled(found.ruff_order, why);
    }
  }
};

// ruff.toml, .ruff.toml: ruff's settings at the top of the file.
void ScanRuffToml(const std::string& text, const std::string& name, Evidence& e) {
  ForeignConfig config = ReadToml(text);
  if (!config.ok()) return e.Unparsed(name, config.error, false, true);
  e.Ruff(config.doc, name);
}

// pyproject.toml: `[tool.isort]`, and ruff's `[tool.ruff]`.
void ScanPyproject(const std::string& text, Evidence& e) {
  constexpr std::string_view kName = "pyproject.toml";
  ForeignConfig config = ReadToml(text);
  if (!config.ok())
    return e.Unparsed(std::string(kName), config.error, Mentions(text, "isort"), Mentions(text, "ruff"));
  if (const json* isort = Lookup(config.doc, {"tool", "isort"})) {
    std::string where = std::string(kName) + " [tool.isort]";
    ReadOrder(*isort, where, e.IsortConfig(where));
  }
  if (const json* ruff = Lookup(config.doc, {"tool", "ruff"})) e.Ruff(*ruff, std::string(kName) + " [tool.ruff]");
}

// setup.cfg, tox.ini (`[isort]`, `[tool:isort]`) and .isort.cfg (`[settings]`, `[isort]`; isort runs
// whatever it holds): each section's settings over the one before it, as isort reads them.
void ScanIni(const std::string& text, const std::string& name, std::initializer_list<std::string_view> sections,
             bool configures, Evidence& e) {
  ForeignConfig config = ReadIni(text);
  if (!config.ok()) return e.Unparsed(name, config.error, configures || Mentions(text, "isort"), false);
  json settings = json::object();
  std::string where = name;
  for (std::string_view section : sections) {
    const json* values = Lookup(config.doc, {section});
    if (!values) continue;
    settings.update(*values);
    if (!configures) where += " [" + std::string(section) + "]";
    configures = true;
  }
  if (configures) ReadOrder(settings, where, e.IsortConfig(where));
}

// Whether a ruff hook's args (`--select=I,E`, `--extend-select`, `I`) name ruff's isort rules.
bool SelectsIsortRules(std::string_view args) {
  for (std::string_view code :
       {"\"I\"", "'I'", "\"I0", "'I0", "\"ALL\"", "'ALL'", "=I,", "=I ", "=I\"", " I,", ",I,", ",I\""})
    if (args.find(code) != std::string_view::npos) return true;
  return args.ends_with("=I") || args.ends_with(",I") || args.ends_with(" I");
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
      if (id == "isort") e.IsortRuns(".pre-commit-config.yaml hook 'isort'");
      if (in_ruff_hook) e.ruff_hook = ".pre-commit-config.yaml hook '" + std::string(id) + "'";
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
      if (e.found.ruff.empty()) e.found.ruff = e.ruff_hook;
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
    if (std::string t = read(dir, ".ruff.toml"); !t.empty()) ScanRuffToml(t, ".ruff.toml", e);
    if (std::string t = read(dir, "ruff.toml"); !t.empty()) ScanRuffToml(t, "ruff.toml", e);
    if (std::string t = read(dir, "pyproject.toml"); !t.empty()) ScanPyproject(t, e);
    if (std::string t = read(dir, "setup.cfg"); !t.empty()) ScanIni(t, "setup.cfg", {"isort", "tool:isort"}, false, e);
    if (std::string t = read(dir, "tox.ini"); !t.empty()) ScanIni(t, "tox.ini", {"isort", "tool:isort"}, false, e);
    if (KindOf(dir, ".isort.cfg") == EntryKind::kRegular)
      ScanIni(read(dir, ".isort.cfg"), ".isort.cfg", {"settings", "isort"}, true, e);
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
