// Does PyYAML's safe_load accept this text? aorta reads every recipe with it,
// and yaml-cpp (our parser) accepts documents that PyYAML refuses (a tab
// between tokens, a simple key broken over two lines, a ':' right after a
// JSON key's closing quote...) and refuses a few that PyYAML accepts (NEL,
// LS and PS line breaks). This is a port of PyYAML 6.0's reader, scanner,
// parser and composer (yaml/scanner.py, parser.py, composer.py), plus the
// checks SafeConstructor makes while it builds the objects (unhashable keys,
// merge keys, tags without a constructor, impossible timestamps): it builds
// no values, it only finds the first error PyYAML would raise, with
// PyYAML's own words and the place it points at.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace aortalint {

struct PyYamlError {
  size_t offset = 0;                     // byte offset of PyYAML's problem mark (or its context mark when it has none)
  std::string context;                   // e.g. "while scanning a simple key" (may be empty)
  std::string problem;                   // e.g. "could not find expected ':'"
  std::optional<size_t> context_offset;  // byte offset of the context mark, when PyYAML gives one
};

/// The first error PyYAML's safe_load raises on `text` (UTF-8), or nothing when it loads.
/// Control characters outside PyYAML's printable set are not checked here (the loader
/// refuses them first). Linear in the text; never recurses on the document's depth.
/// `tight_flow_keys`, when given, receives the byte offset of every '?' key indicator in a
/// flow collection that no space follows (`{?"k": v}`): PyYAML reads it as one, yaml-cpp
/// does not, so the loader blanks it out for yaml-cpp.
std::optional<PyYamlError> CheckAsPyYaml(std::string_view text, std::vector<size_t>* tight_flow_keys = nullptr);

struct PyYamlMessage {
  std::string text;  // PyYAML's words: what is wrong
  std::string help;  // what to do (quote the value, use spaces, ...)
  size_t offset;     // where the fix goes: the opening quote never closed, the key that lost its ':'
};

/// What to say about `error` in `text` (the text CheckAsPyYaml read), and where.
PyYamlMessage DescribePyYamlError(const PyYamlError& error, std::string_view text);

}  // namespace aortalint
