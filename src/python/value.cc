#include "python/value.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "base/display_width.h"
#include "base/json_text.h"
#include "base/strings.h"
#include "python/json.h"
#include "python/str.h"
#include "python/unicode_tables.h"

namespace aortalint {
namespace {

using Kind = PyValue::Kind;

// CPython's recursion limit is 1000 frames, and aorta's parsers call json.load
// further down than load_recipe calls json.loads (json.h).
constexpr int kMaxDepth = 980;

// A lone surrogate in a str value (the 3 bytes ED A0-BF xx the scanner writes for one) as
// U+FFFD: kernel names go on into UTF-8 output, which cannot hold one. Keys keep theirs, so
// that "\ud800" and "\udc00" stay two keys, as in Python's dict.
void ReplaceSurrogates(std::string& text) {
  for (size_t at = text.find('\xED'); at != std::string::npos; at = text.find('\xED', at + 1))
    if (at + 2 < text.size() && static_cast<unsigned char>(text[at + 1]) >= 0xA0) text.replace(at, 3, "\xEF\xBF\xBD");
}

// json.load's objects from the scanner's events, each built where it goes. The open containers
// are pointers: a container's parent gets no item while it is open, so none moves.
class Builder {
 public:
  explicit Builder(std::string_view text) : text_(text) {}
  std::optional<PyValue> root;

  void operator()(JsonEvent& e) {
    if (e.type == JsonEvent::kKey) {
      key_ = std::move(e.text);
      return;
    }
    if (e.type == JsonEvent::kEnd) {
      open_.pop_back();
      return;
    }
    PyValue& v = Slot();
    std::string_view token = text_.substr(e.begin, e.end - e.begin);
    switch (e.type) {
      case JsonEvent::kObjectStart:
      case JsonEvent::kArrayStart:
        v.kind = e.type == JsonEvent::kObjectStart ? Kind::kDict : Kind::kList;
        open_.push_back(&v);
        break;
      case JsonEvent::kString:
        v.kind = Kind::kStr;
        v.text = std::move(e.text);
        ReplaceSurrogates(v.text);
        break;
      case JsonEvent::kNumber:
        if (e.is_float) {
          v.kind = Kind::kFloat;
          v.number = std::strtod(std::string(token).c_str(), nullptr);  // 1e400 is inf, as float() makes it
        } else {
          v.kind = Kind::kInt;
          v.text = token == "-0" ? "0" : std::string(token);
        }
        break;
      case JsonEvent::kWord:
        if (token == "true" || token == "false") {
          v.kind = Kind::kBool;
          v.boolean = token == "true";
        } else if (token != "null") {
          v.kind = Kind::kFloat;
          v.number = token == "NaN" ? NAN : token == "Infinity" ? INFINITY : -INFINITY;
        }
        break;
      default:
        break;
    }
  }

 private:
  // Where the next value goes: the document, a list's new last item, or a dict's value under the
  // key just read (a repeated key keeps its first place and takes the last value, as dict
  // assignment does).
  PyValue& Slot() {
    if (open_.empty()) return root.emplace();
    PyValue& parent = *open_.back();
    if (parent.kind == Kind::kList) return parent.items.emplace_back();
    for (size_t k = 0; k < parent.keys.size(); ++k)
      if (parent.keys[k] == key_) return parent.items[k] = PyValue();
    parent.keys.push_back(std::move(key_));
    return parent.items.emplace_back();
  }

