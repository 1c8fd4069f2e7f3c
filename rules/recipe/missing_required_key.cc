// RCP004: a required key of the recipe's mode, of a cell, or of an inline
// environment is absent.
#include "engine/rule_context.h"
#include "load/knowledge_loader.h"
#include "rules/recipe/recipe_schema.h"

namespace aortalint {
namespace {

namespace rs = recipe_schema;

constexpr RuleMeta kMeta{
    .id = "RCP004",
    .slug = "missing-required-key",
    .severity = Severity::kError,
    .summary = "a key the recipe's mode or a cell requires is absent",
    .what =
        "Reports each absent required key: `schema_version, workload, trials, steps, cells` in a triage "
        "recipe; `schema_version, trials, mitigation_axis, diagnostic_axis` in a probe recipe; `name, "
        "mitigations, environment` in each triage cell; `docker` in a cell's inline environment. The "
        "diagnostic points at the start of the mapping that lacks the key (a cell's name when it has one). "
        "Nothing is reported for the top level while `mode` is invalid (RCP006), since the mode decides what "
        "is required.",
    .why =
        "aorta refuses the recipe (`recipe: missing required key 'x'`, `recipe (mode: probe): missing required "
        "key 'x'`) before running anything.",
    .facts = "Step 6 of aorta's top-level validation (reference/aorta.md §1.2) and the cell keys of §1.4.",
    .aorta_refuses_at_load = true,
};

// "a, b and c": the keys required in `mode`, or everywhere (a cell's).
std::string Required(const std::vector<KeyDoc>& keys, RecipeMode mode) {
  std::vector<std::string_view> names;
  for (const KeyDoc& k : keys)
    if (k.required || k.RequiredIn(mode)) names.push_back(k.name);
  std::string out;
  for (size_t i = 0; i < names.size(); ++i)
    out += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + std::string(names[i]);
  return out;
}

class MissingRequiredKey final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }

  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    const yaml::Node& root = recipe.root();
    if (!root.is_map()) return;
    Span top = root.entries.empty() ? root.span : root.entries.front().key->span;
    const RecipeKeys& keys = BuiltinRecipeKeys();
    for (const KeyDoc& k : keys.top_level)
      if (k.RequiredIn(recipe.mode()) && !root.Find(k.name))
        ctx.Report(recipe.source(), top, "the recipe has no '{}' key", k.name)
            .Help("add it: {} requires {}",
                  recipe.mode() == RecipeMode::kProbe ? "a 'mode: probe' recipe" : "a triage recipe",
                  Required(keys.top_level, recipe.mode()));

    const yaml::Node* cells = rs::TriageCellList(recipe);
    if (!cells) return;
    for (size_t i = 0; i < cells->items.size(); ++i) {
      const yaml::Node& cell = *cells->items[i];
      if (!cell.is_map()) continue;
      const yaml::Node* name = cell.Get("name");
      std::string label = name && name->is_str() ? "cell '" + name->text + "'" : "cells[" + std::to_string(i) + "]";
      Span at = name && !name->span.empty() ? name->span
                : cell.entries.empty()      ? cell.span
                                            : cell.entries.front().key->span;
      for (const KeyDoc& k : keys.cell)
        if (k.required && !cell.Find(k.name))
          ctx.Report(recipe.source(), at, "{} has no '{}' key", label, k.name)
              .Help("add it: every cell needs {}", Required(keys.cell, RecipeMode::kInvalid));
      if (const yaml::Entry* env = cell.Find("environment"); env && env->value->is_map() && !env->value->Find("docker"))
        ctx.Report(recipe.source(), env->key->span, "{} has an inline environment without 'docker'", label)
            .Help("add 'docker: <image>' or name a registered environment such as 'local'");
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeMissingRequiredKey() { return std::make_unique<MissingRequiredKey>(); }

}  // namespace aortalint
