#include "load/yaml_loader.h"

#include "load/json_check.h"
#include "load/pyyaml_check.h"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <map>
#include <optional>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

#include <fmt/format.h>
#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/mark.h>
#include <yaml-cpp/parser.h>

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

bool MatchesTimestamp(std::string_view s) {
  auto digits = [&](size_t at, size_t n) {
    if (at + n > s.size()) return false;
    for (size_t k = 0; k < n; ++k)
      if (!IsDigit(s[at + k])) return false;
    return true;
  };
  if (!digits(0, 4) || s.size() < 8 || s[4] != '-') return false;
  if (s.size() == 10 && digits(5, 2) && s[7] == '-' && digits(8, 2)) return true;
  // The date-time form: yyyy-m(m)-d(d)[Tt ]h(h):mm:ss...
  size_t i = 5;
  size_t n = digits(i, 2) ? 2 : digits(i, 1) ? 1 : 0;
  if (!n || i + n >= s.size() || s[i + n] != '-') return false;
  i += n + 1;
  n = digits(i, 2) ? 2 : digits(i, 1) ? 1 : 0;
  if (!n) return false;
  i += n;
  if (i >= s.size() || (s[i] != 'T' && s[i] != 't' && s[i] != ' ' && s[i] != '\t')) return false;
  while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == 'T' || s[i] == 't')) ++i;
  n = digits(i, 2) ? 2 : digits(i, 1) ? 1 : 0;
  if (!n) return false;
  i += n;
  return i + 6 <= s.size() && s[i] == ':' && digits(i + 1, 2) && s[i + 3] == ':' && digits(i + 4, 2);
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
  YAML::Mark mark;
  std::string message;
  std::string help;
};

// ---- Span recovery: yaml-cpp gives where a token starts, not where it ends ----

// The text yaml-cpp reads: the file with the line breaks PyYAML knows and yaml-cpp does not
// turned into ones it does, byte for byte the same length, so every offset holds: a lone CR
// becomes LF, NEL (C2 85) becomes CRLF, LS and PS (E2 80 A8/A9) become a space and CRLF.
std::string YamlCppText(std::string_view text) {
  std::string out(text);
  for (size_t i = 0; i < out.size(); ++i) {
    if (out[i] == '\r' && (i + 1 == out.size() || out[i + 1] != '\n')) {
      out[i] = '\n';
    } else if (out[i] == '\xC2' && i + 1 < out.size() && out[i + 1] == '\x85') {
      out[i] = '\r';
      out[++i] = '\n';
    } else if (out[i] == '\xE2' && i + 2 < out.size() && out[i + 1] == '\x80' &&
               (out[i + 2] == '\xA8' || out[i + 2] == '\xA9')) {
      out[i] = ' ';
      out[i + 1] = '\r';
      out[i + 2] = '\n';
      i += 2;
    }
  }
  return out;
}

// The text yaml-cpp reads for a .json recipe json.loads accepts: its whitespace between tokens (where
// JSON allows a tab, or a line break between a key and its ':') becomes spaces, so yaml-cpp reads one
// flow line; strings, where JSON allows no raw control character, are kept as they are (a NEL or LS
// inside one is text). Byte for byte the same length, so every offset holds.
std::string JsonFlatText(std::string_view text) {
  std::string out(text);
  bool in_string = false;
  for (size_t i = 0; i < out.size(); ++i) {
    char c = out[i];
    if (in_string) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '\t' || c == '\n' || c == '\r') {
      out[i] = ' ';
    }
  }
  return out;
}

class Spans {
 public:
  // `text` is YamlCppText(source): its lines are yaml-cpp's (a NEL ends one), its offsets the file's.
  explicit Spans(std::string_view text) : text_(text) {
    line_starts_.push_back(text_.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0);
    for (uint32_t i = 0; i < text_.size(); ++i)
      if (text_[i] == '\n') line_starts_.push_back(i + 1);
  }

