// Prints the tree the loader builds for each file as one JSON line, typed the way
// src/python/parity/yaml_parity.py --tree types PyYAML's safe_load (and json.loads) values, so the
// two can be compared value for value:
//   {"path": P, "ok": true, "value": V} or {"path": P, "ok": false}
// where V is null, a bool, a string, {"int": n}, {"float": x or "nan"/"inf"/"-inf"},
// {"ts": true}, {"bin": true}, a list, or {"map": [[key, value], ...]} in insertion order.
#include <cmath>
#include <iostream>

#include <nlohmann/json.hpp>

#include "load/yaml_loader.h"

namespace {

using aortalint::yaml::Kind;
using aortalint::yaml::Node;

nlohmann::json Typed(const Node& n) {
  switch (n.kind) {
    case Kind::kNull:
      return nullptr;
    case Kind::kBool:
      return n.boolean;
    case Kind::kInt:
      return {{"int", n.integer}};
    case Kind::kFloat:
      if (std::isnan(n.number)) return {{"float", "nan"}};
      if (std::isinf(n.number)) return {{"float", n.number > 0 ? "inf" : "-inf"}};
      return {{"float", n.number}};
    case Kind::kStr:
      return n.text;
    case Kind::kTimestamp:
      return {{"ts", true}};
    case Kind::kBinary:
      return {{"bin", true}};
    case Kind::kSeq: {
      nlohmann::json out = nlohmann::json::array();
      for (const auto& item : n.items) out.push_back(Typed(*item));
      return out;
    }
    case Kind::kSet: {  // PyYAML's side leaves sets out of the comparison (src/python/parity/yaml_parity.py)
      nlohmann::json out = nlohmann::json::array();
      for (const auto& item : n.items) out.push_back(Typed(*item));
      return {{"set", out}};
    }
    case Kind::kMap: {
      nlohmann::json pairs = nlohmann::json::array();
      for (const auto& e : n.entries) pairs.push_back({Typed(*e.key), Typed(*e.value)});
      return {{"map", pairs}};
    }
  }
  return nullptr;
}

}  // namespace

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    aortalint::YamlDocument doc = aortalint::LoadYamlFile(argv[i]);
    nlohmann::json line = {{"path", argv[i]}, {"ok", doc.ok()}};
    if (doc.ok()) line["value"] = Typed(*doc.root);
    std::cout << line.dump(-1, ' ', true, nlohmann::json::error_handler_t::replace) << '\n';
  }
  return 0;
}
