#include "load/yaml_image.h"

#include <cstdint>
#include <cstring>
#include <memory>
#include <utility>

namespace aortalint::yaml {
namespace {

// Layout, per node in pre-order: kind (1 byte), flags (1 byte: plain, flow,
// boolean), span begin and end (varints), text (varint length, bytes), then
// by kind: kInt a zigzag varint, kFloat 8 bytes, kSeq a count and the items,
// kMap a count and key, value pairs. The image starts with a magic and a version.
constexpr std::string_view kMagic = "AYI1";
constexpr int kMaxDepth = 512;

void PutVarint(std::string& out, uint64_t v) {
  while (v >= 0x80) {
    out += static_cast<char>((v & 0x7f) | 0x80);
    v >>= 7;
  }
  out += static_cast<char>(v);
}

void Put(std::string& out, const Node& n) {
  out += static_cast<char>(n.kind);
  out += static_cast<char>((n.plain ? 1 : 0) | (n.flow ? 2 : 0) | (n.boolean ? 4 : 0));
  PutVarint(out, n.span.begin);
  PutVarint(out, n.span.end);
  PutVarint(out, n.text.size());
  out += n.text;
  switch (n.kind) {
    case Kind::kInt:
      PutVarint(out, (static_cast<uint64_t>(n.integer) << 1) ^ static_cast<uint64_t>(n.integer >> 63));
      break;
    case Kind::kFloat: {
      char bytes[sizeof(double)];
      std::memcpy(bytes, &n.number, sizeof bytes);
      out.append(bytes, sizeof bytes);
      break;
    }
    case Kind::kSeq:
      PutVarint(out, n.items.size());
      for (const NodePtr& item : n.items) Put(out, *item);
      break;
    case Kind::kMap:
      PutVarint(out, n.entries.size());
      for (const Entry& e : n.entries) {
        Put(out, *e.key);
        Put(out, *e.value);
      }
      break;
    default:
      break;
  }
}

class Reader {
 public:
  explicit Reader(std::string_view bytes) : at_(bytes.data()), end_(bytes.data() + bytes.size()) {}

  bool Magic() {
    if (static_cast<size_t>(end_ - at_) < kMagic.size() || std::memcmp(at_, kMagic.data(), kMagic.size()) != 0)
      return false;
    at_ += kMagic.size();
    return true;
  }
  bool AtEnd() const { return at_ == end_; }

  NodePtr Get(int depth) {
    if (depth > kMaxDepth || end_ - at_ < 2) return nullptr;
    auto n = std::make_shared<Node>();
    uint8_t kind = static_cast<uint8_t>(*at_++);
    if (kind > static_cast<uint8_t>(Kind::kMap)) return nullptr;
    n->kind = static_cast<Kind>(kind);
    uint8_t flags = static_cast<uint8_t>(*at_++);
    n->plain = flags & 1;
    n->flow = flags & 2;
    n->boolean = flags & 4;
    uint64_t begin, end, size;
    if (!Varint(begin) || !Varint(end) || !Varint(size) || begin > UINT32_MAX || end > UINT32_MAX ||
        size > static_cast<uint64_t>(end_ - at_))
      return nullptr;
    n->span = {static_cast<uint32_t>(begin), static_cast<uint32_t>(end)};
    n->text.assign(at_, size);
    at_ += size;
    uint64_t count;
    switch (n->kind) {
      case Kind::kInt: {
        uint64_t z;
        if (!Varint(z)) return nullptr;
        n->integer = static_cast<int64_t>((z >> 1) ^ (~(z & 1) + 1));
        break;
      }
      case Kind::kFloat:
        if (end_ - at_ < static_cast<ptrdiff_t>(sizeof(double))) return nullptr;
        std::memcpy(&n->number, at_, sizeof(double));
        at_ += sizeof(double);
        break;
      case Kind::kSeq:
        if (!Varint(count) || count > static_cast<uint64_t>(end_ - at_)) return nullptr;
        n->items.reserve(count);
        for (uint64_t i = 0; i < count; ++i) {
          NodePtr item = Get(depth + 1);
          if (!item) return nullptr;
          n->items.push_back(std::move(item));
        }
        break;
      case Kind::kMap:
        if (!Varint(count) || count > static_cast<uint64_t>(end_ - at_)) return nullptr;
        n->entries.reserve(count);
        for (uint64_t i = 0; i < count; ++i) {
          NodePtr key = Get(depth + 1);
          NodePtr value = key ? Get(depth + 1) : nullptr;
          if (!value) return nullptr;
          n->entries.push_back({std::move(key), std::move(value)});
        }
        break;
      default:
        break;
    }
    return n;
  }

 private:
  bool Varint(uint64_t& v) {
    v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (at_ == end_) return false;
      uint8_t b = static_cast<uint8_t>(*at_++);
      v |= static_cast<uint64_t>(b & 0x7f) << shift;
      if (!(b & 0x80)) return true;
    }
    return false;
  }

  const char* at_;
  const char* end_;
};

std::optional<std::string> Differ(const Node& a, const Node& b, const std::string& path) {
  auto what = [&](std::string field, const std::string& x, const std::string& y) {
    return path + ": " + field + " '" + x + "' vs '" + y + "'";
  };
  if (a.kind != b.kind) return what("kind", std::string(a.TypeName()), std::string(b.TypeName()));
  if (a.span != b.span)
    return what("span", std::to_string(a.span.begin) + "-" + std::to_string(a.span.end),
                std::to_string(b.span.begin) + "-" + std::to_string(b.span.end));
  if (a.text != b.text) return what("text", a.text, b.text);
  if (a.plain != b.plain || a.flow != b.flow || a.boolean != b.boolean) return what("flags", a.Repr(), b.Repr());
  if (a.integer != b.integer) return what("integer", std::to_string(a.integer), std::to_string(b.integer));
  if (std::memcmp(&a.number, &b.number, sizeof(double)) != 0)
    return what("number", std::to_string(a.number), std::to_string(b.number));
  if (a.items.size() != b.items.size())
    return what("item count", std::to_string(a.items.size()), std::to_string(b.items.size()));
  for (size_t i = 0; i < a.items.size(); ++i)
    if (auto d = Differ(*a.items[i], *b.items[i], path + "[" + std::to_string(i) + "]")) return d;
  if (a.entries.size() != b.entries.size())
    return what("entry count", std::to_string(a.entries.size()), std::to_string(b.entries.size()));
  for (size_t i = 0; i < a.entries.size(); ++i) {
    std::string at = path + "." + a.entries[i].key->text;
    if (auto d = Differ(*a.entries[i].key, *b.entries[i].key, at + " (key)")) return d;
    if (auto d = Differ(*a.entries[i].value, *b.entries[i].value, at)) return d;
  }
  return std::nullopt;
}

}  // namespace

std::string EncodeImage(const Node& root) {
  std::string out(kMagic);
  Put(out, root);
  return out;
}

NodePtr DecodeImage(std::string_view image) {
  Reader r(image);
  if (!r.Magic()) return nullptr;
  NodePtr root = r.Get(0);
  return root && r.AtEnd() ? root : nullptr;
}

std::optional<std::string> FirstDifference(const Node& a, const Node& b) { return Differ(a, b, "$"); }

}  // namespace aortalint::yaml