  uint32_t Offset(const YAML::Mark& mark) const {
    if (mark.line < 0) return 0;
    size_t line = std::min<size_t>(static_cast<size_t>(mark.line), line_starts_.size() - 1);
    uint32_t offset = line_starts_[line] + static_cast<uint32_t>(mark.column);
    return std::min<uint32_t>(offset, static_cast<uint32_t>(text_.size()));
  }

  // The end of the scalar token starting at `begin`.
  uint32_t ScalarEnd(uint32_t begin, bool in_flow) const {
    size_t i = begin;
    const size_t n = text_.size();
    if (i >= n) return begin;
    char c = text_[i];
    if (c == '"' || c == '\'') {
      for (++i; i < n; ++i) {
        if (c == '"' && text_[i] == '\\') {
          ++i;
          continue;
        }
        if (text_[i] == c) {
          if (c == '\'' && i + 1 < n && text_[i + 1] == '\'') {
            ++i;
            continue;
          }
          return static_cast<uint32_t>(i + 1);
        }
      }
      return static_cast<uint32_t>(n);
    }
    // Plain and block scalars: the rest of the token on this line.
    for (; i < n && text_[i] != '\n' && text_[i] != '\r'; ++i) {
      if (text_[i] == '#' && i > begin && (text_[i - 1] == ' ' || text_[i - 1] == '\t')) break;
      if (text_[i] == ':' && (i + 1 == n || text_[i + 1] == ' ' || text_[i + 1] == '\n' ||
                              (in_flow && (text_[i + 1] == ',' || text_[i + 1] == '}' || text_[i + 1] == ']'))))
        break;
      if (in_flow && (text_[i] == ',' || text_[i] == ']' || text_[i] == '}')) break;
    }
    while (i > begin && (text_[i - 1] == ' ' || text_[i - 1] == '\t')) --i;
    return static_cast<uint32_t>(i);
  }

  // After an empty flow collection's opening bracket, the closing one.
  uint32_t FlowEnd(uint32_t begin) const {
    if (begin >= text_.size()) return begin;
    char close = text_[begin] == '[' ? ']' : text_[begin] == '{' ? '}' : 0;
    if (!close) return begin;
    size_t i = text_.find(close, begin);
    return i == std::string_view::npos ? begin + 1 : static_cast<uint32_t>(i + 1);
  }

 private:
  std::string_view text_;
  std::vector<uint32_t> line_starts_;
};

// ---- The tree builder ----

class Builder : public YAML::EventHandler {
 public:
  Builder(std::string_view yaml_cpp_text, YamlDocument& doc, bool json = false)
      : spans_(yaml_cpp_text), doc_(doc), json_(json) {}

  std::shared_ptr<Node> root;
  YAML::Mark document_start;

