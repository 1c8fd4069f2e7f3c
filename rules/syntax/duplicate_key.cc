// SYN004: a mapping that repeats a key; PyYAML keeps the last value silently.
#include "engine/rule_context.h"
#include "model/yaml_document.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "SYN004",
    .slug = "duplicate-key",
    .severity = Severity::kWarning,
    .summary = "a mapping repeats a key, so one of its values is silently lost",
    .what = "Reports every key written twice in the same mapping, at the second one, with a note at the first.",
    .why =
        "PyYAML's `safe_load` keeps the last value without a word, so the first block (often a whole "
        "`collect:` or a cell's options) is ignored while it still reads as configured. aorta itself loads such a "
        "recipe with the last value, hence a warning; reporting it at all is a deliberate difference (a lost value "
        "is never intended), listed in [aorta-differences](../aorta-differences.md#syn004-duplicate-keys). "
        "`severity: {SYN004: error}` in `.aortalint.yaml` makes it fail the gate.",
    .facts =
        "PyYAML's constructor builds a dict, in which a repeated key overwrites the earlier value "
        "(reference/aorta.md §1.1).",
    .reads_sanitizer_recipes = true,
};

class DuplicateKeyRule final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckDocument(const YamlDocument& doc, RuleContext& ctx) override {
    for (const DuplicateKey& d : doc.duplicates)
      ctx.Report(doc.source, d.second, "duplicate key {}: this value replaces the earlier one", d.key)
          .Help("keep one of them")
          .Note(doc.source, d.first, "first written here; its value is lost");
  }
};

}  // namespace

std::unique_ptr<Rule> MakeDuplicateKey() { return std::make_unique<DuplicateKeyRule>(); }

}  // namespace aortalint
