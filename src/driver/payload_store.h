// Payloads loaded once per run and shared by every unit that needs them:
// each file is read and parsed the first time it is asked for, and dropped
// after its last use, so a run over 10,000 pairs never holds every tree.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "load/payload_loader.h"
#include "model/payload.h"

namespace aortalint {

class PayloadStore {
 public:
  /// Payloads are parsed in `mode` (check's --full-parse).
  explicit PayloadStore(PayloadParse mode) : mode_(mode) {}
  /// Counts one future Acquire of `path` (a NormalizePath spelling); true for the first. Not
  /// thread-safe: call every AddUse before the first Acquire.
  bool AddUse(const std::string& path);
  /// Whether a use of `path` was counted.
  bool Has(const std::string& path) const { return entries_.count(path) != 0; }
  /// The payload, loaded on first use (thread-safe); null when no use was counted.
  std::shared_ptr<const Payload> Acquire(const std::string& path);
  /// Ends one use; the last one frees the payload.
  void Release(const std::string& path);

 private:
  struct Entry {
    std::once_flag loaded;
    std::shared_ptr<const Payload> payload;
    std::atomic<int> uses{0};
  };
  PayloadParse mode_;
  std::unordered_map<std::string, std::unique_ptr<Entry>> entries_;
};

}  // namespace aortalint
