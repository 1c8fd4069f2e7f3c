#include "model/recipe_keys.h"

#include <algorithm>
#include <memory>
#include <stdexcept>

#include "model/yaml_json.h"

namespace aortalint {
namespace {

using nlohmann::json;

const KeyDoc* FindKey(const std::vector<KeyDoc>& keys, std::string_view name) {
  for (const KeyDoc& k : keys)
    if (k.name == name) return &k;
  return nullptr;
}

unsigned ModeBit(RecipeMode mode) { return 1u << static_cast<unsigned>(mode); }

std::string Text(const yaml::Node& map, std::string_view key) {
  const yaml::Node* v = map.Get(key);
  return v && v->is_scalar() && !v->is_null() ? v->text : "";
}

// The texts of a sequence, or nothing when the table leaves it out.
std::vector<std::string> Strings(const yaml::Node* seq) {
  return seq ? seq->StringItems() : std::vector<std::string>{};
}

// The schema's default is the table's when that is a value, not words: a
// plain bool or number, or one of the schema's enum.
json Schema(const yaml::Node& body) {
  const yaml::Node* schema = body.Get("schema");
  if (!schema) return nullptr;
  json out = yaml::ToJson(*schema);
  const yaml::Node* d = body.Get("default");
  if (!out.is_object() || !d || !d->is_scalar() || d->is_null()) return out;
  json value = yaml::ToJson(*d);
  bool in_enum = out.contains("enum") && std::ranges::find(out["enum"], value) != out["enum"].end();
  if (!value.is_string() || in_enum) out["default"] = value;
  return out;
}

bool Has(const std::vector<std::string>& modes, RecipeMode mode) {
  std::string_view name = mode == RecipeMode::kProbe       ? "probe"
                          : mode == RecipeMode::kSanitizer ? "sanitizer"
                                                           : "triage";
  return std::ranges::find(modes, name) != modes.end();
}

std::vector<KeyDoc> ReadKeys(const yaml::Node* section) {
  std::vector<KeyDoc> out;
  if (!section || !section->is_map()) return out;
  for (const yaml::Entry& e : section->entries) {
    if (!e.value || !e.value->is_map()) continue;
    const yaml::Node& body = *e.value;
    const yaml::Node* required = body.Get("required");
    std::vector<std::string> modes = Strings(body.Get("modes"));
    unsigned mode_bits = 0;
    for (RecipeMode mode : {RecipeMode::kTriage, RecipeMode::kProbe, RecipeMode::kSanitizer})
      if (Has(modes, mode)) mode_bits |= ModeBit(mode);
    out.push_back(KeyDoc{.name = e.key->text,
                         .modes = std::move(modes),
                         .required_in = Strings(required),
                         .required = required && required->kind == yaml::Kind::kBool && required->boolean,
                         .type = Text(body, "type"),
                         .default_value = Text(body, "default"),
                         .doc = Text(body, "doc"),
                         .schema = Schema(body),
                         .keys = ReadKeys(body.Get("keys")),
                         .mode_bits = mode_bits});
  }
  return out;
}

}  // namespace

bool KeyDoc::InMode(RecipeMode mode) const { return mode == RecipeMode::kInvalid || (mode_bits & ModeBit(mode)) != 0; }
bool KeyDoc::RequiredIn(RecipeMode mode) const { return mode != RecipeMode::kInvalid && Has(required_in, mode); }
const KeyDoc* KeyDoc::Key(std::string_view key) const { return FindKey(keys, key); }

std::vector<std::string_view> KeyDoc::Domain() const {
  std::vector<std::string_view> out;
  if (schema.is_object() && schema.contains("enum"))
    for (const json& v : schema.at("enum"))
      if (v.is_string()) out.push_back(v.get_ref<const std::string&>());
  return out;
}

std::vector<std::string_view> KeyNames(const std::vector<KeyDoc>& keys) {
  std::vector<std::string_view> names;
  for (const KeyDoc& k : keys) names.push_back(k.name);
  std::ranges::sort(names);
  return names;
}

const KeyDoc* RecipeKeys::TopLevel(std::string_view name) const { return FindKey(top_level, name); }
const KeyDoc* RecipeKeys::Cell(std::string_view name) const { return FindKey(cell, name); }

RecipeKeys RecipeKeysFromTable(const yaml::Node& root) {
  if (!root.is_map()) throw std::logic_error("recipe_keys.yaml is not a mapping");
  return RecipeKeys{ReadKeys(root.Get("top_level")), ReadKeys(root.Get("cell")), Strings(root.Get("deferred"))};
}

}  // namespace aortalint
