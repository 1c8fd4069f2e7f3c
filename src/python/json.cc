// CPython's json.loads (json/decoder.py, json/scanner.py, strict mode): the
// first error it raises, with its message and position, and the values it
// reads, as events for the loader's tree builder.
#include "python/json.h"

#include <cstdint>
#include <string>
#include <vector>

#include "base/strings.h"

namespace aortalint {
namespace {

uint32_t Hex4(std::string_view s) {
  return static_cast<uint32_t>(std::stoul(std::string(s.substr(0, 4)), nullptr, 16));
}

// The text of a string json.loads has accepted (`quoted` with its quotes): escapes decoded, a
// \uD83D\uDE00 surrogate pair joined into one code point as py_scanstring joins it.
std::string Unescape(std::string_view quoted) {
  std::string out;
  std::string_view s = quoted.substr(1, quoted.size() - 2);
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '\\') {
      out += s[i];
      continue;
    }
    char e = s[++i];
    if (e != 'u') {
      out += *JsonShortEscape(e);  // json.loads has accepted the escape
      continue;
    }
    uint32_t c = Hex4(s.substr(i + 1));
    i += 4;
    if (c >= 0xD800 && c <= 0xDBFF && s.substr(i + 1, 2) == "\\u") {
      uint32_t low = Hex4(s.substr(i + 3));
      if (low >= 0xDC00 && low <= 0xDFFF) {
        c = 0x10000 + ((c - 0xD800) << 10) + (low - 0xDC00);
        i += 6;
      }
    }
    AppendUtf8(out, c);
  }
  return out;
}

class JsonChecker {
 public:
  JsonChecker(std::string_view text, const NodeEventSink& sink) : s_(text), sink_(sink) {}

  std::optional<JsonError> Run() {
    // json.loads on a str: a leading BOM is refused, not skipped.
    if (s_.substr(0, 3) == "\xEF\xBB\xBF") return JsonError{0, "Unexpected UTF-8 BOM (decode using utf-8-sig)"};
    Ws();
    if (!Value()) return error_;
    Ws();
    if (i_ != s_.size()) return JsonError{i_, "Extra data"};
    return std::nullopt;
  }

 private:
  bool Fail(size_t at, const char* message) {
    error_ = JsonError{at, message};
    return false;
  }

