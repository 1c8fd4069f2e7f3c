#include "engine/config.h"

#include <algorithm>
#include <filesystem>

#include "base/dir_index.h"
#include "base/edit_distance.h"
#include "base/file_reader.h"
#include "base/paths.h"
#include "base/strings.h"
#include "engine/rule.h"
#include "engine/selection.h"
#include "engine/suppression.h"
#include "load/foreign_config.h"
#include "load/knowledge_loader.h"
#include "load/yaml_loader.h"

namespace aortalint {
namespace fs = std::filesystem;
namespace {

constexpr std::string_view kKeys[] = {"allow-suppressions",
                                      "environments",
                                      "exclude",
                                      "extend-ignore",
                                      "extend-select",
                                      "extends",
                                      "ignore",
                                      "knowledge",
                                      "mitigations",
                                      "mitigations-closed",
                                      "pairs",
                                      "per-file-ignores",
                                      "select",
                                      "severity",
                                      "triton",
                                      "aorta"};

void Append(std::vector<std::string>& to, const std::vector<std::string>& more) {
  for (const std::string& s : more)
    if (std::find(to.begin(), to.end(), s) == to.end()) to.push_back(s);
}

class ConfigParser {
 public:
  ConfigParser(const YamlDocument& doc, std::vector<Diagnostic>& errors) : doc_(doc), errors_(errors) {}

  void Error(Span span, std::string message, std::string help = "") {
    errors_.push_back({"config", Severity::kError, {doc_.source, span}, std::move(message), {}, {}, std::move(help)});
  }

  // An ID or prefix that matches no rule is SUP002, a finding rather than a
  // config error: the run goes on, and `severity`/`ignore` can silence it.
  void CheckSelector(const std::string& selector, Span span) {
    std::optional<UnknownSelector> unknown = aortalint::CheckSelector(selector);
    if (!unknown) return;
    const RuleMeta* meta = FindRule("SUP002");
    if (!meta) return;
    const std::optional<std::string>& near = unknown->suggestion;
    errors_.push_back(
        {std::string(meta->id),
         meta->severity,
         {doc_.source, span},
         "unknown rule '" + selector + "' in the config",
         {},
         {},
         near ? "did you mean '" + *near + "'?" : "no rule ID starts with it; `aortalint rules` lists them"});
  }

  void CheckSelectors(const yaml::Node& value) {
    if (value.is_str()) CheckSelector(NormalizeSelector(value.text), value.span);
    for (const yaml::NodePtr& item : value.items) CheckSelector(NormalizeSelector(item->text), item->span);
  }

  // Globs are gitignore's, without brace alternatives: `{a,b}.yaml` would match nothing, silently.
  bool GlobSupported(const yaml::Node& at, const std::string& glob) {
    if (glob.find('{') == std::string::npos) return true;
    Error(at.span, "glob '" + glob + "' uses {...} alternatives, which aortalint's globs do not have",
          "write one pattern per alternative");
    return false;
  }
  bool GlobsSupported(const yaml::Entry& e, const std::vector<std::string>& globs) {
    bool ok = true;
    for (size_t i = 0; i < globs.size(); ++i)
      ok &= GlobSupported(e.value->is_seq() ? *e.value->items[i] : *e.value, globs[i]);
    return ok;
  }

  bool StringList(const yaml::Entry& e, std::vector<std::string>& out) {
    const yaml::Node& v = *e.value;
    if (v.is_str()) {  // `select: PAY` is a one-item list
      out = {v.text};
      return true;
    }
    if (!v.is_seq()) {
      Error(v.span.empty() ? e.key->span : v.span,
            "'" + e.key->text + "' must be a list of strings, got " + std::string(v.TypeName()));
      return false;
    }
    out.clear();
    for (const yaml::NodePtr& item : v.items) {
      // Versions are often written bare (3.8 is a float in YAML): take their text.
      if (item->is_scalar() && !item->is_null() && item->kind != yaml::Kind::kBool) {
        out.push_back(item->text);
      } else {
        Error(item->span, "'" + e.key->text + "' entries must be strings, got " + item->Repr());
        return false;
      }
    }
    return true;
  }

