// Whether a pattern compiles under Python's `re` module (3.11+), judged by
// translating Python-only syntax to ECMAScript and compiling with std::regex.
// An approximation: see the notes in python_regex.cc for what is not modelled.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace aortalint {

/// The reason `re.compile(pattern)` would fail, or nullopt when it would compile.
std::optional<std::string> PythonRegexError(std::string_view pattern);

}  // namespace aortalint
