#include "driver/discover.h"

#include <dirent.h>
#include <sys/stat.h>
#include <algorithm>
#include <cctype>
#include <climits>
#include <cstring>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <unordered_set>

#include "base/dir_index.h"
#include "base/edit_distance.h"
#include "base/paths.h"
#include "model/recipe_keys.h"
#include "model/sanitizer_plan.h"

#include "driver/gitignore.h"
#include "driver/pairing.h"

#include "base/strings.h"
#include "load/hip_loader.h"
#include "load/knowledge_loader.h"

namespace aortalint {
namespace fs = std::filesystem;
namespace {

// A file name's extension as std::filesystem gives it (none for ".", ".." or a
// dot file), on strings: the walk asks it of every file.
std::string_view ExtensionOf(std::string_view name) {
  size_t slash = name.rfind('/');
  if (slash != std::string_view::npos) name.remove_prefix(slash + 1);
  size_t dot = name.rfind('.');
  return dot == std::string_view::npos || dot == 0 || name == ".." ? std::string_view() : name.substr(dot);
}
// aorta's load_recipe_mapping reads `.json` with json.loads and anything else as YAML.
bool IsRecipeSuffix(std::string_view name) {
  std::string_view extension = ExtensionOf(name);
  return extension == ".yaml" || extension == ".yml" || extension == ".json";
}
bool IsPython(std::string_view name) { return ExtensionOf(name) == ".py"; }

// `name`: the directory's own name; `abs`: its AbsoluteNormal() path.
bool SkipDirectory(std::string_view name, const std::string& abs) {
  if (name.empty()) return false;
  if (name[0] == '.' && name != "." && name != "..") return true;  // .git, .venv, .tox, ...
  if (name == "node_modules" || name == "__pycache__" || name == "build" || name.starts_with("build-") ||
      name == "venv" || name == "site-packages")
    return true;
  // Any virtual environment; from the run's listing of the directory (read again when the walk enters it).
  if (ListingOf(abs)) return KindOf(abs, "pyvenv.cfg") != EntryKind::kAbsent;
  std::error_code ec;
  return fs::exists(abs + "/pyvenv.cfg", ec);
}
bool SkipDirectory(const fs::path& dir) { return SkipDirectory(dir.filename().string(), AbsoluteNormal(dir.string())); }

// `dir` joined with one of its entries' names. A listing's names are plain components, so a
// normal `dir` gives a normal path (what lexically_normal() would make of it).
std::string JoinNormal(const std::string& dir, std::string_view name) {
  if (dir == "." || dir == "./") return std::string(name);
  std::string path;
  path.reserve(dir.size() + 1 + name.size());
  path += dir;
  if (!dir.ends_with('/')) path += '/';
  path += name;
  return path;
}

// Whether `config` excludes the directory `dir` (what is under it: `dir/` patterns match so).
bool ExcludesDirectory(const Config& config, const std::string& dir) {
  return !config.exclude.empty() && config.Excludes(dir + "/x");
}

// `p`, which the walk could not enter: a candidate whose diagnostic (SYN003) says why and what to do.
Candidate Unenterable(const fs::path& p, const std::error_code& ec, bool directory, const std::string& root) {
  Candidate c{p.lexically_normal().string(), true, root};
  std::string what = directory ? "the directory cannot be listed" : "the file cannot be looked up";
  std::string nothing = directory ? "so nothing under it was checked" : "so nothing in it was checked";
  size_t length = p.native().size();
  if (ec == std::errc::filename_too_long || length >= PATH_MAX) {
    c.walk_error = what + " (" + ec.message() + ": the path is " + std::to_string(length) +
                   " bytes long, and the system allows " + std::to_string(PATH_MAX - 1) + "), " + nothing;
    c.walk_help = "shorten the names on its path, or exclude it in .aortalint.yaml";
  } else {
    c.walk_error = what + " (" + ec.message() + "), " + nothing;
    c.walk_help = "give read and search permission on it, or exclude it in .aortalint.yaml";
  }
  return c;
}

// `p`, a link that leads outside `where` ("the project root '/r'"): a candidate SYN003 reports.
Candidate LinkOutside(const fs::path& p, const std::string& where, const std::string& walked, std::string help) {
  std::error_code ec;
  Candidate c{p.lexically_normal().string(), true, walked};
  c.walk_error =
      "it is a link to '" + fs::weakly_canonical(p, ec).string() + "', outside " + where + ", so it was not read";
  c.walk_help = std::move(help);
  return c;
}

}  // namespace

namespace {

// Python's str.strip() over ASCII whitespace (a line: no newline in it).
std::string_view TrimLine(std::string_view s) { return Trim(s, " \t\r\f\v"); }

// A key at the start of `s` ("key", 'key' or plain) followed by ':'; empty when none.
std::optional<std::string> KeyAt(std::string_view s) {
  if (s.empty()) return std::nullopt;
  std::string key;
  size_t i = 0;
  if (s[0] == '"' || s[0] == '\'') {
    char q = s[0];
    for (i = 1; i < s.size() && s[i] != q; ++i) {
      if (q == '"' && s[i] == '\\' && i + 1 < s.size()) ++i;
      key += s[i];
    }
    if (i >= s.size()) return std::nullopt;
    ++i;
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    if (i < s.size() && s[i] == ':') return key;
    return std::nullopt;
  }
  for (; i < s.size(); ++i) {
    char c = s[i];
    if (c == ':' && (i + 1 == s.size() || s[i + 1] == ' ' || s[i + 1] == '\t' || s[i + 1] == '\r' || s[i + 1] == '\n' ||
                     s[i + 1] == ',' || s[i + 1] == '}'))
      return std::string(TrimLine(s.substr(0, i)));
    if (c == '#' && i > 0 && (s[i - 1] == ' ' || s[i - 1] == '\t')) return std::nullopt;
    if (c == ',' || c == '{' || c == '}' || c == '[' || c == ']') return std::nullopt;
  }
  return std::nullopt;
}

// Keys at depth 1 of a flow mapping or JSON object starting at text[0] == '{'.
// `emit` gets each key in turn and returns false to stop.
using KeySink = std::function<bool(std::string&&)>;

void FlowKeys(std::string_view text, const KeySink& emit) {
  int depth = 0;
  bool expect_key = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '"' || c == '\'') {
      size_t j = i + 1;
      for (; j < text.size() && text[j] != c; ++j)
        if (c == '"' && text[j] == '\\') ++j;
      if (depth == 1 && expect_key)
        if (std::optional<std::string> k = KeyAt(text.substr(i)); k && !emit(std::move(*k))) return;
      expect_key = false;
      i = j;
    } else if (c == '{' || c == '[') {
      ++depth;
      expect_key = depth == 1;
    } else if (c == '}' || c == ']') {
      if (--depth <= 0) return;
    } else if (c == ',' && depth == 1) {
      expect_key = true;
    } else if (c == '#' && (i == 0 || text[i - 1] == ' ' || text[i - 1] == '\n')) {
      size_t eol = text.find_first_of("\r\n", i);
      i = eol == std::string_view::npos ? text.size() : eol;
    } else if (expect_key && depth == 1 && c != ' ' && c != '\t' && c != '\r' && c != '\n') {
      if (std::optional<std::string> k = KeyAt(text.substr(i)); k && !emit(std::move(*k))) return;
      expect_key = false;
    }
  }
}