  void OnDocumentStart(const YAML::Mark& mark) override { document_start = mark; }
  void OnDocumentEnd() override {}

  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    auto n = std::make_shared<Node>();
    n->kind = Kind::kNull;
    n->plain = true;
    uint32_t at = spans_.Offset(mark);
    // `[, x]`, `[a, , b]`, `{, a: 1}`: yaml-cpp reads an empty entry as null; PyYAML refuses it.
    // (An empty value after a flow mapping's key, `{a: , b: 1}`, is null in both.)
    bool awaiting_value = !stack_.empty() && stack_.back().node->kind == Kind::kMap && stack_.back().pending_key;
    if (InFlow() && !awaiting_value && at < spans_source().size() && spans_source()[at] == ',')
      throw SyntaxError{mark, "while parsing a flow node expected the node content, but found ','",
                        "remove the extra comma, or write the empty entry as null or ''"};
    uint32_t end = spans_.ScalarEnd(at, InFlow());
    std::string_view token = std::string_view(spans_source()).substr(at, end - at);
    // An empty value gets the next token's mark; point at the key instead.
    if (IsOneOf(token, {"~", "null", "Null", "NULL"}))
      n->span = {at, end};
    else if (!stack_.empty() && stack_.back().pending_key)
      n->span = stack_.back().pending_key->span;
    else
      n->span = {at, at};
    Add(std::move(n), anchor);
  }

  void OnAnchor(const YAML::Mark& mark, const std::string& name) override {
    // PyYAML's composer refuses an anchor name used twice; yaml-cpp lets the second shadow the first.
    if (!anchor_names_.insert(name).second)
      throw SyntaxError{mark,
                        fmt::format("found duplicate anchor '{}' (aorta's PyYAML refuses a repeated anchor)", name),
                        "rename the second one"};
  }

  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    auto it = anchors_.find(anchor);
    if (it == anchors_.end())
      throw SyntaxError{mark, "alias refers to an unknown anchor",
                        "define the anchor (&name) before the alias uses it"};
    for (const Frame& f : stack_)
      if (f.node == it->second) {
        // PyYAML accepts an alias inside the node it names (a recursive structure), and so does aorta's
        // safe_load. Our tree holds no cycles: the alias stands as null here, and a '<<' merge of it adds
        // nothing (PyYAML would merge the enclosing mapping's keys, the alias's own key among them).
        auto n = std::make_shared<Node>();
        uint32_t at = spans_.Offset(mark);
        n->span = {at, spans_.ScalarEnd(at, InFlow())};
        Add(std::move(n), 0);
        return;
      }
    // Only what an alias repeats counts against the bomb limit: a large file written out is no bomb.
    alias_extra_ = std::min<uint64_t>(alias_extra_ + Weight(it->second.get()) - 1, kMaxExpandedNodes * 2);
    if (alias_extra_ > kMaxExpandedNodes)
      throw SyntaxError{mark,
                        fmt::format("aliases here and before expand to more than {} nodes beyond those written in the "
                                    "file (an alias bomb)",
                                    kMaxExpandedNodes),
                        "write the values out, or alias less"};
    Add(it->second, 0, /*is_alias=*/true);
  }

  void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                const std::string& value) override {
    auto n = std::make_shared<Node>();
    uint32_t at = spans_.Offset(mark);
    n->span = {at, spans_.ScalarEnd(at, InFlow())};
    n->text = value;
    // A quoted scalar that reaches the end of the file: yaml-cpp takes the rest as its text, PyYAML refuses it.
    char open = at < spans_source().size() ? spans_source()[at] : 0;
    if (tag == "!" && (open == '"' || open == '\'') &&
        (n->span.end <= at + 1 || spans_source()[n->span.end - 1] != open ||
         (open == '"' && n->span.end >= 2 && spans_source()[n->span.end - 2] == '\\' &&
          n->span.end == spans_source().size())))
      throw SyntaxError{mark,
                        fmt::format("while scanning a quoted scalar found unexpected end of stream: this {} is never "
                                    "closed",
                                    open == '"' ? "double quote" : "single quote"),
                        fmt::format("add the closing {}", open)};
    if (tag == "?" && json_) {
      n->plain = true;
      ResolveJsonPlain(*n);
    } else if (tag == "?") {
      n->plain = true;
      // PyYAML resolves a plain `=` to the `value` tag and `<<` outside a key to `merge`; safe_load constructs neither.
      bool is_key = !stack_.empty() && stack_.back().node->kind == Kind::kMap && !stack_.back().pending_key;
      if (value == "=" || (value == "<<" && !is_key))
        throw SyntaxError{mark,
                          fmt::format("could not determine a constructor for the tag 'tag:yaml.org,2002:{}' (PyYAML "
                                      "reads a plain '{}' as a tag)",
                                      value == "=" ? "value" : "merge", value),
                          fmt::format("quote it: '{}'", value)};
      ResolvePlain(*n);
    } else if (tag == "!" || tag == "tag:yaml.org,2002:str") {
      n->kind = Kind::kStr;
    } else {
      ApplyExplicitTag(*n, tag, mark);
    }
    Add(std::move(n), anchor);
  }

  void OnSequenceStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value style) override {
    CheckCollectionTag(tag, "tag:yaml.org,2002:seq", mark);
    Open(Kind::kSeq, mark, anchor, style);
  }
  void OnSequenceEnd() override { Close(); }

  void OnMapStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value style) override {
    CheckCollectionTag(tag, "tag:yaml.org,2002:map", mark);
    Open(Kind::kMap, mark, anchor, style);
  }
  void OnMapEnd() override { Close(); }

  /// Where the innermost open flow collection starts, if any (for "never closed" errors).
  std::optional<uint32_t> OpenFlowStart() const {
    for (auto it = stack_.rbegin(); it != stack_.rend(); ++it)
      if (it->node->flow) return it->node->span.begin;
    return std::nullopt;
  }

 private:
  struct Frame {
    std::shared_ptr<Node> node;
    std::shared_ptr<Node> pending_key;  // maps: the key waiting for its value
    std::vector<yaml::Entry> merges;    // maps: entries brought in by `<<`
    uint64_t weight = 1;                // nodes after alias expansion
  };

  std::string_view spans_source() const { return doc_.source->text(); }
  bool InFlow() const { return !stack_.empty() && stack_.back().node->flow; }

  void ApplyExplicitTag(Node& n, const std::string& tag, const YAML::Mark& mark) {
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
      if (n.kind != Kind::kBool) throw SyntaxError{mark, fmt::format("'!!bool' value '{}' is not a boolean", n.text)};
    } else if (t == "null")
      n.kind = Kind::kNull;
    else if (t == "timestamp" && MatchesTimestamp(n.text))
      n.kind = Kind::kTimestamp;
    else if (t == "binary")
      n.kind = Kind::kBinary;
    else
      throw SyntaxError{mark, fmt::format("safe_load cannot construct a value tagged '{}'", tag), "remove the tag"};
  }

  void CheckCollectionTag(const std::string& tag, const std::string& expected, const YAML::Mark& mark) {
    if (tag.empty() || tag == "?" || tag == "!" || tag == expected) return;
    throw SyntaxError{mark, fmt::format("safe_load cannot construct a collection tagged '{}'", tag), "remove the tag"};
  }

  void Open(Kind kind, const YAML::Mark& mark, YAML::anchor_t anchor, YAML::EmitterStyle::value style) {
    auto n = std::make_shared<Node>();
    n->kind = kind;
    n->flow = style == YAML::EmitterStyle::Flow;
    uint32_t at = spans_.Offset(mark);
    n->span = {at, n->flow ? spans_.FlowEnd(at) : at};
    // Registered now so an alias inside can be recognised as recursive.
    if (anchor) anchors_[anchor] = n;
    CountWritten();
    stack_.push_back({n, nullptr, {}, 1});
  }

  // Every node costs memory whether or not aliases repeat it: bounded apart from the bomb limit.
  void CountWritten() {
    if (++written_ > kMaxNodes)
      throw SyntaxError{YAML::Mark(),
                        fmt::format("the document holds more than {} values (keys, scalars, lists and mappings "
                                    "counted), where aortalint stops to bound its memory",
                                    kMaxNodes),
                        "split the recipe"};
  }

  void Close() {
    Frame frame = std::move(stack_.back());
    stack_.pop_back();
    Node& n = *frame.node;
    if (!frame.merges.empty()) {
      // `<<` merges: explicit keys win over merged ones; merged keys come first, as in PyYAML.
      std::vector<yaml::Entry> merged;
      for (const yaml::Entry& m : frame.merges)
        if (!n.Find(m.key->text) || m.key->kind != Kind::kStr) {
          bool seen = false;
          for (const yaml::Entry& e : merged) seen |= SameKey(*e.key, *m.key);
          if (!seen) merged.push_back(m);
        }
      for (yaml::Entry& e : n.entries) merged.push_back(std::move(e));
      n.entries = std::move(merged);
    }
    if (!n.items.empty()) n.span.end = std::max(n.span.end, n.items.back()->span.end);
    if (!n.entries.empty()) n.span.end = std::max(n.span.end, n.entries.back().value->span.end);
    AddBuilt(frame.node, frame.weight);
  }

  static bool SameKey(const Node& a, const Node& b) {
    if (a.is_scalar() && b.is_scalar()) {
      if (a.kind == Kind::kStr || b.kind == Kind::kStr) return a.kind == b.kind && a.text == b.text;
      return a.Repr() == b.Repr();
    }
    return false;
  }

  void Add(std::shared_ptr<Node> n, YAML::anchor_t anchor, bool is_alias = false) {
    if (!is_alias) CountWritten();
    if (anchor) anchors_[anchor] = n;
    AddBuilt(std::move(n), is_alias ? Weight(n.get()) : 1);
  }

  uint64_t Weight(const Node* n) const {
    auto it = weights_.find(n);
    return it == weights_.end() ? 1 : it->second;
  }

  void AddBuilt(std::shared_ptr<Node> n, uint64_t weight) {
    if (n->kind == Kind::kSeq || n->kind == Kind::kMap) weights_[n.get()] = weight;
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
      AddMerge(parent, n);
      return;
    }
    for (yaml::Entry& e : p.entries) {
      if (SameKey(*e.key, *key)) {
        doc_.duplicates.push_back({key->Repr(), e.key->span, key->span});
        e.value = std::move(n);  // PyYAML: the last value wins, in the first key's place
        e.key = std::move(key);
        return;
      }
    }
    p.entries.push_back({std::move(key), std::move(n)});
  }

  void AddMerge(Frame& parent, const std::shared_ptr<Node>& value) {
    auto merge_one = [&](const Node& m) {
      if (m.kind == Kind::kNull) return;  // a recursive alias's stand-in (PyYAML has checked the merge)
      if (m.kind != Kind::kMap)
        throw SyntaxError{YAML::Mark(), "a merge key '<<' takes a mapping or a list of mappings"};
      for (const yaml::Entry& e : m.entries) parent.merges.push_back(e);
    };
    if (value->kind == Kind::kSeq) {
      for (const yaml::NodePtr& item : value->items) merge_one(*item);
    } else {
      merge_one(*value);
    }
  }

  Spans spans_;
  YamlDocument& doc_;
  bool json_ = false;  // a .json recipe: aorta reads it with json.loads
  std::vector<Frame> stack_;
  std::unordered_map<YAML::anchor_t, std::shared_ptr<Node>> anchors_;
  std::unordered_set<std::string> anchor_names_;
  std::unordered_map<const Node*, uint64_t> weights_;  // nodes after alias expansion, per collection
  uint64_t written_ = 0;                               // nodes written in the file
  uint64_t alias_extra_ = 0;                           // nodes the aliases add to them
};

