#include "base/hmac.h"

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include <memory>
#include <stdexcept>

namespace aortalint {
namespace {

struct MacContextFree {
  void operator()(EVP_MAC_CTX* context) const { EVP_MAC_CTX_free(context); }
};
using MacContext = std::unique_ptr<EVP_MAC_CTX, MacContextFree>;

// A context keyed with `key`, made once per thread and key: fetching the
// algorithm and keying it cost more than a MAC of a cache entry.
const EVP_MAC_CTX* Keyed(std::string_view key) {
  thread_local std::string keyed_with;
  thread_local MacContext keyed;
  if (keyed && keyed_with == key) return keyed.get();
  static EVP_MAC* const hmac = EVP_MAC_fetch(nullptr, "HMAC", nullptr);
  MacContext context(hmac ? EVP_MAC_CTX_new(hmac) : nullptr);
  char digest[] = "SHA256";
  const OSSL_PARAM params[] = {OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, digest, 0),
                               OSSL_PARAM_construct_end()};
  // An empty key is a key too: libcrypto takes a null one for "keep the old key".
  const auto* bytes = reinterpret_cast<const unsigned char*>(key.empty() ? "" : key.data());
  if (!context || !EVP_MAC_init(context.get(), bytes, key.size(), params)) return nullptr;
  keyed = std::move(context);
  keyed_with = key;
  return keyed.get();
}

}  // namespace

std::string HmacSha256Hex(std::string_view key, std::string_view message) {
  const EVP_MAC_CTX* keyed = Keyed(key);
  MacContext context(keyed ? EVP_MAC_CTX_dup(keyed) : nullptr);
  unsigned char mac[32];
  size_t size = 0;
  if (!context ||
      !EVP_MAC_update(context.get(), reinterpret_cast<const unsigned char*>(message.data()), message.size()) ||
      !EVP_MAC_final(context.get(), mac, &size, sizeof mac) || size != sizeof mac)
    throw std::runtime_error("HMAC-SHA256 failed in libcrypto");
  std::string hex;
  for (unsigned char byte : mac) {
    hex += "0123456789abcdef"[byte >> 4];
    hex += "0123456789abcdef"[byte & 15];
  }
  return hex;
}

}  // namespace aortalint
