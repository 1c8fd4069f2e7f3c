#include "load/knowledge_loader.h"

#include <stdexcept>
#include <string_view>

#include "load/yaml_loader.h"

namespace aortalint {
namespace {

// An embedded table's root mapping (the build's pre-parsed image when it made one).
YamlDocument EmbeddedTable(std::string_view name) {
  YamlDocument doc = ParseEmbedded(name);
  if (!doc.root || !doc.root->is_map())
    throw std::logic_error("embedded table " + std::string(name) + " is not a mapping");
  return doc;
}

}  // namespace

const Knowledge& BuiltinKnowledge() {
  static const Knowledge knowledge = [] {
    Knowledge k = KnowledgeFromTables(*EmbeddedTable("collectors.yaml").root, *EmbeddedTable("mitigations.yaml").root);
    k.sanitizer_keys = &BuiltinSanitizerKeys();
    return k;
  }();
  return knowledge;
}

const TritonTable& BuiltinTritonTable() {
  static const TritonTable table = BuiltinTritonTableFrom(EmbeddedTable("triton.yaml"));
  return table;
}

const AortaTable& BuiltinAortaTable() {
  static const AortaTable table = AortaTableFrom(*EmbeddedTable("aorta.yaml").root);
  return table;
}

const RecipeKeys& BuiltinRecipeKeys() {
  static const RecipeKeys keys = RecipeKeysFromTable(*EmbeddedTable("recipe_keys.yaml").root);
  return keys;
}

const SanitizerKeys& BuiltinSanitizerKeys() {
  static const SanitizerKeys keys = SanitizerKeysFromTable(*EmbeddedTable("sanitizer_plan.yaml").root);
  return keys;
}

const std::map<std::string, TorchImporter>& KnownTorchImporters() {
  static const std::map<std::string, TorchImporter> packages = [] {
    std::map<std::string, TorchImporter> out;
    YamlDocument doc = EmbeddedTable("torch_importers.yaml");
    const yaml::Node* table = doc.root->Get("packages");
    if (!table || !table->is_map()) throw std::logic_error("torch_importers.yaml: packages is not a mapping");
    for (const yaml::Entry& e : table->entries) {
      TorchImporter row;
      if (e.value->is_map()) {
        const yaml::Node* bare = e.value->Get("import");
        const yaml::Node* from = e.value->Get("from");
        if (bare) row.bare = bare->text;
        if (from) row.from = from->text;
      } else {
        row.bare = row.from = e.value->text;
      }
      out[e.key->text] = row;
    }
    return out;
  }();
  return packages;
}

std::shared_ptr<const TritonTable> LoadTritonTable(const std::string& path, const TritonTable& base,
                                                   std::vector<Diagnostic>& errors) {
  return MergeTritonTable(LoadYamlFile(path), base, errors);
}

}  // namespace aortalint
