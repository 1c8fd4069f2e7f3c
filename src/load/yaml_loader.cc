#include "load/yaml_loader.h"

#include "python/json.h"
#include "python/pyyaml.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <limits>
#include <optional>
#include <set>
#include <sstream>
#include <unordered_map>

#include <fmt/format.h>

#include "base/embedded.h"
#include "base/file_reader.h"
#include "load/yaml_image.h"

namespace aortalint {
namespace {

using yaml::Kind;
using yaml::Node;

// ---- PyYAML's YAML 1.1 implicit resolution of plain scalars ----

bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsOneOf(std::string_view s, std::initializer_list<std::string_view> words) {
  for (std::string_view w : words)
    if (s == w) return true;
  return false;
}

// [0-9_]* after `i`, returns the index after; `any` reports whether a digit was seen.
size_t SkipDigits(std::string_view s, size_t i, bool* any = nullptr) {
  while (i < s.size() && (IsDigit(s[i]) || s[i] == '_')) {
    if (any && IsDigit(s[i])) *any = true;
    ++i;
  }
  return i;
}

// (?::[0-5]?[0-9])+ from `i`; returns the index after, or npos if none matched.
size_t SkipSexagesimal(std::string_view s, size_t i) {
  size_t groups = 0;
  while (i < s.size() && s[i] == ':') {
    size_t j = i + 1;
    if (j + 1 < s.size() && s[j] >= '0' && s[j] <= '5' && IsDigit(s[j + 1]))
      j += 2;
    else if (j < s.size() && IsDigit(s[j]))
      j += 1;
    else
      return std::string_view::npos;
    i = j;
    ++groups;
  }
  return groups ? i : std::string_view::npos;
}

bool MatchesInt(std::string_view s) {
  size_t i = (!s.empty() && (s[0] == '-' || s[0] == '+')) ? 1 : 0;
  std::string_view r = s.substr(i);
  if (r.empty()) return false;
  auto all = [&](std::string_view t, std::string_view chars) {
    if (t.empty()) return false;
    for (char c : t)
      if (chars.find(c) == std::string_view::npos) return false;
    return true;
  };
  if (r.size() > 2 && r[0] == '0' && r[1] == 'b') return all(r.substr(2), "01_");
  if (r.size() > 2 && r[0] == '0' && r[1] == 'x') return all(r.substr(2), "0123456789abcdefABCDEF_");
  if (r == "0") return true;
  if (r[0] == '0') return all(r.substr(1), "01234567_");
  if (r[0] < '1' || r[0] > '9') return false;
  size_t j = SkipDigits(r, 1);
  if (j == r.size()) return true;
  return SkipSexagesimal(r, j) == r.size();
}

bool MatchesFloat(std::string_view s) {
  if (IsOneOf(s, {".nan", ".NaN", ".NAN"})) return true;
  size_t i = (!s.empty() && (s[0] == '-' || s[0] == '+')) ? 1 : 0;
  std::string_view r = s.substr(i);
  if (IsOneOf(r, {".inf", ".Inf", ".INF"})) return true;
  auto exponent_ok = [&](size_t j) {  // (?:[eE][-+][0-9]+)?$
    if (j == r.size()) return true;
    if (r[j] != 'e' && r[j] != 'E') return false;
    if (j + 2 > r.size() || (r[j + 1] != '-' && r[j + 1] != '+')) return false;
    size_t k = j + 2;
    if (k >= r.size()) return false;
    while (k < r.size() && IsDigit(r[k])) ++k;
    return k == r.size();
  };
  if (r.empty()) return false;
  if (IsDigit(r[0])) {
    size_t j = SkipDigits(r, 1);
    if (j < r.size() && r[j] == '.') return exponent_ok(SkipDigits(r, j + 1));
    size_t k = SkipSexagesimal(r, j);  // base-60 float: 1:30.5
    return k != std::string_view::npos && k < r.size() && r[k] == '.' && SkipDigits(r, k + 1) == r.size();
  }
  // \.[0-9][0-9_]*(exp)? has no sign in PyYAML's pattern.
  if (i == 0 && r[0] == '.' && r.size() > 1 && IsDigit(r[1])) return exponent_ok(SkipDigits(r, 2));
  return false;
}

// PyYAML's timestamp pattern: yyyy-mm-dd, or yyyy-m(m)-d(d) then 'T', 't' or blanks, h(h):mm:ss, an
// optional fraction, and an optional zone (Z, or +h(h)[:mm] after optional blanks), and nothing else.
bool MatchesTimestamp(std::string_view s) {
  const size_t n = s.size();
  auto digits = [&](size_t at, size_t count) {
    if (at + count > n) return false;
    for (size_t k = 0; k < count; ++k)
      if (!IsDigit(s[at + k])) return false;
    return true;
  };
  // One or two digits at i, consumed; false when there is none.
  auto one_or_two = [&](size_t& i) {
    if (!digits(i, 1)) return false;
    i += digits(i, 2) ? 2 : 1;
    return true;
  };
  if (!digits(0, 4) || n < 8 || s[4] != '-') return false;
  if (n == 10 && digits(5, 2) && s[7] == '-' && digits(8, 2)) return true;
  size_t i = 5;
  if (!one_or_two(i) || i >= n || s[i++] != '-' || !one_or_two(i) || i >= n) return false;
  if (s[i] == 'T' || s[i] == 't') {
    ++i;
  } else if (s[i] == ' ' || s[i] == '\t') {
    while (i < n && (s[i] == ' ' || s[i] == '\t')) ++i;
  } else {
    return false;
  }
  if (!one_or_two(i) || i >= n || s[i] != ':' || !digits(i + 1, 2) || i + 3 >= n || s[i + 3] != ':' ||
      !digits(i + 4, 2))
    return false;
  i += 6;
  if (i < n && s[i] == '.')
    for (++i; i < n && IsDigit(s[i]);) ++i;
  if (i == n) return true;
  while (i < n && (s[i] == ' ' || s[i] == '\t')) ++i;
  if (i < n && s[i] == 'Z') return i + 1 == n;
  if (i >= n || (s[i] != '+' && s[i] != '-')) return false;
  ++i;
  if (!one_or_two(i)) return false;
  if (i < n && s[i] == ':') {
    if (!digits(i + 1, 2)) return false;
    i += 3;
  }
  return i == n;
}

int64_t ParseInt(std::string_view text) {
  std::string s;
  for (char c : text)
    if (c != '_') s += c;
  int sign = 1;
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
    if (s[0] == '-') sign = -1;
    s.erase(0, 1);
  }
  auto accumulate = [](std::string_view digits, int base) {
    long double v = 0;
    for (char c : digits) {
      int d = IsDigit(c) ? c - '0' : (c | 0x20) - 'a' + 10;
      v = v * base + d;
    }
    return v;
  };
  long double v;
  if (s == "0")
    v = 0;
  else if (s.rfind("0b", 0) == 0)
    v = accumulate(s.substr(2), 2);
  else if (s.rfind("0x", 0) == 0)
    v = accumulate(s.substr(2), 16);
  else if (s[0] == '0')
    v = accumulate(s.substr(1), 8);
  else if (s.find(':') != std::string::npos) {
    v = 0;
    std::stringstream parts(s);
    std::string part;
    while (std::getline(parts, part, ':')) v = v * 60 + accumulate(part, 10);
  } else
    v = accumulate(s, 10);
  v *= sign;
  constexpr long double kMax = static_cast<long double>(std::numeric_limits<int64_t>::max());
  if (v > kMax) return std::numeric_limits<int64_t>::max();
  if (v < -kMax) return std::numeric_limits<int64_t>::min();
  return static_cast<int64_t>(v);
}

double ParseFloat(std::string_view text) {
  std::string s;
  for (char c : text)
    if (c != '_') s += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  double sign = 1;
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
    if (s[0] == '-') sign = -1;
    s.erase(0, 1);
  }
  if (s == ".inf") return sign * std::numeric_limits<double>::infinity();
  if (s == ".nan") return std::numeric_limits<double>::quiet_NaN();
  if (s.find(':') != std::string::npos) {
    double v = 0;
    std::stringstream parts(s);
    std::string part;
    while (std::getline(parts, part, ':')) v = v * 60 + std::strtod(part.c_str(), nullptr);
    return sign * v;
  }
  return sign * std::strtod(s.c_str(), nullptr);
}

