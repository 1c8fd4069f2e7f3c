// The result cache: a unit's diagnostics, keyed by the binary, the settings
// and the unit's files, stored with every file the analysis read (its size
// and modification time, as ninja and ruff judge staleness). A repeated run
// over unchanged files skips parsing and analysis. Entries live in 256
// binary shard files per working directory (engine/cache_format.h), read when
// first needed and written once per run, so linting one file reads and writes
// a few dozen entries.
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <ostream>
#include <set>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "base/file_reader.h"
#include "engine/cache_format.h"
#include "model/diagnostic.h"

namespace aortalint {

/// An entry's MAC: HMAC-SHA256 under the user's secret of its key, its build's tag and its body
/// (the files it read and its diagnostics), each after its length (no two different entries give one message).
std::string EntryMac(std::string_view secret, std::string_view key, std::string_view bin, std::string_view body);

/// Builds a cache key from the pieces fed to it, in order.
class CacheKey {
 public:
  CacheKey& Add(std::string_view bytes);
  std::string Hex() const;

 private:
  uint64_t a_ = 0xcbf29ce484222325ull;  // two lanes, mixed differently: 128 bits
  uint64_t b_ = 0x84222325cbf29ce4ull;
};

class ResultCache {
 public:
  /// Reads the cache of the working directory under `dir`; an empty `dir` disables it.
  explicit ResultCache(const std::string& dir);

  /// $AORTALINT_CACHE_DIR, else $XDG_CACHE_HOME/aortalint, else ~/.cache/aortalint.
  static std::string DefaultDir();
  /// Identifies this build of aortalint (its executable's size and time).
  static std::string BinaryStamp();
  /// BinaryStamp() hashed: what each entry's "bin" holds (an entry of another build is never served).
  static std::string BinaryTag();

  /// Where the user's cache secret lives: $XDG_STATE_HOME/aortalint/cache-secret, else
  /// ~/.local/state/aortalint/cache-secret. Entries are signed with it (HMAC-SHA256), so one edited
  /// by anyone without it is recomputed, never served.
  static std::string SecretPath();

  bool enabled() const { return !dir_.empty(); }
  /// Why the cache is off for this run although a directory was given (for --verbose); empty otherwise.
  const std::string& note() const { return note_; }
  /// The diagnostics stored under `key` when none of the files the analysis
  /// read has changed since; files are re-read only to show their lines
  /// (`known` supplies texts already in memory). Thread-safe.
  /// `flags`, when given, gets the ones Put stored with them; `stated`: files this run has looked at
  /// already (judged as they were then, as `known`'s are).
  std::optional<std::vector<Diagnostic>> Get(const std::string& key, const std::map<std::string, SourcePtr>& known,
                                             uint8_t* flags = nullptr, const FileStates& stated = {});
  /// Records `diagnostics` with the files they were computed from. Thread-safe.
  /// `dependencies`: each file the analysis read or looked for, with its
  /// identity as it was read (one edited since then no longer matches it).
  /// `flags`: what else the unit's run learned, which the caller will want back (its own bits).
  void Put(const std::string& key, const FileStates& dependencies, const std::vector<Diagnostic>& diagnostics,
           uint8_t flags = 0);
  /// What else is kept between runs, each in a file of its own beside the shards.
  enum class Kept { kListings, kLaunches };
  /// The body kept as `what` by this build, signed with the user's secret as entries are; nothing
  /// when there is none, or it was written or edited by anyone else.
  std::optional<std::string> ReadKept(Kept what) const;
  /// Keeps `body` as `what` for the next run (atomically).
  void WriteKept(Kept what, std::string_view body);
  /// The directory listings an earlier run kept (ScopedDirectoryCache::Keep), signed as entries are
  /// (empty when it holds none that this build wrote); nothing when the cache is off.
  std::optional<KeptListings> Listings() const;
  /// Keeps `listings` for the next run (atomically).
  void KeepListings(const KeptListings& listings);

  /// Writes the shards that changed (atomically), dropping entries of other
  /// builds, entries whose files are gone or unused for kMaxIdleDays, and the
  /// least recently used past kMaxEntriesPerShard.
  void Save();

  /// `aortalint clean`: removes the cache files under `dir` (only those the
  /// cache writes). Returns an exit code.
  static int Clean(const std::string& dir, std::ostream& out, std::ostream& err);

  static constexpr int64_t kMaxIdleDays = 30;
  static constexpr size_t kMaxEntriesPerShard = 2048;
  static constexpr size_t kMaxShardBytes = size_t{256} << 20;  // larger: an empty shard, rewritten

 private:
  // A shard is read whole and indexed by key: an entry is decoded only when
  // it is looked up, and Save writes the unchanged ones back as they were read.
  struct Shard {
    bool loaded = false;
    bool dirty = false;
    std::string bytes;              // the file as read; never changed once read
    std::deque<std::string> added;  // records stored this run
    RecordIndex records;            // key -> its record, in `bytes` or `added` (the key too)
  };
  /// The shard of `key`, read from disk on first use. Call with mutex_ held.
  Shard& ShardOf(const std::string& key) const;
  /// Get's answer from a record's bytes (throws on a value no run stores: a miss).
  std::optional<std::vector<Diagnostic>> FromRecord(const std::string& key, std::string_view bytes,
                                                    const std::map<std::string, SourcePtr>& known, uint8_t* flags,
                                                    const FileStates& stated);
  /// A hit: its day of use, `used`, is noted for Save() when it is not today.
  void NoteUse(const std::string& key, int64_t used) const;
  /// `path` as this run knows it: as it read it, if it did, else as it is now (looked at once per
  /// run: a config file is a dependency of every unit it applies to). `was_absent`: the entry found
  /// it absent (a module probe), so the run's listings may say it still is, with no stat.
  FileIdentity IdentityNow(const std::string& path, const std::map<std::string, SourcePtr>& known,
                           bool was_absent) const;

  std::string dir_;                                        // this working directory's shards; empty: disabled
  std::string secret_;                                     // the user's key for the entries' MACs
  std::string note_;                                       // why a cache asked for is disabled
  mutable std::set<std::string, std::less<>> used_today_;  // hits whose "used" day is stale
  uint64_t run_ = 0;  // this cache's own number in the process: what each thread's file states are for
  mutable std::array<Shard, 256> shards_;
  mutable std::shared_mutex mutex_;  // shared to look up a loaded shard (every unit, from each thread)
};

}  // namespace aortalint
