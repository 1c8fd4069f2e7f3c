// What tree-sitter must not see of a Python text. libtree-sitter 0.20.7
// (Debian 12) corrupts its heap when one node gets 65,535 children (an ERROR
// node over an unfinished chain of tokens, or a run of comments), and its
// error recovery is quadratic over a long unfinished statement. A lexical pass
// bounds both before any parse:
//  - more than 200 nested brackets (f-string fields included): CPython refuses
//    them too ("too many nested parentheses"); the logical line is refused;
//  - more than 10,000 tokens pending in one expression (tokens since the last
//    comma or semicolon, summed over the open brackets, carried across lines
//    that end in an operator): CPython's compiler refuses about 3,000 chained
//    operators, so no working code comes near; the statement is refused;
//  - a run of more than 1,000 comment lines with no code between them (70,000
//    crash, and 20,000 in a function take 20 s): the rest of the run is left
//    out (an `isort:` comment kept), as CPython ignores comment lines anyway.
// Both are left out of the parse (tree-sitter's included ranges, so offsets
// hold), and SYN002 reports a refused statement with its position and limit.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/span.h"

namespace aortalint {

inline constexpr uint32_t kMaxPythonBrackets = 200;
inline constexpr uint32_t kMaxPythonPendingTokens = 10'000;
inline constexpr uint32_t kMaxPythonCommentRun = 1'000;

struct PythonRefusal {
  Span statement;  // the logical lines left out of the parse (whole lines)
  Span at;         // the token that passed the limit
  std::string message;
};

/// A line start where the scan is as at the start of the text (no bracket, string, statement or comment run
/// open): what follows is scanned as if it began there. Offset and row.
using CleanLine = std::pair<uint32_t, uint32_t>;

struct PythonShape {
  std::vector<PythonRefusal> refused;  // ascending, apart
  std::vector<Span> skipped;           // whole comment lines left out, ascending
  std::vector<CleanLine> clean;        // ascending; only when asked for
  bool plain() const { return refused.empty() && skipped.empty(); }
};

/// Scans `text` (UTF-8 Python source) for the shapes above; with `clean`, records its clean lines.
PythonShape ShapePython(std::string_view text, bool clean = false);

/// ShapePython(text, true) of `text`, an edit of `before`, whose shape was plain with the clean lines
/// `was`: scanned again only from the last clean line at or before the first byte changed to the first
/// clean line after the last, where the old scan was clean too (the rest is the old scan's, moved).
PythonShape ShapePythonAfterEdit(std::string_view before, std::span<const CleanLine> was, std::string_view text);

}  // namespace aortalint
