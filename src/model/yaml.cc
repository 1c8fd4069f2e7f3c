#include "model/yaml.h"

#include <cmath>

#include <fmt/format.h>

namespace aortalint::yaml {
std::string PyStr(std::string_view s) {
  // Python prefers single quotes unless the text holds one and no double quote.
  char quote = s.find('\'') != std::string_view::npos && s.find('"') == std::string_view::npos ? '"' : '\'';
  std::string out(1, quote);
  for (unsigned char c : s) {
    if (c == '\\')
      out += "\\\\";
    else if (c == static_cast<unsigned char>(quote)) {
      out += '\\';
      out += quote;
    } else if (c == '\n')
      out += "\\n";
    else if (c == '\t')
      out += "\\t";
    else if (c == '\r')
      out += "\\r";
    else if (c < 0x20 || c == 0x7f)
      out += fmt::format("\\x{:02x}", c);
    else
      out += static_cast<char>(c);
  }
  out += quote;
  return out;
}

namespace {

void AppendRepr(const Node& n, std::string& out, size_t limit) {
  if (out.size() > limit) return;
  switch (n.kind) {
    case Kind::kNull:
      out += "None";
      break;
    case Kind::kBool:
      out += n.boolean ? "True" : "False";
      break;
    case Kind::kInt:
      out += std::to_string(n.integer);
      break;
    case Kind::kFloat:
      if (std::isnan(n.number))
        out += "nan";
      else if (std::isinf(n.number))
        out += n.number > 0 ? "inf" : "-inf";
      else
        out += fmt::format("{}", n.number);
      break;
    case Kind::kTimestamp:
      out += "datetime(" + PyStr(n.text) + ")";
      break;
    case Kind::kBinary:
      out += "b'...'";
      break;
    case Kind::kStr:
      out += PyStr(n.text);
      break;
    case Kind::kSeq:
      out += '[';
      for (size_t i = 0; i < n.items.size() && out.size() <= limit; ++i) {
        if (i) out += ", ";
        AppendRepr(*n.items[i], out, limit);
      }
      out += ']';
      break;
    case Kind::kMap:
      out += '{';
      for (size_t i = 0; i < n.entries.size() && out.size() <= limit; ++i) {
        if (i) out += ", ";
        AppendRepr(*n.entries[i].key, out, limit);
        out += ": ";
        AppendRepr(*n.entries[i].value, out, limit);
      }
      out += '}';
      break;
    case Kind::kSet:
      if (n.items.empty()) {
        out += "set()";
        break;
      }
      out += '{';
      for (size_t i = 0; i < n.items.size() && out.size() <= limit; ++i) {
        if (i) out += ", ";
        AppendRepr(*n.items[i], out, limit);
      }
      out += '}';
      break;
  }
}

}  // namespace

std::vector<std::string> Node::StringItems() const {
  std::vector<std::string> out;
  for (const NodePtr& item : items) out.push_back(item->text);
  return out;
}

const Entry* Node::Find(std::string_view key) const {
  for (const Entry& e : entries)
    if (e.key->kind == Kind::kStr && e.key->text == key) return &e;
  return nullptr;
}

const Node* Node::Get(std::string_view key) const {
  const Entry* e = Find(key);
  return e ? e->value.get() : nullptr;
}

std::string_view Node::TypeName() const {
  switch (kind) {
    case Kind::kNull:
      return "NoneType";
    case Kind::kBool:
      return "bool";
    case Kind::kInt:
      return "int";
    case Kind::kFloat:
      return "float";
    case Kind::kStr:
      return "str";
    case Kind::kTimestamp:
      return text.size() > 10 ? "datetime" : "date";
    case Kind::kBinary:
      return "bytes";
    case Kind::kSeq:
      return "list";
    case Kind::kMap:
      return "dict";
    case Kind::kSet:
      return "set";
  }
  return "object";
}

std::string Node::Repr(size_t limit) const {
  std::string out;
  AppendRepr(*this, out, limit);
  if (out.size() > limit) {
    // Cut on a code point boundary: half a UTF-8 sequence is no text (the JSON writer refuses it).
    size_t cut = limit;
    while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80) --cut;
    out = out.substr(0, cut) + "...";
  }
  return out;
}

}  // namespace aortalint::yaml
