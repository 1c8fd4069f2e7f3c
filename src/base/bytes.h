// Fixed-width little-endian integers and sized strings, for the cache's
// binary files: a reader never trusts what it reads.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

namespace aortalint {

// Appends fixed-width integers and sized strings.
class ByteWriter {
 public:
  explicit ByteWriter(std::string& out) : out_(out) {}
  template <typename T>
  void Int(T value) {
    static_assert(std::is_integral_v<T>);
    char bytes[sizeof(T)];
    for (size_t i = 0; i < sizeof(T); ++i) bytes[i] = static_cast<char>(static_cast<uint64_t>(value) >> (8 * i));
    out_.append(bytes, sizeof(T));
  }
  void Str(std::string_view s) {
    Int(static_cast<uint32_t>(s.size()));
    out_.append(s);
  }

 private:
  std::string& out_;
};

// Reads what ByteWriter wrote; any read past the end turns the reader bad for good.
class ByteReader {
 public:
  explicit ByteReader(std::string_view in) : in_(in) {}
  bool ok() const { return ok_; }
  bool done() const { return ok_ && in_.empty(); }
  template <typename T>
  T Int() {
    if (!Need(sizeof(T))) return T{};
    uint64_t value = 0;
    for (size_t i = 0; i < sizeof(T); ++i) value |= uint64_t{static_cast<unsigned char>(in_[i])} << (8 * i);
    in_.remove_prefix(sizeof(T));
    return static_cast<T>(value);
  }
  std::string_view Str() {
    uint32_t size = Int<uint32_t>();
    if (!Need(size)) return {};
    std::string_view s = in_.substr(0, size);
    in_.remove_prefix(size);
    return s;
  }
  // A count of items that each take at least `min_bytes`: larger than what is left is damage.
  uint32_t Count(size_t min_bytes) {
    uint32_t n = Int<uint32_t>();
    if (n > in_.size() / min_bytes) ok_ = false;
    return ok_ ? n : 0;
  }
  bool Bool() {
    uint8_t b = Int<uint8_t>();
    if (b > 1) ok_ = false;
    return b == 1;
  }

 private:
  bool Need(size_t n) {
    if (!ok_ || in_.size() < n) ok_ = false;
    return ok_;
  }
  std::string_view in_;
  bool ok_ = true;
};

}  // namespace aortalint
