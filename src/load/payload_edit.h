// Incremental re-parsing of a payload open in an editor: the previous tree is
// edited to match the new text and handed to the parser, so a keystroke does
// not re-parse the file from scratch. Callers need no tree-sitter types.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

#include "base/source_file.h"

namespace aortalint {

struct Payload;

/// A 0-based row and byte column.
struct TextPoint {
  uint32_t row = 0;
  uint32_t column = 0;
};

/// One replacement, in the coordinates of the text it was applied to.
struct TextChange {
  uint32_t start = 0;
  uint32_t old_end = 0;
  uint32_t new_end = 0;
  TextPoint start_point;
  TextPoint old_end_point;
  TextPoint new_end_point;
};

/// Describes replacing `replaced` in `before` with `inserted` (rows are counted as the parse counts
/// them: a lone CR ends a line too).
TextChange DescribeChange(const SourceFile& before, Span replaced, std::string_view inserted);

/// Parses `source`; with `previous` and the `changes` that turned its text into
/// `source`'s, unchanged subtrees of its tree are reused.
std::shared_ptr<const Payload> ReparsePayload(SourcePtr source, const Payload* previous,
                                              std::span<const TextChange> changes);

}  // namespace aortalint
