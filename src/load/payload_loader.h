// Reads and parses a Python payload, then computes the facts its rules share
// (model/payload.h) in one walk with an explicit stack, so a 5,000-deep
// expression costs memory, not the C++ stack. Never throws: an unreadable
// file is a Payload with read_error set (SYN003).
#pragma once

#include <memory>
#include <string>

#include "model/payload.h"

namespace aortalint {

/// Reads `path` (base/file_reader.h) and parses it.
std::shared_ptr<const Payload> LoadPayload(const std::string& path);

/// Parses text already in memory. `old_tree`, when given, must already carry
/// the edits (ts_tree_edit) that turned its text into `source`'s.
std::shared_ptr<const Payload> ParsePayload(SourcePtr source, const TSTree* old_tree = nullptr);

}  // namespace aortalint
