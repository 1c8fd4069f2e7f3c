#include "driver/pairing.h"

#include <dirent.h>
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <functional>
#include <optional>

#include "base/dir_index.h"
#include "base/paths.h"
#include "driver/hip_sources.h"
#include "engine/sidecar.h"
#include "load/hip_loader.h"
#include "run/wrap.h"

namespace aortalint {
namespace fs = std::filesystem;

namespace {

bool IsShell(std::string_view name) {
  return name == "sh" || name == "bash" || name == "dash" || name == "zsh" || name == "ksh";
}

bool IsPythonFile(std::string_view s) { return s.size() > 3 && s.substr(s.size() - 3) == ".py"; }

// The Python files a launch runs: the script of a python launch, else every
// argument that names a .py file (`torchrun train.py`, `bash -c` aside).
std::vector<std::string> NamedScripts(const std::vector<std::string>& argv) {
  run::PythonLaunch launch = run::SplitPythonLaunch(argv);
  if (launch.ok() && !launch.script.empty()) return {launch.script};
  std::vector<std::string> out;
  bool shell = IsShell(argv.empty() ? "" : fs::path(argv[0]).filename().string());
  for (size_t i = 1; i < argv.size(); ++i) {
    const std::string& a = argv[i];
    // `sh -c 'python3 x.py'`, `bash -ec ...`, `python -c CODE`: what follows is
    // a command string or code, not a path.
    if (a == "-c" || (shell && a.size() > 1 && a[0] == '-' && a[1] != '-' && a.find('c') != std::string::npos)) break;
    if (!a.empty() && a[0] != '-' && IsPythonFile(a)) out.push_back(a);
  }
  return out;
}

// `root`: where a command written in a file (a header comment, a config's
// pairs:) may reach; empty for the command line, which the user typed. A
// script outside it is never read: a recipe in a pull request could otherwise
// make CI print (and --fix rewrite) any file the runner can read.
void AddHipFile(Launch& launch, const std::string& path) {
  if (std::find(launch.hip_files.begin(), launch.hip_files.end(), path) == launch.hip_files.end())
    launch.hip_files.push_back(path);
}

// `root`: the project root; also where a binary's sources are looked for.
void ResolveFiles(Launch& launch, const std::string& root) {
  bool contained = launch.pairing.source != LaunchSource::kCommandLine;
  for (const std::string& script : NamedScripts(launch.pairing.argv)) {
    fs::path p = fs::path(script).is_absolute() ? fs::path(script) : fs::path(launch.pairing.base_dir) / script;
    if (contained && !root.empty() && !WithinRoot(p.string(), root)) launch.pairing.outside.push_back(script);
    // A FIFO or device exists: it is loaded, and refused as not a regular file (SYN003), not called missing.
    else if (EntryKind kind = KindOfPath(p.string()); kind != EntryKind::kAbsent && kind != EntryKind::kDirectory)
      launch.files.push_back(NormalizePath(p.string()));
    // Python runs a directory through its __main__.py (SYN003 says when there is none).
    else if (kind == EntryKind::kDirectory && KindOfPath((p / "__main__.py").string()) != EntryKind::kAbsent)
      launch.files.push_back(NormalizePath((p / "__main__.py").string()));
    else
      launch.pairing.missing.push_back(script);
  }
  // HIP/C++ payloads: sources the command names, and those that build the binary it runs.
  for (const std::string& word : launch.pairing.argv) {
    if (word.empty() || word[0] == '-' || !HasHipExtension(word)) continue;
    fs::path p = fs::path(word).is_absolute() ? fs::path(word) : fs::path(launch.pairing.base_dir) / word;
    if (contained && !root.empty() && !WithinRoot(p.string(), root)) {
      if (std::find(launch.pairing.outside.begin(), launch.pairing.outside.end(), word) == launch.pairing.outside.end())
        launch.pairing.outside.push_back(word);
    } else if (KindOfPath(p.string()) == EntryKind::kRegular) {
      AddHipFile(launch, NormalizePath(p.string()));
    }
  }
  std::string binary = LaunchedBinary(launch.pairing.argv);
  if (!binary.empty()) NoteUnlisted();  // compile databases and the sources beside it: read past the listings
  if (!binary.empty())
    for (const std::string& source : SourcesBuilding(binary, launch.pairing.base_dir, root))
      if (!contained || root.empty() || WithinRoot(source, root))  // a compile database may list any path
        AddHipFile(launch, source);
}

// FindLaunch's search in architecture.md's order of precedence, into `launch`.
std::optional<Launch> FindLaunchOf(const std::string& recipe_path, std::string_view recipe_text,
                                   const std::vector<std::string>& command_line, const Config& config,
                                   const std::function<std::string()>& project_root, bool has_header);

}  // namespace

std::string NormalizePath(const std::string& path) {
  // On strings (this runs for every payload of every unit): relative to the working directory when below it.
  static const std::string cwd = AbsoluteNormal(".");  // "/a/b/" as AbsoluteNormal spells a directory
  if (HasDotDot(path)) NoteUnlisted();                 // the file system says where a `..` after a link leads
  std::string abs = AbsoluteResolved(path);
  if (abs + "/" == cwd || abs == cwd) return ".";
  if (abs.starts_with(cwd)) return abs.substr(cwd.size());
  return abs;
}

std::vector<std::string> SplitShellWords(std::string_view text) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\'') {
      size_t end = text.find('\'', i + 1);
      if (end == std::string_view::npos) end = text.size();
      word.append(text.substr(i + 1, end - i - 1));
      i = end;
      in_word = true;
    } else if (c == '"') {
      for (++i; i < text.size() && text[i] != '"'; ++i) {
        if (text[i] == '\\' && i + 1 < text.size() &&
            std::string_view("\"\\$`").find(text[i + 1]) != std::string_view::npos)
          ++i;
        word += text[i];
      }
      in_word = true;
    } else if (c == '\\' && i + 1 < text.size()) {
      word += text[++i];
      in_word = true;
    } else if (c == ' ' || c == '\t' || c == '\n') {
      if (in_word) words.push_back(std::move(word));
      word.clear();
      in_word = false;
    } else {
      word += c;
      in_word = true;
    }
  }
  if (in_word) words.push_back(std::move(word));
  return words;
}