// The recipe vocabulary of every mode: recipe_keys.yaml's top level and
// deferred keys, and sanitizer_plan.yaml's top level.
const std::vector<std::string>& Vocabulary();

// Vocabulary() as a set, for the per-key lookup of every YAML file the walk finds.
bool InVocabulary(const std::string& key) {
  static const std::unordered_set<std::string_view> words(Vocabulary().begin(), Vocabulary().end());
  return words.count(key) > 0;
}

const std::vector<std::string>& Vocabulary() {
  static const std::vector<std::string> words = [] {
    std::vector<std::string> out;
    for (const KeyDoc& k : BuiltinRecipeKeys().top_level) out.push_back(k.name);
    for (const std::string& k : BuiltinRecipeKeys().deferred) out.push_back(k);
    for (const SanitizerKey& k : BuiltinSanitizerKeys().Block("top_level")->keys)
      if (std::ranges::find(out, k.name) == out.end()) out.push_back(k.name);
    return out;
  }();
  return words;
}

// A typo of `schema_version` or `mode` (a recipe that must be linted, not skipped).
std::optional<std::string> NearMiss(const std::string& key) {
  std::string lower = AsciiLower(key);
  if (lower != key && (lower == "schema_version" || lower == "mode")) return lower;
  std::string squashed;
  for (char c : lower)
    if (c != '_' && c != '-' && c != ' ') squashed += c;
  if (key != "schema_version" && (squashed == "schemaversion" || EditDistance(lower, "schema_version") <= 3))
    return "schema_version";
  // `mode` is short: only a transposition (`mdoe`) is a typo, not `model` or `node`.
  if (key != "mode" && lower.size() == 4 && EditDistance(lower, "mode") == 1 && lower != "node" && lower != "code" &&
      lower != "made" && lower != "more" && lower != "move" && lower != "mod" &&
      std::ranges::is_permutation(lower, std::string_view("mode")))
    return "mode";
  return std::nullopt;
}

}  // namespace

