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

}  // namespace aortalint