  void Ws() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r')) ++i_;
  }

  bool Starts(std::string_view word) const { return s_.substr(i_, word.size()) == word; }

  // A value just read, from `begin` to i_: strings are quoted scalars, the rest plain ones.
  void EmitScalar(size_t begin) {
    if (!sink_) return;
    NodeEvent e;
    e.begin = begin;
    e.end = i_;
    std::string_view token = s_.substr(begin, i_ - begin);
    e.style = token[0] == '"' ? '"' : 0;
    e.implicit = !e.style;
    e.value = e.style ? Unescape(token) : std::string(token);
    sink_(e);
  }
  void Emit(NodeEvent::Type type, size_t at) {
    if (!sink_) return;
    NodeEvent e;
    e.type = type;
    e.begin = e.end = at;
    e.flow = true;
    sink_(e);
  }

  static bool Digit(char c) { return c >= '0' && c <= '9'; }
  static bool Hex(char c) { return Digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

  // scan_once: a value at i_ (no leading whitespace).
  bool Value() {
    if (++depth_ > kMaxDepth) return Fail(i_, "maximum recursion depth exceeded while decoding a JSON document");
    bool ok = ValueAt();
    --depth_;
    return ok;
  }

  bool ValueAt() {
    if (i_ >= s_.size()) return Fail(i_, "Expecting value");
    char c = s_[i_];
    if (c == '"') return QuotedString();
    if (c == '{') return Object();
    if (c == '[') return Array();
    for (std::string_view word : {"null", "true", "false", "NaN", "Infinity", "-Infinity"})
      if (Starts(word)) {
        i_ += word.size();
        EmitScalar(i_ - word.size());
        return true;
      }
    // NUMBER_RE = r'(-?(?:0|[1-9]\d*))(\.\d+)?([eE][-+]?\d+)?'
    size_t start = i_, j = i_;
    if (j < s_.size() && s_[j] == '-') ++j;
    if (j < s_.size() && s_[j] == '0') {
      ++j;
    } else if (j < s_.size() && Digit(s_[j])) {
      while (j < s_.size() && Digit(s_[j])) ++j;
    } else {
      return Fail(start, "Expecting value");
    }
    if (j + 1 < s_.size() && s_[j] == '.' && Digit(s_[j + 1])) {
      j += 2;
      while (j < s_.size() && Digit(s_[j])) ++j;
    }
    if (j < s_.size() && (s_[j] == 'e' || s_[j] == 'E')) {
      size_t k = j + 1;
      if (k < s_.size() && (s_[k] == '+' || s_[k] == '-')) ++k;
      if (k < s_.size() && Digit(s_[k])) {
        while (k < s_.size() && Digit(s_[k])) ++k;
        j = k;
      }
    }
    i_ = j;
    EmitScalar(start);
    return true;
  }

  // A string as a value or a key.
  bool QuotedString() {
    size_t begin = i_;
    if (!String()) return false;
    EmitScalar(begin);
    return true;
  }

  // py_scanstring, strict: i_ at the opening quote.
  bool String() {
    size_t begin = i_++;
    while (true) {
      if (i_ >= s_.size()) return Fail(begin, "Unterminated string starting at");
      unsigned char c = static_cast<unsigned char>(s_[i_]);
      if (c == '"') {
        ++i_;
        return true;
      }
      if (c < 0x20) return Fail(i_, "Invalid control character at");
      if (c != '\\') {
        ++i_;
        continue;
      }
      size_t esc = i_;
      ++i_;
      if (i_ >= s_.size()) return Fail(begin, "Unterminated string starting at");
      char e = s_[i_];
      if (e == 'u') {
        for (size_t k = 1; k <= 4; ++k)
          if (i_ + k >= s_.size() || !Hex(s_[i_ + k])) return Fail(esc, "Invalid \\uXXXX escape");
        i_ += 5;
        continue;
      }
      if (e != '"' && e != '\\' && e != '/' && e != 'b' && e != 'f' && e != 'n' && e != 'r' && e != 't')
        return Fail(esc, "Invalid \\escape");
      ++i_;
    }
  }

  // JSONObject: i_ at '{'.
  bool Object() {
    Emit(NodeEvent::kMappingStart, i_);
    ++i_;
    Ws();
    if (i_ < s_.size() && s_[i_] == '}') {
      Emit(NodeEvent::kCollectionEnd, i_++);
      return true;
    }
    while (true) {
      if (i_ >= s_.size() || s_[i_] != '"') return Fail(i_, "Expecting property name enclosed in double quotes");
      if (!QuotedString()) return false;
      Ws();
      if (i_ >= s_.size() || s_[i_] != ':') return Fail(i_, "Expecting ':' delimiter");
      ++i_;
      Ws();
      if (!Value()) return false;
      Ws();
      if (i_ < s_.size() && s_[i_] == '}') {
        Emit(NodeEvent::kCollectionEnd, i_++);
        return true;
      }
      if (i_ >= s_.size() || s_[i_] != ',') return Fail(i_, "Expecting ',' delimiter");
      ++i_;
      Ws();
    }
  }

  // JSONArray: i_ at '['.
  bool Array() {
    Emit(NodeEvent::kSequenceStart, i_);
    ++i_;
    Ws();
    if (i_ < s_.size() && s_[i_] == ']') {
      Emit(NodeEvent::kCollectionEnd, i_++);
      return true;
    }
    while (true) {
      if (!Value()) return false;
      Ws();
      if (i_ < s_.size() && s_[i_] == ']') {
        Emit(NodeEvent::kCollectionEnd, i_++);
        return true;
      }
      if (i_ >= s_.size() || s_[i_] != ',') return Fail(i_, "Expecting ',' delimiter");
      ++i_;
      Ws();
    }
  }

  // CPython recurses once per nesting level; past its recursion limit (1000) json.loads raises
  // RecursionError, which aorta's loader does not catch.
  static constexpr int kMaxDepth = 990;

  std::string_view s_;
  const NodeEventSink& sink_;
  size_t i_ = 0;
  int depth_ = 0;
  JsonError error_;
};

}  // namespace

std::optional<JsonError> CheckAsJson(std::string_view text, const NodeEventSink& sink) {
  return JsonChecker(text, sink).Run();
}

bool ReadAsJson(std::string_view path) {
  if (path.size() < 5) return false;
  std::string_view suffix = path.substr(path.size() - 5);
  std::string lower;
  for (char c : suffix) lower += static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
  return lower == ".json";
}

}  // namespace aortalint
