// Reads documents framed as "<length>\n<bytes>" from the file named by argv[1] and prints one
// JSON line for each, through both readers of json.h's scanner, for
// src/python/parity/json_parity.py to compare with CPython's json:
//   {"loads": {"error": null or [message, offset], "value": V},  the recipe side (CheckAsJson)
//    "load": {"ok": b, "too_deep": b, "value": V}}                the metrics side (PyJsonLoad)
// V is ["n"], ["b", bool], ["i", digits], ["f", repr], ["s", hex of the bytes], ["l", [V...]]
// or ["d", [[key hex, V]...]]: the recipe side's dicts keep every pair in order (as the loader
// sees them), PyJsonLoad's are Python's dicts. Invalid UTF-8 is Python's UnicodeDecodeError,
// checked first on both sides, as the loader and PyJsonLoad check it.
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <iostream>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "python/json.h"
#include "python/value.h"

namespace {

using aortalint::NodeEvent;
using aortalint::PyValue;
using nlohmann::json;

std::string Hex(std::string_view bytes) {
  static const char* digits = "0123456789abcdef";
  std::string out;
  for (char c : bytes) {
    out += digits[static_cast<unsigned char>(c) >> 4];
    out += digits[static_cast<unsigned char>(c) & 15];
  }
  return out;
}

json Float(double d) { return json::array({"f", aortalint::PyFloatRepr(d)}); }

json Canon(const PyValue& v) {
  switch (v.kind) {
    case PyValue::Kind::kNone:
      return json::array({"n"});
    case PyValue::Kind::kBool:
      return json::array({"b", v.boolean});
    case PyValue::Kind::kInt:
      return json::array({"i", v.text});
    case PyValue::Kind::kFloat:
      return Float(v.number);
    case PyValue::Kind::kStr:
      return json::array({"s", Hex(v.text)});
    case PyValue::Kind::kList: {
      json items = json::array();
      for (const PyValue& item : v.items) items.push_back(Canon(item));
      return json::array({"l", items});
    }
    case PyValue::Kind::kDict: {
      json pairs = json::array();
      for (size_t k = 0; k < v.items.size(); ++k) pairs.push_back(json::array({Hex(v.keys[k]), Canon(v.items[k])}));
      return json::array({"d", pairs});
    }
  }
  return nullptr;
}

// The recipe side's events as one value, typed as the loader types a .json recipe's plain scalars.
class EventTree {
 public:
  json root;

  void operator()(const NodeEvent& e) {
    if (e.type == NodeEvent::kMappingStart || e.type == NodeEvent::kSequenceStart) {
      open_.push_back({e.type == NodeEvent::kMappingStart, json::array(), std::nullopt});
      return;
    }
    json v;
    if (e.type == NodeEvent::kCollectionEnd) {
      v = json::array({open_.back().dict ? "d" : "l", std::move(open_.back().items)});
      open_.pop_back();
    } else if (!e.implicit) {
      if (!open_.empty() && open_.back().dict && !open_.back().key) {
        open_.back().key = Hex(e.value);
        return;
      }
      v = json::array({"s", Hex(e.value)});
    } else {
      v = Plain(e.value);
    }
    if (open_.empty()) {
      root = std::move(v);
    } else if (open_.back().dict) {
      open_.back().items.push_back(json::array({*open_.back().key, std::move(v)}));
      open_.back().key.reset();
    } else {
      open_.back().items.push_back(std::move(v));
    }
  }

 private:
  struct Open {
    bool dict;
    json items;
    std::optional<std::string> key;
  };

  static json Plain(const std::string& s) {
    if (s == "null") return json::array({"n"});
    if (s == "true" || s == "false") return json::array({"b", s == "true"});
    if (s == "NaN") return Float(NAN);
    if (s == "Infinity" || s == "-Infinity") return Float(s[0] == '-' ? -INFINITY : INFINITY);
    if (s.find_first_of(".eE") != std::string::npos) return Float(std::strtod(s.c_str(), nullptr));
    return json::array({"i", s == "-0" ? "0" : s});
  }

  std::vector<Open> open_;
};

json Loads(std::string_view bytes) {
  size_t lead = 0;
  if (aortalint::Utf8ErrorOffset(bytes, &lead))
    return {{"error", json::array({"UnicodeDecodeError", lead})}, {"value", nullptr}};
  EventTree tree;
  std::optional<aortalint::JsonError> error = aortalint::CheckAsJson(bytes, std::ref(tree));
  if (error) return {{"error", json::array({error->message, error->offset})}, {"value", nullptr}};
  return {{"error", nullptr}, {"value", tree.root}};
}

json Load(std::string_view bytes) {
  bool too_deep = false;
  std::optional<PyValue> v = aortalint::PyJsonLoad(bytes, &too_deep);
  return {{"ok", v.has_value()}, {"too_deep", too_deep}, {"value", v ? Canon(*v) : json()}};
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: json_dump FILE (documents as <length>\\n<bytes>)\n";
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  std::string all((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  for (size_t at = 0; at < all.size();) {
    size_t newline = all.find('\n', at);
    size_t length = std::stoul(all.substr(at, newline - at));
    std::string_view doc = std::string_view(all).substr(newline + 1, length);
    at = newline + 1 + length;
    std::cout << json{{"loads", Loads(doc)}, {"load", Load(doc)}}.dump() << '\n';
  }
  return 0;
}
