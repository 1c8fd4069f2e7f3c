#include "base/hmac.h"

#include <openssl/evp.h>

#include <cstring>
#include <memory>
#include <stdexcept>

namespace aortalint {
namespace {

struct DigestContextFree {
  void operator()(EVP_MD_CTX* context) const { EVP_MD_CTX_free(context); }
};
using DigestContext = std::unique_ptr<EVP_MD_CTX, DigestContextFree>;

// SHA-256 with the key's inner and outer pads absorbed (RFC 2104), made once
// per thread and key; each MAC copies them into the thread's own working
// context, which allocates nothing (an EVP_MAC context duplicated per MAC
// allocated a dozen times: a tenth of a warm run).
struct Keyed {
  std::string key;
  DigestContext inner, outer, work;
};

const Keyed* KeyedWith(std::string_view key) {
  thread_local Keyed keyed;
  if (keyed.work && keyed.key == key) return &keyed;
  keyed.work.reset();
  constexpr size_t kBlock = 64;
  const EVP_MD* sha256 = EVP_sha256();
  unsigned char block[kBlock] = {};
  if (key.size() > kBlock) {
    if (!EVP_Digest(key.data(), key.size(), block, nullptr, sha256, nullptr)) return nullptr;
  } else if (!key.empty()) {
    std::memcpy(block, key.data(), key.size());
  }
  unsigned char inner_pad[kBlock], outer_pad[kBlock];
  for (size_t i = 0; i < kBlock; ++i) {
    inner_pad[i] = block[i] ^ 0x36;
    outer_pad[i] = block[i] ^ 0x5c;
  }
  DigestContext inner(EVP_MD_CTX_new()), outer(EVP_MD_CTX_new()), work(EVP_MD_CTX_new());
  if (!inner || !outer || !work || !EVP_DigestInit_ex(inner.get(), sha256, nullptr) ||
      !EVP_DigestUpdate(inner.get(), inner_pad, kBlock) || !EVP_DigestInit_ex(outer.get(), sha256, nullptr) ||
      !EVP_DigestUpdate(outer.get(), outer_pad, kBlock))
    return nullptr;
  keyed = {std::string(key), std::move(inner), std::move(outer), std::move(work)};
  return &keyed;
}

}  // namespace

std::string HmacSha256Hex(std::string_view key, std::initializer_list<std::string_view> message) {
  const Keyed* keyed = KeyedWith(key);
  unsigned char inner[32], mac[32];
  unsigned int inner_size = 0, size = 0;
  bool ok = keyed && EVP_MD_CTX_copy_ex(keyed->work.get(), keyed->inner.get());
  for (std::string_view part : message) ok = ok && EVP_DigestUpdate(keyed->work.get(), part.data(), part.size());
  ok = ok && EVP_DigestFinal_ex(keyed->work.get(), inner, &inner_size) && inner_size == sizeof inner &&
       EVP_MD_CTX_copy_ex(keyed->work.get(), keyed->outer.get()) &&
       EVP_DigestUpdate(keyed->work.get(), inner, sizeof inner) && EVP_DigestFinal_ex(keyed->work.get(), mac, &size) &&
       size == sizeof mac;
  if (!ok) throw std::runtime_error("HMAC-SHA256 failed in libcrypto");
  std::string hex;
  for (unsigned char byte : mac) {
    hex += "0123456789abcdef"[byte >> 4];
    hex += "0123456789abcdef"[byte & 15];
  }
  return hex;
}

}  // namespace aortalint
