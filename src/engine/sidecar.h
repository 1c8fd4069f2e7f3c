// aorta's JSON sidecar (`aorta sweep run --mitigations-file PATH`, repeatable;
// aorta's src/aorta/registry/sidecar.py): `{"version": 1, "mitigations":
// {NAME: {VAR: VALUE}}, "environments": {NAME: {docker, venv, buck_target,
// emulator, mirage_profile, env}}}`. Its names count as declared for RCP015,
// its mitigations' variables for RCP017 and `explain`.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "engine/rule_context.h"

namespace aortalint {

struct Sidecar {
  std::string path;
  std::string error;  // why aorta would refuse it; empty when it loads
  std::string help;   // what to do about the error
  std::map<std::string, std::map<std::string, std::string>> mitigations;  // name -> variables
  std::vector<std::string> environments;
};

/// Reads and validates one sidecar as aorta's loader does (the first problem only).
Sidecar LoadSidecar(const std::string& path);

/// Adds a loaded sidecar's names (and mitigation variables) to `settings`.
void AddSidecar(const Sidecar& sidecar, RuleSettings& settings);

/// The `--mitigations-file` values among aorta's options (`--mitigations-file P`
/// and `--mitigations-file=P`), in order.
std::vector<std::string> MitigationFiles(const std::vector<std::string>& aorta_args);

}  // namespace aortalint
