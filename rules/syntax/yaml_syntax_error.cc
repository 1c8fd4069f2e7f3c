// SYN001: a recipe that is not valid YAML, reported where the parser stopped.
#include "engine/rule_context.h"
#include "model/yaml_document.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "SYN001",
    .slug = "yaml-syntax-error",
    .severity = Severity::kError,
    .summary = "the recipe is not valid YAML",
    .what =
        "Reports a recipe that the YAML parser cannot read, at the line and column where it stopped. "
        "A second document in one file (`---`), a tag that `safe_load` cannot construct, a recursive "
        "alias and an alias bomb are reported here too.",
    .why =
        "aorta reads recipes with PyYAML's `safe_load`; a parse error fails the whole recipe "
        "(`recipe <path>: parse error (...)`) before any check runs.",
    .example = "schema_version: 1\nmode: probe\ntrials: 3\nmitigation_axis: [none\ndiagnostic_axis: [none]\n",
    .fixed = "schema_version: 1\nmode: probe\ntrials: 3\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n",
    .facts = "aorta loads every non-JSON recipe with `yaml.safe_load` (reference/aorta.md §1.1).",
};

class YamlSyntaxError final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckDocument(const YamlDocument& doc, RuleContext& ctx) override {
    if (doc.failure == YamlDocument::Failure::kSyntax)
      ctx.Report(doc.source, doc.failure_span, "{}", doc.failure_message);
  }
};

}  // namespace

std::unique_ptr<Rule> MakeYamlSyntaxError() { return std::make_unique<YamlSyntaxError>(); }

}  // namespace aortalint
