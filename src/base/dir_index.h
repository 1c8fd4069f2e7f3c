// Directory listings kept for one run. The walk, the config lookup (four
// names per directory), .gitignore (two) and pairing by directory (the
// files beside a recipe) all ask what a directory holds: listed once, each
// question is a lookup instead of a stat.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
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

/// What stat() says of a directory that its listing depends on: adding, removing or renaming an
/// entry stamps a later mtime and ctime on the directory (git's untracked cache judges it so).
struct DirectoryStamp {
  int64_t mtime_ns = 0, ctime_ns = 0;
  uint64_t inode = 0, device = 0;
  friend bool operator==(const DirectoryStamp&, const DirectoryStamp&) = default;
};
/// A directory's listing as a run took it, with the directory's stamp when it was taken.
struct KeptListing {
  DirectoryStamp stamp;
  std::vector<std::pair<std::string, unsigned char>> entries;  // name, dirent d_type; in byte order
};
/// Listings kept between runs, by directory (absolute and normal).
using KeptListings = std::unordered_map<std::string, KeptListing>;

/// While one lives, ListingOf keeps each directory's listing for the rest of
/// the run (a `check`); a long-lived process (the language server) keeps none.
class ScopedDirectoryCache {
 public:
  /// `earlier`: an earlier run's listings (Keep's), each reused while its directory's stamp is the
  /// same; nothing when this run's listings are not to be kept (no stamps are taken).
  explicit ScopedDirectoryCache(std::optional<KeptListings> earlier = std::nullopt);
  ~ScopedDirectoryCache();
  ScopedDirectoryCache(const ScopedDirectoryCache&) = delete;
  ScopedDirectoryCache& operator=(const ScopedDirectoryCache&) = delete;

  /// The listings a later run may reuse, when they differ from `earlier`: this run's of the
  /// directories at or below `within` (the run's own tree: those above it, a home or /tmp, change
  /// all the time and are few), less those changed within kTimestampSlackNs of being listed (a
  /// change in the same tick would keep the stamp), and the earlier ones this run did not look at.
  /// Nothing when there is nothing new.
  std::optional<KeptListings> Keep(const std::vector<std::string>& within) const;

  /// At its end, the listings are left to the process's exit (base/leave_to_exit.h), not freed.
  void LeaveToExit() { leave_to_exit_ = true; }

 private:
  bool owner_;  // the outermost one; an inner one shares its cache
  bool leave_to_exit_ = false;
};

/// The listing of `dir` (absolute and normal, as AbsoluteNormal gives it), read
/// once while a ScopedDirectoryCache lives; null without one, or when the
/// directory cannot be listed (the caller then asks the file system itself).
std::shared_ptr<const DirectoryListing> ListingOf(const std::string& dir);

/// Whether the listings this run already holds say `path` does not exist: its directory, or the one
/// above, is listed without it. False when they cannot say (nothing is listed to answer).
bool ListedAbsent(const std::string& path);

/// What `dir/name` is, as stat() would say: from the run's listing of `dir` when kept, else by stat().
EntryKind KindOf(const std::string& dir, std::string_view name);
/// KindOf for any path (relative to the working directory, or absolute); one with a `..` by stat().
EntryKind KindOfPath(const std::string& path);

/// While one lives on a thread, records each question the run's listings answered (a name in a
/// directory: KindOf, KindOfPath, WithinRoot, ListedAbsent; or a whole directory: ListingOf), and
/// whether any question went past them (a link followed, a `..` resolved, a directory that could not
/// be listed): what a recipe's pairing depends on, so a later run can reuse it while the listings
/// give the same answers (ListedAnswer).
class ScopedListingLog {
 public:
  ScopedListingLog();
  ~ScopedListingLog();
  ScopedListingLog(const ScopedListingLog&) = delete;
  ScopedListingLog& operator=(const ScopedListingLog&) = delete;
  /// Each question once, in the order first asked: (directory, name), the name empty for the whole listing.
  const std::vector<std::pair<std::string, std::string>>& asked() const { return asked_; }
  /// Whether a question was answered by the file system itself, not by a listing.
  bool unlisted() const { return unlisted_; }

 private:
  friend void NoteAsked(std::string_view dir, std::string_view name);
  friend void NoteUnlisted();
  std::vector<std::pair<std::string, std::string>> asked_;
  bool unlisted_ = false;
  ScopedListingLog* outer_;
};
/// For code that asks the file system itself (a stat, a link resolved) while a ScopedListingLog lives.
void NoteUnlisted();

/// This run's listing's answer to a question ScopedListingLog recorded: the type `name` is listed with
/// in `dir` (a dirent d_type; 0 when absent), or for an empty name a hash of every entry of `dir`;
/// nullopt when `dir` cannot be listed (or no ScopedDirectoryCache lives).
std::optional<uint64_t> ListedAnswer(const std::string& dir, std::string_view name);

/// The nearest directory at or above `dir` that holds `.git` (absolute and normal); "" when none does.
std::string GitTop(const std::string& dir);

/// Whether `path` lies at or below `root`, both with symlinks resolved (from the run's listings
/// where no name on the way is a link), and not inside a `.git` directory there: the
/// repository's own data (its config can hold the checkout's credentials) is no file of the project.
bool WithinRoot(const std::string& path, const std::string& root);

}  // namespace aortalint
