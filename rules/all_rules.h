// The built-in rules, for the programs that run them (the engine never names a rule).
#pragma once

#include <span>

#include "engine/rule.h"

namespace aortalint {

/// Installs the one sorted list of built-in rules (rules/all_rules.cc) as the engine's catalog (engine/rule.h
/// InstallRules); every program calls it once at start.
void InstallBuiltinRules();

}  // namespace aortalint
