// What importing torch before Proton costs, said one way by PAY001 and PAY014: by the target
// Triton versions, and by how the recipes that launch the payload attach Proton.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "model/diagnostic.h"
#include "model/pairing.h"
#include "model/recipe.h"
#include "model/triton.h"

namespace aortalint::payload {

/// How the recipes of a unit launch each payload: under `mode: cli` only, or also otherwise
/// (`mode: env`, or a recipe without Proton). Filled by CheckPairing, which runs before
/// CheckPayload in the same unit.
class AttachModes {
 public:
  void Record(const Recipe& recipe, const Pairing& pairing);
  /// Whether every recipe that launches `path` attaches Proton through its command front end.
  bool OnlyCli(const std::string& path) const;

 private:
  std::map<std::string, bool> only_cli_;  // payload path -> launched under `mode: cli` only
};

struct OrderCost {
  std::string text;  // what the order costs, for the message
  Severity severity = Severity::kError;
};

/// What importing torch first costs: nothing in-process under `mode: cli` only (Proton's front end
/// imports triton.profiler before the script runs: info); the 3.8.0 exit hang on targets that have it,
/// or with no target given (error); no known hang on the targets given (warning).
OrderCost TorchFirstCost(const std::vector<TritonTarget>& targets, bool only_cli);

}  // namespace aortalint::payload
