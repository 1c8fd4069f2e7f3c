// JSON text written without building nlohmann values, and the JSON text of a
// value whose strings may hold bytes that are not UTF-8.
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace aortalint {

/// A path can hold bytes that are not UTF-8 (a file name is bytes), and
/// nlohmann's dump() throws on one; here its bad bytes become U+FFFD.
inline std::string JsonText(const nlohmann::json& value, int indent = -1) {
  return value.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

/// Appends `text` as a JSON string, byte for byte as nlohmann's compact dump()
/// writes it: its short escapes, `\u00XX` for the other control characters,
/// UTF-8 as it is. False when `text` is not UTF-8, where dump() throws; `out`
/// then holds part of it.
bool AppendJsonString(std::string& out, std::string_view text);

}  // namespace aortalint
