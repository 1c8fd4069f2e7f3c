// String helpers every layer shares: join, ASCII trim and lower-case, membership.
// Python's own str semantics, where aorta's behaviour depends on them, are in python/str.h.
#pragma once

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

namespace aortalint {

/// ASCII whitespace (what C's isspace() accepts).
inline constexpr std::string_view kAsciiSpace = " \t\n\r\f\v";

/// `items` joined with `sep`, each item written by `text` and wrapped in `quote`.
template <typename Range, typename Text>
std::string JoinWith(const Range& items, std::string_view sep, Text text, std::string_view quote = "") {
  std::string out;
  bool first = true;
  for (const auto& item : items) {
    if (!first) out += sep;
    first = false;
    out += quote;
    out += text(item);
    out += quote;
  }
  return out;
}

/// `items` (strings or string views) joined with `sep`, each wrapped in `quote`.
template <typename Range>
std::string Join(const Range& items, std::string_view sep = ", ", std::string_view quote = "") {
  return JoinWith(
      items, sep, [](const auto& s) -> std::string_view { return s; }, quote);
}

/// `s` between two `quote`s. (Built by appending: GCC 12 at -O3 reports a false -Wrestrict on
/// `"'" + std::string(s) + "'"`, GCC bug 105329.)
inline std::string Wrapped(std::string_view s, std::string_view quote) {
  std::string out;
  out.reserve(s.size() + 2 * quote.size());
  out += quote;
  out += s;
  out += quote;
  return out;
}

/// `s` without the leading characters found in `chars`.
inline std::string_view TrimLeft(std::string_view s, std::string_view chars = kAsciiSpace) {
  size_t b = s.find_first_not_of(chars);
  return b == std::string_view::npos ? std::string_view{} : s.substr(b);
}

/// `s` without the trailing characters found in `chars`.
inline std::string_view TrimRight(std::string_view s, std::string_view chars = kAsciiSpace) {
  size_t e = s.find_last_not_of(chars);
  return e == std::string_view::npos ? std::string_view{} : s.substr(0, e + 1);
}

/// `s` without leading and trailing characters found in `chars` (ASCII whitespace by default).
inline std::string_view Trim(std::string_view s, std::string_view chars = kAsciiSpace) {
  return TrimRight(TrimLeft(s, chars), chars);
}

/// `s` with ASCII letters lower-cased (other bytes kept).
inline std::string AsciiLower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

/// Whether `s` starts with `prefix`, ignoring ASCII case.
inline bool StartsWithNoCase(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && std::equal(prefix.begin(), prefix.end(), s.begin(), [](char a, char b) {
           return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
         });
}

/// Whether `range` holds an element equal to `value`.
template <typename Range, typename T>
bool Contains(const Range& range, const T& value) {
  return std::find(std::begin(range), std::end(range), value) != std::end(range);
}

/// Appends code point `c` as UTF-8; a lone surrogate as its three bytes, as Python's
/// "surrogatepass" writes it (the YAML and JSON readers keep what an escape spelt).
inline void AppendUtf8(std::string& out, char32_t c) {
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
}

/// The character a JSON escape `\e` stands for, for every escape but `\u`; nullopt for an escape JSON
/// does not have. The readers of Python's json (python/json.*, python/value.*) share it.
inline std::optional<char> JsonShortEscape(char e) {
  switch (e) {
    case '"':
    case '\\':
    case '/':
      return e;
    case 'b':
      return '\b';
    case 'f':
      return '\f';
    case 'n':
      return '\n';
    case 'r':
      return '\r';
    case 't':
      return '\t';
    default:
      return std::nullopt;
  }
}

/// Calls `step` with each eight bytes of `bytes` as one word, then with the
/// rest zero-padded (an empty word when none is left): for the hashes that
/// take a word a step.
template <typename Step>
void ForEachWord(std::string_view bytes, Step&& step) {
  size_t at = 0;
  for (; at + 8 <= bytes.size(); at += 8) {
    uint64_t word;
    std::memcpy(&word, bytes.data() + at, 8);
    step(word);
  }
  uint64_t tail = 0;
  if (at < bytes.size()) std::memcpy(&tail, bytes.data() + at, bytes.size() - at);
  step(tail);
}

}  // namespace aortalint
