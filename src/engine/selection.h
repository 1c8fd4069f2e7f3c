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
  /// The resolved lists: what runs, what does not, and severity overrides.
  RuleSelection(std::vector<std::string> select, std::vector<std::string> ignore,
                std::map<std::string, std::string> severity)
      : select_(std::move(select)), ignore_(std::move(ignore)), severity_(std::move(severity)) {}

  const std::vector<std::string>& select() const { return select_; }
  const std::vector<std::string>& ignore() const { return ignore_; }
  const std::map<std::string, std::string>& severity() const { return severity_; }

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

/// A selector as written, in the case rule IDs have: "pay001" -> "PAY001", "all" -> "ALL".
std::string NormalizeSelector(std::string_view selector);

/// Why a (normalized) selector names no rule of this build.
struct UnknownSelector {
  std::optional<std::string> suggestion;  // the nearest rule ID, when one is close
};
/// nullopt when `selector` covers a rule (or a family this build lacks, e.g. HIP without Clang).
std::optional<UnknownSelector> CheckSelector(std::string_view selector);

}  // namespace aortalint
