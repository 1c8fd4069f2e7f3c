// COL009: a rocprof kernel_include_regex that does not compile.
#include <cctype>
#include <regex>

#include <string>
#include "base/regex_bounds.h"

#include "engine/rule_context.h"
#include "model/recipe.h"
#include "rules/common/collector_options.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "COL009",
    .slug = "bad-kernel-regex",
    .severity = Severity::kWarning,
    .summary = "rocprof `kernel_include_regex` is not a valid regular expression",
    .what =
        "Compiles rocprof's `kernel_include_regex` as rocprofv3 does, with C++ `std::regex` in its "
        "ECMAScript grammar, and reports a pattern that does not compile, with the compiler's reason.",
    .why =
        "aorta only checks that the value is not empty; the pattern reaches rocprofv3 unchanged and the trial "
        "fails there, after the recipe has loaded and the run has started. Python-only syntax such as "
        "`(?P<name>...)` or `(?i)` does not compile in ECMAScript. Reporting it is a deliberate difference from "
        "aorta, which accepts the recipe and starts the run, hence a warning; it is listed in "
        "[aorta-differences](../aorta-differences.md#col009-kernel_include_regex-compiled). `severity: {COL009: "
        "error}` makes it fail the gate.",
    .facts =
        "aorta passes `--kernel-include-regex R` to rocprofv3 without compiling it (reference/aorta.md §2.1, "
        "§4.3); rocprofv3 filters kernels with `std::regex`.",
};

// Why the pattern failed, in libstdc++'s words (the library rocprofv3 links).
std::string Reason(const std::regex_error& error, std::string_view pattern) {
  // libstdc++ reports a leading repeat as a mismatched parenthesis.
  if (!pattern.empty() && std::string_view("*+?").find(pattern[0]) != std::string_view::npos)
    return "a repeat ('*', '+', '?') with nothing before it";
  std::string what = error.what();
  for (std::string_view tail : {".", " in regular expression"})
    if (what.ends_with(tail)) what.resize(what.size() - tail.size());
  if (what.empty()) return "a syntax error";
  what[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(what[0])));
  // Python's named groups and inline flags are the usual culprits.
  if (pattern.find("(?P") != std::string_view::npos || pattern.find("(?i") != std::string_view::npos)
    what += " (ECMAScript has no (?P<name>...) groups or inline flags)";
  return what;
}

class BadKernelRegex final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    for (const CheckedCollector& c : CollectorsNamed(recipe, "rocprof")) {
      const yaml::Entry* e = OptionEntry(*c.use, "kernel_include_regex");
      if (!e || !e->value->is_str() || StripLower(e->value->text).empty()) continue;  // COL003 / COL005
      const std::string& pattern = e->value->text;
      if (!SafeForStdRegex(pattern)) {
        // rocprofv3's own std::regex would overflow its stack on this pattern, as aortalint's would.
        ctx.Report(recipe.source(), e->value->span,
                   "rocprof option 'kernel_include_regex' is {} characters long with groups nested {} deep: rocprofv3 "
                   "compiles it with C++ std::regex, which recurses per character and per group and can overflow the "
                   "stack past {} characters or {} levels",
                   pattern.size(), RegexGroupDepth(pattern), kMaxStdRegexLength, kMaxStdRegexDepth)
            .Help("write a shorter pattern");
        continue;
      }
      try {
        std::regex compiled(pattern, std::regex::ECMAScript);
      } catch (const std::regex_error& error) {
        ctx.Report(recipe.source(), e->value->span,
                   "rocprof option 'kernel_include_regex' {} does not compile as an ECMAScript regex (rocprofv3 uses "
                   "C++ std::regex): {}",
                   e->value->Repr(), Reason(error, e->value->text))
            .Help("fix the pattern, escaping literal metacharacters with a backslash");
      }
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeBadKernelRegex() { return std::make_unique<BadKernelRegex>(); }

}  // namespace aortalint
