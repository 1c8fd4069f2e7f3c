// What aortalint knows about aorta, as data: collectors and their option
// domains, built-in mitigations and environments. Parsed once from the YAML
// tables under rules/knowledge/, embedded at build time.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/yaml.h"

namespace aortalint {

struct SanitizerKeys;

struct OptionSpec {
  std::string name;
  std::vector<std::string> domain;  // enum values (after strip().lower())
  bool tokens = false;              // comma/space separated tokens drawn from `domain`
  bool any = false;                 // free text
  bool nonempty = false;            // free text that must not be empty after strip()
  std::optional<std::string> default_value;
  std::map<std::string, std::vector<std::string>> by_backend;  // backend_mode's domain per backend
  std::vector<std::string> metrics;  // values that yield numeric metrics (tokens: any one of them); empty: all
  std::string doc;
};

struct CollectorSpec {
  std::string name;
  std::string summary;
  bool any_options = false;  // numerics, layer_numerics, amd_log accept anything
  std::string vendor;        // "AMD" / "NVIDIA" when only one vendor's GPUs run it
  std::vector<OptionSpec> options;

  const OptionSpec* Option(std::string_view option) const;
  std::vector<std::string_view> OptionNames() const;
};

struct Knowledge {
  std::vector<CollectorSpec> collectors;  // sorted by name
  std::vector<std::string> queue_intercepting_backends;
  std::map<std::string, std::string> backend_vendors;  // proton backend -> the only vendor it runs on
  std::map<std::string, std::map<std::string, std::string>> mitigations;  // name -> variables it sets
  std::vector<std::string> environments;
  const SanitizerKeys* sanitizer_keys = nullptr;  // the `mode: sanitizer` schema (sanitizer_plan.yaml)

  const CollectorSpec* Collector(std::string_view name) const;
  std::vector<std::string_view> CollectorNames() const;
  bool IsQueueIntercepting(std::string_view backend) const;
};

/// The collectors and mitigations tables (rules/knowledge/collectors.yaml, mitigations.yaml), as data.
/// Reading them is load/knowledge_loader.h's job (BuiltinKnowledge()).
Knowledge KnowledgeFromTables(const yaml::Node& collectors, const yaml::Node& mitigations);

}  // namespace aortalint
