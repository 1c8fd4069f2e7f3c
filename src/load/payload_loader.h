// Reads and parses a Python payload, then computes the facts its rules share
// (model/payload.h) in one walk with an explicit stack, so a 5,000-deep
// expression costs memory, not the C++ stack. Never throws: an unreadable
// file is a Payload with read_error set (SYN003).
#pragma once

#include <memory>
#include <string>

#include "model/payload.h"

namespace aortalint {

/// How much of a payload tree-sitter parses.
///  - kSelective: the pre-scanner (load/python_scan.h) splits the payload into
///    top-level statements and only those holding a trigger are parsed (none:
///    no parse at all); where the scanner gives up, the whole text is. The
///    facts the rules read are those of a full parse, except that a syntax
///    error (SYN002) is found only inside the statements parsed.
///  - kFull: the whole text (the LSP's open documents, `check --full-parse`).
enum class PayloadParse { kSelective, kFull };

/// Reads `path` (base/file_reader.h) and parses it in `mode`.
std::shared_ptr<const Payload> LoadPayload(const std::string& path, PayloadParse mode);

/// Parses text already in memory. `old_tree`, when given, must already carry
/// the edits (ts_tree_edit) that turned its text into `source`'s (always a full parse);
/// `previous`, the payload it was copied from, lends the facts of the statements
/// whose subtrees the parse reused (it must live until this returns).
std::shared_ptr<const Payload> ParsePayload(SourcePtr source, const TSTree* old_tree = nullptr,
                                            PayloadParse mode = PayloadParse::kFull, const Payload* previous = nullptr);

}  // namespace aortalint