void ResolvePlain(Node& n) {
  std::string_view s = n.text;
  if (IsOneOf(s, {"", "~", "null", "Null", "NULL"})) {
    n.kind = Kind::kNull;
  } else if (IsOneOf(s, {"yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"})) {
    n.kind = Kind::kBool;
    n.boolean = true;
  } else if (IsOneOf(s, {"no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"})) {
    n.kind = Kind::kBool;
  } else if (MatchesInt(s)) {
    n.kind = Kind::kInt;
    n.integer = ParseInt(s);
  } else if (MatchesFloat(s)) {
    n.kind = Kind::kFloat;
    n.number = ParseFloat(s);
  } else if (MatchesTimestamp(s)) {
    n.kind = Kind::kTimestamp;
  } else {
    n.kind = Kind::kStr;
  }
}

// json.loads's types for the bare words and numbers of a JSON document: 1e3 and 1.0 are floats,
// NaN and Infinity too; only true, false, null and the numbers are bare (CheckAsJson has made sure).
void ResolveJsonPlain(Node& n) {
  std::string_view s = n.text;
  if (s == "null") {
    n.kind = Kind::kNull;
  } else if (s == "true" || s == "false") {
    n.kind = Kind::kBool;
    n.boolean = s == "true";
  } else if (s == "NaN" || s == "Infinity" || s == "-Infinity") {
    n.kind = Kind::kFloat;
    n.number = s == "NaN" ? std::numeric_limits<double>::quiet_NaN()
                          : (s[0] == '-' ? -1 : 1) * std::numeric_limits<double>::infinity();
  } else if (s.find_first_of(".eE") == std::string_view::npos) {
    n.kind = Kind::kInt;
    n.integer = ParseInt(s);
  } else {
    n.kind = Kind::kFloat;
    n.number = std::strtod(std::string(s).c_str(), nullptr);
  }
}

