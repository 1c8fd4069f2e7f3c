// Does Python's json.loads accept this text? aorta reads a recipe whose name
// ends in .json (any case) with json.loads, not with PyYAML (its load_recipe
// dispatches on the suffix), and the two differ in practice: JSON allows a tab
// between tokens and takes 1e3 as a number and NaN / Infinity as floats;
// PyYAML refuses the tab and reads 1e3 and NaN as strings, and accepts
// comments, single quotes, trailing commas and \x escapes that json.loads
// refuses. This checks the text the way CPython's json module does (strict
// mode: no raw control characters inside strings; a UTF-8 BOM refused).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "python/pyyaml.h"

namespace aortalint {

struct JsonError {
  size_t offset = 0;    // byte offset of Python's position
  std::string message;  // json.loads's words, e.g. "Expecting ',' delimiter"
};

/// The error json.loads raises on `text` (UTF-8), or nothing when it loads. `sink`, when
/// given, receives the values as they are read, in the PyYAML port's events: strings as
/// double-quoted scalars, numbers and bare words as plain ones, collections as flow ones.
std::optional<JsonError> CheckAsJson(std::string_view text, const NodeEventSink& sink = {});

/// True when aorta reads `path` with json.loads (its suffix is .json, in any case).
bool ReadAsJson(std::string_view path);

}  // namespace aortalint
