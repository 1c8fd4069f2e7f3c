#include "base/dir_index.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <algorithm>
#include <array>
#include <cerrno>
#include <filesystem>
#include <mutex>
#include <shared_mutex>
#include <unordered_map>

#include "base/file_reader.h"
#include "base/leave_to_exit.h"
#include "base/paths.h"

namespace aortalint {
namespace {

EntryKind StatKind(const std::string& path) {
  NoteUnlisted();
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) return EntryKind::kAbsent;
  return S_ISREG(st.st_mode) ? EntryKind::kRegular : S_ISDIR(st.st_mode) ? EntryKind::kDirectory : EntryKind::kOther;
}

std::string Join(const std::string& dir, std::string_view name) {
  std::string path = dir == "/" ? "" : dir;
  path += '/';
  path += name;
  return path;
}

// A directory's listing in this run.
struct Taken {
  std::shared_ptr<const DirectoryListing> listing;  // null: could not be listed
  DirectoryStamp stamp;                             // the directory's, just before it was listed
  bool keep = false;                                // a later run may reuse it: listed, and settled when listed
  bool reused = false;                              // an earlier run's
};

// Looked up by string_view too: a path cut from a longer one needs no string made for the lookup.
struct PathHash {
  using is_transparent = void;
  size_t operator()(std::string_view path) const { return std::hash<std::string_view>()(path); }
};

struct Cache {
  std::shared_mutex mutex;  // shared to look up (every unit's module probes, from each thread), unique to change
  std::unordered_map<std::string, Taken, PathHash, std::equal_to<>> listings;
  bool keeping = false;            // the listings are kept for later runs: each directory is stamped
  KeptListings earlier;            // an earlier run's, less those this run looked at
  std::vector<std::string> stale;  // earlier ones found changed
  uint64_t generation = 0;         // which run's cache: a thread's last answer is only for this one
};
Cache* active = nullptr;  // set by the one ScopedDirectoryCache of a run
uint64_t generations = 0;

// Each thread's recent answers, in slots by the directory's hash. A walk asks about one directory
// many times in a row (its config, its .gitignore, each entry), and a recipe's pairing about the few
// above it (its project root): those need no lock, nor a search of every directory listed.
struct LastListing {
  uint64_t generation = 0;
  std::string dir;
  std::shared_ptr<const DirectoryListing> listing;
};
thread_local std::array<LastListing, 16> recent;

thread_local ScopedListingLog* listing_log = nullptr;

}  // namespace

ScopedListingLog::ScopedListingLog() : outer_(listing_log) { listing_log = this; }
ScopedListingLog::~ScopedListingLog() { listing_log = outer_; }

void NoteAsked(std::string_view dir, std::string_view name) {
  for (ScopedListingLog* log = listing_log; log; log = log->outer_)
    if (std::find_if(log->asked_.begin(), log->asked_.end(),
                     [&](const auto& q) { return q.first == dir && q.second == name; }) == log->asked_.end())
      log->asked_.emplace_back(dir, name);
}

void NoteUnlisted() {
  for (ScopedListingLog* log = listing_log; log; log = log->outer_) log->unlisted_ = true;
}

DirectoryListing::DirectoryListing(std::vector<std::pair<std::string, unsigned char>> entries)
    : entries_(std::move(entries)) {
  std::sort(entries_.begin(), entries_.end());
}

std::optional<unsigned char> DirectoryListing::TypeOf(std::string_view name) const {
  auto it = std::lower_bound(entries_.begin(), entries_.end(), name,
                             [](const auto& entry, std::string_view n) { return entry.first < n; });
  if (it == entries_.end() || it->first != name) return std::nullopt;
  return it->second;
}

EntryKind DirectoryListing::KindOf(const std::string& dir, std::string_view name) const {
  std::optional<unsigned char> type = TypeOf(name);
  if (!type) return EntryKind::kAbsent;
  switch (*type) {
    case DT_REG:
      return EntryKind::kRegular;
    case DT_DIR:
      return EntryKind::kDirectory;
    case DT_LNK:
    case DT_UNKNOWN:
      return StatKind(Join(dir, name));  // where the link leads, or a file system that does not say
    default:
      return EntryKind::kOther;
  }
}

