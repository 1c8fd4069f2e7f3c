// The one analysis function: the CLI, the LSP server and the runner all call it.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/config.h"
#include "engine/rule_context.h"
#include "engine/selection.h"
#include "load/yaml_loader.h"
#include "model/diagnostic.h"

namespace aortalint {

struct Payload;
struct HipPayload;
struct Pairing;

/// A recipe with what it launches, or payloads on their own.
struct AnalysisUnit {
  std::optional<YamlDocument> recipe;
  std::shared_ptr<const Pairing> pairing;                       // when the recipe's launch is known
  std::vector<std::shared_ptr<const Payload>> payloads;         // every payload to check on its own
  std::vector<std::shared_ptr<const HipPayload>> hip_payloads;  // every HIP payload to check on its own
};

/// Built by BuildSettings() (engine/settings.h) and nowhere else.
struct AnalysisSettings {
  RuleSettings rules;
  RuleSelection selection;
  std::vector<PerFileIgnore> per_file_ignores;
  bool allow_suppressions = true;         // config `allow-suppressions`
  std::string config_path;                // the config in effect, for messages
  std::string knowledge_path;             // the config's `knowledge:` table; empty: the built-in one
  std::vector<std::string> dependencies;  // every config file and knowledge table these settings read
};

/// Runs every enabled rule over the unit, applies inline suppressions (adding
/// SUP001/SUP002), then severity overrides; returns sorted, de-duplicated diagnostics.
std::vector<Diagnostic> Analyze(const AnalysisUnit& unit, const AnalysisSettings& settings);

}  // namespace aortalint
