// Where a word of a recipe's header command stands in the recipe's text.
#pragma once

#include <string_view>

#include "base/span.h"

namespace aortalint {

/// The first occurrence of `word` in `text` within `within`, standing alone
/// (between blanks, quotes, `=` or the span's ends); `within` itself when it is not there.
inline Span WordIn(std::string_view text, Span within, std::string_view word) {
  if (word.empty() || within.end > text.size()) return within;
  std::string_view part = text.substr(within.begin, within.end - within.begin);
  auto edge = [](char c) { return c == ' ' || c == '\t' || c == '\'' || c == '"' || c == '=' || c == '\n'; };
  for (size_t at = part.find(word); at != std::string_view::npos; at = part.find(word, at + 1)) {
    size_t end = at + word.size();
    if ((at == 0 || edge(part[at - 1])) && (end == part.size() || edge(part[end])))
      return {static_cast<uint32_t>(within.begin + at), static_cast<uint32_t>(within.begin + end)};
  }
  return within;
}

}  // namespace aortalint
