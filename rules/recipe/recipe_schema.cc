#include "rules/recipe/recipe_schema.h"

namespace aortalint::recipe_schema {
namespace {

constexpr TopKey kTopKeys[] = {
    {"cells", true, false},
    {"collect", true, true},
    {"collect_paths", false, true},
    {"confound", true, true},
    {"custom_patterns", false, true},
    {"diagnostic_axis", false, true},
    {"disable_detector_tiers", false, true},
    {"disable_detectors", false, true},
    {"env_passthrough_mode", false, true},
    {"extra_env", true, false},
    {"hang_grace_period_at_start", false, true},
    {"hang_window_sec", false, true},
    {"mitigation_axis", false, true},
    {"mode", true, true},
    {"redaction", false, true},
    {"retain", false, true},
    {"save_logs", true, false},
    {"schema_version", true, true},
    {"step_time_regex", false, true},
    {"steps", true, false},
    {"stop_after", true, true},
    {"ticket", true, true},
    {"tier3_vram_growth", false, true},
    {"timeout_per_trial", false, true},
    {"trial_isolation", true, false},
    {"trials", true, true},
    {"workload", true, false},
    {"workload_config", true, false},
};

}  // namespace

std::span<const TopKey> TopLevelKeys() { return kTopKeys; }

const TopKey* FindTopKey(std::string_view name) {
  for (const TopKey& k : kTopKeys)
    if (k.name == name) return &k;
  return nullptr;
}

bool KeyInMode(std::string_view name, RecipeMode mode) {
  const TopKey* k = FindTopKey(name);
  if (!k) return false;
  switch (mode) {
    case RecipeMode::kTriage: return k->triage;
    case RecipeMode::kProbe: return k->probe;
    case RecipeMode::kInvalid: return true;
  }
  return false;
}

std::vector<std::string_view> KeysOfMode(RecipeMode mode) {
  std::vector<std::string_view> out;
  for (const TopKey& k : kTopKeys)
    if (KeyInMode(k.name, mode)) out.push_back(k.name);
  return out;
}

const yaml::Entry* TopInMode(const Recipe& recipe, std::string_view key) {
  return KeyInMode(key, recipe.mode()) ? recipe.Top(key) : nullptr;
}

const yaml::Node* TriageCellList(const Recipe& recipe) {
  const yaml::Entry* cells = TopInMode(recipe, "cells");
  return cells && cells->value->is_seq() ? cells->value.get() : nullptr;
}

Span ValueOrKey(const yaml::Entry& entry) { return entry.value->span.empty() ? entry.key->span : entry.value->span; }

}  // namespace aortalint::recipe_schema