namespace {

// The top-level keys of `text` in order, to `emit` until it returns false.
void ForEachTopLevelKey(std::string_view text, const KeySink& emit) {
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  size_t at = 0;
  while (at < text.size()) {
    // The line ends at the first LF or CR (each breaks a YAML line); memchr, as most lines are skipped.
    std::string_view rest = text.substr(at);
    const void* lf = std::memchr(rest.data(), '\n', rest.size());
    size_t length = lf ? static_cast<const char*>(lf) - rest.data() : rest.size();
    if (const void* cr = std::memchr(rest.data(), '\r', length)) length = static_cast<const char*>(cr) - rest.data();
    std::string_view line = rest.substr(0, length);
    if (!line.empty() && line[0] == '{') {  // JSON or a flow mapping
      FlowKeys(rest, emit);
      return;
    }
    // Indented, a comment, a sequence or a document marker (`---` starts with '-'), a directive.
    bool skip = line.empty() || line[0] == ' ' || line[0] == '\t' || line[0] == '#' || line[0] == '-' ||
                line[0] == '%' || line.starts_with("...");
    if (!skip)
      if (std::optional<std::string> k = KeyAt(line); k && !emit(std::move(*k))) return;
    at += length + 1;
  }
}

}  // namespace

std::vector<std::string> TopLevelKeys(std::string_view text) {
  std::vector<std::string> out;
  ForEachTopLevelKey(text, [&out](std::string&& key) {
    out.push_back(std::move(key));
    return true;
  });
  return out;
}

