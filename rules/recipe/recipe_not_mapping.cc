// RCP001: the document is not a mapping (an empty file included).
#include "engine/rule_context.h"
#include "model/yaml_document.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "RCP001",
    .slug = "recipe-not-mapping",
    .severity = Severity::kError,
    .summary = "the recipe's top level is not a mapping (an empty file included)",
    .what = "Reports a recipe whose document is a list, a scalar, or nothing at all.",
    .why = "aorta refuses it first of all: `recipe top-level must be a mapping, got X`.",
    .facts = "Step 1 of aorta's top-level validation (reference/aorta.md §1.2).",
    .aorta_refuses_at_load = true,
};

class RecipeNotMapping final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckDocument(const YamlDocument& doc, RuleContext& ctx) override {
    if (!doc.ok() || doc.root->is_map()) return;
    if (doc.root->is_null() && doc.root->span.empty())
      ctx.Report(doc.source, doc.root->span, "recipe is empty")
          .Help("write a mapping with at least 'schema_version: 1'");
    else
      ctx.Report(doc.source, doc.root->span, "recipe top level must be a mapping of keys, got {} {}",
                 doc.root->TypeName(), doc.root->Repr())
          .Help("write 'key: value' lines, starting with 'schema_version: 1'");
  }
};

}  // namespace

std::unique_ptr<Rule> MakeRecipeNotMapping() { return std::make_unique<RecipeNotMapping>(); }

}  // namespace aortalint
