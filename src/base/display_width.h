// How many terminal columns a code point takes, as wcwidth(3) would say with
// a current Unicode table, without depending on the C library's locale:
// 0 for combining marks and zero-width characters, 2 for East Asian wide and
// fullwidth characters and emoji, 1 otherwise.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace aortalint {

int CodePointWidth(char32_t c);

/// Decodes the UTF-8 sequence at `text[at]`; advances `at` past it. Malformed
/// bytes decode as U+FFFD one byte at a time.
char32_t DecodeUtf8(std::string_view text, size_t& at);

/// Columns `text` takes on a terminal (tabs count as one; callers keep them).
size_t DisplayWidth(std::string_view text);

/// Terminal control characters (C0 but tab, DEL, C1): text from a file must
/// never move the cursor, clear lines or retitle the terminal.
bool IsControl(char32_t c);
/// A control character as it is shown instead: \x1b, \u009b.
std::string Escaped(char32_t c);
/// `text` with every control character shown escaped.
std::string EscapeControls(std::string_view text);

}  // namespace aortalint
