#include "driver/run_root.h"

#include <filesystem>
#include <optional>

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
