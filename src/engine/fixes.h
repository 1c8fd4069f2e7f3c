// Applying fixes: byte-range edits on the text that was linted, never a
// re-serialisation, so comments, quoting and layout survive.
#pragma once

#include <map>
#include <span>
#include <string>
#include <string_view>

#include "model/diagnostic.h"

namespace aortalint {

/// File texts by path, as the edits name them.
using FileTexts = std::map<std::string, std::string>;

/// Applies the fixes of `diagnostics` to `texts` (which must hold every path
/// the edits name): safe ones, and unsafe ones too when `unsafe`. A fix is all
/// or nothing: one whose edits overlap an edit already taken is skipped, to be
/// found again on the next pass. Returns how many fixes were applied.
size_t ApplyFixes(std::span<const Diagnostic> diagnostics, bool unsafe, FileTexts& texts);

/// `diff -u` style (3 lines of context, `a/` and `b/` prefixes); "" when equal.
std::string UnifiedDiff(const std::string& path, std::string_view before, std::string_view after);

}  // namespace aortalint
