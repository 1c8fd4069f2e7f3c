#include "python/str.h"

namespace aortalint {

size_t PySpaceLength(std::string_view s, size_t i) {
  unsigned char c = static_cast<unsigned char>(s[i]);
  if (c == ' ' || (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x1F)) return 1;
  if (c < 0x80 || i + 1 >= s.size()) return 0;
  unsigned char c1 = static_cast<unsigned char>(s[i + 1]);
  if (c == 0xC2) return c1 == 0x85 || c1 == 0xA0 ? 2 : 0;  // U+0085, U+00A0
  if (i + 2 >= s.size()) return 0;
  unsigned char c2 = static_cast<unsigned char>(s[i + 2]);
  if (c == 0xE1) return c1 == 0x9A && c2 == 0x80 ? 3 : 0;  // U+1680
  if (c == 0xE2 && c1 == 0x80) {
    if (c2 >= 0x80 && c2 <= 0x8A) return 3;                 // U+2000..U+200A
    return c2 == 0xA8 || c2 == 0xA9 || c2 == 0xAF ? 3 : 0;  // U+2028, U+2029, U+202F
  }
  if (c == 0xE2 && c1 == 0x81) return c2 == 0x9F ? 3 : 0;  // U+205F
  if (c == 0xE3 && c1 == 0x80) return c2 == 0x80 ? 3 : 0;  // U+3000
  return 0;
}

std::string_view PyStrip(std::string_view s) {
  size_t b = 0;
  while (b < s.size()) {
    size_t n = PySpaceLength(s, b);
    if (!n) break;
    b += n;
  }
  s.remove_prefix(b);
  // Trailing: walk back to each code point's first byte.
  while (!s.empty()) {
    size_t start = s.size() - 1;
    while (start > 0 && (static_cast<unsigned char>(s[start]) & 0xC0) == 0x80 && s.size() - start < 4) --start;
    size_t n = PySpaceLength(s, start);
    if (!n || start + n != s.size()) break;
    s.remove_suffix(n);
  }
  return s;
}

std::string PyLower(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c >= 'A' && c <= 'Z') {
      out += static_cast<char>(c - 'A' + 'a');
    } else if (s.substr(i, 3) == "\xE2\x84\xAA") {  // KELVIN SIGN
      out += 'k';
      i += 2;
    } else {
      out += c;
    }
  }
  return out;
}

std::vector<std::string> PySplitTokens(std::string_view s) {
  std::vector<std::string> out;
  std::string token;
  for (size_t i = 0; i < s.size();) {
    size_t n = s[i] == ',' ? 1 : PySpaceLength(s, i);
    if (n) {
      if (!token.empty()) out.push_back(std::move(token));
      token.clear();
      i += n;
    } else {
      token += s[i++];
    }
  }
  if (!token.empty()) out.push_back(std::move(token));
  return out;
}

}  // namespace aortalint
