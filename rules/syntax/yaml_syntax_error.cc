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
        "Reports a recipe that aorta cannot load, where its parser stopped, in its words: PyYAML's for a "
        "YAML recipe (a port of its scanner, parser and composer decides, so a tab between tokens, a key "
        "broken over two lines or an unhashable key is caught, and a NEL or LS line break is accepted), "
        "json.loads's for a `.json` recipe (no comments, trailing commas or single quotes; a tab between "
        "tokens is fine). A second document in one file (`---`), a tag that `safe_load` cannot construct, "
        "a repeated anchor and an alias bomb are reported here too. A recursive alias is not: PyYAML "
        "accepts it (aortalint reads the alias as null). Nor are `!!set`, `!!omap` and `!!pairs`, which "
        "SafeLoader builds: `!!set {a, b}` becomes a Python set and `!!omap [a: 1]` or `!!pairs [a: 1]` a "
        "list of (key, value) tuples, which the schema rules then judge as aorta's schema does (a set is "
        "no list and no mapping; a tuple is no string).",
    .why =
        "aorta reads recipes with PyYAML's `safe_load`, or `json.loads` when the name ends in `.json`; a "
        "parse error fails the whole recipe (`recipe <path>: parse error (...)`) before any check runs.",
    .facts =
        "aorta's load_recipe reads a `.json` recipe (any case) with `json.loads` and every other with "
        "`yaml.safe_load` (src/aorta/triage/recipe.py at 10b8a5c1; reference/aorta.md §1.1). The same "
        "port builds the tree the other rules read, so it holds what `safe_load` returns: `&a: 1` is an "
        "anchored empty (None) key, which the schema rules then report. Beside another unknown key "
        "(`&a: x` and `colour: red`) aorta itself stops with a raw `TypeError` instead of its schema error "
        "(seen running aorta's loader on such a recipe): both refuse it.",
    .aorta_refuses_at_load = true,
    .reported_on_load_failure = true,
    .reads_sanitizer_recipes = true,
    .add_noqa = false,
};

class YamlSyntaxError final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckDocument(const YamlDocument& doc, RuleContext& ctx) override {
    if (doc.failure == YamlDocument::Failure::kSyntax)
      ctx.Report(doc.source, doc.failure_span, "{}", doc.failure_message).Help(doc.failure_help);
  }
};

}  // namespace

std::unique_ptr<Rule> MakeYamlSyntaxError() { return std::make_unique<YamlSyntaxError>(); }

}  // namespace aortalint
