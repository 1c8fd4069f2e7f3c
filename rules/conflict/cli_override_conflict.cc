// CNF002: the collect override that aorta's `--collect NAMES` would build is rejected.
#include <string>

#include "base/edit_distance.h"
#include "base/strings.h"
#include "engine/rule_context.h"
#include "model/recipe.h"
#include "rules/common/collector_options.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "CNF002",
    .slug = "cli-override-conflict",
    .severity = Severity::kError,
    .summary = "the collectors `--collect NAMES` would build for this recipe are rejected",
    .what =
        "Active only when aortalint is given `--collect NAMES`. Builds the collect block aorta's CLI would: the "
        "names replace the recipe's collectors, collectors the recipe already names keep their options, and "
        "every cell's override is cleared. Reports a name aorta does not know, and `rocprof` with a proton "
        "whose backend intercepts the HSA queue.",
    .why =
        "aorta validates the override before the sweep starts and stops with a usage error, so "
        "`--collect rocprof,proton` fails on any recipe that does not pin proton to `instrumentation` (or "
        "`cupti`).",
    .facts =
        "aorta's `--collect` overlay in the triage and probe CLIs, validated through `_parse_collect` "
        "(reference/aorta.md §1.7), then the queue-interceptor check (§2.3).",
    .aorta_refuses_at_load = true,
};

class CliOverrideConflict final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    const CollectScope* scope = recipe.override_scope();
    if (!scope) return;
    const Knowledge& k = recipe.knowledge();
    std::string flag = "--collect " + Names(*scope);
    Span fallback = Anchor(recipe);
    std::vector<std::string_view> known = k.CollectorNames();
    for (const CollectorUse& use : scope->collectors)
      if (!k.Collector(use.name))
        ctx.Report(recipe.source(), fallback, "{} names unknown collector '{}'", flag, use.name)
            .Help(DidYouMeanOr(use.name, known, "use one of " + Join(known)));

    std::optional<QueueConflict> conflict = FindQueueConflict(*scope, k);
    // The same conflict written in the recipe's own block is CNF001's; one fix serves both.
    const CollectScope* own = recipe.recipe_collect();
    if (!conflict || (own && FindQueueConflict(*own, k))) return;
    const CollectorUse* anchor = conflict->proton->name_node ? conflict->proton : conflict->rocprof;
    Span at = anchor->name_node ? anchor->name_node->span : fallback;
    ctx.Report(recipe.source(), at,
               "{} would be rejected: 'rocprof' and 'proton' with backend '{}'{} both intercept the HSA queue", flag,
               conflict->backend, conflict->proton->name_node ? "" : " (the default; the recipe sets none)")
        .Help(
            "pin 'proton: {backend: instrumentation}' in the recipe's collect block, or collect them in separate runs");
  }

 private:
  static std::string Names(const CollectScope& scope) {
    return JoinWith(scope.collectors, ",", [](const CollectorUse& use) { return use.name; });
  }

  // Without a collector entry to point at: the recipe's `collect:` key, else its first key.
  static Span Anchor(const Recipe& recipe) {
    if (const yaml::Entry* collect = recipe.Top("collect")) return collect->key->span;
    const yaml::Node& root = recipe.root();
    return root.entries.empty() ? Span{} : root.entries.front().key->span;
  }
};

}  // namespace

std::unique_ptr<Rule> MakeCliOverrideConflict() { return std::make_unique<CliOverrideConflict>(); }

}  // namespace aortalint