struct SyntaxError {
  uint32_t at = 0;
  std::string message;
  std::string help;
};

/// Nesting deeper than this is refused. PyYAML composes recursively and, at Python's default
/// recursion limit, fails from about 491 levels (measured: 491 for mappings and block lists,
/// 494 for flow lists); aorta calls it with frames of its own on the stack.
constexpr size_t kMaxDepth = 490;

// A block scalar's span is its header line (`|`, `>-` and any anchor or tag before them), where a
// diagnostic about the value points, not the lines of text under it.
uint32_t HeaderLineEnd(std::string_view text, uint32_t begin) {
  size_t i = begin;
  while (i < text.size() && text[i] != '\n' && text[i] != '\r') {
    if (text[i] == '#' && i > begin && (text[i - 1] == ' ' || text[i - 1] == '\t')) break;
    ++i;
  }
  while (i > begin && (text[i - 1] == ' ' || text[i - 1] == '\t')) --i;
  return static_cast<uint32_t>(i);
}

// ---- The tree builder: model/yaml.h nodes from the nodes the PyYAML port (or json.loads's checker) reads ----

class Builder {
 public:
  Builder(YamlDocument& doc, bool json) : doc_(doc), json_(json) {}

  std::shared_ptr<Node> root;
  std::optional<SyntaxError> error;  // the first thing aortalint cannot build; later nodes are ignored

  void operator()(const NodeEvent& e) {
    if (error) return;
    try {
      switch (e.type) {
        case NodeEvent::kScalar:
          Scalar(e);
          break;
        case NodeEvent::kAlias:
          Alias(e);
          break;
        case NodeEvent::kSequenceStart:
        case NodeEvent::kMappingStart:
          Open(e);
          break;
        case NodeEvent::kCollectionEnd:
          Close(e);
          break;
      }
    } catch (const SyntaxError& s) {
      error = s;
    }
  }

 private:
  struct Frame {
    std::shared_ptr<Node> node;
    std::shared_ptr<Node> pending_key;  // maps: the key waiting for its value
    std::vector<yaml::Entry> merges;    // maps: entries brought in by `<<`
    uint64_t weight = 1;                // nodes after alias expansion
    uint64_t pairs = 0;                 // maps: pairs once flattened, repeats kept (as PyYAML's flatten_mapping)
    std::string tag;                    // !!set, !!omap or !!pairs: built into their Python values at the end
    // maps with many keys: each key's identity (KeyIdentity) to its entry, so a repeated key is
    // found without comparing it with every key before it (40,000 keys took seconds).
    std::unordered_map<std::string, size_t> key_index;
  };
  static constexpr size_t kIndexFrom = 32;  // below, a scan is as fast

  // What SameKey compares, as text: equal exactly when SameKey says so; nullopt for a key equal to none.
  static std::optional<std::string> KeyIdentity(const Node& k) {
    if (!k.is_scalar()) return std::nullopt;
    if (k.kind == Kind::kStr) return "s" + k.text;
    if (k.kind == Kind::kBool || k.is_number()) {
      long double v = k.kind == Kind::kBool ? (k.boolean ? 1.0L : 0.0L)
                      : k.is_int()          ? static_cast<long double>(k.integer)
                                            : static_cast<long double>(k.number);
      if (v != v) return std::nullopt;  // NaN equals nothing, itself included
      if (v == 0) v = 0;                // -0.0 == 0
      char buf[64];
      std::snprintf(buf, sizeof buf, "%La", v);
      return "n" + std::string(buf);
    }
    return "r" + k.Repr();
  }

  static uint32_t At(size_t offset) { return static_cast<uint32_t>(offset); }
  std::string_view text() const { return doc_.source->text(); }

