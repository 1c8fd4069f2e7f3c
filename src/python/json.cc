// CPython's json.loads, strict mode: decoder.py's JSONDecoder.decode over the C scanner
// (Modules/_json.c: scan_once_unicode, _parse_object_unicode, _parse_array_unicode,
// scanstring_unicode, _match_number_unicode). Each check is made where Python makes it, so the
// first error is Python's, with its words and position.
#include "python/json.h"

#include <cstdint>
#include <string>

#include "base/strings.h"

namespace aortalint {
namespace {

using Kind = JsonError::Kind;

// sys.get_int_max_str_digits(): int() of a longer decimal literal raises ValueError.
constexpr size_t kMaxIntDigits = 4300;

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

bool Digit(char c) { return c >= '0' && c <= '9'; }

class Scanner {
 public:
  Scanner(std::string_view text, int max_depth, const JsonEventSink& sink)
      : s_(text), max_depth_(max_depth), sink_(sink) {}

  std::optional<JsonError> Run() {
    // json.loads on a str: a leading BOM is refused, not skipped.
    if (s_.substr(0, 3) == "\xEF\xBB\xBF")
      return JsonError{Kind::kDecode, 0, "Unexpected UTF-8 BOM (decode using utf-8-sig)"};
    Ws();
    if (!Value()) return std::move(error_);
    Ws();
    if (i_ != s_.size()) return JsonError{Kind::kDecode, i_, "Extra data"};
    return std::nullopt;
  }

 private:
  bool Fail(size_t at, std::string message, Kind kind = Kind::kDecode) {
    error_ = JsonError{kind, at, std::move(message)};
    return false;
  }

  // WHITESPACE = r'[ \t\n\r]*': no form feed, no vertical tab, nothing outside ASCII.
  void Ws() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r')) ++i_;
  }

  bool At(char c) const { return i_ < s_.size() && s_[i_] == c; }

  void Emit(JsonEvent::Type type, size_t begin, size_t end, bool is_float = false) {
    if (!sink_) return;
    JsonEvent e;
    e.type = type;
    e.begin = begin;
    e.end = end;
    e.is_float = is_float;
    sink_(e);
  }

  // scan_once_unicode: a value at i_ (no leading whitespace).
  bool Value() {
    if (i_ >= s_.size()) return Fail(i_, "Expecting value");
    char c = s_[i_];
    if (c == '"') return String(JsonEvent::kString);
    if (c == '{' || c == '[') {
      // Py_EnterRecursiveCall before each object or array (a scalar costs no frame).
      if (++depth_ > max_depth_)
        return Fail(i_,
                    std::string("maximum recursion depth exceeded while decoding a JSON ") +
                        (c == '{' ? "object" : "array") + " from a unicode string",
                    Kind::kRecursion);
      bool ok = c == '{' ? Object() : Array();
      --depth_;
      return ok;
    }
    switch (c) {
      case 'n':
        return Word("null");
      case 't':
        return Word("true");
      case 'f':
        return Word("false");
      case 'N':
        return Word("NaN");
      case 'I':
        return Word("Infinity");
      case '-':
        return s_.substr(i_, 9) == "-Infinity" ? Word("-Infinity") : Number();
      default:
        return Number();
    }
  }

  bool Word(std::string_view word) {
    if (s_.substr(i_, word.size()) != word) return Fail(i_, "Expecting value");
    i_ += word.size();
    Emit(JsonEvent::kWord, i_ - word.size(), i_);
    return true;
  }

  // _match_number_unicode: r'(-?(?:0|[1-9]\d*))(\.\d+)?([eE][-+]?\d+)?', then int() or float().
  bool Number() {
    size_t start = i_, j = i_;
    if (j < s_.size() && s_[j] == '-') ++j;
    if (j < s_.size() && s_[j] == '0') {
      ++j;
    } else if (j < s_.size() && Digit(s_[j])) {
      while (j < s_.size() && Digit(s_[j])) ++j;
    } else {
      return Fail(start, "Expecting value");
    }
    size_t digits = j - start - (s_[start] == '-');
    bool is_float = false;
    if (j + 1 < s_.size() && s_[j] == '.' && Digit(s_[j + 1])) {
      j += 2;
      while (j < s_.size() && Digit(s_[j])) ++j;
      is_float = true;
    }
    if (j < s_.size() && (s_[j] == 'e' || s_[j] == 'E')) {
      size_t k = j + 1;
      if (k < s_.size() && (s_[k] == '+' || s_[k] == '-')) ++k;
      if (k < s_.size() && Digit(s_[k])) {
        while (k < s_.size() && Digit(s_[k])) ++k;
        j = k;
        is_float = true;
      }
    }
    if (!is_float && digits > kMaxIntDigits)
      return Fail(start,
                  "Exceeds the limit (4300 digits) for integer string conversion: value has " + std::to_string(digits) +
                      " digits; use sys.set_int_max_str_digits() to increase the limit",
                  Kind::kIntDigits);
    i_ = j;
    Emit(JsonEvent::kNumber, start, j, is_float);
    return true;
  }

  // Four hex digits at `at` with at least one character after them: scanstring_unicode
  // checks `end >= len` before it reads the digits.
  bool Hex4(size_t at, uint32_t& out) const {
    if (at + 4 >= s_.size()) return false;
    out = 0;
    for (size_t k = 0; k < 4; ++k) {
      int h = HexValue(s_[at + k]);
      if (h < 0) return false;
      out = out * 16 + static_cast<uint32_t>(h);
    }
    return true;
  }

