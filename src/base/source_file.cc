#include "base/source_file.h"

#include <algorithm>
#include <cstring>

namespace aortalint {
namespace {

bool IsContinuationByte(unsigned char c) { return (c & 0xC0) == 0x80; }

// UTF-16 units taken by the code point whose lead byte is `c`.
uint32_t Utf16Units(unsigned char c) { return c >= 0xF0 ? 2 : 1; }

}  // namespace

SourceFile::SourceFile(std::string path, std::string text, FileIdentity identity)
    : path_(std::move(path)), text_(std::move(text)), identity_(identity) {
  // A UTF-8 byte order mark is not part of the first line: columns, line text
  // and insertions at the start of line 1 all begin after it.
  line_starts_.push_back(text_.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0);
  const char* data = text_.data();
  const uint32_t size = static_cast<uint32_t>(text_.size());
  // ASCII text (the common case) counts one code point and one UTF-16 unit per byte: no table.
  uint64_t bits = 0;  // every byte's high bit, or'ed together
  uint32_t at = 0;
  for (; at + 8 <= size; at += 8) {
    uint64_t word;
    std::memcpy(&word, data + at, 8);
    bits |= word;
  }
  for (; at < size; ++at) bits |= static_cast<unsigned char>(data[at]);
  ascii_ = (bits & 0x8080808080808080ull) == 0;
  if (!std::memchr(data, '\r', size)) {
    // LF only (nearly every file): memchr from one line break to the next, in
    // room for lines of 24 bytes on average (code and YAML lines are longer).
    line_starts_.reserve(2 + size / 24);
    for (const char* p = data; (p = static_cast<const char*>(std::memchr(p, '\n', data + size - p))); ++p)
      line_starts_.push_back(static_cast<uint32_t>(p - data) + 1);
  } else {
    for (uint32_t i = 0; i < size; ++i)
      // LF, CRLF, and a lone CR (old Mac files): PyYAML, Python and editors break lines at each.
      if (data[i] == '\n' || (data[i] == '\r' && (i + 1 == size || data[i + 1] != '\n'))) line_starts_.push_back(i + 1);
  }
  if (ascii_) return;
  // Code points and UTF-16 units before each block, so a column costs at most
  // one block's scan however long its line is.
  uint32_t points = 0, units = 0;
  for (uint32_t i = 0; i < size; ++i) {
    if (i % kBlock == 0) {
      points_before_.push_back(points);
      units_before_.push_back(units);
    }
    unsigned char c = data[i];
    if (!IsContinuationByte(c)) {
      ++points;
      units += Utf16Units(c);
    }
  }
}

uint32_t SourceFile::PointsBefore(uint32_t offset) const {
  if (ascii_) return std::min<uint32_t>(offset, static_cast<uint32_t>(text_.size()));
  if (points_before_.empty()) return 0;
  uint32_t block = std::min<uint32_t>(offset / kBlock, static_cast<uint32_t>(points_before_.size() - 1));
  uint32_t n = points_before_[block];
  for (uint32_t i = block * kBlock; i < offset; ++i)
    if (!IsContinuationByte(text_[i])) ++n;
  return n;
}

uint32_t SourceFile::UnitsBefore(uint32_t offset) const {
  if (ascii_) return std::min<uint32_t>(offset, static_cast<uint32_t>(text_.size()));
  if (units_before_.empty()) return 0;
  uint32_t block = std::min<uint32_t>(offset / kBlock, static_cast<uint32_t>(units_before_.size() - 1));
  uint32_t n = units_before_[block];
  for (uint32_t i = block * kBlock; i < offset; ++i) {
    unsigned char c = text_[i];
    if (!IsContinuationByte(c)) n += Utf16Units(c);
  }
  return n;
}

std::string_view SourceFile::Slice(Span span) const {
  uint32_t size = static_cast<uint32_t>(text_.size());
  uint32_t begin = std::min(span.begin, size);
  uint32_t end = std::clamp(span.end, begin, size);
  return std::string_view(text_).substr(begin, end - begin);
}

LineCol SourceFile::Locate(uint32_t offset) const {
  offset = std::clamp<uint32_t>(offset, std::min<uint32_t>(line_starts_[0], text_.size()), text_.size());
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  uint32_t line0 = static_cast<uint32_t>(it - line_starts_.begin()) - 1;
  return {line0 + 1, PointsBefore(offset) - PointsBefore(line_starts_[line0]) + 1};
}

uint32_t SourceFile::Utf16Column(uint32_t offset) const {
  offset = std::clamp<uint32_t>(offset, std::min<uint32_t>(line_starts_[0], text_.size()), text_.size());
  uint32_t start = LineStart(Locate(offset).line);
  return UnitsBefore(offset) - UnitsBefore(start);
}

uint32_t SourceFile::OffsetOf(uint32_t line0, uint32_t column0, bool utf16) const {
  if (line0 >= line_starts_.size()) return static_cast<uint32_t>(text_.size());
  uint32_t i = line_starts_[line0];
  uint32_t end = line0 + 1 < line_starts_.size() ? line_starts_[line0 + 1] - 1 : static_cast<uint32_t>(text_.size());
  if (!utf16) return std::min(i + column0, end);
  uint32_t units = 0;
  while (i < end && units < column0) {
    units += Utf16Units(text_[i]);
    ++i;
    while (i < end && IsContinuationByte(text_[i])) ++i;
  }
  return i;
}

uint32_t SourceFile::LineStart(uint32_t line) const {
  if (line == 0) return line_starts_[0];
  if (line > line_starts_.size()) return static_cast<uint32_t>(text_.size());
  return line_starts_[line - 1];
}

std::string_view SourceFile::LineText(uint32_t line) const {
  uint32_t begin = LineStart(line);
  uint32_t end = line < line_starts_.size() ? line_starts_[line] : static_cast<uint32_t>(text_.size());
  std::string_view s = std::string_view(text_).substr(begin, end - begin);
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

}  // namespace aortalint