namespace {

// Whether the words before `aorta ` on a comment line leave it a command: nothing, a label ("Usage:"),
// a shell prompt or variable assignments. Prose that mentions the command ("a bare `aorta sweep run`
// starts ...") is not one.
bool StartsCommand(std::string_view before) {
  std::vector<std::string> words = SplitShellWords(before);
  if (words.empty() || (words.size() == 1 && (words[0] == "$" || words[0].ends_with(':')))) return true;
  return std::ranges::all_of(words, [](const std::string& w) {
    size_t eq = w.find('=');
    return eq != std::string::npos && eq > 0 && (std::isalpha(static_cast<unsigned char>(w[0])) || w[0] == '_') &&
           w.find('`') == std::string::npos;
  });
}

// The first `aorta <group> run` comment line (with its continuations); `launching`: the first that
// launches something (FindHeaderCommand).
std::optional<AortaCommand> FindCommand(std::string_view text, bool launching) {
  // Comment lines only: (start offset of the comment's text, the text). The command's line holds
  // "aorta ": the lines before its first occurrence cannot, and a recipe without one has none.
  size_t first = text.find("aorta ");
  if (first == std::string_view::npos) return std::nullopt;
  size_t at = text.rfind('\n', first);
  at = at == std::string_view::npos ? 0 : at + 1;
  while (at < text.size()) {
    size_t eol = std::min(text.find('\n', at), text.size());
    std::string_view line = text.substr(at, eol - at);
    size_t hash = line.find_first_not_of(" \t");
    if (hash != std::string_view::npos && line[hash] == '#' && line.find("aorta ") != std::string_view::npos &&
        line.find("run") != std::string_view::npos) {
      // Join `\` continuations over the following comment lines.
      std::string joined;
      uint32_t begin = static_cast<uint32_t>(at + hash + 1), end = static_cast<uint32_t>(eol);
      size_t cur = at;
      while (true) {
        size_t e = std::min(text.find('\n', cur), text.size());
        std::string_view l = text.substr(cur, e - cur);
        size_t h = l.find_first_not_of(" \t");
        if (h == std::string_view::npos || l[h] != '#') break;
        std::string_view body = l.substr(h + 1);
        while (!body.empty() && (body.back() == ' ' || body.back() == '\t' || body.back() == '\r'))
          body.remove_suffix(1);
        end = static_cast<uint32_t>(cur + h + 1 + body.size());
        bool more = !body.empty() && body.back() == '\\';
        if (more) body.remove_suffix(1);
        joined += std::string(body) + " ";
        if (!more || e >= text.size()) break;
        cur = e + 1;
      }
      size_t sweep = joined.find("aorta ");
      if (sweep != std::string::npos && !StartsCommand(std::string_view(joined).substr(0, sweep))) {
        at = eol + 1;
        continue;
      }
      // A shell comment ends the command (`... r.yaml  # expect: SYN003`).
      if (size_t comment = joined.find(" #", sweep); sweep != std::string::npos && comment != std::string::npos)
        joined.resize(comment + 1);
      size_t dashes = joined.find(" -- ", sweep);
      size_t run = sweep == std::string::npos ? std::string::npos : joined.find(" run", sweep);
      if (run != std::string::npos && (dashes == std::string::npos || run < dashes)) {
        std::vector<std::string> argv =
            dashes == std::string::npos ? std::vector<std::string>{} : SplitShellWords(joined.substr(dashes + 4));
        size_t stop = dashes == std::string::npos ? joined.size() : dashes;
        std::vector<std::string> aorta_args = SplitShellWords(joined.substr(run + 4, stop - run - 4));
        std::vector<std::string> group = SplitShellWords(joined.substr(sweep + 6, run - sweep - 6));
        std::string_view raw = text.substr(begin, end - begin);
        uint32_t lead = static_cast<uint32_t>(raw.find_first_not_of(" \t"));
        bool aorta_group = group.size() == 1 && (group[0] == "sweep" || group[0] == "triage" || group[0] == "probe");
        if (launching ? !argv.empty() || !MitigationFiles(aorta_args).empty() : aorta_group)
          return AortaCommand{
              group.size() == 1 ? group[0] : "", std::move(aorta_args), std::move(argv), {begin + lead, end}, ""};
      }
    }
    at = eol + 1;
  }
  return std::nullopt;
}

}  // namespace

