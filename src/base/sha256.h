// SHA-256 and HMAC-SHA256 (FIPS 180-4, RFC 2104): the result cache signs its
// entries with a per-user secret, so an entry edited by anyone without it is
// never served.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace aortalint {

class Sha256 {
 public:
  Sha256();
  Sha256& Add(std::string_view bytes);
  /// The digest of everything added; the object is spent afterwards.
  std::array<uint8_t, 32> Finish();

 private:
  void Block(const uint8_t* block);

  std::array<uint32_t, 8> state_;
  std::array<uint8_t, 64> buffer_{};
  size_t buffered_ = 0;
  uint64_t length_ = 0;  // bytes added
};

/// HMAC-SHA256 of `message` under `key`, as 64 lower-case hex digits.
std::string HmacSha256Hex(std::string_view key, std::string_view message);

}  // namespace aortalint
