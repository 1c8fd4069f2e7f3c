#include "emit/recipe_schema.h"

#include <algorithm>
#include <set>
#include <stdexcept>

#include "base/strings.h"
#include "load/knowledge_loader.h"
#include "model/recipe_keys.h"

namespace aortalint {
namespace {

using nlohmann::json;

std::string Alternation(const std::vector<std::string>& values) { return Join(values, "|"); }

// An option value: always a YAML string (aorta rejects anything else), drawn
// from the option's domain where it has one.
json OptionSchema(const OptionSpec& o) {
  json j = {{"type", "string"}, {"description", o.doc}};
  if (o.default_value) j["default"] = *o.default_value;
  if (o.tokens) {
    std::string one = "(" + Alternation(o.domain) + ")";
    j["pattern"] = "^[\\s,]*" + one + "([\\s,]+" + one + ")*[\\s,]*$";
    j["examples"] = o.domain;
  } else if (!o.by_backend.empty()) {
    std::set<std::string> all;
    for (const auto& [backend, modes] : o.by_backend) all.insert(modes.begin(), modes.end());
    j["enum"] = std::vector<std::string>(all.begin(), all.end());
  } else if (!o.domain.empty()) {
    j["enum"] = o.domain;
  } else if (o.nonempty) {
    j["pattern"] = "\\S";
  }
  return j;
}

json CollectSchema(const Knowledge& k, bool allow_null) {
  std::vector<std::string> names;
  json by_name = json::object();
  for (const CollectorSpec& c : k.collectors) {
    names.push_back(c.name);
    json options = {{"type", "object"}, {"description", c.summary}};
    if (c.any_options) {
      options["additionalProperties"] = {{"type", "string"}};
    } else {
      options["properties"] = json::object();
      for (const OptionSpec& o : c.options) options["properties"][o.name] = OptionSchema(o);
      options["additionalProperties"] = false;
    }
    by_name[c.name] = {{"description", c.summary}, {"oneOf", json::array({{{"type", "null"}}, options})}};
  }
  json forms = json::array({
      {{"type", "array"}, {"items", {{"enum", names}}}, {"description", "collector names, no options"}},
      {{"type", "object"},
       {"properties", by_name},
       {"additionalProperties", false},
       {"description", "collector name -> null or its options (string values)"}},
  });
  if (allow_null) forms.push_back({{"type", "null"}, {"description", "no collectors"}});
  return {{"description", "profilers to run around each trial"}, {"oneOf", forms}};
}

json KeySchema(const KeyDoc& key, const Knowledge& k);

// A mapping that accepts only `keys`.
json MappingSchema(const std::vector<KeyDoc>& keys, const Knowledge& k) {
  json properties = json::object();
  json required = json::array();
  for (const KeyDoc& key : keys) {
    properties[key.name] = KeySchema(key, k);
    if (key.required) required.push_back(key.name);
  }
  json j = {{"type", "object"}, {"properties", properties}, {"additionalProperties", false}};
  if (!required.empty()) j["required"] = required;
  return j;
}

// The schemas the key table names rather than writes: they need the knowledge
// tables (collectors, mitigations, environments) or the cell table.
json NamedSchema(std::string_view name, const KeyDoc& key, const Knowledge& k) {
  if (name == "collect" || name == "collect_or_null") return CollectSchema(k, name == "collect_or_null");
  if (name == "cells")
    return {{"type", "array"}, {"minItems", 1}, {"items", MappingSchema(BuiltinRecipeKeys().cell, k)}};
  if (name == "environment") {
    json named = {{"type", "string"}, {"description", "a registered environment"}};
    if (!k.environments.empty()) named["examples"] = k.environments;
    return {{"oneOf", json::array({named, MappingSchema(key.keys, k)})}};
  }
  if (name == "mitigations") {
    std::vector<std::string> names;
    for (const auto& [mitigation, vars] : k.mitigations) names.push_back(mitigation);
    return {{"type", "array"}, {"minItems", 1}, {"items", {{"type", "string"}, {"examples", names}}}};
  }
  throw std::logic_error("recipe_keys.yaml names an unknown schema: " + std::string(name));
}

json KeySchema(const KeyDoc& key, const Knowledge& k) {
  json j = key.schema.is_string() ? NamedSchema(key.schema.get<std::string>(), key, k)
           : key.schema.is_null() ? json::object()
                                  : key.schema;
  if (!key.schema.is_string() && !key.keys.empty()) {
    // A list of mappings (custom_patterns) describes its items; a mapping itself.
    json type = j.value("type", json());
    bool list = type == "array" || (type.is_array() && std::ranges::find(type, "array") != type.end());
    if (list)
      j["items"] = MappingSchema(key.keys, k);
    else
      j.update(MappingSchema(key.keys, k));
  }
  if (!key.doc.empty()) j["description"] = key.doc;
  return j;
}

// What a recipe of `mode` must hold, and the only keys it may: a probe-only key in a triage recipe (or
// `cells:` in a probe recipe) is refused by aorta, so the schema refuses it too.
json ModeKeys(RecipeMode mode) {
  json required = json::array(), allowed = json::array();
  for (const KeyDoc& key : BuiltinRecipeKeys().top_level) {
    if (key.RequiredIn(mode)) required.push_back(key.name);
    if (key.InMode(mode)) allowed.push_back(key.name);
  }
  return {{"required", required}, {"propertyNames", {{"enum", allowed}}}};
}

}  // namespace

json RecipeSchema(const Knowledge& k) {
  json properties = json::object();
  for (const KeyDoc& key : BuiltinRecipeKeys().top_level) properties[key.name] = KeySchema(key, k);
  json probe = {{"properties", {{"mode", {{"const", "probe"}}}}}, {"required", {"mode"}}};
  // `mode: sanitizer` has its own loader and keys (sanitizer_plan.yaml); the
  // schema only frames it, `aortalint check` (SAN rules) judges the plan.
  json sanitizer = {{"properties", {{"mode", {{"const", "sanitizer"}}}}}, {"required", {"mode"}}};
  json sanitizer_then = {
      {"required", {"schema_version", "mode", "sanitizer_plan"}},
      {"propertyNames", {{"enum", {"schema_version", "mode", "ticket", "description", "sanitizer_plan"}}}}};
  properties["sanitizer_plan"] = {{"type", "object"},
                                  {"description",
                                   "mode: sanitizer only: what to select, which sanitizers run, and "
                                   "where the report goes"}};
  return {{"$schema", "http://json-schema.org/draft-07/schema#"},
          {"$id", "aortalint-recipe.schema.json"},
          {"title", "aorta profiling recipe"},
          {"description", "Generated by `aortalint schema`; aortalint check is the authority."},
          {"type", "object"},
          {"properties", properties},
          {"additionalProperties", false},
          {"if", sanitizer},
          {"then", sanitizer_then},
          {"else", {{"if", probe}, {"then", ModeKeys(RecipeMode::kProbe)}, {"else", ModeKeys(RecipeMode::kTriage)}}}};
}

}  // namespace aortalint
