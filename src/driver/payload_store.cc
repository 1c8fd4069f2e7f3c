#include "driver/payload_store.h"

#include "load/payload_loader.h"

namespace aortalint {

bool PayloadStore::AddUse(const std::string& path) {
  std::unique_ptr<Entry>& entry = entries_[path];
  bool first = !entry;
  if (first) entry = std::make_unique<Entry>();
  ++entry->uses;
  return first;
}

std::shared_ptr<const Payload> PayloadStore::Acquire(const std::string& path) {
  auto it = entries_.find(path);
  if (it == entries_.end()) return nullptr;
  Entry& entry = *it->second;
  std::call_once(entry.loaded, [&] { entry.payload = LoadPayload(path, mode_); });
  return entry.payload;
}

void PayloadStore::Release(const std::string& path) {
  auto it = entries_.find(path);
  if (it != entries_.end() && --it->second->uses == 0) it->second->payload.reset();
}

}  // namespace aortalint