  void Scalar(const NodeEvent& e) {
    auto n = std::make_shared<Node>();
    n->text = e.value;
    n->plain = e.style == 0;
    if (n->plain && e.value.empty() && e.begin == e.end) {
      // Nothing written (not even an anchor or a tag): point at the key whose value it is.
      bool awaiting_value = !stack_.empty() && stack_.back().pending_key;
      n->span = awaiting_value ? stack_.back().pending_key->span : Span{At(e.begin), At(e.begin)};
    } else if (e.style == '|' || e.style == '>') {
      n->span = {At(e.begin), HeaderLineEnd(text(), At(e.begin))};
    } else {
      n->span = {At(e.begin), At(e.end)};
    }
    if (e.implicit && json_)
      ResolveJsonPlain(*n);
    else if (e.implicit)
      ResolvePlain(*n);
    else if (e.tag.empty() || e.tag == "tag:yaml.org,2002:str")
      n->kind = Kind::kStr;
    else
      ApplyExplicitTag(*n, e.tag, At(e.begin));
    if (!e.anchor.empty()) anchors_[e.anchor] = n;
    Add(std::move(n));
  }

  void Alias(const NodeEvent& e) {
    auto it = anchors_.find(e.anchor);
    if (it == anchors_.end())  // the port refuses an undefined alias first
      throw SyntaxError{At(e.begin), "alias refers to an unknown anchor",
                        "define the anchor (&name) before the alias uses it"};
    for (const Frame& f : stack_)
      if (f.node == it->second) {
        // PyYAML accepts an alias inside the node it names (a recursive structure), and so does aorta's
        // safe_load. Our tree holds no cycles: the alias stands as null until the node closes, then as a
        // copy of it one level down (`c: &c {proton: *c}` reads as {proton: {proton: null}}, which the
        // rules judge as aorta would the first level). A '<<' merge of it adds nothing (PyYAML would merge
        // the enclosing mapping's keys, the alias's own key among them).
        auto n = std::make_shared<Node>();
        n->span = {At(e.begin), At(e.end)};
        recursive_.push_back({it->second, n});
        Add(std::move(n));
        return;
      }
    const Node* target = it->second.get();
    if (MergeValueNext() && target->kind == Kind::kMap) {
      // A merge copies the mapping's pairs, not its nodes: PyYAML's cost is the pairs (a 5,000-link chain,
      // each link merging the one before, copies 12.5 million), and only what its values repeat beyond
      // themselves counts as aliases do.
      merged_pairs_ = std::min<uint64_t>(merged_pairs_ + Pairs(target), kMaxMergedPairs * 2);
      if (merged_pairs_ > kMaxMergedPairs)
        throw SyntaxError{At(e.begin),
                          fmt::format("merge keys here and before copy more than {} key-value pairs, where PyYAML "
                                      "would take minutes (an alias bomb of merges)",
                                      kMaxMergedPairs),
                          "write the values out, or merge less"};
      uint64_t own = 1 + 2 * Pairs(target);  // the mapping and its pairs' keys and values
      ChargeAliases(Weight(target) > own ? Weight(target) - own : 0, At(e.begin));
    } else {
      // Only what an alias repeats counts against the bomb limit: a large file written out is no bomb.
      ChargeAliases(Weight(target) - 1, At(e.begin));
    }
    AddBuilt(it->second, Weight(target), Pairs(target));
  }

  void ChargeAliases(uint64_t nodes, uint32_t at) {
    alias_extra_ = std::min<uint64_t>(alias_extra_ + nodes, kMaxExpandedNodes * 2);
    if (alias_extra_ > kMaxExpandedNodes)
      throw SyntaxError{at,
                        fmt::format("aliases here and before expand to more than {} nodes beyond those written in the "
                                    "file (an alias bomb)",
                                    kMaxExpandedNodes),
                        "write the values out, or alias less"};
  }

  // Whether the next value is merged: the value of a `<<` key, or an item of a list that is.
  bool MergeValueNext() const {
    auto merging = [](const Frame& f) {
      return f.pending_key && f.pending_key->plain && f.pending_key->kind == Kind::kStr && f.pending_key->text == "<<";
    };
    if (stack_.empty()) return false;
    if (stack_.back().node->kind == Kind::kMap) return merging(stack_.back());
    return stack_.size() >= 2 && merging(stack_[stack_.size() - 2]);
  }

  void ApplyExplicitTag(Node& n, const std::string& tag, uint32_t at) {
    const std::string kPrefix = "tag:yaml.org,2002:";
    std::string t = tag.rfind(kPrefix, 0) == 0 ? tag.substr(kPrefix.size()) : "";
    if (t == "int" && MatchesInt(n.text)) {
      n.kind = Kind::kInt;
      n.integer = ParseInt(n.text);
    } else if (t == "float" && (MatchesFloat(n.text) || MatchesInt(n.text))) {
      n.kind = Kind::kFloat;
      n.number = ParseFloat(n.text);
    } else if (t == "bool") {
      ResolvePlain(n);
      if (n.kind != Kind::kBool) throw SyntaxError{at, fmt::format("'!!bool' value '{}' is not a boolean", n.text)};
    } else if (t == "null")
      n.kind = Kind::kNull;
    else if (t == "timestamp" && MatchesTimestamp(n.text))
      n.kind = Kind::kTimestamp;
    else if (t == "binary")
      n.kind = Kind::kBinary;
    else
      throw SyntaxError{at, fmt::format("safe_load cannot construct a value tagged '{}'", tag), "remove the tag"};
  }

