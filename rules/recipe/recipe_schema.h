// Small helpers the RCP rules share over the recipe's key table
// (model/recipe_keys.h), so each rule reports only its own part of a key's
// problems and they agree on which keys belong to which mode.
#pragma once

#include <string_view>
#include <vector>

#include "model/recipe.h"
#include "model/recipe_keys.h"

namespace aortalint::recipe_schema {

/// Whether a top-level key may be judged in this recipe: it exists and belongs
/// to the recipe's mode (an unreadable `mode` admits both banks).
bool KeyInMode(std::string_view name, RecipeMode mode);
/// The keys the mode accepts, sorted, for suggestions.
const std::vector<std::string_view>& KeysOfMode(RecipeMode mode);

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
