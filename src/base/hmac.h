// HMAC-SHA256 (RFC 2104), from OpenSSL's libcrypto: the result cache signs its
// entries with a per-user secret, so an entry edited by anyone without it is
// never served. A warm run checks one MAC per unit, so the speed of
// libcrypto's SHA-256 (SHA-NI where the CPU has it) is the speed of a warm run.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>

namespace aortalint {

/// HMAC-SHA256 of `message` (its parts, one after another) under `key`, as 64 lower-case hex digits.
std::string HmacSha256Hex(std::string_view key, std::initializer_list<std::string_view> message);
inline std::string HmacSha256Hex(std::string_view key, std::string_view message) {
  return HmacSha256Hex(key, {message});
}

}  // namespace aortalint