  void Open(const NodeEvent& e) {
    bool seq = e.type == NodeEvent::kSequenceStart;
    const char* expected = seq ? "tag:yaml.org,2002:seq" : "tag:yaml.org,2002:map";
    // SafeLoader also builds a set from a mapping and a list of pairs from a sequence
    // (the PyYAML check has refused any other shape already).
    bool python_collection = seq ? e.tag == "tag:yaml.org,2002:omap" || e.tag == "tag:yaml.org,2002:pairs"
                                 : e.tag == "tag:yaml.org,2002:set";
    if (!e.tag.empty() && e.tag != expected && !python_collection)
      throw SyntaxError{At(e.begin), fmt::format("safe_load cannot construct a collection tagged '{}'", e.tag),
                        "remove the tag"};
    // (json.loads has its own, deeper limit, which CheckAsJson applies.)
    if (!json_ && stack_.size() >= kMaxDepth)
      throw SyntaxError{
          At(e.begin),
          fmt::format("nesting deeper than {} levels, where PyYAML exceeds Python's recursion limit", kMaxDepth),
          "flatten the document"};
    auto n = std::make_shared<Node>();
    n->kind = seq ? Kind::kSeq : Kind::kMap;
    n->flow = e.flow;
    n->span = {At(e.begin), At(e.begin)};
    // Registered now so an alias inside can be recognised as recursive.
    if (!e.anchor.empty()) anchors_[e.anchor] = n;
    CountWritten();
    stack_.push_back({n, nullptr, {}, 1, 0, python_collection ? e.tag : std::string(), {}});
  }

  // Every node costs memory whether or not aliases repeat it: bounded apart from the bomb limit.
  void CountWritten() {
    if (++written_ > kMaxNodes)
      throw SyntaxError{0,
                        fmt::format("the document holds more than {} values (keys, scalars, lists and mappings "
                                    "counted), where aortalint stops to bound its memory",
                                    kMaxNodes),
                        "split the recipe"};
  }

  void Close(const NodeEvent& e) {
    Frame frame = std::move(stack_.back());
    stack_.pop_back();
    Node& n = *frame.node;
    if (!frame.merges.empty()) {
      // `<<` merges, as PyYAML's flatten_mapping and dict() make them: the merged pairs, then the mapping's
      // own, each key kept where it first appears, with the last value given to it.
      // Keys found through KeyIdentity (a long chain of merges holds thousands of keys).
      std::vector<yaml::Entry> merged;
      std::unordered_map<std::string, size_t> index;
      auto put = [&](const yaml::Entry& pair) {
        std::optional<std::string> id = KeyIdentity(*pair.key);
        if (id)
          if (auto [it, fresh] = index.emplace(std::move(*id), merged.size()); !fresh) {
            merged[it->second].value = pair.value;
            return;
          }
        merged.push_back(pair);
      };
      for (const yaml::Entry& pair : frame.merges) put(pair);
      for (const yaml::Entry& pair : n.entries) put(pair);
      n.entries = std::move(merged);
    }
    if (n.flow) n.span.end = At(e.begin) + 1;  // its closing bracket
    if (!n.items.empty()) n.span.end = std::max(n.span.end, n.items.back()->span.end);
    if (!n.entries.empty()) n.span.end = std::max(n.span.end, n.entries.back().value->span.end);
    FillRecursive(frame, At(e.begin));
    if (!frame.tag.empty()) BuildPythonCollection(n);
    AddBuilt(frame.node, frame.weight, frame.pairs);
  }

  // `!!set {a, b}` is a Python set of the keys, a type no recipe field takes; `!!omap`/`!!pairs`
  // `[a: 1]` a list of (key, value) tuples, held here as two-item lists.
  static void BuildPythonCollection(Node& n) {
    if (n.is_map()) {
      n.kind = Kind::kSet;
      for (const yaml::Entry& e : n.entries) n.items.push_back(e.key);
      n.entries.clear();
      return;
    }
    for (yaml::NodePtr& item : n.items) {
      auto pair = std::make_shared<Node>();
      pair->kind = Kind::kSeq;
      pair->flow = item->flow;
      pair->span = item->span;
      for (const yaml::Entry& e : item->entries) pair->items = {e.key, e.value};
      item = std::move(pair);
    }
  }