  std::string_view text_;
  std::vector<PyValue*> open_;
  std::string key_;  // the key whose value comes next
};

// Python's str.isprintable() for one code point, for repr(): what it shows as an escape.
bool Printable(uint32_t cp) {
  if (cp < 0x20 || cp == 0x7F) return false;
  if (cp < 0x7F) return true;
  if (cp <= 0xA0 || cp == 0xAD || cp == 0x061C || cp == 0x1680 || cp == 0x180E || cp == 0x3000 || cp == 0xFEFF)
    return false;
  if ((cp >= 0x2000 && cp <= 0x200F) || (cp >= 0x2028 && cp <= 0x202F) || (cp >= 0x205F && cp <= 0x206F)) return false;
  if ((cp >= 0xD800 && cp <= 0xF8FF) || (cp >= 0xFFF9 && cp <= 0xFFFB)) return false;
  return true;
}

std::string HexEscape(char kind, uint32_t cp, int width) {
  static const char* digits = "0123456789abcdef";
  std::string out = {'\\', kind};
  for (int shift = (width - 1) * 4; shift >= 0; shift -= 4) out += digits[(cp >> shift) & 0xF];
  return out;
}

std::string StrRepr(std::string_view s) {
  bool single = s.find('\'') != std::string_view::npos, dbl = s.find('"') != std::string_view::npos;
  char quote = single && !dbl ? '"' : '\'';
  std::string out(1, quote);
  for (size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    size_t n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    uint32_t cp = n == 1 ? c : n == 2 ? (c & 0x1F) : n == 3 ? (c & 0x0F) : (c & 0x07);
    for (size_t k = 1; k < n && i + k < s.size(); ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    if (cp == '\\' || cp == static_cast<uint32_t>(quote)) {
      out += '\\';
      out += static_cast<char>(cp);
    } else if (cp == '\t') {
      out += "\\t";
    } else if (cp == '\n') {
      out += "\\n";
    } else if (cp == '\r') {
      out += "\\r";
    } else if (!Printable(cp)) {
      out += cp <= 0xFF ? HexEscape('x', cp, 2) : cp <= 0xFFFF ? HexEscape('u', cp, 4) : HexEscape('U', cp, 8);
    } else {
      out.append(s.substr(i, n));
    }
    i += n;
  }
  return out + quote;
}

std::string Repr(const PyValue& v) { return v.kind == Kind::kStr ? StrRepr(v.text) : PyStr(v); }

}  // namespace

const PyValue* PyValue::Get(std::string_view key) const {
  if (kind != Kind::kDict) return nullptr;
  for (size_t k = 0; k < keys.size(); ++k)
    if (keys[k] == key) return &items[k];
  return nullptr;
}

bool PyValue::Truthy() const {
  switch (kind) {
    case Kind::kNone:
      return false;
    case Kind::kBool:
      return boolean;
    case Kind::kInt:
      return text != "0";
    case Kind::kFloat:
      return number != 0;  // NaN is true
    case Kind::kStr:
      return !text.empty();
    case Kind::kList:
    case Kind::kDict:
      return !items.empty();
  }
  return false;
}

std::optional<size_t> Utf8ErrorOffset(std::string_view b, size_t* lead) {
  for (size_t i = 0; i < b.size();) {
    unsigned char c = static_cast<unsigned char>(b[i]);
    if (lead) *lead = i;
    if (c < 0x80) {
      ++i;
      continue;
    }
    size_t n;
    unsigned char lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) {
      n = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
      n = 3;
      if (c == 0xE0) lo = 0xA0;  // overlong
      if (c == 0xED) hi = 0x9F;  // surrogates
    } else if (c >= 0xF0 && c <= 0xF4) {
      n = 4;
      if (c == 0xF0) lo = 0x90;
      if (c == 0xF4) hi = 0x8F;
    } else {
      return i;
    }
    for (size_t k = 1; k < n; ++k) {
      if (i + k >= b.size()) return b.size();  // truncated at the end
      unsigned char cc = static_cast<unsigned char>(b[i + k]);
      unsigned char min = k == 1 ? lo : 0x80, max = k == 1 ? hi : 0xBF;
      if (cc < min || cc > max) return i + k;
    }
    i += n;
  }
  return std::nullopt;
}

std::optional<PyValue> PyJsonLoad(std::string_view bytes, bool* too_deep) {
  if (too_deep) *too_deep = false;
  if (Utf8ErrorOffset(bytes)) return std::nullopt;  // UnicodeDecodeError
  Builder builder(bytes);
  std::optional<JsonError> error = ScanJson(bytes, kMaxDepth, std::ref(builder));
  if (too_deep) *too_deep = error && error->kind == JsonError::Kind::kRecursion;
  if (error) return std::nullopt;
  return std::move(builder.root);
}

namespace {

// CPython's first step in float(str): each non-ASCII whitespace character
// becomes ' ', each decimal digit of any script (category Nd: "１２",
// "١٢") its ASCII digit and any other non-ASCII character '?'; then ASCII
// whitespace is stripped. "\x1c12" stays unreadable, as in Python.
std::string AsciiNumberText(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t at = 0; at < text.size();) {
    if (static_cast<unsigned char>(text[at]) < 0x80) {
      out += text[at++];
      continue;
    }
    size_t space = PySpaceLength(text, at);
    char32_t c = DecodeUtf8(text, at);
    int digit = PyDecimalValue(c);
    out += space ? ' ' : digit >= 0 ? static_cast<char>('0' + digit) : '?';
  }
  auto space = [](char c) { return c == ' ' || (c >= '\t' && c <= '\r'); };
  size_t b = 0, e = out.size();
  while (b < e && space(out[b])) ++b;
  while (e > b && space(out[e - 1])) --e;
  return out.substr(b, e - b);
}

}  // namespace

