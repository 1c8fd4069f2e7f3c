#include "model/aorta_versions.h"

#include <stdexcept>

namespace aortalint {

const AortaVersion* AortaTable::Find(std::string_view commit) const {
  if (commit.empty() || commit == "newest") return &Newest();
  for (const AortaVersion& v : versions)
    if (commit.size() >= 7 && (v.commit.starts_with(commit) || commit.starts_with(v.commit))) return &v;
  return nullptr;
}

std::string AortaTable::Commits() const {
  std::string out;
  for (const AortaVersion& v : versions) out += (out.empty() ? "" : ", ") + v.commit;
  return out + " (newest)";
}

AortaTable AortaTableFrom(const yaml::Node& root) {
  AortaTable table;
  if (const yaml::Node* rows = root.Get("versions"); rows && rows->is_seq())
    for (const yaml::NodePtr& row : rows->items) {
      if (!row->is_map()) continue;
      AortaVersion v;
      if (const yaml::Node* commit = row->Get("commit")) v.commit = commit->text;
      if (const yaml::Node* refused = row->Get("cli_refused_backends")) v.cli_refused_backends = refused->StringItems();
      table.versions.push_back(std::move(v));
    }
  if (table.versions.empty()) throw std::logic_error("aorta.yaml has no versions");
  return table;
}

}  // namespace aortalint
