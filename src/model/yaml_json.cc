#include "model/yaml_json.h"

namespace aortalint::yaml {

nlohmann::json ToJson(const Node& n) {
  switch (n.kind) {
    case Kind::kNull:
      return nullptr;
    case Kind::kBool:
      return n.boolean;
    case Kind::kInt:
      return n.integer;
    case Kind::kFloat:
      return n.number;
    case Kind::kSeq: {
      nlohmann::json a = nlohmann::json::array();
      for (const NodePtr& item : n.items) a.push_back(ToJson(*item));
      return a;
    }
    case Kind::kMap: {
      nlohmann::json o = nlohmann::json::object();
      for (const Entry& e : n.entries) o[e.key->text] = ToJson(*e.value);
      return o;
    }
    default:
      return n.text;  // strings, timestamps and binary as their text
  }
}

}  // namespace aortalint::yaml
