// What a run that ends its process built is left to the exit to free. A warm `check` of 10,000
// recipes builds hundreds of thousands of small strings and nodes, and freeing them one at a time
// was a tenth of its CPU; the kernel takes the whole address space back at once (clang's
// -disable-free, for the same reason). Each value is kept reachable from a list that lives as long
// as the process, so a leak checker does not report it.
#pragma once

#include <type_traits>
#include <utility>

namespace aortalint {
namespace detail {
void KeepReachable(const void* value);
}

/// Moves `value` (left as moved-from, cheap to destroy) into storage that is never freed.
template <class T>
void LeaveToExit(T& value) {
  detail::KeepReachable(new std::remove_cv_t<T>(std::move(value)));
}

}  // namespace aortalint
