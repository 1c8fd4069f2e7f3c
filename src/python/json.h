// CPython's json.loads (json/decoder.py over the C scanner of Modules/_json.c,
// strict mode), in one scanner that both of aorta's uses of it read through:
// its recipes (a name ending in .json is read with json.loads, not PyYAML:
// load_recipe dispatches on the suffix) and its artifact parsers (json.load of
// a .hatchet file, value.h's PyJsonLoad). The two grammars differ in practice:
// JSON allows a tab between tokens and takes 1e3 as a number and NaN /
// Infinity as floats; PyYAML refuses the tab and reads 1e3 and NaN as strings,
// and accepts comments, single quotes, trailing commas and \x escapes that
// json.loads refuses.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "python/pyyaml.h"

namespace aortalint {

/// The first exception json.loads raises.
struct JsonError {
  enum class Kind {
    kDecode,     // json.JSONDecodeError: the text is not JSON
    kIntDigits,  // ValueError: an integer literal longer than sys.get_int_max_str_digits() (4300)
    kRecursion,  // RecursionError: nesting past what the interpreter's recursion limit allows
  };
  Kind kind = Kind::kDecode;
  size_t offset = 0;    // byte offset of Python's position (the literal's or the bracket's for the last two)
  std::string message;  // Python's words, e.g. "Expecting ',' delimiter"
};

/// What the scanner reads, in document order.
struct JsonEvent {
  enum Type { kObjectStart, kArrayStart, kEnd, kKey, kString, kNumber, kWord };
  Type type = kWord;
  size_t begin = 0;       // bytes: the bracket, the string with its quotes, the number, or the word
  size_t end = 0;         // (null, true, false, NaN, Infinity, -Infinity)
  bool is_float = false;  // kNumber: a fraction or an exponent makes it a Python float
  std::string text;       // kKey, kString: the decoded text, a lone surrogate as the 3 bytes UTF-8 would give it
};
using JsonEventSink = std::function<void(JsonEvent&)>;

/// json.loads(text) for `text` (UTF-8: the str Python decoded). `max_depth` is the nesting of
/// objects and arrays beyond which the C scanner's recursion check fires: it depends on how
/// many frames the caller already holds. `sink` receives each value as it is read, before the
/// verdict is known.
std::optional<JsonError> ScanJson(std::string_view text, int max_depth, const JsonEventSink& sink = {});

/// The recipe side: the error json.loads raises on `text` from aorta's load_recipe, or nothing
/// when it loads. `sink`, when given, receives the values in the PyYAML port's events: strings
/// as double-quoted scalars, numbers and bare words as plain ones, collections as flow ones.
std::optional<JsonError> CheckAsJson(std::string_view text, const NodeEventSink& sink = {});

/// True when aorta reads `path` with json.loads (its suffix is .json, in any case).
bool ReadAsJson(std::string_view path);

}  // namespace aortalint
