// SYN002: a payload tree-sitter could not parse completely.
#include <algorithm>

#include "engine/rule_context.h"
#include "model/payload.h"

namespace aortalint {
namespace {

// A file full of errors says so in a few places, not in hundreds.
constexpr size_t kMaxReported = 10;

constexpr RuleMeta kMeta{
    .id = "SYN002",
    .slug = "python-syntax-error",
    .severity = Severity::kWarning,
    .summary = "a payload has Python syntax errors (tree-sitter `ERROR`/`MISSING` nodes)",
    .what =
        "Reports each place where tree-sitter-python could not parse a payload: an unexpected token (an "
        "`ERROR` node) or a token it had to assume (a `MISSING` node, such as a closing parenthesis). At most "
        "ten places per file. The rest of the file is still checked: the other PAY rules read what parsed. "
        "`check` parses only the top-level statements the rules read (imports, Proton calls, environment "
        "writes, `AORTA_` strings, module constants, the `__main__` guard) and the whole file when a string or "
        "bracket is left open, so an error inside another statement shows with `check --full-parse` and in "
        "the editor (the language server parses whole files).",
    .why =
        "Python refuses to run a file with a syntax error, so the profiled run would fail before it measures "
        "anything. The import-order and `__main__` rules may also miss what sits inside the broken region.",
    .facts =
        "tree-sitter recovers from errors and keeps parsing, unlike CPython's parser, so one run reports "
        "every PAY finding along with the syntax errors.",
    .reads_sanitizer_recipes = true,
    .add_noqa = false,
};

class PythonSyntaxError final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckPayload(const Payload& payload, RuleContext& ctx) override {
    if (!payload.ok()) return;
    size_t count = std::min(payload.syntax_problems.size(), kMaxReported);
    for (size_t i = 0; i < count; ++i) {
      const SyntaxProblem& p = payload.syntax_problems[i];
      if (!p.refused.empty()) {
        ctx.Report(payload.source, p.span, "python syntax error: {}", p.refused)
            .Help(p.help.empty()
                      ? "split the expression into smaller statements (the rest of the file is still checked)"
                      : p.help);
        continue;
      }
      if (!p.missing.empty()) {
        ctx.Report(payload.source, p.span, "python syntax error: expected '{}' here", p.missing).Help("add it");
        continue;
      }
      std::string_view text = payload.source->Slice(p.span);
      text = text.substr(0, std::min(text.find('\n'), size_t{30}));
      ctx.Report(payload.source, p.span, "python syntax error: cannot parse '{}'", text).Help("fix the statement");
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakePythonSyntaxError() { return std::make_unique<PythonSyntaxError>(); }

}  // namespace aortalint