  // scanstring_unicode, strict: i_ at the opening quote.
  bool String(JsonEvent::Type type) {
    JsonEvent e;
    e.type = type;
    e.begin = i_++;
    std::string& out = e.text;
    while (true) {
      size_t run = i_;
      while (i_ < s_.size() && s_[i_] != '"' && s_[i_] != '\\' && static_cast<unsigned char>(s_[i_]) >= 0x20) ++i_;
      if (sink_) out.append(s_.substr(run, i_ - run));
      if (i_ >= s_.size()) return Fail(e.begin, "Unterminated string starting at");
      if (s_[i_] == '"') break;
      if (s_[i_] != '\\') return Fail(i_, "Invalid control character at");
      if (i_ + 1 >= s_.size()) return Fail(e.begin, "Unterminated string starting at");
      char escape = s_[i_ + 1];
      if (escape != 'u') {
        std::optional<char> c = JsonShortEscape(escape);
        if (!c) return Fail(i_, "Invalid \\escape");
        out += *c;
        i_ += 2;
        continue;
      }
      uint32_t c;
      if (!Hex4(i_ + 2, c)) return Fail(i_ + 1, "Invalid \\uXXXX escape");  // Python points at the u
      i_ += 6;
      // A high surrogate and an escaped low one make one code point; a lone one stays, as in
      // Python's str (written as UTF-8 would write it).
      uint32_t low;
      if (c >= 0xD800 && c <= 0xDBFF && s_.substr(i_, 2) == "\\u" && Hex4(i_ + 2, low) && low >= 0xDC00 &&
          low <= 0xDFFF) {
        c = 0x10000 + ((c - 0xD800) << 10) + (low - 0xDC00);
        i_ += 6;
      }
      AppendUtf8(out, c);
    }
    e.end = ++i_;
    if (sink_) sink_(e);
    return true;
  }

  // _parse_object_unicode: i_ at '{'.
  bool Object() {
    Emit(JsonEvent::kObjectStart, i_, i_ + 1);
    ++i_;
    Ws();
    if (!At('}')) {
      while (true) {
        if (!At('"')) return Fail(i_, "Expecting property name enclosed in double quotes");
        if (!String(JsonEvent::kKey)) return false;
        Ws();
        if (!At(':')) return Fail(i_, "Expecting ':' delimiter");
        ++i_;
        Ws();
        if (!Value()) return false;
        Ws();
        if (At('}')) break;
        if (!At(',')) return Fail(i_, "Expecting ',' delimiter");
        ++i_;
        Ws();
      }
    }
    Emit(JsonEvent::kEnd, i_, i_ + 1);
    ++i_;
    return true;
  }

  // _parse_array_unicode: i_ at '['.
  bool Array() {
    Emit(JsonEvent::kArrayStart, i_, i_ + 1);
    ++i_;
    Ws();
    if (!At(']')) {
      while (true) {
        if (!Value()) return false;
        Ws();
        if (At(']')) break;
        if (!At(',')) return Fail(i_, "Expecting ',' delimiter");
        ++i_;
        Ws();
      }
    }
    Emit(JsonEvent::kEnd, i_, i_ + 1);
    ++i_;
    return true;
  }

  std::string_view s_;
  int max_depth_;
  const JsonEventSink& sink_;
  size_t i_ = 0;
  int depth_ = 0;
  JsonError error_;
};

// aorta's load_recipe calls json.loads a few frames below the interpreter's recursion limit
// (1000); json.loads from a script's top level fails from 996 levels.
constexpr int kRecipeMaxDepth = 990;

}  // namespace

std::optional<JsonError> ScanJson(std::string_view text, int max_depth, const JsonEventSink& sink) {
  return Scanner(text, max_depth, sink).Run();
}

std::optional<JsonError> CheckAsJson(std::string_view text, const NodeEventSink& sink) {
  if (!sink) return ScanJson(text, kRecipeMaxDepth);
  return ScanJson(text, kRecipeMaxDepth, [&](JsonEvent& e) {
    NodeEvent n;
    n.begin = e.begin;
    n.end = e.end;
    switch (e.type) {
      case JsonEvent::kObjectStart:
      case JsonEvent::kArrayStart:
      case JsonEvent::kEnd:
        n.type = e.type == JsonEvent::kObjectStart  ? NodeEvent::kMappingStart
                 : e.type == JsonEvent::kArrayStart ? NodeEvent::kSequenceStart
                                                    : NodeEvent::kCollectionEnd;
        n.end = e.begin;
        n.flow = true;
        break;
      case JsonEvent::kKey:
      case JsonEvent::kString:
        n.style = '"';
        n.value = std::move(e.text);
        break;
      case JsonEvent::kNumber:
      case JsonEvent::kWord:
        n.implicit = true;  // the loader types it as json.loads does
        n.value = std::string(text.substr(e.begin, e.end - e.begin));
        break;
    }
    sink(n);
  });
}

bool ReadAsJson(std::string_view path) {
  if (path.size() < 5) return false;
  std::string_view suffix = path.substr(path.size() - 5);
  std::string lower;
  for (char c : suffix) lower += static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
  return lower == ".json";
}

}  // namespace aortalint