std::optional<AortaCommand> FindAortaCommand(std::string_view text) { return FindCommand(text, false); }

std::optional<AortaCommand> FindHeaderCommand(std::string_view text) { return FindCommand(text, true); }

bool IsProjectRoot(const std::string& dir) {
  return std::ranges::any_of(kProjectMarkers,
                             [&](std::string_view name) { return KindOf(dir, name) != EntryKind::kAbsent; });
}

std::string RepositoryRoot(const std::string& recipe_path, const std::string& config_dir,
                           const std::string& named_root) {
  // On strings, asking the run's listings (base/dir_index.h): every recipe of a run asks this of
  // the same few directories.
  std::string dir(ParentOf(AbsoluteNormal(recipe_path)));
  for (std::string d = dir; !d.empty(); d = std::string(ParentOf(d))) {
    // A config marks a project root too, so a recipe repository nested in
    // another checkout resolves from its own top, not the outer one's.
    if (IsProjectRoot(d)) return d;
    if (d == "/") break;
  }
  if (!config_dir.empty()) return config_dir;
  if (!named_root.empty()) {
    std::error_code ec;
    fs::path root = fs::absolute(named_root, ec).lexically_normal();
    fs::path rel = fs::path(dir).lexically_relative(root);
    if (!rel.empty() && *rel.begin() != "..") return root.string();
  }
  return dir;
}

std::optional<Launch> FindLaunch(const std::string& recipe_path, std::string_view recipe_text,
                                 const std::vector<std::string>& command_line, const Config& config,
                                 const std::string& named_root) {
  auto project_root = [&] { return RepositoryRoot(recipe_path, config.path.empty() ? "" : config.dir, named_root); };
  // The header command is judged as aorta's command line whatever pairs the recipe (ATT005, ATT006).
  std::optional<AortaCommand> documented = FindAortaCommand(recipe_text);
  if (documented) documented->root = project_root();
  std::optional<Launch> found =
      FindLaunchOf(recipe_path, recipe_text, command_line, config, project_root, documented.has_value());
  if (!found && documented) {  // a header without a command pairs nothing, yet is aorta's command line
    found = Launch{};
    found->pairing.source = LaunchSource::kHeaderComment;
    found->pairing.span = documented->span;
    found->pairing.base_dir = documented->root;
  }
  if (found) found->pairing.header = std::move(documented);
  return found;
}

