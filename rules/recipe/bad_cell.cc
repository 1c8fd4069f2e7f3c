// RCP008: `cells` that is not a non-empty list of mappings, or a cell name that
// is not a usable, unique directory name.
#include <map>

#include "base/names.h"
#include "engine/rule_context.h"
#include "rules/recipe/recipe_schema.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "RCP008",
    .slug = "bad-cell",
    .severity = Severity::kError,
    .summary =
        "`cells` is empty or not a list, a cell's name is malformed, reserved or repeated, or the probe axes "
        "make more cells than aortalint checks",
    .what =
        "In a triage recipe, reports `cells` that is not a non-empty list, an item that is not a mapping, and "
        "a cell `name` that is not a non-empty string, does not match `^[A-Za-z0-9_][A-Za-z0-9_.-]*$`, is one "
        "of the reserved `.`, `..`, `matrix.md`, `matrix.json`, or repeats an earlier cell's name (with a note "
        "at the first one). In a probe recipe, reports axes whose product is more than 100,000 cells: aorta "
        "would run each as a trial, and aortalint stops there rather than build them (the per-cell rules do not "
        "run on such a recipe).",
    .why =
        "aorta refuses the recipe: each cell name becomes a directory beside the run's `matrix.md` and "
        "`matrix.json`, so a name with a slash or `..` would escape the output folder, a reserved one would "
        "overwrite the summary, and a repeated one would mix two cells' trials.",
    .facts =
        "`_parse_cell` and the uniqueness check after it (reference/aorta.md §1.4); `recipe.cells: must be a "
        "non-empty list` (§1.3).",
    .aorta_refuses_at_load = true,
};

class BadCell final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }

  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    if (uint64_t cells = recipe.probe_cells_over()) ReportTooManyCells(recipe, cells, ctx);
    const yaml::Entry* entry = recipe_schema::TopInMode(recipe, "cells");
    if (!entry) return;
    const yaml::Node& cells = *entry->value;
    const SourcePtr& src = recipe.source();
    if (!cells.is_seq()) {
      ctx.Report(src, recipe_schema::ValueOrKey(*entry), "cells must be a list of cell mappings, got {} {}",
                 cells.TypeName(), cells.Repr())
          .Help("write one '- name: ...' item per cell");
      return;
    }
    if (cells.items.empty()) {
      ctx.Report(src, recipe_schema::ValueOrKey(*entry), "cells is empty: a triage recipe needs at least one cell")
          .Help("add a cell, for example a 'none' baseline");
      return;
    }
    std::map<std::string, const yaml::Node*> seen;
    for (size_t i = 0; i < cells.items.size(); ++i) {
      const yaml::Node& cell = *cells.items[i];
      if (!cell.is_map()) {
        ctx.Report(src, cell.span, "cells[{}] must be a mapping with name, mitigations and environment, got {} {}", i,
                   cell.TypeName(), cell.Repr())
            .Help("write the cell as '- name: ...' with 'mitigations:' and 'environment:' under it");
        continue;
      }
      const yaml::Entry* name = cell.Find("name");
      if (!name) continue;  // RCP004
      const yaml::Node& v = *name->value;
      if (!v.is_str() || v.text.empty()) {
        ctx.Report(src, recipe_schema::ValueOrKey(*name), "cells[{}].name must be a non-empty string, got {} {}", i,
                   v.TypeName(), v.Repr())
            .Help(v.is_scalar() && !v.is_null() ? "quote it" : "give the cell a name");
      } else if (v.text == "." || v.text == ".." || v.text == "matrix.md" || v.text == "matrix.json") {
        ctx.Report(src, v.span, "cell name {} is reserved (it would clash with the run's own files)", v.Repr())
            .Help("rename the cell");
      } else if (!IsCellName(v.text)) {
        ctx.Report(src, v.span,
                   "cell name {} must start with a letter, digit or '_' and hold only letters, digits, '_', '.' and "
                   "'-' (it names the cell's output directory)",
                   v.Repr())
            .Help("rename the cell");
      } else if (auto [it, added] = seen.emplace(v.text, &v); !added) {
        ctx.Report(src, v.span, "duplicate cell name {}", v.Repr())
            .Help("give every cell its own name")
            .Note(src, it->second->span, "first used here");
      }
    }
  }

 private:
  static void ReportTooManyCells(const Recipe& recipe, uint64_t cells, RuleContext& ctx) {
    const yaml::Entry* m = recipe.Top("mitigation_axis");
    const yaml::Entry* d = recipe.Top("diagnostic_axis");
    ctx.Report(recipe.source(), d->key->span,
               "mitigation_axis ({} values) x diagnostic_axis ({} values) make {} probe cells, more than the {} "
               "aortalint checks (aorta runs every cell as a trial)",
               m->value->items.size(), d->value->items.size(), cells, kMaxProbeCells)
        .Help("split the probe into recipes of fewer cells, or shorten the axes")
        .Note(recipe.source(), m->key->span, "the mitigation axis is here");
  }
};

}  // namespace

std::unique_ptr<Rule> MakeBadCell() { return std::make_unique<BadCell>(); }

}  // namespace aortalint
