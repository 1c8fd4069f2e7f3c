#include "model/recipe_keys.h"

#include <memory>
#include <stdexcept>

#include "base/embedded.h"
#include "load/yaml_loader.h"

namespace aortalint {
namespace {

const KeyDoc* FindKey(const std::vector<KeyDoc>& keys, std::string_view name) {
  for (const KeyDoc& k : keys)
    if (k.name == name) return &k;
  return nullptr;
}

std::string Text(const yaml::Node& map, std::string_view key) {
  const yaml::Node* v = map.Get(key);
  return v && v->is_scalar() && !v->is_null() ? v->text : "";
}

std::vector<KeyDoc> ReadKeys(const yaml::Node* section) {
  std::vector<KeyDoc> out;
  if (!section || !section->is_map()) return out;
  for (const yaml::Entry& e : section->entries) {
    if (!e.value || !e.value->is_map()) continue;
    KeyDoc k{e.key->text, {}, Text(*e.value, "type"), Text(*e.value, "default"), Text(*e.value, "doc")};
    if (const yaml::Node* modes = e.value->Get("modes"); modes && modes->is_seq())
      for (const yaml::NodePtr& m : modes->items) k.modes.push_back(m->text);
    out.push_back(std::move(k));
  }
  return out;
}

}  // namespace

const KeyDoc* RecipeKeys::TopLevel(std::string_view name) const { return FindKey(top_level, name); }
const KeyDoc* RecipeKeys::Cell(std::string_view name) const { return FindKey(cell, name); }

const RecipeKeys& BuiltinRecipeKeys() {
  static const RecipeKeys keys = [] {
    constexpr std::string_view kName = "recipe_keys.yaml";
    std::optional<std::string_view> text = FindEmbedded(kName);
    if (!text) throw std::logic_error("recipe_keys.yaml is not embedded");
    YamlDocument doc = ParseYaml(std::make_shared<SourceFile>(std::string(kName), std::string(*text)));
    if (!doc.ok() || !doc.root || !doc.root->is_map()) throw std::logic_error("recipe_keys.yaml does not parse");
    return RecipeKeys{ReadKeys(doc.root->Get("top_level")), ReadKeys(doc.root->Get("cell"))};
  }();
  return keys;
}

}  // namespace aortalint