  // The stand-ins of aliases inside `frame`'s node that name it: each becomes a copy of the node, its
  // own stand-ins null in it. Copies count against the bomb limit as aliases do.
  void FillRecursive(const Frame& frame, uint32_t at) {
    std::set<const Node*> stand_ins;
    for (const Recursive& r : recursive_)
      if (r.target == frame.node) stand_ins.insert(r.stand_in.get());
    for (const Recursive& r : recursive_) {
      if (r.target != frame.node) continue;
      alias_extra_ = std::min<uint64_t>(alias_extra_ + frame.weight, kMaxExpandedNodes * 2);
      if (alias_extra_ > kMaxExpandedNodes)
        throw SyntaxError{at,
                          fmt::format("recursive aliases here and before expand to more than {} nodes beyond those "
                                      "written in the file (an alias bomb)",
                                      kMaxExpandedNodes),
                          "write the values out, or alias less"};
      Span span = r.stand_in->span;
      *r.stand_in = CopyWithout(*frame.node, stand_ins);
      r.stand_in->span = span;
    }
    std::erase_if(recursive_, [&](const Recursive& r) { return r.target == frame.node; });
  }

  static Node CopyWithout(const Node& n, const std::set<const Node*>& nulls) {
    auto child = [&](const yaml::NodePtr& c) -> yaml::NodePtr {
      auto out = std::make_shared<Node>();
      if (nulls.count(c.get()))
        out->span = c->span;
      else
        *out = CopyWithout(*c, nulls);
      return out;
    };
    Node copy = n;
    for (auto& item : copy.items) item = child(item);
    for (auto& entry : copy.entries) entry.value = child(entry.value);
    return copy;
  }

  // Whether a Python dict holds the two keys as one: equal strings, or equal numbers (True == 1 == 1.0).
  static bool SameKey(const Node& a, const Node& b) {
    if (!a.is_scalar() || !b.is_scalar()) return false;
    if (a.kind == Kind::kStr || b.kind == Kind::kStr) return a.kind == b.kind && a.text == b.text;
    auto numeric = [](const Node& n) { return n.kind == Kind::kBool || n.is_number(); };
    if (numeric(a) && numeric(b)) {
      auto value = [](const Node& n) {
        return n.kind == Kind::kBool ? (n.boolean ? 1.0L : 0.0L)
               : n.is_int()          ? static_cast<long double>(n.integer)
                                     : static_cast<long double>(n.number);
      };
      return value(a) == value(b);
    }
    return a.Repr() == b.Repr();
  }

  void Add(std::shared_ptr<Node> n) {
    CountWritten();
    AddBuilt(std::move(n), 1, 0);
  }

  uint64_t Weight(const Node* n) const {
    auto it = weights_.find(n);
    return it == weights_.end() ? 1 : it->second.nodes;
  }
  // A mapping's pairs once flattened, repeats kept: what a merge of it copies in PyYAML.
  uint64_t Pairs(const Node* n) const {
    auto it = weights_.find(n);
    return it == weights_.end() ? n->entries.size() : it->second.pairs;
  }

  void AddBuilt(std::shared_ptr<Node> n, uint64_t weight, uint64_t pairs) {
    // Only an alias or a merge asks for a weight, so only a collection's is kept once anchors exist;
    // an anchor is registered when its collection opens, so there is one by the time it closes.
    if (!anchors_.empty() && (n->kind == Kind::kSeq || n->kind == Kind::kMap)) weights_[n.get()] = {weight, pairs};
    if (stack_.empty()) {
      root = std::move(n);
      return;
    }
    Frame& parent = stack_.back();
    parent.weight = std::min<uint64_t>(parent.weight + weight, uint64_t{1} << 62);  // saturating
    Node& p = *parent.node;
    if (p.kind == Kind::kSeq) {
      p.items.push_back(std::move(n));
      return;
    }
    if (!parent.pending_key) {
      parent.pending_key = std::move(n);
      return;
    }
    std::shared_ptr<Node> key = std::move(parent.pending_key);
    if (key->plain && key->kind == Kind::kStr && key->text == "<<") {
      AddMerge(parent, n, key->span.begin);
      return;
    }
    parent.pairs = std::min<uint64_t>(parent.pairs + 1, uint64_t{1} << 62);
    yaml::Entry* same = nullptr;
    std::optional<std::string> identity;
    if (p.entries.size() < kIndexFrom) {
      for (yaml::Entry& entry : p.entries)
        if (SameKey(*entry.key, *key)) {
          same = &entry;
          break;
        }
    } else {
      if (parent.key_index.empty())
        for (size_t i = 0; i < p.entries.size(); ++i)
          if (std::optional<std::string> id = KeyIdentity(*p.entries[i].key)) parent.key_index.emplace(*id, i);
      identity = KeyIdentity(*key);
      if (auto it = identity ? parent.key_index.find(*identity) : parent.key_index.end(); it != parent.key_index.end())
        same = &p.entries[it->second];
    }
    if (same) {
      doc_.duplicates.push_back({key->Repr(), same->key->span, key->span});
      // PyYAML: the last value wins, in the first key's place. The later key is kept (diagnostics about
      // the entry point at the one whose value counts) unless it differs in type: a dict keeps its first key.
      same->value = std::move(n);
      if (same->key->kind == key->kind) same->key = std::move(key);
      return;
    }
    if (identity) parent.key_index.emplace(*identity, p.entries.size());
    p.entries.push_back({std::move(key), std::move(n)});
  }

