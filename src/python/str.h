// Python's str methods on UTF-8 text, where aorta's behaviour depends on
// them: str.isspace()'s whitespace set (strip, split) and str.lower() as far
// as it can turn text into an ASCII domain value.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace aortalint {

/// Byte length of the Python whitespace code point starting at s[i], or 0.
/// The set is str.isspace(): \t \n \v \f \r, U+001C..U+001F, space, U+0085,
/// U+00A0, U+1680, U+2000..U+200A, U+2028, U+2029, U+202F, U+205F, U+3000.
size_t PySpaceLength(std::string_view s, size_t i);

/// str.strip() with no argument.
std::string_view PyStrip(std::string_view s);

/// str.lower() for ASCII letters and the one non-ASCII letter that lowers to
/// ASCII on its own (U+212A KELVIN SIGN -> 'k'); other text is kept.
std::string PyLower(std::string_view s);

/// re.split(r"[,\s]+") without empty parts: tokens separated by commas and
/// Python whitespace, in order, case kept.
std::vector<std::string> PySplitTokens(std::string_view s);

}  // namespace aortalint
