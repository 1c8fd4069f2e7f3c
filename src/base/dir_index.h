// Directory listings kept for one run. The walk, the config lookup (four
// names per directory), .gitignore (two) and pairing by directory (the
// files beside a recipe) all ask what a directory holds: listed once, each
// question is a lookup instead of a stat.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace aortalint {

enum class EntryKind { kAbsent, kRegular, kDirectory, kOther };

/// One directory's names with their types as listed (symlinks and unknown types are resolved on demand).
class DirectoryListing {
 public:
  explicit DirectoryListing(std::vector<std::pair<std::string, unsigned char>> entries);  // name, dirent d_type
  /// What `dir/name` is, as stat() would say (a symlink followed): absent when not listed.
  EntryKind KindOf(const std::string& dir, std::string_view name) const;
  /// The type `name` was listed with (a dirent d_type: DT_LNK for a link); nullopt when not listed.
  std::optional<unsigned char> TypeOf(std::string_view name) const;
  /// Every name listed, in byte order.
  const std::vector<std::pair<std::string, unsigned char>>& entries() const { return entries_; }

 private:
  std::vector<std::pair<std::string, unsigned char>> entries_;
};

/// While one lives, ListingOf keeps each directory's listing for the rest of
/// the run (a `check`); a long-lived process (the language server) keeps none.
class ScopedDirectoryCache {
 public:
  ScopedDirectoryCache();
  ~ScopedDirectoryCache();
  ScopedDirectoryCache(const ScopedDirectoryCache&) = delete;
  ScopedDirectoryCache& operator=(const ScopedDirectoryCache&) = delete;

 private:
  bool owner_;  // the outermost one; an inner one shares its cache
};

/// The listing of `dir` (absolute and normal, as AbsoluteNormal gives it), read
/// once while a ScopedDirectoryCache lives; null without one, or when the
/// directory cannot be listed (the caller then asks the file system itself).
std::shared_ptr<const DirectoryListing> ListingOf(const std::string& dir);

/// What `dir/name` is, as stat() would say: from the run's listing of `dir` when kept, else by stat().
EntryKind KindOf(const std::string& dir, std::string_view name);
/// KindOf for any path (relative to the working directory, or absolute); one with a `..` by stat().
EntryKind KindOfPath(const std::string& path);

/// The nearest directory at or above `dir` that holds `.git` (absolute and normal); "" when none does.
std::string GitTop(const std::string& dir);

/// Whether `path` lies at or below `root`, both with symlinks resolved (from the run's listings
/// where no name on the way is a link), and not inside a `.git` directory there: the
/// repository's own data (its config can hold the checkout's credentials) is no file of the project.
bool WithinRoot(const std::string& path, const std::string& root);

}  // namespace aortalint
