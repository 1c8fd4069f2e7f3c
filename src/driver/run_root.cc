#include "driver/run_root.h"

#include <filesystem>
#include <optional>

#include "base/file_reader.h"
#include "driver/pairing.h"

namespace aortalint {
namespace fs = std::filesystem;

namespace {

bool Under(const fs::path& path, const fs::path& dir) {
  fs::path rel = path.lexically_relative(dir);
  return !rel.empty() && *rel.begin() != "..";
}

// The longest leading run of directories `a` and `b` share.
fs::path CommonAncestor(const fs::path& a, const fs::path& b) {
  fs::path out;
  for (auto i = a.begin(), j = b.begin(); i != a.end() && j != b.end() && *i == *j; ++i, ++j) out /= *i;
  return out;
}

// The directory from which the header's `--recipe` leads to the recipe at `path` (absolute): the
// project root its author ran it from. None when the header names no relative --recipe, or another file.
std::optional<fs::path> HeaderRoot(const fs::path& path) {
  ReadResult read = ReadTextFile(path.string());
  std::optional<AortaCommand> command = read.ok ? FindAortaCommand(read.text) : std::nullopt;
  if (!command) return std::nullopt;
  const std::vector<std::string>& args = command->aorta_args;
  for (size_t i = 0; i < args.size(); ++i) {
    std::string value = args[i].starts_with("--recipe=")               ? args[i].substr(9)
                        : args[i] == "--recipe" && i + 1 < args.size() ? args[i + 1]
                                                                       : "";
    fs::path named = fs::path(value).lexically_normal();
    if (value.empty() || named.is_absolute() || *named.begin() == "..") continue;
    fs::path root = path;
    for (auto it = named.begin(); it != named.end(); ++it) root = root.parent_path();
    if (root / named == path) return root;
  }
  return std::nullopt;
}

}  // namespace

RunRoot NamedFilesRoot(const FileSet& files) {
  std::error_code ec;
  fs::path cwd = fs::current_path(ec).lexically_normal();
  std::optional<fs::path> common;
  bool all_under_cwd = true;
  for (const Candidate& c : files.recipes) {
    if (!c.named || !c.root.empty()) continue;
    fs::path dir = fs::absolute(c.path, ec).lexically_normal().parent_path();
    all_under_cwd &= Under(dir / "x", cwd);
    common = common ? CommonAncestor(*common, dir) : dir;
  }
  if (!common) return {};
  const std::string lead = "a named recipe with no .git or .aortalint.yaml above it resolves its header paths from ";
  if (all_under_cwd)
    return {cwd.string(), lead + "the working directory '" + cwd.string() + "' (every one named is under it)"};
  // An exported tree named from elsewhere: the outermost directory a header runs its recipe from, when
  // it holds every recipe named; else the directory they share.
  std::optional<fs::path> header;
  for (const Candidate& c : files.recipes) {
    if (!c.named || !c.root.empty()) continue;
    std::optional<fs::path> root = HeaderRoot(fs::absolute(c.path, ec).lexically_normal());
    if (root && Under(*common / "x", *root) && (!header || Under(*header / "x", *root))) header = root;
  }
  if (header && *header != *common)
    return {header->string(), lead + "'" + header->string() +
                                  "', from which the header's --recipe leads to the recipe (not all recipes named "
                                  "are under the working directory)"};
  return {common->string(), lead + "'" + common->string() +
                                "', the directory the recipes named share (not all are under the working "
                                "directory)"};
}

void ApplyRunRoot(FileSet& files, const RunRoot& root) {
  if (root.dir.empty()) return;
  for (Candidate& c : files.recipes)
    if (c.named && c.root.empty()) c.root = root.dir;
}

}  // namespace aortalint