// yaml-cpp's message for a parse error, in our words, with the fix.
SyntaxError Explain(const YAML::Exception& e) {
  struct Hint {
    std::string_view known, message, help;
  };
  static const Hint kHints[] = {
      {YAML::ErrorMsg::END_OF_SEQ_FLOW, "this '[' is never closed", "add the matching ']'"},
      {YAML::ErrorMsg::END_OF_MAP_FLOW, "this '{' is never closed", "add the matching '}'"},
      {YAML::ErrorMsg::END_OF_MAP, "a mapping ends where a key was expected", "check this line's indentation"},
      {YAML::ErrorMsg::END_OF_SEQ, "a list ends where an item was expected", "check this line's indentation"},
      {YAML::ErrorMsg::MAP_VALUE, "a ':' where no value can start",
       "quote a value that contains ': ', or fix the indentation"},
      {YAML::ErrorMsg::MAP_KEY, "a key where none can start", "fix the indentation"},
      {YAML::ErrorMsg::BLOCK_ENTRY, "a '- ' list item where none can start", "fix the indentation"},
      {YAML::ErrorMsg::EOF_IN_SCALAR, "a quoted string is never closed", "add the closing quote"},
      {YAML::ErrorMsg::UNKNOWN_ANCHOR, "this alias names no anchor defined before it", "define '&name' first"},
      {YAML::ErrorMsg::FLOW_END, "a closing bracket with no opening one", "remove it or add the '[' or '{'"},
  };
  for (const Hint& h : kHints)
    if (e.msg == h.known) return {e.mark, std::string(h.message), std::string(h.help)};
  if (e.msg.rfind(YAML::ErrorMsg::TAB_IN_INDENTATION, 0) == 0)
    return {e.mark, "a tab in indentation", "indent YAML with spaces"};
  std::string out = e.msg;
  if (!out.empty()) out[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(out[0])));
  return {e.mark, out, ""};
}