namespace {

std::optional<Launch> FindLaunchOf(const std::string& recipe_path, std::string_view recipe_text,
                                   const std::vector<std::string>& command_line, const Config& config,
                                   const std::function<std::string()>& project_root, bool has_header) {
  Launch launch;
  Pairing& p = launch.pairing;
  if (!command_line.empty()) {
    p.source = LaunchSource::kCommandLine;
    p.argv = command_line;
    p.base_dir = ".";
    ResolveFiles(launch, project_root());
    return launch;
  }
  if (!config.pairs.empty()) {
    for (const PairSpec& spec : config.pairs) {
      if (!PathMatchesGlob(spec.recipe, config.dir.empty() ? "." : config.dir, recipe_path)) continue;
      p.source = LaunchSource::kConfig;
      p.argv = SplitShellWords(spec.command);
      p.base_dir = config.dir.empty() ? "." : config.dir;
      std::string root = project_root();
      for (const std::string& source : spec.sources) {
        fs::path file = fs::path(source).is_absolute() ? fs::path(source) : fs::path(p.base_dir) / source;
        if (!WithinRoot(file.string(), root))  // as for a header comment: the config is a file in the project too
          p.sources_outside.push_back(source);
        else if (KindOfPath(file.string()) !=
                 EntryKind::kAbsent)  // one that cannot be read (a directory, a FIFO) is loaded: HIP006 names it
          AddHipFile(launch, NormalizePath(file.string()));
        else
          p.missing.push_back(source);
      }
      ResolveFiles(launch, root);
      return launch;
    }
  }
  if (std::optional<AortaCommand> header = has_header ? FindHeaderCommand(recipe_text) : std::nullopt) {
    p.source = LaunchSource::kHeaderComment;
    p.argv = std::move(header->argv);
    p.span = header->span;
    // The defaults (no config file) have no directory of their own: never the current one.
    p.base_dir = project_root();
    for (const std::string& file : MitigationFiles(header->aorta_args)) {
      std::string path = NormalizePath(fs::path(file).is_absolute() ? file : (fs::path(p.base_dir) / file).string());
      // As for scripts: a file written in the recipe is never read outside the project.
      if (p.base_dir.empty() || WithinRoot(path, p.base_dir))
        p.sidecars.push_back(path);
      else
        p.sidecars_outside.push_back(file);
    }
    ResolveFiles(launch, p.base_dir);
    return launch;
  }
  // On strings: a warm run pairs every recipe again (the cache key holds the payloads).
  size_t slash = recipe_path.rfind('/');
  std::string_view file_name = std::string_view(recipe_path).substr(slash == std::string::npos ? 0 : slash + 1);
  if (file_name == "recipe.yaml" || file_name == "recipe.yml") {
    std::error_code ec;
    std::string dir = slash == std::string::npos ? "." : slash == 0 ? "/" : recipe_path.substr(0, slash);
    std::string abs_dir = AbsoluteNormal(dir);
    if (abs_dir.size() > 1 && abs_dir.back() == '/') abs_dir.pop_back();
    std::optional<std::string> root;  // asked only for a link
    auto add = [&](const std::string& name, bool link) {
      bool python = IsPythonFile(name);
      if (!python && !HasHipExtension(name)) return;
      std::string path = dir.ends_with('/') ? dir + name : dir + "/" + name;
      // A link beside the recipe is followed only within the project, as a header comment's path is.
      if (link) {
        if (!root) root = project_root();
        if (!WithinRoot(path, *root)) return p.outside.push_back(name);
      }
      // HIP sources beside it too (a .cpp that is not HIP is dropped when it is read).
      (python ? launch.files : launch.hip_files).push_back(NormalizePath(path));
    };
    if (std::shared_ptr<const DirectoryListing> listing = ListingOf(abs_dir)) {
      // The run's listing of the directory (the walk and the config lookup read it too).
      for (const auto& [name, type] : listing->entries())
        if (listing->KindOf(abs_dir, name) == EntryKind::kRegular) add(name, type != DT_REG);
    } else {
      NoteUnlisted();
      for (const fs::directory_entry& e : fs::directory_iterator(dir, ec))
        if (e.is_regular_file(ec)) add(e.path().filename().string(), e.is_symlink(ec));
    }
    if (launch.files.empty() && launch.hip_files.empty() && p.outside.empty()) return std::nullopt;
    std::sort(launch.files.begin(), launch.files.end());
    std::sort(launch.hip_files.begin(), launch.hip_files.end());
    p.source = LaunchSource::kDirectory;
    p.base_dir = dir;
    return launch;
  }
  return std::nullopt;
}

}  // namespace

}  // namespace aortalint