  void AddMerge(Frame& parent, const std::shared_ptr<Node>& value, uint32_t at) {
    // The mapping gets the merged pairs' nodes, not the `<<` key and the merged collections themselves.
    uint64_t dropped = 2 + (value->kind == Kind::kSeq ? value->items.size() : 0);
    parent.weight = parent.weight > dropped ? parent.weight - dropped : 1;
    auto merge_one = [&](const Node& m) {
      if (m.kind == Kind::kNull) return;  // a recursive alias's stand-in (PyYAML has checked the merge)
      if (m.kind != Kind::kMap) throw SyntaxError{at, "a merge key '<<' takes a mapping or a list of mappings"};
      parent.pairs = std::min<uint64_t>(parent.pairs + Pairs(&m), uint64_t{1} << 62);
      for (const yaml::Entry& entry : m.entries) parent.merges.push_back(entry);
    };
    if (value->kind == Kind::kSeq) {
      // PyYAML merges a list's mappings last first, so the first one's values win.
      for (auto item = value->items.rbegin(); item != value->items.rend(); ++item) merge_one(**item);
    } else {
      merge_one(*value);
    }
  }

  YamlDocument& doc_;
  bool json_ = false;  // a .json recipe: aorta reads it with json.loads
  std::vector<Frame> stack_;
  std::unordered_map<std::string, std::shared_ptr<Node>> anchors_;
  struct Recursive {  // an alias inside the collection it names
    std::shared_ptr<Node> target;
    std::shared_ptr<Node> stand_in;
  };
  std::vector<Recursive> recursive_;
  struct Weights {
    uint64_t nodes = 1;  // after alias expansion
    uint64_t pairs = 0;  // mappings: pairs once flattened, repeats kept
  };
  std::unordered_map<const Node*, Weights> weights_;  // per collection, once there are anchors
  uint64_t written_ = 0;                              // nodes written in the file
  uint64_t alias_extra_ = 0;                          // nodes the aliases add to them
  uint64_t merged_pairs_ = 0;                         // pairs merge keys copy
};

// PyYAML's Reader.NON_PRINTABLE: the first code point it refuses (offset, code point).
// Allowed: TAB, LF, CR, 0x20-0x7E, NEL (0x85), 0xA0-0xD7FF, 0xE000-0xFFFD, 0x10000 and above.
std::optional<std::pair<size_t, uint32_t>> FirstNonPrintable(std::string_view text) {
  for (size_t i = 0; i < text.size();) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if ((c >= 0x20 && c <= 0x7E) || c == '\n' || c == '\t' || c == '\r') {  // most of a file
      ++i;
      continue;
    }
    uint32_t cp = c;
    size_t n = 1;
    if (c >= 0xF0 && i + 3 < text.size() + 0) {
      cp = ((c & 0x07u) << 18) | ((text[i + 1] & 0x3Fu) << 12) | ((text[i + 2] & 0x3Fu) << 6) | (text[i + 3] & 0x3Fu);
      n = 4;
    } else if (c >= 0xE0 && i + 2 < text.size()) {
      cp = ((c & 0x0Fu) << 12) | ((text[i + 1] & 0x3Fu) << 6) | (text[i + 2] & 0x3Fu);
      n = 3;
    } else if (c >= 0xC0 && i + 1 < text.size()) {
      cp = ((c & 0x1Fu) << 6) | (text[i + 1] & 0x3Fu);
      n = 2;
    }
    bool ok = cp == 0x09 || cp == 0x0A || cp == 0x0D || (cp >= 0x20 && cp <= 0x7E) || cp == 0x85 ||
              (cp >= 0xA0 && cp <= 0xD7FF) || (cp >= 0xE000 && cp <= 0xFFFD) || cp >= 0x10000;
    if (!ok) return std::make_pair(i, cp);
    i += n;
  }
  return std::nullopt;
}

}  // namespace