namespace {

// ClassifyFile; without `explain` the reason is left empty and the keys are
// read only until the verdict is sure (two recipe keys are usually the first two lines).
FileVerdict Classify(std::string_view path, std::string_view text, bool explain) {
  // Names by string (as std::filesystem's filename() and extension() give them): this runs for every YAML file.
  auto last_name = [](std::string_view p) {
    size_t slash = p.rfind('/');
    return slash == std::string_view::npos ? p : p.substr(slash + 1);
  };
  std::string_view name = last_name(path);
  std::string_view extension = ExtensionOf(name);
  if (IsConfigFileName(name)) return {FileRole::kConfig, "aortalint's own config"};
  if (extension == ".py") return {FileRole::kPayload, "a Python file"};
  bool json = extension == ".json";
  if (extension != ".yaml" && extension != ".yml" && !json) return {FileRole::kOther, "not .yaml, .yml or .json"};
  std::string_view parent = path.substr(0, path.size() - name.size());
  if (parent.ends_with("/")) parent.remove_suffix(1);
  if (last_name(parent) == "workflows" && parent.size() > 9 &&
      last_name(parent.substr(0, parent.size() - 10)) == ".github")
    return {FileRole::kOther, "a GitHub workflow"};
  if (name == ".pre-commit-config.yaml" || name == ".pre-commit-hooks.yaml")
    return {FileRole::kOther, "a pre-commit config"};
  if (name.starts_with("docker-compose") || name == "compose.yaml" || name == "compose.yml" ||
      name.starts_with("compose."))
    return {FileRole::kOther, "a compose file"};
  std::vector<std::string> keys, known;
  keys.reserve(8);  // grown once, not at each of a recipe's first keys
  ForEachTopLevelKey(text, [&](std::string&& key) {
    if (InVocabulary(key) && std::ranges::find(known, key) == known.end()) known.push_back(key);
    keys.push_back(std::move(key));
    return explain || known.size() < 2;
  });
  if (!explain && known.size() >= 2) return {FileRole::kRecipe, ""};
  auto list = [](const std::vector<std::string>& v) { return Join(v); };
  if (known.size() >= 2)
    return {FileRole::kRecipe, std::to_string(known.size()) + " recipe keys (" + list(known) + ")"};
  // A near miss of a recipe key makes a recipe with a typo, unless most of the keys are foreign: a
  // PyTorch profiler trace has `schemaVersion` among a dozen keys of its own.
  size_t near = 0;
  std::string first_near;
  for (const std::string& k : keys)
    if (std::optional<std::string> miss = NearMiss(k); miss && near++ == 0)
      first_near = "key '" + k + "' is a near miss of '" + *miss + "'";
  size_t foreign = keys.size() - known.size() - near;
  // One strong key is a recipe's too, unless the foreign keys outnumber it: another tool's
  // JSON (`{"schema_version": "ddg-0.1", "config": ..., "kernel": ...}`) is not aorta's shape.
  for (std::string_view strong : {"schema_version", "collect", "sanitizer_plan"})
    if (std::ranges::find(known, strong) != known.end()) {
      if (foreign <= known.size() + near) return {FileRole::kRecipe, "a '" + std::string(strong) + "' key"};
      return {FileRole::kOther, "one recipe key ('" + std::string(strong) + "'), but " + std::to_string(foreign) +
                                    " of its " + std::to_string(keys.size()) + " top-level keys are no recipe's"};
    }
  if (near && foreign <= known.size() + near) return {FileRole::kRecipe, first_near};
  if (near)
    return {FileRole::kOther, first_near + ", but " + std::to_string(foreign) + " of its " +
                                  std::to_string(keys.size()) + " top-level keys are no recipe's"};
  if (keys.empty()) return {FileRole::kOther, "no top-level mapping keys"};
  return {FileRole::kOther, known.empty() ? "no recipe key at the top level (" + list(keys).substr(0, 80) + ")"
                                          : "one recipe key only (" + list(known) + ")"};
}

// One file named (or found) under several spellings (`a.yaml ./x/../a.yaml`, relative and absolute,
// a link and its target) is linted once, as ruff does: twice would report each finding twice and
// have --fix write it twice. The relative spelling, and the file over a link to it, is kept.
void KeepOneSpelling(std::vector<Candidate>& list) {
  std::map<std::string, size_t> by_path;                  // AbsoluteNormal (a link's: its target) -> index kept
  std::map<std::pair<dev_t, ino_t>, size_t> by_identity;  // named files: what they lead to
  std::vector<Candidate> kept;
  for (Candidate& c : list) {
    std::optional<std::pair<dev_t, ino_t>> identity;
    if (struct stat st; c.named && c.walk_error.empty() && ::stat(c.path.c_str(), &st) == 0 && S_ISREG(st.st_mode))
      identity = std::pair(st.st_dev, st.st_ino);
    std::error_code ec;
    std::string key = c.link ? AbsoluteNormal(fs::weakly_canonical(c.path, ec).string()) : AbsoluteNormal(c.path);
    auto [at, fresh] = by_path.emplace(key, kept.size());
    size_t same = at->second;
    if (fresh && identity) {
      auto [id_at, id_fresh] = by_identity.emplace(*identity, kept.size());
      if (!id_fresh) fresh = false, same = id_at->second;
    }
    if (fresh) {
      kept.push_back(std::move(c));
      continue;
    }
    Candidate& other = kept[same];
    other.named |= c.named;
    if ((other.link && !c.link) || (!c.path.starts_with('/') && other.path.starts_with('/'))) {
      other.path = std::move(c.path);
      other.link = c.link;
    }
  }
  std::sort(kept.begin(), kept.end());
  list = std::move(kept);
}

}  // namespace

FileVerdict ClassifyFile(std::string_view path, std::string_view text) { return Classify(path, text, true); }

FileRole RoleOf(std::string_view path, std::string_view text) { return Classify(path, text, false).role; }

bool LooksLikeRecipe(std::string_view text) { return RoleOf("recipe.yaml", text) == FileRole::kRecipe; }

