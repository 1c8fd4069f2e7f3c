// Reads a file as UTF-8 text, refusing what a linter cannot read: missing,
// unreadable, a directory, too large, binary (NUL bytes) or not UTF-8.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace aortalint {

struct ReadResult {
  bool ok = false;
  std::string text;     // the contents when ok
  std::string error;    // why not, in a diagnostic's words: "file is binary (NUL byte at offset 12)"
  size_t error_offset = 0;  // where in the file, when it is about a byte
};

/// Files larger than this are refused before they are read into memory.
inline constexpr size_t kMaxFileBytes = 16u << 20;

/// Reads `path`, or its text in the overlay when one was set for it.
ReadResult ReadTextFile(const std::string& path, size_t max_bytes = kMaxFileBytes);

/// Makes ReadTextFile return `text` for `path` (stdin, files fixed in memory).
/// Set by the driver before analysis starts; every loader then sees it.
void SetFileOverlay(const std::string& path, std::string text);
void ClearFileOverlay();

/// Records the paths ReadTextFile reads on this thread while it lives, so the
/// result cache knows every file an analysis depended on (PAY003 follows
/// imports into files nobody named).
class ScopedReadLog {
 public:
  ScopedReadLog();
  ~ScopedReadLog();
  ScopedReadLog(const ScopedReadLog&) = delete;
  ScopedReadLog& operator=(const ScopedReadLog&) = delete;
  const std::vector<std::string>& paths() const { return paths_; }

 private:
  friend ReadResult ReadTextFile(const std::string&, size_t);
  std::vector<std::string> paths_;
  ScopedReadLog* outer_;
};

/// Checks `text` is valid UTF-8 without NUL bytes; fills `error` and the offset when not.
bool CheckText(const std::string& text, std::string* error, size_t* offset);

}  // namespace aortalint
