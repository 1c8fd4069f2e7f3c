// COL009: a rocprof kernel_include_regex that does not compile.
#include <regex>

#include "engine/rule_context.h"
#include "model/recipe.h"
#include "rules/collect/collector_options.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "COL009",
    .slug = "bad-kernel-regex",
    .severity = Severity::kError,
    .summary = "rocprof `kernel_include_regex` is not a valid regular expression",
    .what = "Compiles rocprof's `kernel_include_regex` as rocprofv3 does, with C++ `std::regex` in its "
            "ECMAScript grammar, and reports a pattern that does not compile, with the compiler's reason.",
    .why = "aorta only checks that the value is not empty; the pattern reaches rocprofv3 unchanged and the trial "
           "fails there, after the recipe has loaded and the run has started. Python-only syntax such as "
           "`(?P<name>...)` or `(?i)` does not compile in ECMAScript.",
    .example = "schema_version: 1\nmode: probe\ntrials: 3\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
               "collect:\n  rocprof:\n    kernel_include_regex: \"(gemm|matmul\"\n",
    .fixed = "schema_version: 1\nmode: probe\ntrials: 3\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
             "collect:\n  rocprof:\n    kernel_include_regex: \"gemm|matmul\"\n",
    .facts = "aorta passes `--kernel-include-regex R` to rocprofv3 without compiling it (reference/aorta.md §2.1, "
             "§4.3); rocprofv3 filters kernels with `std::regex`.",
};

// std::regex_error's codes in words; what() is implementation text.
std::string_view Reason(std::regex_constants::error_type code) {
  namespace rc = std::regex_constants;
  switch (code) {
    case rc::error_collate: return "an invalid collating element name";
    case rc::error_ctype: return "an invalid character class name";
    case rc::error_escape: return "an invalid escape";
    case rc::error_backref: return "a back reference to a group that does not exist";
    case rc::error_brack: return "an unbalanced '['";
    case rc::error_paren: return "an unbalanced '(' or a group syntax ECMAScript does not have";
    case rc::error_brace: return "an unbalanced '{'";
    case rc::error_badbrace: return "an invalid {n,m} range";
    case rc::error_range: return "an invalid character range";
    case rc::error_space: return "a pattern too large to compile";
    case rc::error_badrepeat: return "a repeat (*, +, ?, {n}) with nothing before it";
    case rc::error_complexity: return "a pattern too complex to match";
    case rc::error_stack: return "a pattern too deep to compile";
    default: return "a syntax error";
  }
}

class BadKernelRegex final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    for (const CheckedCollector& c : CollectorsNamed(recipe, "rocprof")) {
      const yaml::Entry* e = OptionEntry(*c.use, "kernel_include_regex");
      if (!e || !e->value->is_str() || StripLower(e->value->text).empty()) continue;  // COL003 / COL005
      try {
        std::regex compiled(e->value->text, std::regex::ECMAScript);
      } catch (const std::regex_error& error) {
        ctx.Report(recipe.source(), e->value->span,
                   "rocprof option 'kernel_include_regex' {} does not compile as an ECMAScript regex (rocprofv3 "
                   "uses C++ std::regex): {}; fix the pattern, escaping literal metacharacters with a backslash",
                   e->value->Repr(), Reason(error.code()));
      }
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeBadKernelRegex() { return std::make_unique<BadKernelRegex>(); }

}  // namespace aortalint
