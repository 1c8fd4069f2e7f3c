// Lookups over the generated tables (unicode_tables.cc).
#include <algorithm>

#include "base/display_width.h"
#include "python/unicode_tables.h"

namespace aortalint {
namespace {

bool In(std::span<const UnicodeRange> table, char32_t c) {
  auto it =
      std::upper_bound(table.begin(), table.end(), c, [](char32_t v, const UnicodeRange& r) { return v < r.first; });
  return it != table.begin() && c <= std::prev(it)->last;
}

}  // namespace

bool PyIsIdentifier(std::string_view text) {
  if (text.empty()) return false;
  size_t at = 0;
  bool first = true;
  while (at < text.size()) {
    char32_t c = DecodeUtf8(text, at);
    if (!In(first ? unicode_tables::IdentifierStart() : unicode_tables::IdentifierContinue(), c)) return false;
    first = false;
  }
  return true;
}

int PyDecimalValue(char32_t c) {
  if (c >= '0' && c <= '9') return static_cast<int>(c - '0');
  if (c < 0x80) return -1;
  auto zeros = unicode_tables::DigitZeros();
  auto it = std::upper_bound(zeros.begin(), zeros.end(), c);
  if (it == zeros.begin()) return -1;
  char32_t zero = *std::prev(it);
  return c - zero < 10 ? static_cast<int>(c - zero) : -1;
}

}  // namespace aortalint
