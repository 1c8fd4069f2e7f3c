#include "base/regex_bounds.h"

#include <algorithm>

namespace aortalint {

size_t RegexGroupDepth(std::string_view pattern) {
  size_t depth = 0, deepest = 0;
  bool in_class = false;
  for (size_t i = 0; i < pattern.size(); ++i) {
    char c = pattern[i];
    if (c == '\\') {
      ++i;
    } else if (in_class) {
      in_class = c != ']';
    } else if (c == '[') {
      in_class = true;
      if (i + 1 < pattern.size() && pattern[i + 1] == '^') ++i;
      if (i + 1 < pattern.size() && pattern[i + 1] == ']') ++i;  // a leading ']' is literal
    } else if (c == '(') {
      deepest = std::max(deepest, ++depth);
    } else if (c == ')' && depth > 0) {
      --depth;
    }
  }
  return deepest;
}

}  // namespace aortalint
