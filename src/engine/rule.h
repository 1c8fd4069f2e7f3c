// The rule interface. A rule is one class in one file under rules/<family>/,
// with its metadata beside its code; docs, `aortalint rule(s)` and SARIF's
// rule table are all generated from that metadata.
#pragma once

#include <memory>
#include <span>
#include <string_view>

#include "model/diagnostic.h"

namespace aortalint {

class Recipe;
class RuleContext;
struct Payload;
struct HipPayload;
struct Pairing;
struct YamlDocument;

enum class FixAvailability { kNone, kSometimes, kAlways };

/// Everything user-facing about a rule.
struct RuleMeta {
  std::string_view id;       // "COL003": stable, never reused
  std::string_view slug;     // "option-not-string"
  Severity severity;         // the default
  std::string_view summary;  // one line, for `aortalint rules` and SARIF
  std::string_view what;     // Markdown: what it does
  std::string_view why;      // Markdown: why it matters
  std::string_view facts;    // the aorta / Triton fact it rests on
  FixAvailability fix = FixAvailability::kNone;
  // The example (a file that fires the rule, the same fixed) is a fixture:
  // fixtures/rules/<ID>/example/ and fixed/ (engine/rule_example.h).

  // What the engine and the driver do with the rule's findings, said here so
  // that no code outside rules/ names a rule to decide it (its page shows each).
  bool aorta_refuses_at_load = false;     // aorta itself refuses the recipe when it fires (`run --dry-run`)
  bool reported_on_load_failure = false;  // runs, whatever the selection, on a recipe that did not load
  bool reads_sanitizer_recipes = false;   // judges `mode: sanitizer` recipes too (aorta's own loader reads them)
  bool trial_setup = false;               // about one trial's setup: `run --cell X` skips it in other cells
  bool add_noqa = true;                   // `check --add-noqa` may write a suppression for its findings
};

/// Override only the hooks you need. A fresh instance serves one analysis, so
/// member state is safe.
class Rule {
 public:
  virtual ~Rule() = default;
  virtual const RuleMeta& Meta() const = 0;

  /// Every YAML recipe, parsed or not (the SYN rules read failures here).
  virtual void CheckDocument(const YamlDocument&, RuleContext&) {}
  /// Recipes that parsed.
  virtual void CheckRecipe(const Recipe&, RuleContext&) {}
  /// Every Python payload (paired or not).
  virtual void CheckPayload(const Payload&, RuleContext&) {}
  /// Every HIP/C++ payload of the unit, analysed or not (HIP006 reads why not).
  virtual void CheckHip(const HipPayload&, RuleContext&) {}
  /// A recipe with its launch command and payloads.
  virtual void CheckPairing(const Recipe&, const Pairing&, RuleContext&) {}
};

using RuleFactory = std::unique_ptr<Rule> (*)();

/// The rule catalog the engine runs. The rules layer sits above the engine, so
/// the engine never names a rule: each program installs the catalog once at
/// start (rules/all_rules.h: InstallBuiltinRules()), before any analysis.
/// Installing again replaces it (tests); not thread-safe against analyses.
void InstallRules(std::span<const RuleFactory> rules);
/// The installed rules. Aborts with a message when none were installed.
std::span<const RuleFactory> AllRules();
/// The metadata of every rule, in ID order.
std::span<const RuleMeta* const> AllRuleMetas();
/// The metadata of one rule, or nullptr.
const RuleMeta* FindRule(std::string_view id);

}  // namespace aortalint