  void Parse(Config& c) {
    const yaml::Node& root = *doc_.root;
    if (root.is_null()) return;  // an empty config file means the defaults
    if (!root.is_map()) {
      Error(root.span, "a config file must be a mapping of settings, got " + std::string(root.TypeName()));
      return;
    }
    for (const yaml::Entry& e : root.entries) {
      const std::string& key = e.key->text;
      const yaml::Node& v = *e.value;
      if (!e.key->is_str() || std::find(std::begin(kKeys), std::end(kKeys), key) == std::end(kKeys)) {
        Error(e.key->span, "unknown config key " + e.key->Repr(),
              DidYouMeanOr(key, kKeys,
                           "valid keys: select, extend-select, ignore, extend-ignore, per-file-ignores, severity, "
                           "triton, mitigations, mitigations-closed, environments, exclude, pairs, extends, "
                           "allow-suppressions, knowledge"));
        continue;
      }
      if (key == "extends") continue;  // handled by LoadConfig
      // Lists add to what `extends:` inherited; a `select:` replaces only the default (ALL).
      std::vector<std::string> list;
      if (key == "select" || key == "ignore" || key == "extend-select" || key == "extend-ignore") {
        if (!StringList(e, list)) continue;
        for (std::string& selector : list) selector = NormalizeSelector(selector);  // IDs are case-insensitive
        CheckSelectors(*e.value);
        if (key == "select") {
          if (!c.select_given) c.select.clear();
          c.select_given = true;
          Append(c.select, list);
        } else if (key == "extend-select") {
          Append(c.extend_select, list);
        } else {
          Append(c.ignore, list);
        }
      } else if (key == "triton") {
        ParseTriton(e, c);
      } else if (key == "aorta") {
        ParseAorta(e, c);
      } else if (key == "mitigations") {
        if (StringList(e, list)) Append(c.mitigations, list);
      } else if (key == "environments") {
        if (StringList(e, list)) Append(c.environments, list);
      } else if (key == "exclude") {
        if (StringList(e, list) && GlobsSupported(e, list)) Append(c.exclude, list);
      } else if (key == "per-file-ignores")
        ParsePerFileIgnores(e, c);
      else if (key == "knowledge") {
        if (v.is_str())
          c.knowledge = (fs::path(c.dir) / v.text).lexically_normal().string();
        else
          Error(v.span, "'knowledge' must be a path to a YAML table, got " + v.Repr());
      } else if (key == "allow-suppressions") {
        if (v.kind == yaml::Kind::kBool)
          c.allow_suppressions = v.boolean;
        else
          Error(v.span, "'allow-suppressions' must be true or false, got " + v.Repr());
      } else if (key == "mitigations-closed") {
        if (v.kind == yaml::Kind::kBool)
          c.mitigations_closed = v.boolean;
        else
          Error(v.span, "'mitigations-closed' must be true or false, got " + v.Repr());
      } else if (key == "severity") {
        ParseSeverity(e, c);
      } else if (key == "pairs") {
        ParsePairs(e, c);
      }
    }
  }

 private:
  void ParsePerFileIgnores(const yaml::Entry& e, Config& c) {
    if (!e.value->is_map()) {
      Error(e.value->span,
            "'per-file-ignores' must map file globs to rule IDs ({\"legacy/**\": [PAY001]}), got " + e.value->Repr());
      return;
    }
    for (const yaml::Entry& item : e.value->entries) {
      std::vector<std::string> selectors;
      if (!item.key->is_str() || item.key->text.empty()) {
        Error(item.key->span, "a 'per-file-ignores' key must be a file glob, got " + item.key->Repr());
        continue;
      }
      if (!StringList(item, selectors) || !GlobSupported(*item.key, item.key->text)) continue;
      for (std::string& selector : selectors) selector = NormalizeSelector(selector);
      CheckSelectors(*item.value);
      c.per_file_ignores.push_back({c.dir, item.key->text, std::move(selectors)});
    }
  }

