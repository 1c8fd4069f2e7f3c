// RCP005: `schema_version` is not an integer, or not 1.
#include "engine/rule_context.h"
#include "rules/recipe/recipe_schema.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "RCP005",
    .slug = "bad-schema-version",
    .severity = Severity::kError,
    .summary = "`schema_version` is not the integer 1",
    .what =
        "Reports a `schema_version` that is not an int (a quoted `\"1\"`, `1.0`, `true`, an empty value) or "
        "is an int other than 1. An absent `schema_version` is RCP004's.",
    .why =
        "aorta understands version 1 only and refuses anything else (`recipe.schema_version: must be an "
        "integer`, `unsupported version N; this build understands version 1`). YAML's `yes`/`true` are "
        "booleans, which aorta rejects even though Python's `True == 1`.",
    .facts = "Step 7 of aorta's top-level validation (reference/aorta.md §1.2); bools are not ints (§1.1).",
    .aorta_refuses_at_load = true,
};

class BadSchemaVersion final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }

  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    const yaml::Entry* e = recipe.Top("schema_version");
    if (!e) return;
    const yaml::Node& v = *e->value;
    if (!v.is_int())
      ctx.Report(recipe.source(), recipe_schema::ValueOrKey(*e), "schema_version must be the integer 1, got {} {}",
                 v.TypeName(), v.Repr())
          .Help("write 'schema_version: 1' unquoted");
    else if (v.integer != 1)
      ctx.Report(recipe.source(), v.span, "schema_version {} is not supported", v.Repr())
          .Help("aorta understands version 1 only, write 'schema_version: 1'");
  }
};

}  // namespace

std::unique_ptr<Rule> MakeBadSchemaVersion() { return std::make_unique<BadSchemaVersion>(); }

}  // namespace aortalint
