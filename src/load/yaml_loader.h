// Parses YAML text into model/yaml.h nodes, typed as PyYAML's safe_load types
// them, with a span for every key and value. Never throws: a failure is
// recorded in the document for the SYN rules to report.
#pragma once

#include <string>
#include <vector>

#include "base/source_file.h"
#include "model/yaml.h"
#include "model/yaml_document.h"

namespace aortalint {

/// Limits that keep hostile input bounded (alias bombs, deep nesting).
/// Nodes that aliases may add to those written out (the billion laughs).
inline constexpr size_t kMaxExpandedNodes = 1'000'000;
/// Key-value pairs that `<<` merges may copy, counted as PyYAML's flatten_mapping copies them (repeats
/// kept): a chain of 5,000 mappings, each merging the one before, copies 12.5 million (PyYAML: 90 s).
inline constexpr size_t kMaxMergedPairs = 16'000'000;
/// Nodes written out: a 16 MiB recipe of 150,000 cells holds about 2 million.
inline constexpr size_t kMaxNodes = 4'000'000;

/// Reads `path` (see base/file_reader.h) and parses it.
YamlDocument LoadYamlFile(const std::string& path);
/// Parses text already in memory (the LSP's open documents, stdin, tests).
YamlDocument ParseYaml(SourcePtr source);
/// Parses a table embedded at build time (rules/knowledge/*.yaml). Throws
/// std::logic_error when it is missing or broken: that is a build defect.
/// Uses the table's pre-parsed image (load/yaml_image.h) when the build made one.
YamlDocument ParseEmbedded(std::string_view name);
/// The same table parsed from its YAML text, never from the image (tests, tools/tablegen.cc).
YamlDocument ParseEmbeddedYaml(std::string_view name);

}  // namespace aortalint
