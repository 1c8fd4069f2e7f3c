// RCP011: `confound.baseline_cell` names no cell.
#include <vector>

#include "base/edit_distance.h"
#include "engine/rule_context.h"
#include "rules/recipe/recipe_schema.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "RCP011",
    .slug = "unknown-baseline-cell",
    .severity = Severity::kError,
    .summary = "`confound.baseline_cell` names no cell (an error in triage, a warning in probe mode)",
    .what =
        "Reports a `confound.baseline_cell` string that is not the name of a cell: in a triage recipe the "
        "names written under `cells`; in a probe recipe the `<mitigation>-<diagnostic>` names aorta "
        "synthesises from the axes. It suggests the nearest name. In probe mode the diagnostic is a warning, "
        "because aorta does not check the name at load there; it only finds no baseline when it compares. "
        "Nothing is reported when the cells cannot be known (a cell without a string name, axes that are not "
        "lists of strings).",
    .why =
        "Every cell's step time is compared with the baseline's to flag confounds; with no such cell the "
        "comparison cannot run. aorta refuses a triage recipe (`confound.baseline_cell 'x' does not match any "
        "cell name`); in probe mode the mistake surfaces only after the trials have run.",
    .facts =
        "`confound` in reference/aorta.md §1.3 (triage: `RecipeCellError`; probe: not checked at load) and "
        "probe cell synthesis in §1.5.",
    .aorta_refuses_at_load = true,
};

class UnknownBaselineCell final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }

  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    if (recipe.mode() == RecipeMode::kInvalid) return;
    const yaml::Node* confound = recipe.root().Get("confound");
    const yaml::Node* baseline = confound && confound->is_map() ? confound->Get("baseline_cell") : nullptr;
    if (!baseline || !baseline->is_str()) return;
    bool probe = recipe.mode() == RecipeMode::kProbe;
    std::vector<std::string> names;
    if (probe) {
      if (!AxesComplete(recipe) || recipe.probe_cells_over()) return;
      for (const Cell& c : recipe.cells()) names.push_back(c.name);
    } else {
      const yaml::Node* cells = recipe_schema::TriageCellList(recipe);
      if (!cells) return;
      for (const yaml::NodePtr& cell : cells->items) {
        const yaml::Node* name = cell->is_map() ? cell->Get("name") : nullptr;
        if (!name || !name->is_str()) return;
        names.push_back(name->text);
      }
    }
    for (const std::string& n : names)
      if (n == baseline->text) return;
    std::string listed;
    for (size_t i = 0; i < names.size() && i < 6; ++i) listed += (i ? ", '" : "'") + names[i] + "'";
    if (names.size() > 6) listed += ", ...";
    std::string help = "name one of the cells";
    if (auto s = Suggest(baseline->text, std::span<const std::string>(names))) help = "did you mean '" + *s + "'?";
    auto d = ctx.Report(recipe.source(), baseline->span, "confound.baseline_cell {} names no {}cell (cells: {})",
                        baseline->Repr(), probe ? "synthesised " : "", listed)
                 .Help(help);
    if (probe) d.WithSeverity(Severity::kWarning);
  }

 private:
  static bool AxesComplete(const Recipe& recipe) {
    for (std::string_view axis : {"mitigation_axis", "diagnostic_axis"}) {
      const yaml::Node* v = recipe.root().Get(axis);
      if (!v || !v->is_seq() || v->items.empty()) return false;
      for (const yaml::NodePtr& item : v->items)
        if (!item->is_str()) return false;
    }
    return true;
  }
};

}  // namespace

std::unique_ptr<Rule> MakeUnknownBaselineCell() { return std::make_unique<UnknownBaselineCell>(); }

}  // namespace aortalint
