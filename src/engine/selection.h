// Which rules run and at what severity: `select`/`ignore` (IDs or prefixes,
// "ALL") and `severity:` overrides, from the config and then the command line.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "model/diagnostic.h"

namespace aortalint {

struct Config;

/// One source of `select`/`extend-select`/`ignore`: the config, then the command line.
struct SelectionLayer {
  std::optional<std::vector<std::string>> select;  // given: replaces what earlier layers enabled
  std::vector<std::string> extend_select;
  std::vector<std::string> ignore;
};

class RuleSelection {
 public:
  RuleSelection() = default;
  /// Layers apply in order, as ruff's do: within one, the most specific selector decides (an
  /// ignore wins a tie); a later layer's `select` starts over, its `extend-select` and `ignore`
  /// change what the earlier ones left. So `--select COL003` runs COL003 even when the config
  /// ignores it, and `--extend-select COL003` turns it back on.
  RuleSelection(std::vector<SelectionLayer> layers, std::map<std::string, std::string> severity)
      : layers_(std::move(layers)), severity_(std::move(severity)) {}

  const std::vector<SelectionLayer>& layers() const { return layers_; }
  const std::map<std::string, std::string>& severity() const { return severity_; }

  bool Enabled(std::string_view id) const;
  /// The severity a diagnostic of `id` is reported at; nullopt when turned off.
  std::optional<Severity> SeverityOf(std::string_view id, Severity default_severity) const;

 private:
  std::vector<SelectionLayer> layers_{{std::vector<std::string>{"ALL"}, {}, {}}};
  std::map<std::string, std::string> severity_;
};

/// True when `selector` ("ALL", "PAY", "VER0", "COL003") covers the rule `id`.
bool SelectorMatches(std::string_view selector, std::string_view id);

/// A selector as written, in the case rule IDs have: "pay001" -> "PAY001", "all" -> "ALL".
std::string NormalizeSelector(std::string_view selector);

/// Why a (normalized) selector names no rule of this build.
struct UnknownSelector {
  std::optional<std::string> suggestion;  // the nearest rule ID, when one is close
};
/// nullopt when `selector` covers a rule (or a family this build lacks, e.g. HIP without Clang).
std::optional<UnknownSelector> CheckSelector(std::string_view selector);

}  // namespace aortalint
