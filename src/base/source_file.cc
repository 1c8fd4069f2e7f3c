#include "base/source_file.h"

#include <algorithm>

namespace aortalint {
namespace {

bool IsContinuationByte(unsigned char c) { return (c & 0xC0) == 0x80; }

// UTF-16 units taken by the code point whose lead byte is `c`.
uint32_t Utf16Units(unsigned char c) { return c >= 0xF0 ? 2 : 1; }

}  // namespace

SourceFile::SourceFile(std::string path, std::string text)
    : path_(std::move(path)), text_(std::move(text)) {
  line_starts_.push_back(0);
  // LF, CRLF, and a lone CR (old Mac files): PyYAML, Python and editors break lines at each.
  for (uint32_t i = 0; i < text_.size(); ++i)
    if (text_[i] == '\n' || (text_[i] == '\r' && (i + 1 == text_.size() || text_[i + 1] != '\n')))
      line_starts_.push_back(i + 1);
}

std::string_view SourceFile::Slice(Span span) const {
  uint32_t size = static_cast<uint32_t>(text_.size());
  uint32_t begin = std::min(span.begin, size);
  uint32_t end = std::clamp(span.end, begin, size);
  return std::string_view(text_).substr(begin, end - begin);
}

LineCol SourceFile::Locate(uint32_t offset) const {
  offset = std::min<uint32_t>(offset, text_.size());
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  uint32_t line0 = static_cast<uint32_t>(it - line_starts_.begin()) - 1;
  uint32_t column = 1;
  for (uint32_t i = line_starts_[line0]; i < offset; ++i)
    if (!IsContinuationByte(text_[i])) ++column;
  return {line0 + 1, column};
}

uint32_t SourceFile::Utf16Column(uint32_t offset) const {
  offset = std::min<uint32_t>(offset, text_.size());
  uint32_t start = LineStart(Locate(offset).line);
  uint32_t units = 0;
  for (uint32_t i = start; i < offset; ++i) {
    unsigned char c = text_[i];
    if (!IsContinuationByte(c)) units += Utf16Units(c);
  }
  return units;
}

uint32_t SourceFile::OffsetOf(uint32_t line0, uint32_t column0, bool utf16) const {
  if (line0 >= line_starts_.size()) return static_cast<uint32_t>(text_.size());
  uint32_t i = line_starts_[line0];
  uint32_t end = line0 + 1 < line_starts_.size() ? line_starts_[line0 + 1] - 1
                                                 : static_cast<uint32_t>(text_.size());
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
  if (line == 0) return 0;
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
