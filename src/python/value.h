// The Python semantics aorta's artifact parsers depend on: the objects json.load
// builds (json.h's scanner reads the text: NaN/Infinity tokens, unbounded
// integers, last duplicate key wins), float() of a value, str() of a value,
// and integers beyond 64 bits.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace aortalint {

// A value as Python's json module builds it.
struct PyValue {
  enum class Kind { kNone, kBool, kInt, kFloat, kStr, kList, kDict };
  Kind kind = Kind::kNone;
  bool boolean = false;
  std::string text;               // kStr: the UTF-8 text (U+FFFD for a lone surrogate); kInt: the literal
  double number = 0;              // kFloat
  std::vector<PyValue> items;     // kList; kDict: the values
  std::vector<std::string> keys;  // kDict: the keys, first-insertion order (a lone surrogate as 3 bytes)

  bool is_dict() const { return kind == Kind::kDict; }
  bool is_list() const { return kind == Kind::kList; }
  /// dict.get(key): the value, or nullptr.
  const PyValue* Get(std::string_view key) const;
  /// bool(value).
  bool Truthy() const;
};

// json.load of a file opened with encoding="utf-8": nullopt where Python
// raises ValueError or UnicodeDecodeError (a BOM, invalid UTF-8, bad syntax,
// an integer literal of more than 4300 digits). `too_deep` is set where
// Python would raise RecursionError instead (nesting beyond what the
// interpreter's recursion limit allows), which no caller in aorta catches.
std::optional<PyValue> PyJsonLoad(std::string_view bytes, bool* too_deep = nullptr);

// float(text) for a str: Unicode whitespace stripped, underscores between
// digits, inf/infinity/nan in any case, with a sign. nullopt: ValueError.
std::optional<double> PyFloatOfText(std::string_view text);

// float(value): bool, int (nullopt on OverflowError), float, str; nullopt
// for None, list and dict (TypeError).
std::optional<double> PyFloat(const PyValue& v);

// str(value), as Python prints it (repr inside containers).
std::string PyStr(const PyValue& v);

// Python's repr() of a float.
std::string PyFloatRepr(double d);

// A non-negative integer of any size, as Python's int sums them.
class BigCount {
 public:
  BigCount() = default;
  /// int(d) for a finite d >= 0.
  static BigCount FromDouble(double d);
  static BigCount FromU64(uint64_t v);
  void Add(const BigCount& other);
  /// As a JSON number, exact at any size as Python's int is: a value up to
  /// 2^64 - 1 is a JSON unsigned; a larger one is held as a json binary value
  /// carrying its decimal digits (nlohmann::json has no wider integer), which
  /// DumpJson writes as the bare number.
  nlohmann::json ToJson() const;
  /// The decimal digits.
  std::string ToString() const;

 private:
  std::vector<uint32_t> limbs_;  // little-endian base 2^32, no high zeros
};

/// j.dump(indent), except that a json binary value (only BigCount::ToJson
/// makes one: a count past 2^64 - 1) is written as the decimal number its
/// bytes spell, as Python's json.dump writes an int of any size.
std::string DumpJson(const nlohmann::json& j, int indent = -1);

// UTF-8 as Python's strict codec reads it: the offset of the byte at which
// decoding fails, or nullopt when the whole text is valid. `lead` is the
// offset where the failing sequence started.
std::optional<size_t> Utf8ErrorOffset(std::string_view bytes, size_t* lead = nullptr);

}  // namespace aortalint
