// The Proton-use view the VER and PAY rules share: each effective `proton`
// collector of a recipe with its options resolved, what a target version does
// with them, and the start every VER rule makes (targets, table, uses).
#pragma once

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "engine/rule_context.h"
#include "model/recipe.h"
#include "model/triton.h"

namespace aortalint::version {

// Options that render into Proton's single `--mode` argument.
inline constexpr std::string_view kModeKnobs[] = {"backend_mode", "instrumentation_mode", "granularity"};

struct ProtonUse {
  const CollectorUse* use = nullptr;
  ResolvedOptions resolved;
  ProtonOptions values;  // option -> value, only those inside their domain

  const std::string& Value(std::string_view option) const {
    static const std::string kEmpty;
    auto it = values.find(std::string(option));
    return it == values.end() ? kEmpty : it->second;
  }
  /// The written value of `option`, or nullptr when it is the default or absent.
  const yaml::Entry* Written(std::string_view option) const {
    auto it = resolved.find(std::string(option));
    return it == resolved.end() ? nullptr : it->second.entry;
  }
  /// Where to point for `option`: its value when written, else the collector's name.
  Span Where(std::string_view option) const {
    if (const yaml::Entry* e = Written(option)) return e->value->span;
    return use->name_node ? use->name_node->span : Span{};
  }
  /// The mode knobs set, in kModeKnobs order.
  std::vector<std::string_view> Knobs() const {
    std::vector<std::string_view> out;
    for (std::string_view k : kModeKnobs)
      if (!Value(k).empty()) out.push_back(k);
    return out;
  }
  /// The options as `target` receives them: mode knobs vanish under `mode: cli`
  /// when its CLI does not forward `--mode`.
  ProtonOptions Reaching(const TritonRow& target) const {
    ProtonOptions out = values;
    if (Value("mode") == "cli" && !target.forwards_mode)
      for (std::string_view k : kModeKnobs) out.erase(std::string(k));
    return out;
  }
};

/// Every distinct effective scope's proton collector (options that are not
/// strings or fall outside their domain are left to the COL rules).
inline std::vector<ProtonUse> ProtonUses(const Recipe& recipe) {
  std::vector<ProtonUse> out;
  const CollectorSpec* spec = recipe.knowledge().Collector("proton");
  if (!spec) return out;
  for (const CollectScope* scope : recipe.EffectiveScopes()) {
    if (!scope || !scope->well_formed) continue;
    const CollectorUse* use = scope->Find("proton");
    if (!use || (use->options && !use->options->is_null() && !use->options->is_map())) continue;
    ProtonUse p{use, ResolveOptions(*use, *spec), {}};
    for (const auto& [name, option] : p.resolved) {
      const OptionSpec* o = spec->Option(name);
      if (!o) continue;
      bool in_domain =
          o->domain.empty() || std::find(o->domain.begin(), o->domain.end(), option.value) != o->domain.end();
      if (in_domain && !option.value.empty()) p.values[name] = option.value;
    }
    out.push_back(std::move(p));
  }
  return out;
}

/// The rows of the table for which `pred` holds, as "3.8.0, main".
template <typename Pred>
std::string RowsWhere(const TritonTable& table, Pred pred) {
  std::string out;
  for (const TritonRow& row : table.rows)
    if (pred(row)) out += (out.empty() ? "" : ", ") + row.Label();
  return out;
}

/// What every VER rule starts from: the target versions, the Triton table, and the recipe's Proton uses.
struct VersionCheck {
  std::vector<TritonTarget> targets;
  const TritonTable* table = nullptr;
  std::vector<ProtonUse> uses;

  /// False when there is nothing to judge: no target version known, or no Proton collector.
  explicit operator bool() const { return !targets.empty() && !uses.empty(); }
};

inline VersionCheck StartVersionCheck(const Recipe& recipe, const RuleContext& ctx) {
  VersionCheck v;
  v.targets = ctx.TritonTargets();
  v.table = ctx.settings().triton_table;
  if (!v.targets.empty()) v.uses = ProtonUses(recipe);
  return v;
}

}  // namespace aortalint::version
