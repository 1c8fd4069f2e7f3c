// The recipe's key tables (reference/aorta.md §1.3, §1.4) and the small
// helpers the RCP rules share, so each rule reports only its own part of a
// key's problems and they agree on which keys belong to which mode.
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "model/recipe.h"

namespace aortalint::recipe_schema {

struct TopKey {
  std::string_view name;
  bool triage;
  bool probe;
};

/// Every top-level key aorta's newest loader accepts, with its modes.
std::span<const TopKey> TopLevelKeys();
const TopKey* FindTopKey(std::string_view name);

/// Keys aorta defers to a later phase (RCP010 reports them, RCP002 does not).
inline constexpr std::string_view kDeferredKeys[] = {"condition"};
inline constexpr std::string_view kTriageRequired[] = {"schema_version", "workload", "trials", "steps", "cells"};
inline constexpr std::string_view kProbeRequired[] = {"schema_version", "trials", "mitigation_axis", "diagnostic_axis"};

inline constexpr std::string_view kCellKeys[] = {"collect",     "environment", "extra_env", "mitigations",
                                                 "name",        "steps",       "trials",    "workload_config"};
inline constexpr std::string_view kCellRequired[] = {"name", "mitigations", "environment"};
inline constexpr std::string_view kConfoundKeys[] = {"baseline_cell", "threshold"};
inline constexpr std::string_view kStopAfterKeys[] = {"event_verdict", "events", "max_trials"};
inline constexpr std::string_view kRetainKeys[] = {"on_error", "on_fail", "on_pass"};
inline constexpr std::string_view kInlineEnvironmentKeys[] = {"docker", "env"};

/// Whether a top-level key may be judged in this recipe: it exists and belongs
/// to the recipe's mode (an unreadable `mode` admits both banks).
bool KeyInMode(std::string_view name, RecipeMode mode);
/// The keys the mode accepts, for suggestions.
std::vector<std::string_view> KeysOfMode(RecipeMode mode);

/// The top-level entry for `key` when it belongs to the recipe's mode.
const yaml::Entry* TopInMode(const Recipe& recipe, std::string_view key);

/// Triage cells as written: the `cells` list when the recipe is not in probe
/// mode (there `cells` is a wrong-mode key), else nullptr.
const yaml::Node* TriageCellList(const Recipe& recipe);

/// Where to point for an entry's value: the value, or the key when the value is empty.
Span ValueOrKey(const yaml::Entry& entry);

/// aorta's positive-int check: an int (never a bool) >= 1.
inline bool IsPositiveInt(const yaml::Node& n) { return n.is_int() && n.integer >= 1; }

}  // namespace aortalint::recipe_schema
