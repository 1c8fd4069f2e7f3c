// The start PAY006, PAY007 and PAY009 share: a recipe's Proton uses judged
// against the payloads its pairing launches (only when every payload parsed).
#pragma once

#include <vector>

#include "model/pairing.h"
#include "model/recipe.h"
#include "rules/common/payload_facts.h"
#include "rules/common/proton_use.h"

namespace aortalint::payload {

struct PairedProton {
  std::vector<const Payload*> payloads;  // every payload of the pairing, parsed
  std::vector<version::ProtonUse> uses;  // the recipe's Proton collectors (only `mode: env` ones when asked)

  /// False when there is nothing to judge: a payload missing or unparsed, or no (matching) Proton use.
  explicit operator bool() const { return !payloads.empty() && !uses.empty(); }
};

/// The pairing's parsed payloads and the recipe's Proton uses; with `env_mode_only`, only the
/// `mode: env` uses (the payload, not aorta, owns the session there).
inline PairedProton PairProton(const Recipe& recipe, const Pairing& pairing, bool env_mode_only) {
  PairedProton out;
  out.payloads = ParsedPayloads(pairing);
  if (out.payloads.empty()) return out;
  for (version::ProtonUse& u : version::ProtonUses(recipe))
    if (!env_mode_only || u.Value("mode") == "env") out.uses.push_back(std::move(u));
  return out;
}

}  // namespace aortalint::payload
