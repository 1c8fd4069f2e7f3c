// Inline suppressions: `# aortalint: ignore[ID,...] reason` (this line and the
// next), `# aortalint: ignore-file[ID,...]` (in the leading comment block) and,
// in Python, `# noqa: ID[, ID]` (this line only). Only real comments count: the
// scanners know YAML's quoted and block scalars and Python's string literals.
//
// IDs are exact (no prefixes, no ALL): a suppression names what it silences.
// A bare `# noqa` and codes of other tools (`noqa: I001`, `E501`) are left to
// those tools; a code is ours when its three-letter family is one of ours.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "base/source_file.h"
#include "model/diagnostic.h"

namespace aortalint {

class RuleSelection;

struct SuppressionCode {
  std::string id;
  Span span;
  bool ours = true;  // false for another tool's noqa code, which fixes keep
};

struct Suppression {
  // kIneffective: a comment meant for aortalint that it cannot read (`ignore COL001`, `# noqa: COL001`
  // in YAML); kBareNoqa: Python's `# noqa` without codes, which silences other tools only.
  enum class Kind { kLine, kFile, kNoqa, kIneffective, kBareNoqa };
  Kind kind = Kind::kLine;
  uint32_t line = 0;                   // 1-based line of the comment
  Span directive;                      // `# aortalint: ignore[...] reason` or `# noqa: ...` up to the next `#`
  Span list;                           // the codes between `[` and `]`, or after `noqa:`
  Span removal;                        // what to delete to remove the directive cleanly (a whole line when alone)
  bool misplaced = false;              // ignore-file outside the leading comment block
  std::vector<SuppressionCode> codes;  // in written order
  std::string instead;                 // kIneffective: the directive that would do what this one means
};

/// Every suppression comment in `file` (Python when the path ends in .py).
std::vector<Suppression> FindSuppressions(const SourceFile& file);

/// True when `id` looks like one of aortalint's codes (family + 3 digits).
bool IsOurCode(std::string_view id);
/// True for a proper prefix of one of our codes: "PAY", "VER0" (not a whole ID).
bool IsCodePrefix(std::string_view prefix);

struct SuppressionSettings {
  const RuleSelection* selection = nullptr;  // only enabled rules' suppressions are judged unused
  bool allowed = true;                       // config `allow-suppressions`
  std::string config_path;                   // named in the disallowed message
};

/// Drops the diagnostics that a suppression in their file covers and adds
/// SUP001 (unused or disallowed), SUP002 (unknown rule) and SUP003 (a comment
/// that silences nothing of aortalint's, said where it was meant to) for `files`, the
/// unit's own files (suppressions elsewhere apply but are judged by their unit).
std::vector<Diagnostic> ApplySuppressions(std::vector<Diagnostic> diagnostics, std::span<const SourcePtr> files,
                                          const SuppressionSettings& settings);

}  // namespace aortalint