// PyYAML's Reader.NON_PRINTABLE: the first code point it refuses (offset, code point).
// Allowed: TAB, LF, CR, 0x20-0x7E, NEL (0x85), 0xA0-0xD7FF, 0xE000-0xFFFD, 0x10000 and above.
std::optional<std::pair<size_t, uint32_t>> FirstNonPrintable(std::string_view text) {
  for (size_t i = 0; i < text.size();) {
    unsigned char c = static_cast<unsigned char>(text[i]);
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
  if (!CheckText(std::string(source->text()), &error, &error_offset, &doc.failure_help)) {
    doc.failure = YamlDocument::Failure::kUnreadable;
    doc.failure_message = error;
    doc.failure_span = {static_cast<uint32_t>(error_offset), static_cast<uint32_t>(error_offset)};
    return doc;
  }
  // yaml-cpp reads a copy whose line breaks it knows (same length: every offset holds).
  const bool json = ReadAsJson(source->path());
  std::string text = json ? JsonFlatText(source->text()) : YamlCppText(source->text());
  Spans spans(text);
  // A .json recipe: aorta's loader reads it with json.loads, not PyYAML (its suffix decides).
  if (json) {
    if (std::optional<JsonError> bad = CheckAsJson(source->text())) {
      doc.failure = YamlDocument::Failure::kSyntax;
      doc.failure_span = {static_cast<uint32_t>(bad->offset), static_cast<uint32_t>(bad->offset)};
      doc.failure_message =
          fmt::format("json.loads refuses this: {} (aorta reads a .json recipe as JSON, not as YAML)", bad->message);
      doc.failure_help =
          "write strict JSON: double-quoted keys and strings, no comments, trailing commas or \\x escapes, no BOM";
      return doc;
    }
  }
  std::optional<std::pair<size_t, uint32_t>> bad = json ? std::nullopt : FirstNonPrintable(source->text());
  if (bad) {
    doc.failure = YamlDocument::Failure::kSyntax;
    doc.root = nullptr;
    doc.failure_span = {static_cast<uint32_t>(bad->first), static_cast<uint32_t>(bad->first)};
    doc.failure_message = fmt::format(
        "unacceptable character #x{:04x}: special characters are not allowed (PyYAML refuses it anywhere in the "
        "file, comments included)",
        bad->second);
    doc.failure_help = fmt::format(
        "delete it, or write it as an escape such as \\x{:02x} inside a double-quoted string", bad->second & 0xff);
    return doc;
  }
  // aorta's verdict first: PyYAML's own scanner, parser and composer, ported (load/pyyaml_check.h).
  std::vector<size_t> tight_flow_keys;
  std::optional<PyYamlError> py = json ? std::nullopt : CheckAsPyYaml(source->text(), &tight_flow_keys);
  if (py) {
    PyYamlMessage said = DescribePyYamlError(*py, source->text());
    doc.failure = YamlDocument::Failure::kSyntax;
    doc.root = nullptr;
    doc.failure_span = {static_cast<uint32_t>(said.offset), static_cast<uint32_t>(said.offset)};
    doc.failure_message = std::move(said.text);
    doc.failure_help = std::move(said.help);
    return doc;
  }
  auto fail = [&](const SyntaxError& e) {
    doc.failure = YamlDocument::Failure::kSyntax;
    doc.root = nullptr;
    uint32_t at = e.mark.line >= 0 ? spans.Offset(e.mark) : 0;
    doc.failure_span = {at, at};
    doc.failure_message = e.message;
    doc.failure_help = e.help;
  };
  // `{?"k": v}` and `[?k]`: PyYAML reads the '?' as a key indicator; yaml-cpp needs a space after it.
  // Blanked, a flow mapping reads the same; `[?k]` becomes the scalar k, not the pair {k: null}.
  for (size_t at : tight_flow_keys) text[at] = ' ';
  std::istringstream stream{text};
  Builder builder(text, doc, json);
  try {
    YAML::Parser parser(stream);
    if (!parser.HandleNextDocument(builder)) {
      // No document at all: safe_load returns None.
      auto null_node = std::make_shared<Node>();
      doc.root = null_node;
      return doc;
    }
    doc.root = builder.root ? builder.root : std::make_shared<Node>();
    Builder second(text, doc, json);
    if (parser.HandleNextDocument(second)) {
      fail({second.document_start,
            "a second YAML document starts here, and a recipe is one document (aorta reads it with safe_load)",
            "remove the '---' line and what follows, or move it to its own recipe"});
    }
  } catch (const SyntaxError& e) {
    fail(e);
  } catch (const YAML::DeepRecursion& e) {
    fail({e.mark, fmt::format("nesting deeper than {} levels", e.depth()), "flatten the document"});
  } catch (const YAML::Exception& e) {
    SyntaxError said = Explain(e);
    if (e.msg == YAML::ErrorMsg::UNKNOWN_TOKEN && e.mark.line >= 0) {
      uint32_t at = spans.Offset(e.mark);
      char c = at < source->text().size() ? source->text()[at] : '?';
      said.message = fmt::format("found character '{}' that cannot start any token", c);
      said.help = fmt::format("quote the value (\"{}...\" or '{}...')", c, c);
    }
    fail(said);
    bool unclosed = e.msg == YAML::ErrorMsg::END_OF_SEQ_FLOW || e.msg == YAML::ErrorMsg::END_OF_MAP_FLOW;
    if (auto open = builder.OpenFlowStart(); unclosed && open) doc.failure_span = {*open, *open + 1};
    // PyYAML read the file (it was checked first), so this is yaml-cpp's limit. The one known one: an
    // anchor flush against ':' (`&name: value`), which PyYAML reads as an anchored empty (null) key.
    std::string_view t = source->text();
    for (size_t i = t.find('&'); !json && i != std::string_view::npos; i = t.find('&', i + 1)) {
      size_t j = i + 1;
      while (j < t.size() && (std::isalnum(static_cast<unsigned char>(t[j])) || t[j] == '-' || t[j] == '_')) ++j;
      if (j > i + 1 && j < t.size() && t[j] == ':' && (j + 1 == t.size() || t[j + 1] == ' ' || t[j + 1] == '\n')) {
        doc.failure_span = {static_cast<uint32_t>(i), static_cast<uint32_t>(j + 1)};
        doc.failure_message = fmt::format(
            "'{}' is an anchor on an empty key: aorta's PyYAML reads it as a null key (unknown to aorta's "
            "schema) and aortalint cannot read it",
            t.substr(i, j + 1 - i));
        doc.failure_help = fmt::format("write the key before its anchor ('{}: &{} value')", t.substr(i + 1, j - i - 1),
                                       t.substr(i + 1, j - i - 1));
        break;
      }
    }
  } catch (const std::exception& e) {
    fail({YAML::Mark(), std::string("cannot parse: ") + e.what(), ""});
  }
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
