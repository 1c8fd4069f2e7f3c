// Editor help that is about recipes, not about LSP: the documentation under
// the cursor, completions inside `collect:`, and the edit that suppresses a
// rule on a line. Byte offsets in, text out; the server turns them into LSP.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/source_file.h"
#include "model/diagnostic.h"

namespace aortalint::lsp {

struct HoverText {
  Span span;  // what the text is about
  std::string markdown;
};

/// A rule ID in a suppression comment (any file), or, in a recipe, a
/// top-level or cell key, a collector or a collector option.
std::optional<HoverText> HoverAt(const SourcePtr& file, uint32_t offset, bool recipe);

struct CompletionEntry {
  enum class Kind { kCollector, kOption, kValue };
  Kind kind = Kind::kValue;
  std::string label;
  std::string insert_text;
  std::string detail;
  std::string documentation;
};

/// Inside a `collect:` block (the recipe's or a cell's): collector names,
/// a collector's option names, or an option's values (for proton's
/// `backend_mode`, those of the backend written beside it). Works on text
/// that does not parse, as it does while typing.
std::vector<CompletionEntry> CompleteAt(const SourceFile& file, uint32_t offset);

/// Adds `rule` to the suppression comment on the line holding `offset`, or
/// writes `# aortalint: ignore[rule]` at the end of that line (on the line
/// above where a trailing comment would not be one of ours).
std::optional<Edit> SuppressionEdit(const SourceFile& file, uint32_t offset, std::string_view rule);

}  // namespace aortalint::lsp
