// Option facts that the COL, CNF, ATT and MET rules share, so that each rule
// fires only where aorta's first failing check would be its own: a value that
// is already wrong (COL003/COL004/COL005) never feeds a later check.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/knowledge.h"
#include "model/recipe.h"

namespace aortalint {

/// rocprof's token lists: split on commas and whitespace, lowercased, de-duplicated.
std::vector<std::string> SplitTokens(std::string_view text);

/// What is wrong with a string value of an option whose domain is data.
struct DomainProblem {
  bool empty = false;                // no text (or no token) where some is required
  std::vector<std::string> outside;  // values or tokens outside the domain
  bool ok() const { return !empty && outside.empty(); }
};
DomainProblem CheckDomain(const OptionSpec& spec, std::string_view text);

/// The entry of `option` in a collector's mapping form, or nullptr.
const yaml::Entry* OptionEntry(const CollectorUse& use, std::string_view option);

/// An option's value when it can be trusted: written as a string within its
/// domain (after strip().lower()), or absent with a default. nullopt when it is
/// absent without a default, or written but wrong (another rule reports that).
std::optional<std::string> ValidValue(const CollectorUse& use, const CollectorSpec& spec, std::string_view option);

/// A collector whose options the option rules may judge: its scope has a shape
/// aorta accepts and the collector has an option table.
struct CheckedCollector {
  const CollectScope* scope;
  const CollectorUse* use;
  const CollectorSpec* spec;
};
/// Every such collector named `name` (every one when empty) in the collect
/// blocks written in the file: the recipe's and each cell override.
std::vector<CheckedCollector> CollectorsNamed(const Recipe& recipe, std::string_view name = {});

/// aorta's checks 5-8 on proton's mode knobs (reference/aorta.md §2.2), first failure wins.
enum class KnobProblem { kNone, kConflict, kNeedsInstrumentation, kNeedsExplicitBackend, kBackendModeOutside };
KnobProblem FirstKnobProblem(const CollectorUse& proton, const CollectorSpec& spec);

/// rocprof beside a proton whose backend intercepts the HSA queue (§2.3).
struct QueueConflict {
  const CollectorUse* rocprof;
  const CollectorUse* proton;
  std::string backend;
};
std::optional<QueueConflict> FindQueueConflict(const CollectScope& scope, const Knowledge& knowledge);

/// The written, valid values of `collector`'s `option` that yield no numeric
/// metrics (the option's `metrics` list in the knowledge table).
std::vector<const yaml::Entry*> NoMetricValues(const Recipe& recipe, std::string_view collector,
                                               std::string_view option);

}  // namespace aortalint
