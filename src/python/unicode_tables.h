// Python's Unicode classes where aorta's answer depends on them, generated
// from Python's own database (scripts/gen_unicode_tables.py).
#pragma once

#include <span>
#include <string_view>

namespace aortalint {

struct UnicodeRange {
  char32_t first, last;
};

namespace unicode_tables {
std::span<const UnicodeRange> IdentifierStart();
std::span<const UnicodeRange> IdentifierContinue();
std::span<const char32_t> DigitZeros();
}  // namespace unicode_tables

/// str.isidentifier() on UTF-8 text: a letter-like first character (XID_Start
/// or '_'), XID_Continue after it. Malformed UTF-8 is no identifier.
bool PyIsIdentifier(std::string_view text);

/// The value of a decimal digit (any category Nd character, as Python's
/// float() and int() read it), or -1.
int PyDecimalValue(char32_t c);

}  // namespace aortalint
