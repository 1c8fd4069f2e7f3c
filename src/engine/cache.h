// The result cache: a unit's diagnostics, keyed by the binary, the settings
// and the unit's files, stored with every file the analysis read (its size
// and modification time, as ninja and ruff judge staleness). A repeated run
// over unchanged files skips parsing and analysis. Entries live in 256
// shard files per working directory, read when first needed and written once
// per run, so linting one file reads and writes a few dozen entries.
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "base/file_reader.h"
#include "model/diagnostic.h"

namespace aortalint {

/// A shard file's JSON: what nlohmann::json::parse gives (and throws), faster
/// for the plain JSON the cache writes.
nlohmann::json ParseShard(std::string_view text);

/// An entry's MAC: HMAC-SHA256 under the user's secret of its key, its build's tag and the texts of its
/// dependencies and its diagnostics, each after its length (no two different entries give one message).
std::string EntryMac(std::string_view secret, std::string_view key, std::string_view bin, std::string_view read,
                     std::string_view diagnostics);

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
  std::optional<std::vector<Diagnostic>> Get(const std::string& key,
                                             const std::map<std::string, SourcePtr>& known) const;
  /// Records `diagnostics` with the files they were computed from. Thread-safe.
  /// `dependencies`: each file the analysis read or looked for, with its
  /// identity as it was read (one edited since then no longer matches it).
  void Put(const std::string& key, const FileStates& dependencies, const std::vector<Diagnostic>& diagnostics);
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
  // A shard is read as text and indexed by key (an entry a line): an entry is
  // parsed only when it is looked up, and Save writes the unchanged ones back
  // as they were read.
  struct Shard {
    bool loaded = false;
    bool dirty = false;
    std::string text;               // the file as read; never changed once read
    std::deque<std::string> texts;  // entries held nowhere in `text`: stored this run, or from a shard parsed whole
    std::unordered_map<std::string, std::string_view> entries;  // key -> its entry's JSON text, in `text` or `texts`
  };
  /// The shard of `key`, read from disk on first use. Call with mutex_ held.
  Shard& ShardOf(const std::string& key) const;
  /// Get's answer from an entry, parsed or as its JSON text.
  std::optional<std::vector<Diagnostic>> FromEntry(const std::string& key, const nlohmann::json& entry,
                                                   const std::map<std::string, SourcePtr>& known) const;
  std::optional<std::vector<Diagnostic>> FromEntry(const std::string& key, std::string_view raw,
                                                   const std::map<std::string, SourcePtr>& known) const;
  /// A hit: its day of use, `used`, is noted for Save() when it is not today.
  void NoteUse(const std::string& key, int64_t used) const;
  /// Whether the state of `path` as this run knows it (as read, if it was, else StateNow), as
  /// StateJson dumps it, is `text`.
  bool StateTextIs(const std::string& path, const std::map<std::string, SourcePtr>& known, std::string_view text) const;

  /// The state of a file an entry depends on, looked at once per run (a config
  /// file is a dependency of every unit it applies to).
  nlohmann::json StateNow(const std::string& path) const;

  std::string dir_;                                                 // this working directory's shards; empty: disabled
  std::string secret_;                                              // the user's key for the entries' MACs
  std::string note_;                                                // why a cache asked for is disabled
  mutable std::set<std::string> used_today_;                        // hits whose "used" day is stale
  mutable std::unordered_map<std::string, nlohmann::json> states_;  // StateNow's answers
  mutable std::unordered_map<std::string, std::string> state_texts_;  // and their dumps
  mutable std::array<Shard, 256> shards_;
  mutable std::mutex mutex_;
};

}  // namespace aortalint
