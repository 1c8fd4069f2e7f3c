#include "base/hmac.h"

// OpenSSL 3 calls the SHA256_* functions deprecated in favour of EVP, but EVP costs what a warm run
// cannot pay: EVP_MD_CTX_copy_ex allocates a provider context on every copy, and the first EVP call
// loads openssl.cnf and every error string (tens of thousands of allocations). SHA256_CTX is a plain
// struct, copied for free, and runs the same SHA-NI code.
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/sha.h>

#include <cstring>

namespace aortalint {
namespace {

// SHA-256 with the key's inner and outer pads absorbed (RFC 2104), made once per thread and key;
// each MAC starts from copies of them.
struct Keyed {
  std::string key;
  bool made = false;
  SHA256_CTX inner, outer;
};

const Keyed& KeyedWith(std::string_view key) {
  thread_local Keyed keyed;
  if (keyed.made && keyed.key == key) return keyed;
  constexpr size_t kBlock = SHA256_CBLOCK;
  unsigned char block[kBlock] = {};
  if (key.size() > kBlock)
    SHA256(reinterpret_cast<const unsigned char*>(key.data()), key.size(), block);
  else if (!key.empty())
    std::memcpy(block, key.data(), key.size());
  unsigned char inner_pad[kBlock], outer_pad[kBlock];
  for (size_t i = 0; i < kBlock; ++i) {
    inner_pad[i] = block[i] ^ 0x36;
    outer_pad[i] = block[i] ^ 0x5c;
  }
  SHA256_Init(&keyed.inner);
  SHA256_Update(&keyed.inner, inner_pad, kBlock);
  SHA256_Init(&keyed.outer);
  SHA256_Update(&keyed.outer, outer_pad, kBlock);
  keyed.key.assign(key);
  keyed.made = true;
  return keyed;
}

}  // namespace

std::string HmacSha256Hex(std::string_view key, std::initializer_list<std::string_view> message) {
  const Keyed& keyed = KeyedWith(key);
  unsigned char inner[SHA256_DIGEST_LENGTH], mac[SHA256_DIGEST_LENGTH];
  SHA256_CTX work = keyed.inner;
  for (std::string_view part : message) SHA256_Update(&work, part.data(), part.size());
  SHA256_Final(inner, &work);
  work = keyed.outer;
  SHA256_Update(&work, inner, sizeof inner);
  SHA256_Final(mac, &work);
  std::string hex(2 * sizeof mac, '\0');
  for (size_t i = 0; i < sizeof mac; ++i) {
    hex[2 * i] = "0123456789abcdef"[mac[i] >> 4];
    hex[2 * i + 1] = "0123456789abcdef"[mac[i] & 15];
  }
  return hex;
}

}  // namespace aortalint