std::optional<double> PyFloatOfText(std::string_view text) {
  std::string body = AsciiNumberText(text);
  if (body.empty()) return std::nullopt;
  bool neg = false;
  size_t at = 0;
  if (body[0] == '+' || body[0] == '-') {
    neg = body[0] == '-';
    at = 1;
  }
  std::string word = PyLower(std::string_view(body).substr(at));
  if (word == "inf" || word == "infinity") return neg ? -INFINITY : INFINITY;
  if (word == "nan") return NAN;
  // digitpart: digit (["_"] digit)*, in the integer part, fraction and exponent.
  std::string clean = neg ? "-" : "";
  auto digitpart = [&](size_t& i) {
    size_t start = i;
    while (i < body.size()) {
      if (body[i] >= '0' && body[i] <= '9') {
        clean += body[i++];
      } else if (body[i] == '_' && i > start && i + 1 < body.size() && body[i + 1] >= '0' && body[i + 1] <= '9' &&
                 body[i - 1] != '_') {
        ++i;
      } else {
        break;
      }
    }
    return i > start;
  };
  size_t i = at;
  bool whole = digitpart(i), frac = false;
  if (i < body.size() && body[i] == '.') {
    clean += '.';
    ++i;
    frac = digitpart(i);
  }
  if (!whole && !frac) return std::nullopt;
  if (i < body.size() && (body[i] == 'e' || body[i] == 'E')) {
    clean += 'e';
    ++i;
    if (i < body.size() && (body[i] == '+' || body[i] == '-')) clean += body[i++];
    if (!digitpart(i)) return std::nullopt;
  }
  if (i != body.size()) return std::nullopt;
  return std::strtod(clean.c_str(), nullptr);
}

std::optional<double> PyFloat(const PyValue& v) {
  switch (v.kind) {
    case Kind::kBool:
      return v.boolean ? 1.0 : 0.0;
    case Kind::kInt: {
      double d = std::strtod(v.text.c_str(), nullptr);
      if (std::isinf(d)) return std::nullopt;  // OverflowError: int too large to convert to float
      return d;
    }
    case Kind::kFloat:
      return v.number;
    case Kind::kStr:
      return PyFloatOfText(v.text);
    default:
      return std::nullopt;
  }
}

std::string PyFloatRepr(double d) {
  if (std::isnan(d)) return "nan";
  if (std::isinf(d)) return d < 0 ? "-inf" : "inf";
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof buf, d, std::chars_format::scientific);
  std::string sci(buf, res.ptr);
  std::string sign;
  if (sci[0] == '-') {
    sign = "-";
    sci.erase(0, 1);
  }
  size_t e = sci.find('e');
  int exp = std::stoi(sci.substr(e + 1));
  std::string digits = sci.substr(0, e);
  digits.erase(std::remove(digits.begin(), digits.end(), '.'), digits.end());
  int n = static_cast<int>(digits.size());
  std::string out;
  if (exp >= -4 && exp < 16) {
    if (exp >= n - 1) {
      out = digits + std::string(exp - (n - 1), '0') + ".0";
    } else if (exp >= 0) {
      out = digits.substr(0, exp + 1) + "." + digits.substr(exp + 1);
    } else {
      out = "0." + std::string(-exp - 1, '0') + digits;
    }
  } else {
    out = digits.substr(0, 1);
    if (n > 1) out += "." + digits.substr(1);
    std::string ee = std::to_string(std::abs(exp));
    if (ee.size() < 2) ee = "0" + ee;
    out += std::string("e") + (exp < 0 ? "-" : "+") + ee;
  }
  return sign + out;
}

std::string PyStr(const PyValue& v) {
  switch (v.kind) {
    case Kind::kNone:
      return "None";
    case Kind::kBool:
      return v.boolean ? "True" : "False";
    case Kind::kInt:
      return v.text;
    case Kind::kFloat:
      return PyFloatRepr(v.number);
    case Kind::kStr:
      return v.text;
    case Kind::kList: {
      std::string out = "[";
      for (size_t k = 0; k < v.items.size(); ++k) out += (k ? ", " : "") + Repr(v.items[k]);
      return out + "]";
    }
    case Kind::kDict: {
      std::string out = "{";
      for (size_t k = 0; k < v.items.size(); ++k) out += (k ? ", " : "") + StrRepr(v.keys[k]) + ": " + Repr(v.items[k]);
      return out + "}";
    }
  }
  return "";
}

