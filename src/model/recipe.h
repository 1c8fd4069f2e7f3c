// The semantic view of a parsed recipe that rules read: its mode, cells (the
// triage cells written, or the probe cells aorta synthesises) and every
// `collect:` scope with the collectors it names. Building it reports nothing;
// rules decide what is wrong.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/knowledge.h"
#include "model/sanitizer_plan.h"
#include "model/yaml_document.h"

namespace aortalint {

/// aorta's three loaders: triage and probe share one key table
/// (recipe_keys.yaml); `mode: sanitizer` has its own (sanitizer_plan.yaml).
enum class RecipeMode { kTriage, kProbe, kSanitizer, kInvalid };

/// One collector named in a collect block.
struct CollectorUse {
  std::string name;             // a string name as written
  const yaml::Node* name_node;  // the list item or the mapping key
  const yaml::Node* options;    // the mapping value; nullptr in the list form
};

/// A `collect:` block: the recipe's, a cell's override, or the `--collect` override.
struct CollectScope {
  std::string label;                     // "recipe.collect", "cells[2].collect", "--collect"
  const yaml::Entry* entry = nullptr;    // the `collect` key and value; nullptr for --collect
  int cell = -1;                         // the overriding cell's index
  bool well_formed = false;              // a list of strings, or a mapping name -> null/mapping
  std::vector<CollectorUse> collectors;  // de-duplicated, first seen first

  const CollectorUse* Find(std::string_view name) const;
  /// Where a diagnostic about the scope as a whole points.
  Span span() const;
};

struct Cell {
  int index = 0;
  std::string name;
  const yaml::Node* node = nullptr;       // triage: the cell mapping; probe: nullptr
  Span span;                              // triage: the name (or the cell); probe: the axis values
  const CollectScope* collect = nullptr;  // effective: its override, else the recipe's
  std::vector<std::pair<std::string, const yaml::Node*>> mitigations;  // names and where they are written
};

/// A collector option after aorta's strip().lower() and the defaults.
struct ResolvedOption {
  std::string value;
  const yaml::Entry* entry = nullptr;  // nullptr: the default
};
using ResolvedOptions = std::map<std::string, ResolvedOption>;

/// The options of one collector, merged over its defaults; values that are not
/// strings are left out (COL003 reports them).
ResolvedOptions ResolveOptions(const CollectorUse& use, const CollectorSpec& spec);
/// Python's str.strip().lower() for ASCII text.
std::string StripLower(std::string_view s);

/// Probe cells synthesised at most: aorta runs every cell as a trial, so no
/// campaign comes near, while 36 million (a 70 KB recipe) exhaust memory.
inline constexpr uint64_t kMaxProbeCells = 100'000;

class Recipe {
 public:
  /// `collect_override`: the names of aortalint's `--collect`, as aorta's CLI would apply them.
  Recipe(const YamlDocument& doc, const Knowledge& knowledge,
         const std::optional<std::vector<std::string>>& collect_override = std::nullopt);
  Recipe(const Recipe&) = delete;
  Recipe& operator=(const Recipe&) = delete;

  const YamlDocument& doc() const { return doc_; }
  const SourcePtr& source() const { return doc_.source; }
  const yaml::Node& root() const { return *doc_.root; }
  const Knowledge& knowledge() const { return knowledge_; }

  RecipeMode mode() const { return mode_; }
  /// `mode: sanitizer`: the plan as aorta reads it; nullptr in the other modes.
  const SanitizerPlan* sanitizer_plan() const { return plan_ ? &*plan_ : nullptr; }
  /// The top-level entry for `key`, or nullptr.
  const yaml::Entry* Top(std::string_view key) const;

  /// The recipe-level collect block, if it exists and is not null.
  const CollectScope* recipe_collect() const;
  /// Every collect block written in the file: the recipe's first, then cell overrides.
  const std::vector<CollectScope>& scopes() const { return scopes_; }
  /// What `--collect` would build, when aortalint was given one.
  const CollectScope* override_scope() const { return override_ ? &*override_ : nullptr; }
  /// What aorta's `--collect NAMES` builds for this recipe: the names replace its collectors, and those it
  /// already names keep their options.
  CollectScope OverrideOf(const std::vector<std::string>& names) const;

  /// Triage: the well-formed cells; probe: the synthesised `<m>-<d>` cells
  /// (none when the axes make more than kMaxProbeCells: RCP008 says so).
  const std::vector<Cell>& cells() const { return cells_; }
  /// Probe: the cells the axes make when that is more than kMaxProbeCells; else 0.
  uint64_t probe_cells_over() const { return probe_cells_over_; }
  /// The distinct scopes aorta would run with: each cell's, or the recipe's without cells.
  std::vector<const CollectScope*> EffectiveScopes() const;

 private:
  void BuildScopes();
  void BuildTriageCells();
  void BuildProbeCells();
  void BuildOverride(const std::vector<std::string>& names);

  const YamlDocument& doc_;
  const Knowledge& knowledge_;
  RecipeMode mode_ = RecipeMode::kTriage;
  std::vector<CollectScope> scopes_;
  std::optional<CollectScope> override_;
  std::vector<Cell> cells_;
  uint64_t probe_cells_over_ = 0;
  std::optional<SanitizerPlan> plan_;
};

/// Parses a collect value into `scope` (aorta's _parse_collect shapes).
void ParseCollectScope(const yaml::Node& value, CollectScope& scope);
/// Probe-mode cell-name slug of one axis value.
std::string ProbeSlug(std::string_view value);

}  // namespace aortalint
