// What the recipe-aware PAY rules share: the payloads of a pairing that could
// be parsed, and where in the recipe a Proton option is configured.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "model/pairing.h"
#include "model/payload.h"

namespace aortalint::payload {

/// The pairing's payloads that parsed; empty when any could not be read
/// (SYN003 reports that, and a partial view would make false findings).
inline std::vector<const Payload*> ParsedPayloads(const Pairing& pairing) {
  std::vector<const Payload*> out;
  for (const std::shared_ptr<const Payload>& p : pairing.payloads) {
    if (!p || !p->ok()) return {};
    out.push_back(p.get());
  }
  return out;
}

/// "'a.py'" or "'a.py', 'b.py'".
inline std::string Names(const std::vector<const Payload*>& payloads) {
  std::string out;
  for (const Payload* p : payloads) out += (out.empty() ? "'" : ", '") + p->path() + "'";
  return out;
}

}  // namespace aortalint::payload