FileSet Discover(const std::vector<std::string>& paths, ConfigResolver& configs, bool respect_gitignore,
                 const std::vector<std::string>& extend_exclude) {
  FileSet files;
  // --extend-exclude: globs relative to the working directory, on top of each config's `exclude:`.
  Config command_line;
  command_line.dir = ".";
  command_line.exclude = extend_exclude;
  auto excludes = [&](const Config& config, const std::string& path) {
    return config.Excludes(path) || command_line.Excludes(path);
  };
  GitIgnore gitignore;
  // The walk asks about every entry of a directory in turn: the config of the last directory is kept.
  std::string last_parent = "\n";  // no path's directory
  std::shared_ptr<const Config> last_config;
  auto excluded = [&](const std::string& path) {
    std::optional<std::string_view> parent = PlainParent(path);
    if (!parent || *parent != last_parent) {
      last_config = configs.For(path);
      last_parent = parent ? std::string(*parent) : "\n";
    }
    return excludes(*last_config, path);
  };
  for (const std::string& path : paths) {
    std::error_code ec;
    // Named, a link is followed, unless it sits in a git repository and leads out of it: a CI
    // job that names the files a pull request changed (git diff, git ls-files) names links too.
    std::string link = path.size() > 1 && path.back() == '/' ? path.substr(0, path.find_last_not_of('/') + 1) : path;
    if (std::string top = fs::is_symlink(link, ec) ? GitTop(std::string(ParentOf(AbsoluteNormal(link)))) : "";
        !top.empty() && !WithinRoot(link, top)) {
      if (!excluded(link))
        files.recipes.push_back(
            LinkOutside(link, "the repository '" + top + "'", "",
                        "a link in a git repository is followed only within it (a job that names a pull request's "
                        "files names its links too): name what it leads to instead"));
      continue;
    }
    if (!fs::is_directory(path, ec)) {
      // aortalint's own config, named (a job that names every changed file): not a recipe. Loading it
      // is its check: its errors are reported as every config's are.
      if (IsConfigFileName(fs::path(path).filename().string()) && fs::is_regular_file(path, ec)) {
        configs.For(path);
        continue;
      }
      if (excluded(path)) {
        files.skipped.emplace_back(path, last_config->Excludes(path)
                                             ? "excluded by the exclude: of " + last_config->path
                                             : std::string("excluded by --extend-exclude"));
        continue;
      }
      // Recipes are YAML or JSON: a named `pyproject.toml` or `pytest.ini` (a job passing every changed
      // file) is no recipe, and reading it as YAML would only report a syntax error that is not there. (A
      // FIFO or a device goes on, to be refused as not a regular file: SYN003.)
      if (!IsRecipeSuffix(path) && !IsPython(path) && !HasHipExtension(path) && fs::is_regular_file(path, ec)) {
        files.skipped.emplace_back(path, "not a recipe (.yaml, .yml, .json), a payload (.py) or a HIP/C++ source");
        continue;
      }
      (IsPython(path)          ? files.payloads
       : HasHipExtension(path) ? files.hip
                               : files.recipes)
          .push_back({fs::path(path).lexically_normal().string(), true});
      continue;
    }
    // Depth first, by hand: a directory that cannot be listed is reported, not skipped. The
    // directories waiting are normal (lexically_normal) paths, as given or under what was given.
    // Each as given and as AbsoluteNormal() gives it (empty: not computed yet), with its config when
    // known (looked up for its parent's exclude check).
    struct Pending {
      std::string dir_name, abs_dir;
      std::shared_ptr<const Config> config;
    };
    std::vector<Pending> pending = {{fs::path(path).lexically_normal().string(), "", nullptr}};
    while (!pending.empty()) {
      auto [dir_name, abs_dir, config] = std::move(pending.back());
      pending.pop_back();
      if (abs_dir.empty()) abs_dir = AbsoluteNormal(dir_name);
      // A root given as "." or "dir/" comes back as "/a/b/": one spelling per directory, or its listing is
      // read twice and its config looked up (and its warnings said) under two names.
      if (abs_dir.size() > 1 && abs_dir.back() == '/') abs_dir.pop_back();
      // The run's listing of the directory (base/dir_index.h) when it can be had: the config lookup,
      // .gitignore and pairing read the same one. Regular files and directories are taken from it,
      // on strings; anything else (a symlink, an unknown type) and a directory that cannot be listed
      // go through std::filesystem as before, so what is skipped or reported stays the same.
      if (std::shared_ptr<const DirectoryListing> listing = ListingOf(abs_dir)) {
        bool all_plain = true;
        for (const auto& [name, type] : listing->entries()) all_plain &= type == DT_REG || type == DT_DIR;
        if (all_plain) {
          std::shared_ptr<const Config> here = config ? config : configs.ForFileIn(abs_dir);
          for (const auto& [name, type] : listing->entries()) {
            std::string p = JoinNormal(dir_name, name);
            if (type == DT_DIR) {
              std::string abs = JoinNormal(abs_dir, name);
              if (SkipDirectory(name, abs)) continue;
              std::shared_ptr<const Config> within = configs.ForFileIn(abs);
              if (!ExcludesDirectory(*within, p) && !ExcludesDirectory(command_line, p) &&
                  !(respect_gitignore && gitignore.IgnoredIn(abs_dir, name, true)))
                pending.push_back({std::move(p), std::move(abs), std::move(within)});
              continue;
            }
            if (respect_gitignore && gitignore.IgnoredIn(abs_dir, name, false)) continue;
            if (IsRecipeSuffix(name)) {
              if (!IsConfigFileName(name) && !excludes(*here, p))
                files.recipes.push_back({std::move(p), false, path, "", "", false, here});
            } else if (IsPython(name) && !excludes(*here, p)) {
              files.payloads.push_back({std::move(p), false, path});
            }
          }
          continue;
        }
      }
      fs::path dir(dir_name);
      std::error_code list_ec;
      fs::directory_iterator it(dir, list_ec), end;
      for (; !list_ec && it != end; it.increment(list_ec)) {
        const fs::path& p = it->path();
        std::error_code entry_ec;
        if (it->is_directory(entry_ec)) {
          if (it->is_symlink(entry_ec)) continue;  // never followed, as git does not
          if (!SkipDirectory(p) && !excluded((p / "x").string()) &&
              !(respect_gitignore && gitignore.Ignored(p.string(), true)))
            pending.push_back({p.lexically_normal().string(), "", nullptr});
          continue;
        }
        if (entry_ec && entry_ec != std::errc::no_such_file_or_directory &&
            entry_ec != std::errc::too_many_symbolic_link_levels && !excluded(p.string())) {
          // Neither a dangling link nor a loop: a name the system cannot look up (too long, no permission).
          files.recipes.push_back(Unenterable(p, entry_ec, /*directory=*/false, path));
          continue;
        }
        if (!it->is_regular_file(entry_ec)) continue;
        if (respect_gitignore && gitignore.Ignored(p.string(), false)) continue;
        std::string file = p.lexically_normal().string();
        if ((IsRecipeSuffix(p.native()) || IsPython(p.native())) && it->is_symlink(entry_ec) && !excluded(file)) {
          // A link is followed only within the project, so a link in a pull request cannot make a CI
          // run print (or --fix rewrite) a file of the runner's. Named on the command line, it is read.
          const Config& config = *configs.For(file);
          std::string root = RepositoryRoot(file, config.path.empty() ? "" : config.dir, path);
          if (!WithinRoot(file, root)) {
            files.recipes.push_back(
                LinkOutside(p, "the project root '" + root + "'", path,
                            "a link found in a walk is followed only within the project: check the file it leads to by "
                            "naming it, or exclude the link in .aortalint.yaml"));
            continue;
          }
        }
        bool link = it->is_symlink(entry_ec);
        if (IsRecipeSuffix(p.native())) {
          // Whether it looks like a recipe is decided when it is read, so each file is read once.
          if (!IsConfigFileName(p.filename().string()) && !excluded(file))
            files.recipes.push_back({file, false, path, "", "", link});
        } else if (IsPython(p.native()) && !excluded(file)) {
          files.payloads.push_back({file, false, path, "", "", link});
        }
      }
      if (list_ec) files.recipes.push_back(Unenterable(dir, list_ec, /*directory=*/true, path));
    }
  }
  // A file both named and found in a walk is named: it is checked whatever it holds.
  for (std::vector<Candidate>* list : {&files.recipes, &files.payloads, &files.hip}) {
    std::sort(list->begin(), list->end(), [](const Candidate& a, const Candidate& b) {
      return a.path != b.path ? a.path < b.path : a.named > b.named;
    });
    list->erase(std::unique(list->begin(), list->end()), list->end());
    if (paths.size() > 1 || std::any_of(list->begin(), list->end(), [](const Candidate& c) { return c.link; }))
      KeepOneSpelling(*list);
  }
  return files;
}

}  // namespace aortalint
