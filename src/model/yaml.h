// A YAML document as PyYAML's safe_load would type it, with every key and
// value keeping its byte span. Built by load/yaml_loader from the PyYAML port.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "base/span.h"

namespace aortalint::yaml {

/// Python types that safe_load produces (YAML 1.1 resolution).
// kSet: a Python set (`!!set`), its members in items; neither a list nor a mapping to aorta.
enum class Kind { kNull, kBool, kInt, kFloat, kStr, kTimestamp, kBinary, kSeq, kMap, kSet };

struct Node;
using NodePtr = std::shared_ptr<const Node>;  // aliases share their anchor's node

struct Entry {
  NodePtr key;
  NodePtr value;
};

struct Node {
  Kind kind = Kind::kNull;
  Span span;           // scalar: its token (quotes included); collection: start to last child
  std::string text;    // scalar text after unquoting/unescaping (for kStr the value)
  bool plain = false;  // a plain (unquoted, non-block) scalar
  bool flow = false;   // a flow collection: [a, b] / {a: b}
  bool boolean = false;
  int64_t integer = 0;  // saturated for huge ints
  double number = 0;
  std::vector<NodePtr> items;  // kSeq
  std::vector<Entry> entries;  // kMap, insertion order, duplicate keys keep the last value

  bool is_null() const { return kind == Kind::kNull; }
  bool is_str() const { return kind == Kind::kStr; }
  bool is_map() const { return kind == Kind::kMap; }
  bool is_seq() const { return kind == Kind::kSeq; }
  bool is_scalar() const { return kind != Kind::kSeq && kind != Kind::kMap && kind != Kind::kSet; }
  bool is_int() const { return kind == Kind::kInt; }  // bool is not an int here (aorta rejects it)
  bool is_number() const { return kind == Kind::kInt || kind == Kind::kFloat; }

  /// The texts of a sequence's items (empty for anything else).
  std::vector<std::string> StringItems() const;
  /// The value under a string key, or nullptr.
  const Node* Get(std::string_view key) const;
  /// The entry (key and value) under a string key, or nullptr.
  const Entry* Find(std::string_view key) const;

  /// Python's type name for the value: "NoneType", "bool", "int", "float", "str", "list", "dict", "set".
  std::string_view TypeName() const;
  /// Python's repr() of the value, truncated to `limit` characters: 'x', 5, True, None, ['a'].
  std::string Repr(size_t limit = 60) const;
};

/// Python's repr() of a str: 'x', "it's", '\\n'.
std::string PyStr(std::string_view s);

}  // namespace aortalint::yaml