ScopedDirectoryCache::ScopedDirectoryCache(std::optional<KeptListings> earlier) : owner_(!active) {
  if (!owner_) return;
  active = new Cache;
  active->keeping = earlier.has_value();
  if (earlier) active->earlier = std::move(*earlier);
  active->generation = ++generations;
}

std::optional<KeptListings> ScopedDirectoryCache::Keep(const std::vector<std::string>& within) const {
  if (!owner_ || !active->keeping) return std::nullopt;
  auto in_tree = [&within](const std::string& dir) {
    return std::any_of(within.begin(), within.end(), [&dir](const std::string& root) {
      return dir.starts_with(root) && (dir.size() == root.size() || root.ends_with('/') || dir[root.size()] == '/');
    });
  };
  std::lock_guard lock(active->mutex);
  bool changed = std::any_of(active->stale.begin(), active->stale.end(), in_tree);
  for (auto it = active->listings.begin(); !changed && it != active->listings.end(); ++it)
    changed = it->second.keep && !it->second.reused && in_tree(it->first);
  if (!changed) return std::nullopt;
  // A bound on what other trees' runs leave behind: past it, only this run's are kept.
  constexpr size_t kMaxKept = 200'000;
  KeptListings kept;
  if (active->earlier.size() + active->listings.size() <= kMaxKept) kept = active->earlier;
  for (const auto& [dir, taken] : active->listings)
    if (taken.keep && in_tree(dir)) kept[dir] = {taken.stamp, taken.listing->entries()};
  return kept;
}

ScopedDirectoryCache::~ScopedDirectoryCache() {
  if (!owner_) return;
  if (leave_to_exit_)
    detail::KeepReachable(active);
  else
    delete active;
  active = nullptr;
}

