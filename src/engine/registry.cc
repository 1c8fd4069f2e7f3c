// The installed rule catalog (engine/rule.h): the engine's only way to the rules.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "engine/rule.h"

namespace aortalint {
namespace {

struct Catalog {
  std::vector<RuleFactory> factories;
  std::vector<const RuleMeta*> metas;  // in ID order
  bool installed = false;
};

Catalog& TheCatalog() {
  static Catalog catalog;
  return catalog;
}

const Catalog& Installed() {
  const Catalog& c = TheCatalog();
  if (!c.installed) {
    std::fputs(
        "aortalint: internal error: no rule catalog installed; call InstallBuiltinRules() "
        "(rules/all_rules.h) at start\n",
        stderr);
    std::abort();
  }
  return c;
}

}  // namespace

void InstallRules(std::span<const RuleFactory> rules) {
  Catalog& c = TheCatalog();
  c.factories.assign(rules.begin(), rules.end());
  // Metadata lives in each rule's translation unit with static storage, so
  // pointers taken from one instance stay valid after it is destroyed.
  c.metas.clear();
  for (RuleFactory make : c.factories) c.metas.push_back(&make()->Meta());
  std::sort(c.metas.begin(), c.metas.end(), [](const RuleMeta* a, const RuleMeta* b) { return a->id < b->id; });
  c.installed = true;
}

std::span<const RuleFactory> AllRules() { return Installed().factories; }

std::span<const RuleMeta* const> AllRuleMetas() { return Installed().metas; }

const RuleMeta* FindRule(std::string_view id) {
  for (const RuleMeta* m : AllRuleMetas())
    if (m->id == id) return m;
  return nullptr;
}

}  // namespace aortalint
