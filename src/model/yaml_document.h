// A parsed YAML file as data: its source, its root node typed as PyYAML's
// safe_load types it, why it failed when it did, and the keys it repeats.
// load/yaml_loader.h fills it; rules and the model read it.
#pragma once

#include <string>
#include <vector>

#include "base/source_file.h"
#include "base/span.h"
#include "model/yaml.h"

namespace aortalint {

struct DuplicateKey {
  std::string key;  // repr of the key
  Span first;       // the key that was overridden
  Span second;      // the key whose value wins (PyYAML keeps the last)
};

struct YamlDocument {
  enum class Failure { kNone, kUnreadable, kSyntax };

  SourcePtr source;
  yaml::NodePtr root;  // null when failure != kNone; a null node for an empty file
  Failure failure = Failure::kNone;
  Span failure_span;
  std::string failure_message;
  std::string failure_help;  // what to do, when the loader knows
  std::vector<DuplicateKey> duplicates;

  bool ok() const { return failure == Failure::kNone; }
};

}  // namespace aortalint
