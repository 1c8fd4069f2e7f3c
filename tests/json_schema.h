// A small JSON Schema validator (draft-04 and draft-07 keywords that SARIF's
// schema and aortalint's recipe schema use), so tests need no Python module.
// Unknown keywords are ignored, as the specification says; `format` checks
// only `uri` (a scheme is required).
#pragma once

#include <regex>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace aortalint::testing {

class JsonSchemaValidator {
 public:
  explicit JsonSchemaValidator(nlohmann::json root) : root_(std::move(root)) {}

  /// Problems as "pointer: what", empty when `instance` is valid.
  std::vector<std::string> Validate(const nlohmann::json& instance) {
    errors_.clear();
    Check(root_, instance, "", errors_);
    return errors_;
  }

 private:
  using json = nlohmann::json;

  const json& Resolve(const std::string& ref) {
    if (ref.rfind("#", 0) != 0) throw std::runtime_error("only local $ref is supported: " + ref);
    return root_.at(json::json_pointer(ref.substr(1)));
  }

  static bool HasType(const json& v, const std::string& type) {
    if (type == "object") return v.is_object();
    if (type == "array") return v.is_array();
    if (type == "string") return v.is_string();
    if (type == "boolean") return v.is_boolean();
    if (type == "null") return v.is_null();
    if (type == "integer")
      return v.is_number_integer() ||
             (v.is_number_float() && v.get<double>() == static_cast<long long>(v.get<double>()));
    if (type == "number") return v.is_number();
    return false;
  }

  bool Valid(const json& schema, const json& v, const std::string& at) {
    std::vector<std::string> scratch;
    Check(schema, v, at, scratch);
    return scratch.empty();
  }

  void Check(const json& schema, const json& v, const std::string& at, std::vector<std::string>& out) {
    if (schema.is_boolean()) {
      if (!schema.get<bool>()) out.push_back(at + ": not allowed here");
      return;
    }
    if (schema.contains("$ref")) {  // draft-04/07: $ref replaces its siblings
      Check(Resolve(schema["$ref"]), v, at, out);
      return;
    }
    if (schema.contains("type")) {
      const json& t = schema["type"];
      bool ok = false;
      if (t.is_string())
        ok = HasType(v, t);
      else
        for (const json& one : t) ok |= HasType(v, one);
      if (!ok) {
        out.push_back(at + ": expected type " + t.dump() + ", got " + v.dump());
        return;
      }
    }
    if (schema.contains("enum")) {
      bool ok = false;
      for (const json& e : schema["enum"]) ok |= e == v;
      if (!ok) out.push_back(at + ": " + v.dump() + " is not one of " + schema["enum"].dump());
    }
    if (schema.contains("const") && schema["const"] != v) out.push_back(at + ": must be " + schema["const"].dump());
    if (v.is_number()) {
      double x = v.get<double>();
      if (schema.contains("minimum") && x < schema["minimum"].get<double>()) out.push_back(at + ": below minimum");
      if (schema.contains("maximum") && x > schema["maximum"].get<double>()) out.push_back(at + ": above maximum");
      if (schema.contains("exclusiveMinimum") && schema["exclusiveMinimum"].is_number() &&
          x <= schema["exclusiveMinimum"].get<double>())
        out.push_back(at + ": not above exclusiveMinimum");
    }
    if (v.is_string()) {
      const std::string& s = v.get_ref<const std::string&>();
      if (schema.contains("minLength") && s.size() < schema["minLength"].get<size_t>())
        out.push_back(at + ": too short");
      if (schema.contains("pattern") && !std::regex_search(s, std::regex(schema["pattern"].get<std::string>())))
        out.push_back(at + ": " + v.dump() + " does not match " + schema["pattern"].dump());
      if (schema.value("format", "") == "uri" && !std::regex_search(s, std::regex("^[A-Za-z][A-Za-z0-9+.-]*:")))
        out.push_back(at + ": " + v.dump() + " is not an absolute URI");
    }
    if (v.is_array()) {
      if (schema.contains("minItems") && v.size() < schema["minItems"].get<size_t>())
        out.push_back(at + ": too few items");
      if (schema.contains("maxItems") && v.size() > schema["maxItems"].get<size_t>())
        out.push_back(at + ": too many items");
      if (schema.value("uniqueItems", false))
        for (size_t i = 0; i < v.size(); ++i)
          for (size_t j = i + 1; j < v.size(); ++j)
            if (v[i] == v[j])
              out.push_back(at + ": items " + std::to_string(i) + " and " + std::to_string(j) + " are equal");
      if (schema.contains("items") && schema["items"].is_object())
        for (size_t i = 0; i < v.size(); ++i) Check(schema["items"], v[i], at + "/" + std::to_string(i), out);
    }
    if (v.is_object()) {
      for (const json& name : schema.value("required", json::array()))
        if (!v.contains(name.get<std::string>())) out.push_back(at + ": missing required " + name.dump());
      if (schema.contains("minProperties") && v.size() < schema["minProperties"].get<size_t>())
        out.push_back(at + ": too few properties");
      const json props = schema.value("properties", json::object());
      for (auto it = v.begin(); it != v.end(); ++it) {
        std::string child = at + "/" + it.key();
        if (props.contains(it.key())) {
          Check(props[it.key()], it.value(), child, out);
        } else if (schema.contains("additionalProperties")) {
          const json& extra = schema["additionalProperties"];
          if (extra.is_boolean() && !extra.get<bool>())
            out.push_back(child + ": unexpected property");
          else if (extra.is_object())
            Check(extra, it.value(), child, out);
        }
      }
    }
    if (schema.contains("allOf"))
      for (const json& s : schema["allOf"]) Check(s, v, at, out);
    if (schema.contains("anyOf")) {
      bool ok = false;
      for (const json& s : schema["anyOf"]) ok = ok || Valid(s, v, at);
      if (!ok) out.push_back(at + ": matches none of anyOf");
    }
    if (schema.contains("oneOf")) {
      int n = 0;
      for (const json& s : schema["oneOf"]) n += Valid(s, v, at);
      if (n != 1) out.push_back(at + ": matches " + std::to_string(n) + " of oneOf, not exactly one");
    }
    if (schema.contains("not") && Valid(schema["not"], v, at)) out.push_back(at + ": matches a forbidden schema");
    if (schema.contains("if") && Valid(schema["if"], v, at)) {
      if (schema.contains("then")) Check(schema["then"], v, at, out);
    } else if (schema.contains("if") && schema.contains("else")) {
      Check(schema["else"], v, at, out);
    }
  }

  json root_;
  std::vector<std::string> errors_;
};

}  // namespace aortalint::testing