YamlDocument ParseYaml(SourcePtr source) {
  YamlDocument doc;
  doc.source = source;
  std::string error;
  size_t error_offset = 0;
  if (!CheckText(source->text(), &error, &error_offset, &doc.failure_help)) {
    doc.failure = YamlDocument::Failure::kUnreadable;
    doc.failure_message = error;
    doc.failure_span = {static_cast<uint32_t>(error_offset), static_cast<uint32_t>(error_offset)};
    return doc;
  }
  // A .json recipe: aorta's loader reads it with json.loads, not PyYAML (its suffix decides).
  const bool json = ReadAsJson(source->path());
  Builder builder(doc, json);
  NodeEventSink sink = std::ref(builder);
  std::optional<SyntaxError> failed;
  if (json) {
    if (std::optional<JsonError> bad = CheckAsJson(source->text(), sink))
      failed = {
          static_cast<uint32_t>(bad->offset),
          fmt::format("json.loads refuses this: {} (aorta reads a .json recipe as JSON, not as YAML)", bad->message),
          bad->kind == JsonError::Kind::kIntDigits ? "write the number with at most 4300 digits, or as a string"
          : bad->kind == JsonError::Kind::kRecursion
              ? "nest fewer objects and arrays"
              : "write strict JSON: double-quoted keys and strings, no comments, trailing commas or \\x escapes, no "
                "BOM"};
  } else if (std::optional<std::pair<size_t, uint32_t>> bad = FirstNonPrintable(source->text())) {
    failed = {static_cast<uint32_t>(bad->first),
              fmt::format("unacceptable character #x{:04x}: special characters are not allowed (PyYAML refuses it "
                          "anywhere in the file, comments included)",
                          bad->second),
              fmt::format("delete it, or write it as an escape such as \\x{:02x} inside a double-quoted string",
                          bad->second & 0xff)};
  } else if (std::optional<PyYamlError> py = CheckAsPyYaml(source->text(), sink)) {
    // aorta's verdict and the tree in one parse: PyYAML's own scanner, parser and composer, ported.
    PyYamlMessage said = DescribePyYamlError(*py, source->text());
    failed = {static_cast<uint32_t>(said.offset), std::move(said.text), std::move(said.help)};
  }
  if (!failed) failed = std::move(builder.error);  // what the tree cannot hold, in a document that loads
  if (failed) {
    doc.failure = YamlDocument::Failure::kSyntax;
    doc.failure_span = {failed->at, failed->at};
    doc.failure_message = std::move(failed->message);
    doc.failure_help = std::move(failed->help);
    doc.duplicates.clear();  // the builder saw part of a document that does not load
    return doc;
  }
  // No document at all: safe_load returns None.
  doc.root = builder.root ? builder.root : std::make_shared<Node>();
  return doc;
}

YamlDocument ParseEmbedded(std::string_view name) {
  std::optional<std::string_view> text = FindEmbedded(name);
  if (!text) throw std::logic_error("missing embedded table " + std::string(name));
  // The build's pre-parsed image, when there is one: no YAML parse at start-up.
  if (std::optional<std::string_view> image = FindEmbeddedImage(name)) {
    YamlDocument doc;
    doc.source = std::make_shared<SourceFile>(std::string(name), std::string(*text));
    doc.root = yaml::DecodeImage(*image);
    if (!doc.root) throw std::logic_error("embedded image of " + std::string(name) + " is damaged; rebuild");
    return doc;
  }
  return ParseEmbeddedYaml(name);
}

YamlDocument ParseEmbeddedYaml(std::string_view name) {
  std::optional<std::string_view> text = FindEmbedded(name);
  if (!text) throw std::logic_error("missing embedded table " + std::string(name));
  YamlDocument doc = ParseYaml(std::make_shared<SourceFile>(std::string(name), std::string(*text)));
  if (!doc.ok())
    throw std::logic_error("embedded table " + std::string(name) + " does not parse: " + doc.failure_message);
  return doc;
}

YamlDocument LoadYamlFile(const std::string& path) {
  ReadResult r = ReadTextFile(path);
  if (!r.ok) {
    // Keep the readable prefix so the diagnostic lands on the offending byte's line and column.
    YamlDocument doc;
    std::string prefix = r.text.substr(0, std::min(r.error_offset, r.text.size()));
    doc.source = std::make_shared<SourceFile>(path, std::move(prefix), r.identity);
    doc.failure = YamlDocument::Failure::kUnreadable;
    doc.failure_message = r.error;
    uint32_t at = static_cast<uint32_t>(doc.source->text().size());
    doc.failure_span = {at, at};
    return doc;
  }
  return ParseYaml(std::make_shared<SourceFile>(path, std::move(r.text), r.identity));
}

}  // namespace aortalint
