// std::regex (libstdc++) compiles and matches by recursion: about one stack
// frame per pattern character and per nested group, so a long or deeply
// nested pattern overflows the stack (about 88,000 characters or 16,000
// nested groups on an 8 MiB stack). aortalint compiles user patterns with
// std::regex only inside these bounds, which are far from any pattern a
// recipe needs and far from the overflow, and says so past them. Text that
// is not a pattern (names, keys, scripts) is never matched with std::regex.
#pragma once

#include <cstddef>
#include <string_view>

namespace aortalint {

inline constexpr size_t kMaxStdRegexLength = 4096;
inline constexpr size_t kMaxStdRegexDepth = 200;

/// The deepest nesting of groups in `pattern` (escapes and [...] classes skipped).
size_t RegexGroupDepth(std::string_view pattern);

/// Whether std::regex may compile `pattern` without risk to the stack.
inline bool SafeForStdRegex(std::string_view pattern) {
  return pattern.size() <= kMaxStdRegexLength && RegexGroupDepth(pattern) <= kMaxStdRegexDepth;
}

}  // namespace aortalint
