#include "rules/recipe/recipe_schema.h"

#include <algorithm>

#include "load/knowledge_loader.h"

namespace aortalint::recipe_schema {

bool KeyInMode(std::string_view name, RecipeMode mode) {
  const KeyDoc* k = BuiltinRecipeKeys().TopLevel(name);
  return k && k->InMode(mode);
}

std::vector<std::string_view> KeysOfMode(RecipeMode mode) {
  std::vector<std::string_view> out;
  for (const KeyDoc& k : BuiltinRecipeKeys().top_level)
    if (k.InMode(mode)) out.push_back(k.name);
  std::ranges::sort(out);
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
