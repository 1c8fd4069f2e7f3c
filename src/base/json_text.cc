#include "base/json_text.h"

namespace aortalint {
namespace {

// The length of the well-formed UTF-8 sequence at `text[at]` (RFC 3629: no
// overlong forms, no surrogates, nothing past U+10FFFF), or 0.
size_t Utf8Length(std::string_view text, size_t at) {
  auto byte = [&](size_t k) { return at + k < text.size() ? static_cast<unsigned char>(text[at + k]) : 0u; };
  auto tail = [&](size_t k) { return (byte(k) & 0xC0) == 0x80; };
  unsigned lead = byte(0), second = byte(1);
  if (lead >= 0xC2 && lead <= 0xDF) return tail(1) ? 2 : 0;
  if (lead >= 0xE0 && lead <= 0xEF) {
    bool ok = lead == 0xE0   ? second >= 0xA0 && second <= 0xBF
              : lead == 0xED ? second >= 0x80 && second <= 0x9F
                             : tail(1);
    return ok && tail(2) ? 3 : 0;
  }
  if (lead >= 0xF0 && lead <= 0xF4) {
    bool ok = lead == 0xF0   ? second >= 0x90 && second <= 0xBF
              : lead == 0xF4 ? second >= 0x80 && second <= 0x8F
                             : tail(1);
    return ok && tail(2) && tail(3) ? 4 : 0;
  }
  return 0;
}

}  // namespace

bool AppendJsonString(std::string& out, std::string_view text) {
  out += '"';
  size_t run = 0;  // the start of the bytes not yet appended, which need no escape
  for (size_t i = 0; i < text.size();) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c >= 0x80) {
      size_t length = Utf8Length(text, i);
      if (length == 0) return false;
      i += length;
      continue;
    }
    if (c >= 0x20 && c != '"' && c != '\\') {
      ++i;
      continue;
    }
    out.append(text, run, i - run);
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\f':
        out += "\\f";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        out += "\\u00";
        out += "0123456789abcdef"[c >> 4];
        out += "0123456789abcdef"[c & 15];
    }
    run = ++i;
  }
  out.append(text, run, text.size() - run);
  out += '"';
  return true;
}

}  // namespace aortalint
