// Shortening text that can grow without bound (a type nested 20 deep prints
// as a megabyte): template arguments past a depth become `…`, then the middle
// is cut. Header-only, so the HIP analyser module can use it too.
#pragma once

#include <string>
#include <string_view>

namespace aortalint {

/// `text` with the contents of `<...>` nested deeper than `depth` written `…`.
inline std::string ElideTemplateArguments(std::string_view text, int depth) {
  std::string out;
  int level = 0;
  for (char c : text) {
    if (c == '<' && ++level == depth + 1) out += "<…";
    if (level <= depth) out += c;
    if (c == '>' && level > 0 && level-- == depth + 1) out += '>';
  }
  return out;
}

/// `text` in at most about `max` bytes: deep template arguments elided first,
/// then the middle cut (never inside a UTF-8 character), saying how much went.
inline std::string Elide(std::string_view text, size_t max) {
  if (text.size() <= max) return std::string(text);
  for (int depth = 3; depth >= 1; --depth) {
    std::string shorter = ElideTemplateArguments(text, depth);
    if (shorter.size() <= max) return shorter;
  }
  auto boundary = [&](size_t at) {
    while (at > 0 && (static_cast<unsigned char>(text[at]) & 0xC0) == 0x80) --at;
    return at;
  };
  size_t head = boundary(max * 2 / 3), tail = boundary(text.size() - max / 3);
  return std::string(text.substr(0, head)) + " … (" + std::to_string(tail - head) + " bytes left out) … " +
         std::string(text.substr(tail));
}

}  // namespace aortalint
