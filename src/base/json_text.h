// The JSON text of a value whose strings may hold bytes that are not UTF-8. A path can (a
// file name is bytes), and nlohmann's dump() throws on one; here its bad bytes become U+FFFD.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace aortalint {

inline std::string JsonText(const nlohmann::json& value, int indent = -1) {
  return value.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace aortalint
