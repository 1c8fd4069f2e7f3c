#include "rules/recipe/recipe_schema.h"

#include <algorithm>
#include <array>

#include "load/knowledge_loader.h"

namespace aortalint::recipe_schema {

bool KeyInMode(std::string_view name, RecipeMode mode) {
  const KeyDoc* k = BuiltinRecipeKeys().TopLevel(name);
  return k && k->InMode(mode);
}

const std::vector<std::string_view>& KeysOfMode(RecipeMode mode) {
  static const auto by_mode = [] {
    std::array<std::vector<std::string_view>, 4> out;  // a list per RecipeMode, kInvalid's included
    for (size_t m = 0; m < out.size(); ++m) {
      for (const KeyDoc& k : BuiltinRecipeKeys().top_level)
        if (k.InMode(static_cast<RecipeMode>(m))) out[m].push_back(k.name);
      std::ranges::sort(out[m]);
    }
    return out;
  }();
  return by_mode[static_cast<size_t>(mode)];
}

const yaml::Entry* TopInMode(const Recipe& recipe, std::string_view key) {
  // The recipe's few keys first: most keys asked for are absent.
  const yaml::Entry* entry = recipe.Top(key);
  return entry && KeyInMode(key, recipe.mode()) ? entry : nullptr;
}

const yaml::Node* TriageCellList(const Recipe& recipe) {
  const yaml::Entry* cells = TopInMode(recipe, "cells");
  return cells && cells->value->is_seq() ? cells->value.get() : nullptr;
}

Span ValueOrKey(const yaml::Entry& entry) { return entry.value->span.empty() ? entry.key->span : entry.value->span; }

}  // namespace aortalint::recipe_schema
