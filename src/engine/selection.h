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

class RuleSelection {
 public:
  RuleSelection() = default;
  /// Config first; a non-empty `cli_select` replaces the config's select,
  /// `cli_ignore` adds to its ignore.
  RuleSelection(const Config& config, const std::vector<std::string>& cli_select,
                const std::vector<std::string>& cli_ignore);

  bool Enabled(std::string_view id) const;
  /// The severity a diagnostic of `id` is reported at; nullopt when turned off.
  std::optional<Severity> SeverityOf(std::string_view id, Severity default_severity) const;

 private:
  std::vector<std::string> select_{"ALL"};
  std::vector<std::string> ignore_;
  std::map<std::string, std::string> severity_;
};

/// True when `selector` ("ALL", "PAY", "VER0", "COL003") covers the rule `id`.
bool SelectorMatches(std::string_view selector, std::string_view id);

}  // namespace aortalint
