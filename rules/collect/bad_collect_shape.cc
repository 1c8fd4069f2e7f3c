// COL002: a collect block that is neither a list of names nor a mapping of
// name -> null/mapping.
#include "engine/rule_context.h"
#include "model/recipe.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "COL002",
    .slug = "bad-collect-shape",
    .severity = Severity::kError,
    .summary = "`collect` is neither a list of collector names nor a mapping of name -> options",
    .what =
        "Reports a `collect:` value (the recipe's or a cell's) of the wrong type, a collector name that is not "
        "a string, and a collector whose options are neither empty nor a mapping.",
    .why =
        "aorta refuses the whole recipe at load (`must be a list of collector names or a mapping of name -> "
        "option dict`, `collector names must be strings`).",
    .facts =
        "aorta's `_parse_collect` accepts a list of strings, or a mapping whose values are null (no options) "
        "or a mapping of options; a top-level null means no collectors (reference/aorta.md §1.6).",
    .aorta_refuses_at_load = true,
};

class BadCollectShape final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    for (const CollectScope& scope : recipe.scopes()) {
      if (scope.well_formed || !scope.entry) continue;
      const yaml::Node& value = *scope.entry->value;
      if (value.is_seq()) {
        for (const yaml::NodePtr& item : value.items)
          if (!item->is_str())
            ctx.Report(recipe.source(), item->span, "collector names in {} must be strings, got {} {}", scope.label,
                       item->TypeName(), item->Repr())
                .Help("write the name alone and put options in the mapping form (name: {option: value})");
      } else if (value.is_map()) {
        for (const yaml::Entry& e : value.entries) {
          if (!e.key->is_str())
            ctx.Report(recipe.source(), e.key->span, "collector names in {} must be strings, got {} {}", scope.label,
                       e.key->TypeName(), e.key->Repr())
                .Help("write the collector's name: rocprof or proton");
          else if (!e.value->is_null() && !e.value->is_map())
            ctx.Report(recipe.source(), e.value->span, "{}.{} must be empty or a mapping of options, got {} {}",
                       scope.label, e.key->text, e.value->TypeName(), e.value->Repr())
                .Help("write {}: {{option: value}}", e.key->text);
        }
      } else {
        ctx.Report(recipe.source(), value.span,
                   "{} must be a list of collector names or a mapping of name -> options, got {} {}", scope.label,
                   value.TypeName(), value.Repr())
            .Help(value.is_str() ? fmt::format("write [{}]", value.text)
                                 : "write a list such as [proton] or a mapping such as {proton: {mode: env}}");
      }
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeBadCollectShape() { return std::make_unique<BadCollectShape>(); }

}  // namespace aortalint
