// Documentation of the recipe's own keys (top level and cell), as data:
// rules/knowledge/recipe_keys.yaml, embedded. Editors show it on hover; a
// schema generator can read the same table.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace aortalint {

struct KeyDoc {
  std::string name;
  std::vector<std::string> modes;  // top level only: triage, probe
  std::string type;
  std::string default_value;
  std::string doc;
};

struct RecipeKeys {
  std::vector<KeyDoc> top_level;
  std::vector<KeyDoc> cell;

  const KeyDoc* TopLevel(std::string_view name) const;
  const KeyDoc* Cell(std::string_view name) const;
};

/// The embedded table, parsed on first use (thread-safe).
const RecipeKeys& BuiltinRecipeKeys();

}  // namespace aortalint
