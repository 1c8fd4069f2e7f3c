// The built-in rules, for the programs that run them (the engine never names a rule).
#pragma once

#include <span>

#include "engine/rule.h"

namespace aortalint {

/// The one sorted list of built-in rules (rules/all_rules.cc).
std::span<const RuleFactory> BuiltinRules();
/// Installs them as the engine's catalog (engine/rule.h InstallRules), once per process.
void InstallBuiltinRules();

}  // namespace aortalint
