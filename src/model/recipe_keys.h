// The recipe's own keys (top level, cell, and the mappings aorta checks key
// by key), as data: rules/knowledge/recipe_keys.yaml, embedded. The RCP rules
// read which keys exist and where; editors show the docs on hover;
// `aortalint schema` builds its JSON Schema from the same table.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/recipe.h"

namespace aortalint {

struct KeyDoc {
  std::string name;
  std::vector<std::string> modes;        // top level: where aorta accepts it (triage, probe)
  std::vector<std::string> required_in;  // top level: the modes that require it
  bool required = false;                 // elsewhere: it must be present
  std::string type;
  std::string default_value;
  std::string doc;
  // Its JSON Schema with `default` where the table gives a typed one; a
  // string names a schema built from the knowledge tables; null: anything.
  nlohmann::json schema;
  std::vector<KeyDoc> keys;  // its mapping's keys, when aorta rejects others
  unsigned mode_bits = 0;    // `modes` as bits: 1 << RecipeMode (the rules ask InMode of every key)

  /// Whether a recipe in `mode` accepts it (an invalid mode admits both banks).
  bool InMode(RecipeMode mode) const;
  bool RequiredIn(RecipeMode mode) const;
  const KeyDoc* Key(std::string_view key) const;
  /// The strings of its schema's `enum`, in the table's order.
  std::vector<std::string_view> Domain() const;
};

/// The names of `keys`, sorted, for lookups and suggestions.
std::vector<std::string_view> KeyNames(const std::vector<KeyDoc>& keys);

struct RecipeKeys {
  std::vector<KeyDoc> top_level;      // reference/aorta.md §1.3, in the table's order
  std::vector<KeyDoc> cell;           // §1.4
  std::vector<std::string> deferred;  // top-level keys refused as a later phase (§1.2 step 2)

  const KeyDoc* TopLevel(std::string_view name) const;
  const KeyDoc* Cell(std::string_view name) const;
};

/// The table (rules/knowledge/recipe_keys.yaml) as data; load/knowledge_loader.h reads it
/// (BuiltinRecipeKeys()). Throws std::logic_error when it is broken: that is a build defect.
RecipeKeys RecipeKeysFromTable(const yaml::Node& root);

}  // namespace aortalint
