// RCP009: a cell says `collect:` with a null value.
#include <algorithm>

#include "engine/rule_context.h"
#include "rules/recipe/recipe_schema.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "RCP009",
    .slug = "cell-collect-null",
    .severity = Severity::kError,
    .summary = "a cell's `collect:` is null, which aorta refuses at cell scope",
    .what =
        "Reports a triage cell whose `collect` key is present with a null value (`collect:`, `collect: ~`, "
        "`collect: null`). The fix deletes the key (a comment on its line stays), so the cell inherits the "
        "recipe's collectors (safe); "
        "when the key shares its line with the list dash it writes `[]` instead, which turns collection off "
        "for that cell (unsafe). Write `[]` yourself to disable collection.",
    .why =
        "At the top level a null `collect` means no collectors, but in a cell it is ambiguous between "
        "\"inherit\" and \"none\", so aorta refuses the recipe (`cells[i].collect: null is not allowed at cell "
        "scope`).",
    .facts =
        "Cell `collect` semantics in reference/aorta.md §1.4: absent inherits, present replaces, `[]` disables, "
        "null is an error.",
    .fix = FixAvailability::kAlways,
    .aorta_refuses_at_load = true,
};

// Deleting a `collect:` line of its own inherits the recipe's collectors, the
// reading aorta's own message suggests first (safe). When the key shares its
// line with the list dash, writing [] is the edit that keeps the YAML intact;
// it turns collection off, a choice the user must make (unsafe).
Fix NullCollectFix(const SourceFile& src, const yaml::Entry& c) {
  uint32_t line = src.Locate(c.key->span.begin).line;
  std::string_view text = src.LineText(line);
  bool own_line =
      text.substr(text.find_first_not_of(' ')).rfind("collect", 0) == 0 && src.Locate(c.value->span.end).line == line;
  if (own_line) {
    // A comment after the value is the user's: the key goes, the comment stays on its line.
    size_t indent = text.find_first_not_of(' ');
    uint32_t after = std::max(c.value->span.end, c.key->span.end + 1) - src.LineStart(line);
    if (size_t hash = text.find_first_not_of(" \t", std::min<size_t>(after, text.size()));
        hash != std::string_view::npos && text[hash] == '#')
      return {
          "delete the null `collect:` (inherit the recipe's collectors)",
          Applicability::kSafe,
          {{src.path(),
            {src.LineStart(line) + static_cast<uint32_t>(indent), src.LineStart(line) + static_cast<uint32_t>(hash)},
            ""}}};
    uint32_t end = line < src.line_count() ? src.LineStart(line + 1) : static_cast<uint32_t>(src.text().size());
    return {"delete the null `collect:` (inherit the recipe's collectors)",
            Applicability::kSafe,
            {{src.path(), {src.LineStart(line), end}, ""}}};
  }
  // An empty value has an empty span right after the colon: insert " []" there.
  Edit edit = c.value->span.empty() ? Edit{src.path(), {c.key->span.end + 1, c.key->span.end + 1}, " []"}
                                    : Edit{src.path(), c.value->span, "[]"};
  return {"write [] (no collectors in this cell)", Applicability::kUnsafe, {edit}};
}

class CellCollectNull final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }

  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    const yaml::Node* cells = recipe_schema::TriageCellList(recipe);
    if (!cells) return;
    const SourcePtr& src = recipe.source();
    for (size_t i = 0; i < cells->items.size(); ++i) {
      if (!cells->items[i]->is_map()) continue;
      const yaml::Entry* c = cells->items[i]->Find("collect");
      if (!c || !c->value->is_null()) continue;
      Fix fix = NullCollectFix(*src, *c);
      ctx.Report(src, recipe_schema::ValueOrKey(*c), "cells[{}].collect is null, which aorta refuses in a cell", i)
          .Help("write [] to collect nothing in this cell, or delete the key to inherit the recipe's collectors")
          .WithFix(std::move(fix.title), fix.applicability, std::move(fix.edits));
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeCellCollectNull() { return std::make_unique<CellCollectNull>(); }

}  // namespace aortalint
