// A fix must never leave a file that does not parse: the text after fixing is
// parsed again (YAML as the loader reads it; Python with tree-sitter plus the
// indentation rules of CPython's tokenizer, which tree-sitter does not enforce)
// and a fix that adds a syntax error is dropped.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace aortalint {

/// The first indentation error CPython would raise for `text` ("line 9:
/// unexpected indent"), or nullopt. Strings, brackets, comments and `\`
/// continuations are followed as the tokenizer does.
std::optional<std::string> PythonIndentationError(std::string_view text);

/// A syntax error in `after` that `before` did not have, as "line N: what",
/// for the file at `path` (its extension decides the language: .py is Python,
/// anything else is read as YAML). nullopt when `after` parses as well as `before`.
std::optional<std::string> NewSyntaxError(const std::string& path, std::string_view before, std::string_view after);

}  // namespace aortalint
