// Reads a file as UTF-8 text, refusing what a linter cannot read: missing,
// unreadable, a directory, too large, binary (NUL bytes) or not UTF-8.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace aortalint {

/// What a file was when it was read: enough to tell any later change apart
/// (`touch -r` or `cp -p` can restore an mtime, not a ctime or an inode).
/// A file last changed more than kTimestampSlackNs ago is told apart by its
/// times alone: any later change stamps a later ctime. Only a file changed more
/// recently has its contents hashed, as two edits within one tick of a coarse
/// clock share their times (git's rule for racy entries); so a run that finds
/// unchanged files stats them, and does not read them.
struct FileIdentity {
  bool exists = false;
  int64_t size = 0, mtime_ns = 0, ctime_ns = 0;
  uint64_t inode = 0, device = 0;
  uint64_t hash = 0;  // of the contents, for a recent file up to kIdentityHashBytes; else 0
  friend bool operator==(const FileIdentity&, const FileIdentity&) = default;
};
inline constexpr size_t kIdentityHashBytes = 64u << 10;

/// Files something read or looked for, each with its identity then (what a
/// result depends on).
using FileStates = std::vector<std::pair<std::string, FileIdentity>>;

/// Now, on the clock file times are stamped from (nanoseconds since the epoch).
int64_t NowNs();
/// How far a file's times may lag the moment it changed: the kernel stamps them
/// from a coarse clock, and some file systems keep whole seconds (FAT two).
inline constexpr int64_t kTimestampSlackNs = 2'000'000'000;

/// The identity of `path` now (stat, and the contents hashed when small); `exists` false when absent.
FileIdentity IdentityOf(const std::string& path);
/// Whether `now`, a settled file's identity (its times alone), is the file whose identity was `then`,
/// taken while it was recent (its contents hashed): every other field the same and its contents, read
/// again, hashing the same (git's second look at a racy entry). A file edited within the same tick of
/// the clock keeps its times, not its contents.
bool SettledSince(const FileIdentity& then, const FileIdentity& now, const std::string& path);
/// A 64-bit hash of `bytes`, to tell a changed file from an unchanged one.
uint64_t ContentHash(std::string_view bytes);

struct ReadResult {
  bool ok = false;
  FileIdentity identity;    // as it was read (from the open file); not set for overlay texts
  std::string text;         // the contents when ok
  std::string error;        // why not, in a diagnostic's words: "file is binary (NUL byte at offset 12)"
  size_t error_offset = 0;  // where in the file, when it is about a byte
  std::string help;         // what to do about the error, when there is something to say
};

/// Files larger than this are refused before they are read into memory.
inline constexpr size_t kMaxFileBytes = 16u << 20;

/// Reads `path`, or its text in the overlay installed on this thread (ScopedFileOverlay).
ReadResult ReadTextFile(const std::string& path, size_t max_bytes = kMaxFileBytes);

/// ReadTextFile without the text checks (any bytes): the same refusals of
/// what is not a regular file, never blocking, and the same size bound.
ReadResult ReadRegularFile(const std::string& path, size_t max_bytes);

/// ReadTextFile for a C or C++ source, read as Clang reads it: a byte that is
/// not UTF-8 (a Latin-1 `©` in a licence comment) is accepted and replaced by
/// '?', so every offset stays the file's; NUL bytes are still refused (binary).
ReadResult ReadSourceFile(const std::string& path);

/// Capture files (Proton's .hatchet and chrome traces) can be far larger than a recipe.
inline constexpr size_t kMaxCaptureBytes = size_t{1} << 30;

/// Texts that stand in for files during one run (stdin under
/// --stdin-filename, the files --fix and --diff change in memory), by the
/// path they stand for. A run owns it; it is not changed while a pass reads.
class FileOverlay {
 public:
  void Set(const std::string& path, std::string text);
  const std::string* Find(const std::string& path) const;
  bool empty() const { return texts_.empty(); }

 private:
  std::map<std::string, std::string> texts_;  // by absolute, normalised path
};

/// Makes the reads on this thread see `overlay` first while it lives (null:
/// none). A run installs its overlay on each thread it reads files on, so two
/// runs in one process never see each other's texts.
class ScopedFileOverlay {
 public:
  explicit ScopedFileOverlay(const FileOverlay* overlay);
  ~ScopedFileOverlay();
  ScopedFileOverlay(const ScopedFileOverlay&) = delete;
  ScopedFileOverlay& operator=(const ScopedFileOverlay&) = delete;
  /// The overlay installed on this thread, or null.
  static const FileOverlay* Current();

 private:
  const FileOverlay* outer_;
};

namespace detail {
/// ReadTextFile (as_text) and ReadRegularFile.
ReadResult ReadFile(const std::string& path, size_t max_bytes, bool as_text);
}  // namespace detail

/// Records the paths ReadTextFile reads on this thread while it lives, so the
/// result cache knows every file an analysis depended on (PAY003 follows
/// imports into files nobody named).
class ScopedReadLog {
 public:
  ScopedReadLog();
  ~ScopedReadLog();
  ScopedReadLog(const ScopedReadLog&) = delete;
  ScopedReadLog& operator=(const ScopedReadLog&) = delete;
  /// Each file read or probed, with its identity as it was then.
  const FileStates& reads() const { return reads_; }

 private:
  friend ReadResult detail::ReadFile(const std::string&, size_t, bool);
  friend void NoteProbe(const std::string&);
  FileStates reads_;
  ScopedReadLog* outer_;
};

/// Records in the read logs that an analysis looked for `path` (a module that
/// may not exist): creating it later must invalidate the cached result.
void NoteProbe(const std::string& path);

/// Checks `text` is valid UTF-8 without NUL bytes; fills `error`, the offset and, when
/// given, what to do (`help`) when not.
bool CheckText(std::string_view text, std::string* error, size_t* offset, std::string* help = nullptr);

}  // namespace aortalint