  void ParseSeverity(const yaml::Entry& e, Config& c) {
    if (!e.value->is_map()) {
      Error(e.value->span, "'severity' must map rule IDs to error, warning, info or off, got " + e.value->Repr());
      return;
    }
    for (const yaml::Entry& s : e.value->entries) {
      std::string level = s.value->is_str()                                         ? s.value->text
                          : s.value->kind == yaml::Kind::kBool && !s.value->boolean ? "off"  // YAML 1.1: off is false
                                                                                    : "";
      static constexpr std::string_view kLevels[] = {"error", "warning", "info", "off"};
      if (std::find(std::begin(kLevels), std::end(kLevels), level) == std::end(kLevels)) {
        Error(s.value->span, "severity of " + s.key->Repr() + " must be error, warning, info or off, got " +
                                 s.value->Repr() + DidYouMean(level, kLevels));
        continue;
      }
      std::string selector = NormalizeSelector(s.key->text);
      CheckSelector(selector, s.key->span);
      c.severity[selector] = level;
    }
  }

  void ParseAorta(const yaml::Entry& e, Config& c) {
    const AortaTable& table = BuiltinAortaTable();
    if (!e.value->is_str() || !table.Find(e.value->text)) {
      Error(e.value->span, "'aorta' " + e.value->Repr() + " is not an aorta version aortalint knows",
            "write one of the commits " + table.Commits() + ", or newest");
      return;
    }
    c.aorta = e.value->text;
  }

  void ParseTriton(const yaml::Entry& e, Config& c) {
    if (!StringList(e, c.triton)) return;
    const std::vector<yaml::NodePtr> single{e.value};
    const std::vector<yaml::NodePtr>& items = e.value->is_seq() ? e.value->items : single;
    for (const yaml::NodePtr& item : items)
      if (!IsTritonVersion(item->text))
        Error(item->span, "'triton' entry " + item->Repr() + " is not a Triton version",
              "write it as pip shows it (3.7.1, 3.6.0+rocm7.2.4, 3.8) or main");
  }

  void ParsePairs(const yaml::Entry& e, Config& c) {
    if (!e.value->is_seq()) {
      Error(e.value->span, "'pairs' must be a list of {recipe: GLOB, command: COMMAND}, got " + e.value->Repr());
      return;
    }
    for (const yaml::NodePtr& item : e.value->items) {
      const yaml::Node* recipe = item->is_map() ? item->Get("recipe") : nullptr;
      const yaml::Node* command = item->is_map() ? item->Get("command") : nullptr;
      // `sources:` (optional): the HIP/C++ files that build the program the command runs.
      const yaml::Node* sources = item->is_map() ? item->Get("sources") : nullptr;
      bool sources_ok = !sources || sources->is_str() || sources->is_seq();
      if (sources && sources->is_seq())
        for (const yaml::NodePtr& s : sources->items) sources_ok &= s->is_str();
      if (!recipe || !command || !recipe->is_str() || !command->is_str() || !sources_ok ||
          item->entries.size() != (sources ? 3u : 2u)) {
        Error(item->span,
              "each pair must be {recipe: GLOB, command: COMMAND} with two strings (and optionally "
              "sources: [FILES] naming the HIP/C++ sources of the program), got " +
                  item->Repr());
        continue;
      }
      if (!GlobSupported(*recipe, recipe->text)) continue;
      if (command->text.find_first_not_of(" \t\n") == std::string::npos) {
        Error(command->span, "a pair's command is empty, so its recipes would run nothing",
              "write the command aorta runs after `--`, e.g. \"python payload.py\"");
        continue;
      }
      PairSpec pair{recipe->text, command->text, {}};
      if (sources && sources->is_str()) pair.sources.push_back(sources->text);
      if (sources && sources->is_seq())
        for (const yaml::NodePtr& s : sources->items) pair.sources.push_back(s->text);
      c.pairs.push_back(std::move(pair));
    }
  }

