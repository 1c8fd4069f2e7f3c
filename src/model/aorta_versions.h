// What each aorta version accepts and refuses (rules/knowledge/aorta.yaml):
// the rows of aorta's history a rule's verdict depends on.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "model/yaml.h"

namespace aortalint {

struct AortaVersion {
  std::string commit;                             // the commit the row was read at (8 hex digits)
  std::vector<std::string> cli_refused_backends;  // proton backends `mode: cli` may not pin (refused at trial setup)
};

struct AortaTable {
  std::vector<AortaVersion> versions;  // oldest first; the last is the newest

  /// The row whose commit starts with `commit` (or that `commit` starts with); "" and "newest": the newest.
  const AortaVersion* Find(std::string_view commit) const;
  const AortaVersion& Newest() const { return versions.back(); }
  /// "d1d8ec27, c141f983, c6f5573a (newest)", for messages.
  std::string Commits() const;
};

/// The table from aorta.yaml's root mapping.
AortaTable AortaTableFrom(const yaml::Node& root);

}  // namespace aortalint
