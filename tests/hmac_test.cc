// HMAC-SHA256 against known answers (RFC 4231's cases 2 and 6, and messages
// whose padding falls at each edge of a 64-byte block), as Python's hmac gives them.
#include <doctest/doctest.h>

#include <string>

#include "base/hmac.h"

namespace aortalint {
namespace {

TEST_CASE("HMAC-SHA256 gives the known answers, at every padding edge and for keys past a block") {
  CHECK(HmacSha256Hex("Jefe", "what do ya want for nothing?") ==
        "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
  CHECK(HmacSha256Hex(std::string(131, '\xaa'), "Test Using Larger Than Block-Size Key - Hash Key First") ==
        "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54");
  CHECK(HmacSha256Hex(std::string(32, 'k'), std::string(1000, 'x')) ==
        "10e4c132cbf456eda0479c1d7f38edd899206ae4b7fb4ee49a9524feda2403bb");
  CHECK(HmacSha256Hex("", "") == "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad");
  const std::pair<size_t, const char*> edges[] = {
      {55, "5c753ac4cf15a28e7b5a045ba8ce75e02545a313f326021d770912f768fb53ef"},
      {56, "e9613a403652aa5873dba8b56f223826236e87559a8d8ac63190613796d2319a"},
      {63, "c5531cccae97b1a3e84ffd19fb9468e928c41d6acb9279cf4bac4aaf314196ae"},
      {64, "77207571ea4243ad8e0f220679a62f9033b6d2f59f8d44517d8e9c4857b96fa0"},
      {119, "4ffbedd6a1157e63e62d3fa284549bcfe39fb98dbb77ac48a89120aed5747d6b"},
      {120, "d1cd515a6389be4c26cf09c03af5b128fe8fcc95992b8e2bae38bef7e54b3ef1"}};
  for (const auto& [size, mac] : edges) CHECK_MESSAGE(HmacSha256Hex("key", std::string(size, 'a')) == mac, size);
}

}  // namespace
}  // namespace aortalint