  const YamlDocument& doc_;
  std::vector<Diagnostic>& errors_;
};

// `root`: where the paths a config names must stay (empty for the first config of a chain, which sets it).
std::shared_ptr<const Config> LoadChain(const std::string& path, std::vector<Diagnostic>& errors, int depth,
                                        std::string root) {
  auto config = std::make_shared<Config>();
  YamlDocument doc = LoadYamlFile(path);
  ConfigParser parser(doc, errors);
  if (!doc.ok()) {
    parser.Error(doc.failure_span, doc.failure_message, doc.failure_help);
    return config;
  }
  for (const DuplicateKey& d : doc.duplicates) parser.Error(d.second, "duplicate config key " + d.key);
  std::string dir = fs::path(path).parent_path().string();
  // A config is a file a pull request may change: the paths it names are read only within its
  // repository, or, with no repository (an exported tree, a tarball), within the config's own
  // directory, so a CI run never prints a file of the runner's.
  if (root.empty()) {
    root = GitTop(dir.empty() ? "." : dir);
    if (root.empty()) root = fs::absolute(dir.empty() ? "." : dir).lexically_normal().string();
  }
  auto outside = [&](const std::string& file) { return !WithinRoot(file, root); };
  const std::string where = "outside the project '" + root + "' (its git repository, else the config's directory)";
  const std::string kOutsideHelp =
      "aortalint reads no file outside the project from a path written in a config: copy the file into the project";
  if (const yaml::Entry* ext = doc.root->is_map() ? doc.root->Find("extends") : nullptr) {
    if (!ext->value->is_str()) {
      parser.Error(ext->value->span, "'extends' must be a path to another config file, got " + ext->value->Repr());
    } else if (depth > 16) {
      parser.Error(ext->value->span, "'extends' chain is longer than 16 files (a cycle?)", "shorten it");
    } else {
      std::string parent = (fs::path(dir) / ext->value->text).lexically_normal().string();
      if (outside(parent)) {
        parser.Error(ext->value->span, "'extends' names '" + ext->value->text + "', which is " + where, kOutsideHelp);
      } else if (!fs::is_regular_file(parent)) {
        parser.Error(ext->value->span, "'extends' names '" + ext->value->text + "', which is not a file");
      } else {
        *config = *LoadChain(parent, errors, depth + 1, root);  // the child's keys then replace the parent's
      }
    }
  }
  config->path = path;
  config->dir = dir.empty() ? "." : dir;
  config->sources.push_back(path);
  std::string inherited_knowledge = config->knowledge;
  parser.Parse(*config);
  // A parent's table is inherited; a file that names its own loads it.
  if (!config->knowledge.empty() && (config->knowledge != inherited_knowledge || !config->triton_table)) {
    const yaml::Entry* k = doc.root->is_map() ? doc.root->Find("knowledge") : nullptr;
    if (config->knowledge != inherited_knowledge && outside(config->knowledge)) {
      parser.Error(k ? k->value->span : Span{}, "'knowledge' names '" + config->knowledge + "', which is " + where,
                   kOutsideHelp);
      config->knowledge = inherited_knowledge;
    } else if (!fs::is_regular_file(config->knowledge)) {
      parser.Error(k ? k->value->span : Span{}, "'knowledge' names '" + config->knowledge + "', which is not a file");
    } else {
      config->triton_table = LoadTritonTable(config->knowledge, BuiltinTritonTable(), errors);
    }
  }
  return config;
}

}  // namespace

bool GlobMatch(std::string_view p, std::string_view s) {
  // Iterative matcher with backtracking for `*` (stops at '/'); `**` tries the rest of the pattern at
  // every place it may end (`**/` at the start of each directory, none included), as git does.
  size_t pi = 0, si = 0;
  size_t star_p = std::string_view::npos, star_s = 0;
  while (si < s.size()) {
    if (pi + 1 < p.size() && p[pi] == '*' && p[pi + 1] == '*') {
      bool whole_dirs = pi + 2 < p.size() && p[pi + 2] == '/';
      std::string_view rest = p.substr(pi + (whole_dirs ? 3 : 2));
      for (size_t k = si; k <= s.size(); ++k)
        if ((k == si || !whole_dirs || s[k - 1] == '/') && GlobMatch(rest, s.substr(k))) return true;
      return false;
    }
    if (pi < p.size() && p[pi] == '*') {
      star_p = ++pi;
      star_s = si;
      continue;
    }
    if (pi < p.size() && p[pi] == '[') {
      size_t close = p.find(']', pi + 1);
      if (close != std::string_view::npos) {
        std::string_view set = p.substr(pi + 1, close - pi - 1);
        bool negate = !set.empty() && (set[0] == '!' || set[0] == '^');
        if (negate) set.remove_prefix(1);
        bool hit = false;
        for (size_t k = 0; k < set.size(); ++k) {
          if (k + 2 < set.size() && set[k + 1] == '-') {
            hit |= s[si] >= set[k] && s[si] <= set[k + 2];
            k += 2;
          } else {
            hit |= s[si] == set[k];
          }
        }
        if (hit != negate) {
          pi = close + 1;
          ++si;
          continue;
        }
      }
    } else if (pi + 1 < p.size() && p[pi] == '\\') {
      if (p[pi + 1] == s[si]) {  // `\x` is x itself (`\*`, `\?`, `\[`, and `\ ` for a trailing space)
        pi += 2;
        ++si;
        continue;
      }
    } else if (pi < p.size() && (p[pi] == '?' ? s[si] != '/' : p[pi] == s[si])) {
      ++pi;
      ++si;
      continue;
    }
    if (star_p == std::string_view::npos || s[star_s] == '/') return false;
    pi = star_p;
    si = ++star_s;
  }
  while (pi < p.size() && p[pi] == '*') ++pi;
  return pi == p.size();
}

namespace {

// A path as globs see it, worked out once for any number of patterns (a config may give thousands).
struct GlobSubject {
  std::string rel;                   // relative to the config's directory (the path itself outside it)
  std::string name;                  // its file name
  std::vector<std::string> parents;  // the directory names on `rel`
};

GlobSubject SubjectOf(const std::string& base_dir, const std::string& path) {
  std::error_code ec;
  fs::path abs = fs::absolute(path, ec).lexically_normal();
  fs::path base = fs::absolute(base_dir, ec).lexically_normal();
  GlobSubject s;
  s.rel = abs.lexically_relative(base).generic_string();
  if (s.rel.empty() || s.rel.rfind("..", 0) == 0) s.rel = fs::path(path).generic_string();
  s.name = abs.filename().string();
  for (const auto& part : fs::path(s.rel).parent_path()) s.parents.push_back(part.string());
  return s;
}

bool Matches(const std::string& pattern, const GlobSubject& s) {
  std::string_view p = pattern;
  while (p.starts_with("./")) p.remove_prefix(2);    // `./legacy/**` is `legacy/**`
  bool anchored = p.size() > 1 && p.front() == '/';  // `/legacy`: from the config's directory only, as in gitignore
  if (anchored) p.remove_prefix(1);
  std::string full(p);
  if (full.size() > 1 && full.back() == '/') full += "**";  // `legacy/` covers what is under it
  if (GlobMatch(full, s.rel)) return true;
  // A pattern without a slash matches a file name or a directory name anywhere.
  if (!anchored && full.find('/') == std::string::npos) {
    if (GlobMatch(full, s.name)) return true;
    for (const std::string& part : s.parents)
      if (GlobMatch(full, part)) return true;
    return false;
  }
  return GlobMatch(full + "/**", s.rel);
}

}  // namespace

bool PathMatchesGlob(const std::string& pattern, const std::string& base_dir, const std::string& path) {
  return Matches(pattern, SubjectOf(base_dir, path));
}

bool Config::Excludes(const std::string& path) const {
  if (exclude.empty()) return false;
  GlobSubject subject = SubjectOf(dir, path);
  for (const std::string& pattern : exclude)
    if (Matches(pattern, subject)) return true;
  return false;
}

bool PerFileIgnore::Silences(const std::string& path, std::string_view id) const {
  if (std::none_of(selectors.begin(), selectors.end(), [&](const std::string& s) { return SelectorMatches(s, id); }))
    return false;
  return PathMatchesGlob(glob, base_dir, path);
}

bool IsConfigFileName(std::string_view name) {
  return std::find(std::begin(kConfigFileNames), std::end(kConfigFileNames), name) != std::end(kConfigFileNames);
}

std::shared_ptr<const Config> LoadConfig(const std::string& path, std::vector<Diagnostic>& errors) {
  return LoadChain(path, errors, 0, "");
}

ConfigResolver::ConfigResolver(std::string forced, bool disabled) : forced_(std::move(forced)), disabled_(disabled) {
  auto defaults = std::make_shared<Config>();
  defaults->dir = ".";
  defaults_ = defaults;
  if (!forced_.empty()) {
    std::vector<Diagnostic> errors;
    defaults_ = LoadConfig(forced_, errors);
    errors_ = std::move(errors);
  }
}

std::shared_ptr<const Config> ConfigResolver::For(const std::string& file) {
  return ForFileIn(std::string(ParentOf(AbsoluteNormal(file))));
}

std::shared_ptr<const Config> ConfigResolver::ForFileIn(const std::string& dir) {
  if (disabled_ || !forced_.empty()) return defaults_;
  return ForDirectory(dir);
}

namespace {

// ruff's and isort's users write settings in pyproject.toml: a [tool.aortalint] table there is not read, and
// saying so beats a config that silently does nothing. The file is read as TOML (any spelling of the table);
// one that does not parse is named when it mentions aortalint.
std::optional<std::string> ForeignTableWarning(const std::string& dir, const DirectoryListing* listing) {
  constexpr std::string_view kName = "pyproject.toml";
  if ((listing ? listing->KindOf(dir, kName) : KindOf(dir, kName)) != EntryKind::kRegular) return std::nullopt;
  std::string path = (fs::path(dir) / kName).string();
  ReadResult read = ReadTextFile(path);
  if (!read.ok || read.text.find("aortalint") == std::string::npos) return std::nullopt;
  ForeignConfig toml = ReadToml(read.text);
  std::string settings = "aortalint does not read settings there; put them in .aortalint.yaml beside it";
  if (!toml.ok()) return "'" + path + "' does not parse as TOML (" + toml.error + "); " + settings;
  if (!Lookup(toml.doc, {"tool", "aortalint"})) return std::nullopt;
  return "'" + path + "' has a [tool.aortalint] table, which aortalint does not read; move its settings to " +
         ".aortalint.yaml beside it";
}

}  // namespace

std::shared_ptr<const Config> ConfigResolver::ForDirectory(const std::string& dir) {
  {
    std::lock_guard lock(mutex_);
    if (auto it = by_dir_.find(dir); it != by_dir_.end()) return it->second;
  }
  std::shared_ptr<const Config> config;
  // The first of the accepted names wins; a second one beside it is reported, not silently ignored.
  std::vector<fs::path> found;
  std::shared_ptr<const DirectoryListing> listing = ListingOf(dir);  // asked once for all the names
  for (std::string_view name : kConfigFileNames)
    if ((listing ? listing->KindOf(dir, name) : KindOf(dir, name)) == EntryKind::kRegular)
      found.push_back(fs::path(dir) / name);
  std::string top;  // a config found, not named, is followed through a link only within its repository
  if (!found.empty() && fs::is_symlink(found.front()) && !(top = GitTop(dir)).empty() &&
      !WithinRoot(found.front().string(), top)) {
    std::error_code ec;
    Diagnostic d;
    d.rule = "config";
    d.where.file = std::make_shared<SourceFile>(found.front().string(), "");
    d.message = "'" + found.front().string() + "' is a link to '" + fs::weakly_canonical(found.front(), ec).string() +
                "', outside the repository '" + top + "', so it was not read";
    d.help = "replace the link with the file, or give the config it leads to with --config";
    std::lock_guard lock(mutex_);
    errors_.push_back(std::move(d));
    config = defaults_;
  } else if (!found.empty()) {
    std::vector<Diagnostic> errors;
    config = LoadConfig(found.front().string(), errors);
    std::lock_guard lock(mutex_);
    errors_.insert(errors_.end(), errors.begin(), errors.end());
    for (size_t i = 1; i < found.size(); ++i)
      warnings_.push_back("'" + found[i].string() + "' is ignored: '" + found.front().string() +
                          "' sits beside it and is used; merge them into one file");
  } else {
    if (std::optional<std::string> warning = ForeignTableWarning(dir, listing.get())) {
      std::lock_guard lock(mutex_);
      warnings_.push_back(std::move(*warning));
    }
    std::string_view parent = ParentOf(dir);  // on strings: this runs for every directory of a walk
    config = parent == dir || parent.empty() ? defaults_ : ForDirectory(std::string(parent));
  }
  std::lock_guard lock(mutex_);
  return by_dir_.emplace(dir, config).first->second;
}

bool ConfigResolver::AnyPairs() {
  std::lock_guard lock(mutex_);
  return std::any_of(by_dir_.begin(), by_dir_.end(), [](const auto& dir) { return !dir.second->pairs.empty(); });
}

std::vector<std::string> ConfigResolver::TakeWarnings() {
  std::lock_guard lock(mutex_);
  return std::move(warnings_);
}

std::vector<Diagnostic> ConfigResolver::TakeErrors() {
  std::lock_guard lock(mutex_);
  return std::move(errors_);
}

}  // namespace aortalint
