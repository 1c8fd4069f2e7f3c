// A half-open byte range into one source text.
#pragma once

#include <cstdint>

namespace aortalint {

struct Span {
  uint32_t begin = 0;
  uint32_t end = 0;

  bool empty() const { return begin == end; }
  bool Contains(uint32_t offset) const { return begin <= offset && offset < end; }
  friend bool operator==(const Span&, const Span&) = default;
};

}  // namespace aortalint
