#include "base/leave_to_exit.h"

#include <mutex>
#include <vector>

namespace aortalint::detail {

void KeepReachable(const void* value) {
  static std::mutex mutex;
  static auto* kept = new std::vector<const void*>;  // never destroyed, like what it holds
  std::lock_guard lock(mutex);
  kept->push_back(value);
}

}  // namespace aortalint::detail
