// RCP014: an `extra_env` (or inline environment `env`) name that is not an
// identifier, or a value with NUL.
#include <cctype>

#include "base/names.h"
#include "engine/rule_context.h"
#include "rules/recipe/recipe_schema.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "RCP014",
    .slug = "bad-extra-env",
    .severity = Severity::kError,
    .summary = "an `extra_env` variable name that is not an identifier, or a value containing NUL",
    .what =
        "Reports, in the recipe's and each cell's `extra_env` and in a cell's inline `environment: {env: ...}`, "
        "a string name that does not match "
        "`[A-Za-z_][A-Za-z0-9_]*` and a string value that contains a NUL character. Names and values of the "
        "wrong type are RCP007's.",
    .why =
        "The names and values are exported into the trial's environment; a name such as `HIP-VISIBLE` or "
        "`1GPU` cannot be a shell variable, and a NUL cannot be stored in one, so aorta refuses the recipe "
        "rather than launch with a variable silently missing.",
    .facts =
        "`extra_env` in reference/aorta.md §1.3 (recipe and cell; the cell's value wins), newest loader only "
        "(§1.9).",
    .aorta_refuses_at_load = true,
};

class BadExtraEnv final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }

  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    Check(recipe, ctx, recipe_schema::TopInMode(recipe, "extra_env"), "recipe.extra_env");
    const yaml::Node* cells = recipe_schema::TriageCellList(recipe);
    if (!cells) return;
    for (size_t i = 0; i < cells->items.size(); ++i) {
      const yaml::Node& cell = *cells->items[i];
      if (!cell.is_map()) continue;
      std::string label = "cells[" + std::to_string(i) + "]";
      Check(recipe, ctx, cell.Find("extra_env"), label + ".extra_env");
      // An inline environment's variables are exported the same way.
      if (const yaml::Node* env = cell.Get("environment"); env && env->is_map())
        Check(recipe, ctx, env->Find("env"), label + ".environment.env");
    }
  }

 private:
  static void Check(const Recipe& recipe, RuleContext& ctx, const yaml::Entry* e, const std::string& label) {
    if (!e || !e->value->is_map()) return;
    for (const yaml::Entry& k : e->value->entries) {
      if (!k.key->is_str()) continue;
      if (!IsIdentifier(k.key->text)) {
        std::string fixed;
        for (char c : k.key->text) fixed += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
        if (fixed.empty() || std::isdigit(static_cast<unsigned char>(fixed[0]))) fixed.insert(fixed.begin(), '_');
        ctx.Report(
               recipe.source(), k.key->span,
               "{}: {} is not a valid environment variable name (letters, digits and '_', not starting with a digit)",
               label, k.key->Repr())
            .Help("did you mean '{}'?", fixed);
      }
      if (k.value->is_str() && k.value->text.find('\0') != std::string::npos)
        ctx.Report(recipe.source(), k.value->span,
                   "{}.{}: the value contains a NUL character, which no environment variable can hold", label,
                   k.key->text)
            .Help("remove it");
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeBadExtraEnv() { return std::make_unique<BadExtraEnv>(); }

}  // namespace aortalint
