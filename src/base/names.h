// Names aorta accepts, checked by hand (linear; std::regex recursed per
// character and overflowed the stack on long names).
#pragma once

#include <algorithm>
#include <cctype>
#include <string_view>

namespace aortalint {

/// aorta's cell names: ^[A-Za-z0-9_][A-Za-z0-9_.-]*$ (they name directories).
inline bool IsCellName(std::string_view s) {
  auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  if (s.empty() || !word(s[0])) return false;
  return std::all_of(s.begin() + 1, s.end(), [&](char c) { return word(c) || c == '.' || c == '-'; });
}

/// An environment variable name: [A-Za-z_][A-Za-z0-9_]*.
inline bool IsIdentifier(std::string_view s) {
  auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  return !s.empty() && !std::isdigit(static_cast<unsigned char>(s[0])) && std::all_of(s.begin(), s.end(), word);
}

/// A hardware counter as rocprofv3's --pmc takes it: a name ([A-Za-z_][A-Za-z0-9_.]*), maybe an
/// instance index (`TCC_HIT[0]`) or dimensions after `:`. Anything else in the list, a token that
/// starts with `-` above all, becomes an option of rocprofv3's own (and after `--`, its command).
inline bool IsCounterName(std::string_view s) {
  if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '[' || c == ']' || c == ':' ||
           c == '=';
  });
}

}  // namespace aortalint
