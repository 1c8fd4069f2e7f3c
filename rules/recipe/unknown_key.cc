// RCP002: a key aorta does not know, at the top level or inside a cell,
// `confound`, `stop_after`, `retain` or an inline environment.
#include <algorithm>

#include "base/edit_distance.h"
#include "engine/rule_context.h"
#include "load/knowledge_loader.h"
#include "model/sanitizer_plan.h"
#include "rules/recipe/recipe_schema.h"

namespace aortalint {
namespace {

namespace rs = recipe_schema;

constexpr RuleMeta kMeta{
    .id = "RCP002",
    .slug = "unknown-key",
    .severity = Severity::kError,
    .summary =
        "a key aorta does not know, at the top level or in a cell, confound, stop_after, retain, redaction, a "
        "custom pattern or an inline environment",
    .what =
        "Reports every key that is not in the table of its mapping: the recipe's top level (both modes' keys "
        "together), a triage cell, `confound`, `stop_after`, `retain`, and a cell's inline `environment`. It "
        "suggests the nearest valid key. `redaction` and each `custom_patterns` entry (and its `match`) are checked "
        "the same way. A key that only belongs to the other mode is RCP003's, and `condition` "
        "is RCP010's; a mapping under a key that is itself wrong (a `retain` in a triage recipe) is not looked "
        "into.",
    .why =
        "aorta refuses the whole recipe on the first unknown key (`recipe: unknown top-level keys [...]`, "
        "`cells[i]: unknown keys [...]`). A misspelt optional key would otherwise never be applied.",
    .facts =
        "Top-level keys are checked against the union of the triage and probe banks plus `mode` (step 4 of "
        "reference/aorta.md §1.2); cells, `confound`, `stop_after`, `retain` and inline environments reject "
        "unknown keys too (§1.3, §1.4).",
    .aorta_refuses_at_load = true,
};

class UnknownKey final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }

  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    const yaml::Node& root = recipe.root();
    if (!root.is_map()) return;
    const RecipeKeys& keys = BuiltinRecipeKeys();
    const std::vector<std::string_view>& top = rs::KeysOfMode(recipe.mode());
    for (const yaml::Entry& e : root.entries) {
      if (e.key->is_str() &&
          (keys.TopLevel(e.key->text) || std::ranges::find(keys.deferred, e.key->text) != keys.deferred.end()))
        continue;
      ReportKey(recipe, ctx, e, "recipe", top);
    }
    for (const KeyDoc& k : keys.top_level)
      if (!k.keys.empty()) CheckSection(recipe, ctx, rs::TopInMode(recipe, k.name), k.name, k.keys);

    const yaml::Node* cells = rs::TriageCellList(recipe);
    if (!cells) return;
    std::vector<std::string_view> cell_keys = KeyNames(keys.cell);
    for (size_t i = 0; i < cells->items.size(); ++i) {
      const yaml::Node& cell = *cells->items[i];
      if (!cell.is_map()) continue;
      std::string label = "cells[" + std::to_string(i) + "]";
      for (const yaml::Entry& e : cell.entries)
        if (!e.key->is_str() || !keys.Cell(e.key->text)) ReportKey(recipe, ctx, e, label, cell_keys);
      for (const KeyDoc& k : keys.cell)
        if (!k.keys.empty()) CheckSection(recipe, ctx, cell.Find(k.name), label + "." + k.name, k.keys);
    }
  }

 private:
  // A mapping with a key table, or a list of such mappings (custom_patterns);
  // nested tables (custom_patterns[i].match) are checked in turn.
  static void CheckSection(const Recipe& recipe, RuleContext& ctx, const yaml::Entry* entry, const std::string& label,
                           const std::vector<KeyDoc>& keys) {
    if (!entry) return;
    if (entry->value->is_seq()) {
      for (size_t i = 0; i < entry->value->items.size(); ++i)
        CheckMapping(recipe, ctx, *entry->value->items[i], label + "[" + std::to_string(i) + "]", keys);
      return;
    }
    CheckMapping(recipe, ctx, *entry->value, label, keys);
  }

  static void CheckMapping(const Recipe& recipe, RuleContext& ctx, const yaml::Node& map, const std::string& label,
                           const std::vector<KeyDoc>& keys) {
    if (!map.is_map()) return;
    std::vector<std::string_view> allowed = KeyNames(keys);
    for (const yaml::Entry& e : map.entries) {
      const KeyDoc* doc = nullptr;
      for (const KeyDoc& k : keys)
        if (e.key->is_str() && k.name == e.key->text) doc = &k;
      if (!doc)
        ReportKey(recipe, ctx, e, label, allowed);
      else if (!doc->keys.empty() && e.value->is_map())
        CheckMapping(recipe, ctx, *e.value, label + "." + doc->name, doc->keys);
    }
  }

  static void ReportKey(const Recipe& recipe, RuleContext& ctx, const yaml::Entry& e, std::string_view label,
                        std::span<const std::string_view> allowed) {
    std::string help = e.key->is_str() ? DidYouMeanOr(e.key->text, allowed, "") : "";
    std::string why;
    // A sanitizer recipe's key in a triage or probe recipe: aorta's triage
    // loader refuses it; only `mode: sanitizer` reads it.
    const SanitizerBlock* sanitizer_top = BuiltinSanitizerKeys().Block("top_level");
    if (help.empty() && label == "recipe" && e.key->is_str() && sanitizer_top->Key(e.key->text)) {
      why = ": only a 'mode: sanitizer' recipe reads it, and that mode takes no triage or probe keys";
      help = "remove it, or move the plan to its own recipe with 'mode: sanitizer'";
    }
    if (help.empty() && allowed.size() <= 8) {
      std::string names;
      for (std::string_view a : allowed) names += (names.empty() ? "" : ", ") + std::string(a);
      help = "valid keys: " + names;
    } else if (help.empty()) {
      help = "remove it or correct its spelling";
    }
    ctx.Report(recipe.source(), e.key->span, "unknown key {} in {}{}", e.key->Repr(), label, why).Help(help);
  }
};

}  // namespace

std::unique_ptr<Rule> MakeUnknownKey() { return std::make_unique<UnknownKey>(); }

}  // namespace aortalint
