// One file's text and its line table: byte offsets <-> 1-based line/column.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "base/file_reader.h"
#include "base/span.h"

namespace aortalint {

/// A 1-based position. `column` counts Unicode code points, as editors and
/// compilers show them; Utf16Column() gives LSP's and SARIF's default unit.
struct LineCol {
  uint32_t line = 1;
  uint32_t column = 1;
  friend bool operator==(const LineCol&, const LineCol&) = default;
};

class SourceFile {
 public:
  /// `identity`: the file as it was when `text` was read (the cache records it).
  SourceFile(std::string path, std::string text, FileIdentity identity = {});

  const std::string& path() const { return path_; }
  const FileIdentity& identity() const { return identity_; }
  std::string_view text() const { return text_; }
  std::string_view Slice(Span span) const;

  /// 1-based line and code-point column of a byte offset (clamped to the text).
  LineCol Locate(uint32_t offset) const;
  /// 0-based UTF-16 column of a byte offset within its line.
  uint32_t Utf16Column(uint32_t offset) const;
  /// Byte offset of a 0-based line and a 0-based column in `utf16` units or bytes.
  uint32_t OffsetOf(uint32_t line0, uint32_t column0, bool utf16) const;

  uint32_t line_count() const { return static_cast<uint32_t>(line_starts_.size()); }
  /// Byte offset where the 1-based `line` starts.
  uint32_t LineStart(uint32_t line) const;
  /// The text of the 1-based `line`, without its line break.
  std::string_view LineText(uint32_t line) const;

 private:
  static constexpr uint32_t kBlock = 256;
  uint32_t PointsBefore(uint32_t offset) const;  // code points in text_[0, offset)
  uint32_t UnitsBefore(uint32_t offset) const;   // UTF-16 units in text_[0, offset)

  std::string path_;
  std::string text_;
  FileIdentity identity_;
  std::vector<uint32_t> line_starts_;                   // line 1 starts after a byte order mark
  std::vector<uint32_t> points_before_, units_before_;  // per kBlock bytes; empty when ascii_
  bool ascii_ = false;                                  // no byte above 0x7F: points and units are bytes
};

using SourcePtr = std::shared_ptr<const SourceFile>;

/// Where the line holding `offset` ends in `text`, its newline included: the prefix up to there shows
/// every line up to that one, with the same offsets, lines and columns.
inline size_t LineEndAfter(std::string_view text, size_t offset) {
  size_t eol = text.find('\n', std::min(offset, text.size()));
  return eol == std::string_view::npos ? text.size() : eol + 1;
}

}  // namespace aortalint