BigCount BigCount::FromU64(uint64_t v) {
  BigCount b;
  while (v) {
    b.limbs_.push_back(static_cast<uint32_t>(v));
    v >>= 32;
  }
  return b;
}

BigCount BigCount::FromDouble(double d) {
  d = std::trunc(d);
  if (!(d >= 1)) return {};
  int exp = 0;
  double frac = std::frexp(d, &exp);  // d = frac * 2^exp, frac in [0.5, 1)
  uint64_t mantissa = static_cast<uint64_t>(std::ldexp(frac, 53));
  int shift = exp - 53;
  if (shift <= 0) return FromU64(mantissa >> -shift);
  BigCount b = FromU64(mantissa);
  // Shift left by `shift` bits.
  size_t words = static_cast<size_t>(shift) / 32;
  int bits = shift % 32;
  std::vector<uint32_t> out(words, 0);
  uint32_t carry = 0;
  for (uint32_t limb : b.limbs_) {
    out.push_back(bits ? (limb << bits) | carry : limb);
    carry = bits ? limb >> (32 - bits) : 0;
  }
  if (carry) out.push_back(carry);
  b.limbs_ = std::move(out);
  return b;
}

void BigCount::Add(const BigCount& other) {
  if (other.limbs_.size() > limbs_.size()) limbs_.resize(other.limbs_.size(), 0);
  uint64_t carry = 0;
  for (size_t k = 0; k < limbs_.size(); ++k) {
    uint64_t sum = static_cast<uint64_t>(limbs_[k]) + (k < other.limbs_.size() ? other.limbs_[k] : 0) + carry;
    limbs_[k] = static_cast<uint32_t>(sum);
    carry = sum >> 32;
  }
  if (carry) limbs_.push_back(static_cast<uint32_t>(carry));
}

nlohmann::json BigCount::ToJson() const {
  if (limbs_.size() <= 2) {
    uint64_t v = 0;
    for (size_t k = limbs_.size(); k-- > 0;) v = (v << 32) | limbs_[k];
    return v;
  }
  std::string digits = ToString();
  return nlohmann::json::binary(std::vector<uint8_t>(digits.begin(), digits.end()));
}

namespace {

void Dump(const nlohmann::json& j, int indent, int depth, std::string& out) {
  auto newline = [&](int d) {
    if (indent < 0) return;
    out += '\n';
    out.append(static_cast<size_t>(indent) * static_cast<size_t>(d), ' ');
  };
  if (j.is_binary()) {
    const auto& bytes = j.get_binary();
    out.append(bytes.begin(), bytes.end());
  } else if (j.is_object() && !j.empty()) {
    out += '{';
    bool first = true;
    for (const auto& [key, value] : j.items()) {
      if (!first) out += ',';
      first = false;
      newline(depth + 1);
      out += JsonText(key);
      out += indent < 0 ? ":" : ": ";
      Dump(value, indent, depth + 1, out);
    }
    newline(depth);
    out += '}';
  } else if (j.is_array() && !j.empty()) {
    out += '[';
    bool first = true;
    for (const nlohmann::json& value : j) {
      if (!first) out += ',';
      first = false;
      newline(depth + 1);
      Dump(value, indent, depth + 1, out);
    }
    newline(depth);
    out += ']';
  } else {
    out += JsonText(j);
  }
}

}  // namespace

std::string DumpJson(const nlohmann::json& j, int indent) {
  std::string out;
  Dump(j, indent, 0, out);
  return out;
}

std::string BigCount::ToString() const {
  if (limbs_.empty()) return "0";
  std::vector<uint32_t> n = limbs_;
  std::string digits;
  while (!n.empty()) {
    uint64_t rem = 0;
    for (size_t k = n.size(); k-- > 0;) {
      uint64_t cur = (rem << 32) | n[k];
      n[k] = static_cast<uint32_t>(cur / 1000000000u);
      rem = cur % 1000000000u;
    }
    while (!n.empty() && n.back() == 0) n.pop_back();
    std::string chunk = std::to_string(rem);
    if (!n.empty()) chunk = std::string(9 - chunk.size(), '0') + chunk;
    digits = chunk + digits;
  }
  return digits;
}

}  // namespace aortalint
