// RCP017: probe axis values whose cells collide (two pairs slug to one name)
// or whose pair sets one variable two ways; and the same variable conflict
// between a triage cell's stacked mitigations.
#include <map>

#include "engine/rule_context.h"
#include "rules/recipe/recipe_schema.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "RCP017",
    .slug = "axis-slug-collision",
    .severity = Severity::kError,
    .summary =
        "two probe axis pairs slug to the same cell name, or mitigations combined in one cell set a variable "
        "two ways",
    .what =
        "In a probe recipe, reports (1) axis values whose `<m>-<d>` cell names collide once aorta replaces "
        "characters outside `[A-Za-z0-9_.-]` with `_` (a repeated value, `a b` beside `a_b`; reported once at "
        "the later value, with a note at the earlier one), and pairs that collide across the dash (`a-b` x `c` "
        "and `a` x `b-c`); (2) a mitigation-axis value and a diagnostic-axis value that set one environment "
        "variable to different values. In a triage recipe it reports (2) for a cell's stacked `mitigations`, "
        "which aorta refuses the same way. Variables come from the built-in mitigation table; names declared "
        "only in the config are not judged.",
    .why =
        "aorta synthesises one probe cell per axis pair and refuses the recipe when two pairs would share a "
        "cell (and its output directory), or when a pair's two mitigations would export one variable with two "
        "values: whichever is applied last would silently win, so the cell would not measure what its name "
        "says.",
    .facts =
        "Probe cell synthesis and its two `RecipeCellError`s in reference/aorta.md §1.5; stacked triage "
        "mitigations that disagree are the same `RecipeCellError` (§1.4). The variables each built-in "
        "mitigation sets are in rules/knowledge/mitigations.yaml (REG).",
    .aorta_refuses_at_load = true,
};

using Vars = std::map<std::string, std::string>;

class AxisSlugCollision final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }

  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    src_ = recipe.source();
    ctx_ = &ctx;
    knowledge_ = &ctx.knowledge();
    if (recipe.mode() == RecipeMode::kProbe) {
      CheckProbe(recipe);
      return;
    }
    for (const Cell& cell : recipe.cells()) {
      // Each later mitigation against everything the earlier ones set.
      std::map<std::string, std::pair<std::string, const yaml::Node*>> set;  // var -> value, who set it
      for (const auto& [name, node] : cell.mitigations) {
        const Vars* vars = VarsOf(name);
        if (!vars) continue;
        for (const auto& [var, value] : *vars) {
          auto [it, added] = set.emplace(var, std::make_pair(value, node));
          if (added || it->second.first == value) continue;
          ctx.Report(src_, node->span, "cell '{}': mitigation '{}' sets {}='{}' but '{}' already set {}='{}'",
                     cell.name, name, var, value, it->second.second->text, var, it->second.first)
              .Help("stacked mitigations must agree, so drop one of them or split them into two cells")
              .Note(src_, it->second.second->span, "'" + it->second.second->text + "' is stacked here");
        }
      }
    }
  }

 private:
  const Vars* VarsOf(const std::string& name) const {
    auto it = knowledge_->mitigations.find(name);
    if (it != knowledge_->mitigations.end()) return &it->second;
    // A sidecar's (`--mitigations-file`) mitigations and their variables.
    auto declared = ctx_->settings().mitigation_env.find(name);
    return declared == ctx_->settings().mitigation_env.end() ? nullptr : &declared->second;
  }

  void CheckProbe(const Recipe& recipe) {
    const yaml::Node* m_axis = recipe.root().Get("mitigation_axis");
    const yaml::Node* d_axis = recipe.root().Get("diagnostic_axis");
    if (!m_axis || !d_axis || !m_axis->is_seq() || !d_axis->is_seq()) return;
    bool m_dup = AxisDuplicates(*m_axis, "mitigation_axis");
    bool d_dup = AxisDuplicates(*d_axis, "diagnostic_axis");
    if (!m_dup && !d_dup) CrossCollisions(recipe);
    if (recipe.probe_cells_over()) return;  // RCP008: too many pairs to check
    for (const yaml::NodePtr& m : m_axis->items) {
      const Vars* mv = m->is_str() ? VarsOf(m->text) : nullptr;
      if (!mv) continue;
      for (const yaml::NodePtr& d : d_axis->items) {
        const Vars* dv = d->is_str() ? VarsOf(d->text) : nullptr;
        if (!dv) continue;
        for (const auto& [var, value] : *mv) {
          auto it = dv->find(var);
          if (it == dv->end() || it->second == value) continue;
          ctx_->Report(src_, d->span,
                       "probe cell '{}-{}': mitigation axis '{}' sets {}='{}' but diagnostic axis '{}' sets {}='{}'",
                       ProbeSlug(m->text), ProbeSlug(d->text), m->text, var, value, d->text, var, it->second)
              .Help("pick values that do not overlap, or move one of them to the other axis")
              .Note(src_, m->span, "'" + m->text + "' is on the mitigation axis here");
        }
      }
    }
  }

  // Two values of one axis with the same slug collide with every value of the
  // other axis; report the pair of values once. Returns whether any collided.
  bool AxisDuplicates(const yaml::Node& axis, std::string_view label) {
    std::map<std::string, const yaml::Node*> seen;
    bool any = false;
    for (const yaml::NodePtr& v : axis.items) {
      if (!v->is_str()) continue;
      auto [it, added] = seen.emplace(ProbeSlug(v->text), v.get());
      if (added) continue;
      any = true;
      const yaml::Node& first = *it->second;
      if (first.text == v->text)
        ctx_->Report(src_, v->span, "{} repeats {}, so its probe cells would be synthesised twice", label, v->Repr())
            .Help("remove one")
            .Note(src_, first.span, "first listed here");
      else
        ctx_->Report(src_, v->span, "{} values {} and {} both slug to '{}' in probe cell names", label, first.Repr(),
                     v->Repr(), it->first)
            .Help("rename one of them")
            .Note(src_, first.span, "the other value is here");
    }
    return any;
  }

  // Pairs that collide only through the joining dash: ('a-b', 'c') and ('a', 'b-c').
  void CrossCollisions(const Recipe& recipe) {
    std::map<std::string, const Cell*> seen;
    for (const Cell& cell : recipe.cells()) {
      auto [it, added] = seen.emplace(cell.name, &cell);
      if (added) continue;
      const Cell& first = *it->second;
      ctx_->Report(src_, cell.mitigations[0].second->span,
                   "probe pairs ({}, {}) and ({}, {}) both make the cell name '{}'",
                   first.mitigations[0].second->Repr(), first.mitigations[1].second->Repr(),
                   cell.mitigations[0].second->Repr(), cell.mitigations[1].second->Repr(), cell.name)
          .Help("rename one of the axis values")
          .Note(src_, first.mitigations[0].second->span, "the first pair starts here");
    }
  }

  SourcePtr src_;
  RuleContext* ctx_ = nullptr;
  const Knowledge* knowledge_ = nullptr;
};

}  // namespace

std::unique_ptr<Rule> MakeAxisSlugCollision() { return std::make_unique<AxisSlugCollision>(); }

}  // namespace aortalint
