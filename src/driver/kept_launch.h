// Each recipe's role and launch, kept between runs beside the results with
// what they were found from: the recipe as read, and every answer the run's
// directory listings gave its pairing (a name in a directory, or a whole
// listing). A warm run reuses them while the recipe and those answers hold,
// and so reads no unchanged recipe and pairs none again; a pairing that asked
// the file system past the listings (a link followed, a compile database read,
// a `..` resolved) is never kept.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/dir_index.h"
#include "base/file_reader.h"
#include "driver/discover.h"
#include "driver/pairing.h"
#include "engine/cache.h"

namespace aortalint {

/// What a run learns of a recipe file before analysing it.
struct FoundLaunch {
  bool recipe = true;            // a recipe (or a named file, whose role is not asked)
  std::string why;               // why not a recipe, when not
  std::optional<Launch> launch;  // when found kept, only its kept parts (see SameKeptParts)
  FileIdentity identity;         // the recipe's, as the launch was found from it
};

/// The launches an earlier run kept, and this run's for the next. Find and Keep are thread-safe.
class KeptLaunches {
 public:
  /// Those `cache` keeps; none when it is off, or `on` is false (a launch command given).
  KeptLaunches(ResultCache& cache, bool on);
  ~KeptLaunches();

  /// The role and launch kept for `file` under `config` when neither the recipe nor an answer the
  /// listings gave its pairing has changed since. `ask_role`: whether the file's role is judged.
  std::optional<FoundLaunch> Find(const Candidate& file, const Config& config, bool ask_role);
  /// Keeps `found` for later runs; `consulted`: what its pairing asked of the listings (null: the
  /// role alone was judged, from the text).
  void Keep(const Candidate& file, const Config& config, bool ask_role, const FoundLaunch& found,
            const ScopedListingLog* consulted);
  /// Writes them for the next run when any changed.
  void Save();

  /// The body of the kept launches' file (integers little-endian, strings after their u32 length):
  ///   u32 count, then each answer a pairing was found from: the directory (absolute), the name asked
  ///       (empty for the whole listing), the answer (u64: ListedAnswer's);
  ///   u32 count, then each recipe, in byte order of its path: the path; its context (what else
  ///       the launch was found from, hashed); the recipe's identity; its answers, as a string of u32
  ///       indices into the list above; its tail: u8 a recipe (1) or not (0), why not, u8 a launch
  ///       (1) or none (0), the launch's kept parts: u8 source, base directory, then argv, payloads,
  ///       HIP sources and sidecars, each a u32 count of strings.
  struct Stored {
    struct Answer {
      std::string_view dir, name;
      uint64_t answer = 0;
    };
    struct Entry {
      std::string_view path, context;
      FileIdentity identity;
      std::string_view answers;  // u32 indices
      std::string_view tail;
    };
    std::string bytes;  // what the views point into
    std::vector<Answer> answers;
    std::vector<Entry> entries;
  };
  /// The kept launches in `body` (in memory that never moves: the views point into it); null for
  /// bytes Save did not write (bounds, path order, every answer's index and every tail are checked).
  static std::unique_ptr<const Stored> Decode(std::string body);

 private:
  /// What else than the file system and its text a file's launch is found from, as a hash.
  const std::string& ContextOf(const Candidate& file, const Config& config, bool ask_role) const;

  static std::atomic<uint64_t> instances_;
  const uint64_t instance_ = ++instances_;
  ResultCache& cache_;
  bool on_;
  std::unique_ptr<const Stored> earlier_;
  std::unique_ptr<std::atomic<uint8_t>[]> answer_state_;  // per earlier answer: 0 unasked, 1 the same, 2 changed
  std::unique_ptr<std::atomic<bool>[]> stale_;            // per earlier entry: found changed
  std::atomic<bool> any_stale_{false};
  std::mutex mutex_;
  std::map<std::string, std::string> fresh_;  // path -> its entry's fields, directories by name
};

/// Whether two launches agree in what a kept one holds: its source, base directory, argv, payloads,
/// HIP sources and sidecars (everything the result's key and the unit's settings are made from).
bool SameKeptParts(const Launch& a, const Launch& b);

}  // namespace aortalint
