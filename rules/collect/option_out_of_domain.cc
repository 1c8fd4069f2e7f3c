// COL005: an option value outside its domain, or empty where text is required.
#include "base/edit_distance.h"
#include "base/names.h"
#include "base/strings.h"
#include "engine/rule_context.h"
#include "model/recipe.h"
#include "python/str.h"
#include "rules/common/collector_options.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "COL005",
    .slug = "option-out-of-domain",
    .severity = Severity::kError,
    .summary = "a collector option value outside its domain, or empty where a value is required",
    .what =
        "Reports an enumerated option whose value, after aorta's `strip().lower()`, is not one it accepts "
        "(`backend: rocprof`, `output_format: xml`), a rocprof `trace` with an unknown domain or none at all, "
        "an empty `pmc` and an empty `kernel_include_regex`. `\" ROCTRACER \"` is accepted, as aorta accepts it. "
        "`backend_mode`, whose domain depends on the backend, is COL008's. A `pmc` token that is not a counter "
        "name is a warning, not an error: aorta accepts any non-empty `pmc` and passes its tokens (split on "
        "commas and Python whitespace) to rocprofv3 as they are. A token that starts with `-` (`--`, `-d`) "
        "becomes an option of rocprofv3's own, and after `--` the command it runs; any other (`SQ_WAVES、"
        "GRBM_COUNT`, joined by a separator Python does not split on, or a name with a combining accent) is "
        "looked up as one counter, which rocprofv3 does not have, so the trial stops when it starts.",
    .why =
        "aorta checks every enumerated option when it loads the recipe and refuses the whole recipe on the "
        "first bad value. The `pmc` warning is a deliberate difference from aorta, listed in "
        "[aorta-differences](../aorta-differences.md#col005-pmc-tokens).",
    .facts =
        "The domains are those of aorta's option validators (reference/aorta.md §2.1, §2.2), kept as data "
        "in `rules/knowledge/collectors.yaml`.",
    .aorta_refuses_at_load = true,
};

class OptionOutOfDomain final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    for (const CheckedCollector& c : CollectorsNamed(recipe)) {
      if (!c.use->options || !c.use->options->is_map()) continue;
      for (const yaml::Entry& e : c.use->options->entries) {
        const OptionSpec* spec = e.key->is_str() ? c.spec->Option(e.key->text) : nullptr;
        if (!spec || !e.value->is_str()) continue;  // COL004 / COL003
        DomainProblem problem = CheckDomain(*spec, e.value->text);
        if (!problem.ok()) Report(recipe, ctx, c.use->name, *spec, *e.value, problem);
        if (problem.ok() && c.use->name == "rocprof" && spec->name == "pmc") CheckCounters(recipe, ctx, *e.value);
      }
    }
  }

 private:
  static void Report(const Recipe& recipe, RuleContext& ctx, std::string_view collector, const OptionSpec& spec,
                     const yaml::Node& value, const DomainProblem& problem) {
    const SourcePtr& file = recipe.source();
    std::vector<std::string_view> domain(spec.domain.begin(), spec.domain.end());
    if (spec.tokens && problem.empty) {
      ctx.Report(file, value.span, "{} option '{}' is {}, which names nothing", collector, spec.name, value.Repr())
          .Help("{}", spec.any ? "list at least one, separated by commas or spaces, or delete the option"
                               : "list at least one of " + Join(domain) + ", or delete the option");
    } else if (problem.empty) {
      ctx.Report(file, value.span, "{} option '{}' is {}", collector, spec.name, value.Repr())
          .Help("give a value or delete the option");
    } else if (spec.tokens) {
      ctx.Report(file, value.span, "{} option '{}' names unknown domain{} {} in {}", collector, spec.name,
                 problem.outside.size() > 1 ? "s" : "", QuotedList(problem.outside), value.Repr())
          .Help(DidYouMeanOr(problem.outside.front(), domain, "use tokens from " + Join(domain)));
    } else {
      ctx.Report(file, value.span, "{} option '{}' is {}, not one of {}", collector, spec.name, value.Repr(),
                 Join(domain))
          .Help(DidYouMeanOr(problem.outside.front(), domain, "write one of them"));
    }
  }

  // aorta accepts any non-empty `pmc` and passes its tokens to rocprofv3 verbatim: a warning (aorta
  // starts the run), with what rocprofv3 will make of the token.
  static void CheckCounters(const Recipe& recipe, RuleContext& ctx, const yaml::Node& value) {
    for (const std::string& token : PySplitTokens(value.text))
      if (!IsCounterName(token)) {
        std::string fate = !token.starts_with("-") ? "look it up as one counter, which it does not have, and stop"
                           : token == "--"         ? "read it as the end of its options and run what follows it"
                                                   : "read it as an option of its own";
        ctx.Report(recipe.source(), value.span,
                   "rocprof option 'pmc' holds {}, which is not a counter name: aorta passes it to rocprofv3 as it "
                   "is, which would {}",
                   yaml::PyStr(token), fate)
            .Help("list counter names only (SQ_WAVES, TCC_HIT[0]), separated by commas or spaces")
            .WithSeverity(Severity::kWarning);
        return;
      }
  }

  static std::string QuotedList(const std::vector<std::string>& names) {
    std::vector<std::string> quoted;
    for (const std::string& n : names) quoted.push_back("'" + n + "'");
    return Join(quoted);
  }
};

}  // namespace

std::unique_ptr<Rule> MakeOptionOutOfDomain() { return std::make_unique<OptionOutOfDomain>(); }

}  // namespace aortalint