namespace {

DirectoryStamp StampOf(const struct stat& st) {
  return {static_cast<int64_t>(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec,
          static_cast<int64_t>(st.st_ctim.tv_sec) * 1'000'000'000 + st.st_ctim.tv_nsec, st.st_ino, st.st_dev};
}

// The names in `dir` with their types, by getdents64 on a descriptor (opendir() would add an
// fstat, and this runs for every directory of a walk); nothing when it cannot be listed.
std::optional<std::vector<std::pair<std::string, unsigned char>>> ReadDirectory(const std::string& dir) {
  int fd = ::open(ShortestSpelling(dir), O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return std::nullopt;
  std::vector<std::pair<std::string, unsigned char>> entries;
  alignas(8) char buf[32768];
  bool ok = true;
  for (;;) {
    ssize_t got = ::getdents64(fd, buf, sizeof buf);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) {
      ok = got == 0;
      break;
    }
    for (ssize_t at = 0; at < got;) {
      const auto* e = reinterpret_cast<const struct dirent64*>(buf + at);
      std::string_view name = e->d_name;
      if (name != "." && name != "..") entries.emplace_back(name, e->d_type);
      at += e->d_reclen;
    }
  }
  ::close(fd);
  if (!ok) return std::nullopt;
  return entries;
}

// The run's listing of `dir`: read on the first question (or an earlier run's, when the directory's
// stamp is the one it was listed under), kept after.
std::shared_ptr<const DirectoryListing> Listed(const std::string& dir) {
  {
    std::shared_lock lock(active->mutex);
    if (auto it = active->listings.find(dir); it != active->listings.end()) return it->second.listing;
  }
  Taken taken;
  int64_t listed_at = NowNs();
  struct stat st;
  bool stamped = active->keeping && ::stat(ShortestSpelling(dir), &st) == 0 && S_ISDIR(st.st_mode);
  if (stamped) taken.stamp = StampOf(st);
  std::optional<std::vector<std::pair<std::string, unsigned char>>> entries;
  {
    std::lock_guard lock(active->mutex);
    if (auto it = active->earlier.find(dir); it != active->earlier.end()) {
      if (stamped && it->second.stamp == taken.stamp)
        entries = std::move(it->second.entries);
      else
        active->stale.push_back(dir);
      active->earlier.erase(it);
    }
  }
  taken.reused = entries.has_value();
  if (!taken.reused) entries = ReadDirectory(dir);
  if (entries) {
    taken.listing = std::make_shared<const DirectoryListing>(std::move(*entries));
    // Changed within the slack of being listed: a change in the same tick would keep the stamp.
    taken.keep = stamped && std::max(taken.stamp.mtime_ns, taken.stamp.ctime_ns) + kTimestampSlackNs < listed_at;
  }
  std::lock_guard lock(active->mutex);
  return active->listings.emplace(dir, std::move(taken)).first->second.listing;
}

}  // namespace

namespace {

// ListingOf without a note in the log: for questions about one name, which note the name.
std::shared_ptr<const DirectoryListing> Cached(const std::string& dir) {
  if (!active) return nullptr;
  LastListing& last = recent[std::hash<std::string_view>()(dir) % recent.size()];
  if (last.generation == active->generation && last.dir == dir) return last.listing;
  std::shared_ptr<const DirectoryListing> listing = Listed(dir);
  last.generation = active->generation;
  last.dir.assign(dir);  // in the string's room from before: no allocation
  last.listing = listing;
  return listing;
}

}  // namespace

std::shared_ptr<const DirectoryListing> ListingOf(const std::string& dir) {
  if (listing_log) NoteAsked(dir, "");
  return Cached(dir);
}

bool ListedAbsent(const std::string& path) {
  if (!active || HasDotDot(path)) return false;
  std::string abs = AbsoluteNormal(path);
  // Its directory and the name in it, then the directory above and the name of the one below.
  std::pair<std::string_view, std::string_view> levels[2];
  std::string_view below = abs;
  for (auto& [dir, name] : levels) {
    dir = below.size() > 1 ? ParentOf(below) : std::string_view();
    name = dir.empty() ? std::string_view() : LastName(below);
    below = dir;
  }
  // Asked for each module an import could be (dir/os.py, dir/os/__init__.py): about one directory
  // at a time, so this thread's last answer spares the lock and the hash of a long path.
  thread_local LastListing held;
  auto absent_in = [](const std::shared_ptr<const DirectoryListing>& listing, std::string_view name) {
    return listing && !listing->TypeOf(name);
  };
  auto answered_by = [](std::string_view dir, std::string_view name) {
    if (listing_log) NoteAsked(dir, name);
    return true;
  };
  if (held.generation == active->generation)
    for (const auto& [dir, name] : levels)
      if (!dir.empty() && held.dir == dir && absent_in(held.listing, name)) return answered_by(dir, name);
  // The directory above first: when it lacks the one below, nothing under that is looked up.
  for (auto level = std::rbegin(levels); level != std::rend(levels); ++level) {
    const auto& [dir, name] = *level;
    if (dir.empty()) continue;
    std::shared_lock lock(active->mutex);
    auto it = active->listings.find(dir);
    if (it == active->listings.end()) continue;
    held = {active->generation, std::string(dir), it->second.listing};
    if (absent_in(held.listing, name)) return answered_by(dir, name);
  }
  return false;
}

EntryKind KindOf(const std::string& dir, std::string_view name) {
  if (std::shared_ptr<const DirectoryListing> listing = Cached(dir)) {
    if (listing_log) NoteAsked(dir, name);
    return listing->KindOf(dir, name);
  }
  // A directory that is not there, as the listing of the one above says: nothing is in it (a header
  // command naming `x/run.py` where there is no `x/`).
  if (std::string_view parent = ParentOf(dir); dir.starts_with('/') && !parent.empty() && parent != dir) {
    std::string_view base = LastName(dir);
    std::shared_ptr<const DirectoryListing> above = Cached(std::string(parent));
    if (above && !base.empty() && !above->TypeOf(base)) {
      if (listing_log) NoteAsked(parent, base);
      return EntryKind::kAbsent;
    }
  }
  return StatKind(Join(dir, name));
}

EntryKind KindOfPath(const std::string& path) {
  std::string abs = AbsoluteNormal(path);
  if (HasDotDot(path) || abs.ends_with('/')) return StatKind(path);  // `..` after a link; a directory's path
  std::string_view parent = ParentOf(abs);
  return KindOf(std::string(parent), LastName(abs));
}

std::optional<uint64_t> ListedAnswer(const std::string& dir, std::string_view name) {
  std::shared_ptr<const DirectoryListing> listing = Cached(dir);
  if (!listing) return std::nullopt;
  if (!name.empty()) return listing->TypeOf(name).value_or(0);
  uint64_t hash = 0xcbf29ce484222325ull;  // FNV-1a over each name and its type
  for (const auto& [entry, type] : listing->entries()) {
    for (char c : entry) hash = (hash ^ static_cast<unsigned char>(c)) * 0x100000001b3ull;
    hash = (hash ^ 0x100u ^ type) * 0x100000001b3ull;  // past any byte: no name runs into the next
  }
  return hash;
}

std::string GitTop(const std::string& dir) {
  std::string d = AbsoluteNormal(dir);
  if (d.size() > 1 && d.back() == '/') d.pop_back();
  for (;; d = std::string(ParentOf(d))) {
    if (KindOf(d, ".git") != EntryKind::kAbsent) return d;
    if (d == "/" || d.empty()) return "";
  }
}

namespace {

// WithinRoot's answer from the run's listings, when they can give it: a path
// written at or below `root` whose names below it are none of them a link resolves below
// wherever `root` itself leads. Spares every recipe's script the resolution of each of its
// directories. nullopt: a link, a `..`, a directory not listed, or a path written elsewhere.
std::optional<bool> WithinByListings(const std::string& path, const std::string& root) {
  if (HasDotDot(path) || HasDotDot(root)) return std::nullopt;
  std::string p = AbsoluteNormal(path), r = AbsoluteNormal(root);
  if (r.size() > 1 && r.back() == '/') r.pop_back();
  if (p.size() > 1 && p.back() == '/') p.pop_back();
  if (p == r) return true;
  if (!p.starts_with(r) || (r != "/" && p[r.size()] != '/')) return std::nullopt;
  for (size_t at = r == "/" ? 1 : r.size() + 1; at <= p.size();) {
    size_t end = std::min(p.find('/', at), p.size());
    std::string dir = at == 1 ? "/" : p.substr(0, at - 1);
    std::shared_ptr<const DirectoryListing> listing = Cached(dir);
    if (!listing) return std::nullopt;
    std::string_view name = std::string_view(p).substr(at, end - at);
    if (listing_log) NoteAsked(dir, name);
    std::optional<unsigned char> type = listing->TypeOf(name);
    if (!type) return true;  // what does not exist is resolved as written
    if (*type == DT_LNK || *type == DT_UNKNOWN) return std::nullopt;
    at = end + 1;
  }
  return true;
}

}  // namespace

bool WithinRoot(const std::string& path, const std::string& root) {
  // The repository's own data is not the project's: `.git/config` can hold the checkout's credentials.
  std::string lexical = AbsoluteNormal(path), top = AbsoluteNormal(root);
  if (!top.ends_with('/')) top += '/';
  if (lexical.starts_with(top) && HasGitName(std::string_view(lexical).substr(top.size()))) return false;
  if (std::optional<bool> within = WithinByListings(path, root)) return *within;
  NoteUnlisted();
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path p = fs::weakly_canonical(fs::absolute(path, ec), ec);
  fs::path r = fs::weakly_canonical(fs::absolute(root, ec), ec);
  if (ec) return false;
  fs::path rel = p.lexically_relative(r);
  if (HasGitName(rel.generic_string())) return false;
  return !rel.empty() && *rel.begin() != "..";
}

}  // namespace aortalint
