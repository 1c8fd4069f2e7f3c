// PAY004: the `__main__` block exits through SystemExit when the run succeeded.
#include <cstring>

#include "engine/rule_context.h"
#include "model/payload.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "PAY004",
    .slug = "success-path-systemexit",
    .severity = Severity::kWarning,
    .summary = "the `__main__` block raises SystemExit on success (`sys.exit(main())`, `raise SystemExit(main())`)",
    .what = "Reports a statement that runs unconditionally in the `__main__` block and raises `SystemExit` even "
            "when the run succeeded: `sys.exit(main())`, `exit(main())`, `quit(main())`, "
            "`raise SystemExit(main())`, `sys.exit()`, `sys.exit(0)`, `raise SystemExit`. An exit with a nonzero "
            "literal code is a failure path and is left alone. When the block is that one statement around a call, "
            "a safe fix rewrites it to `code = main()` / `if code: raise SystemExit(code)`.",
    .why = "Triton 3.6.0's `execute_as_main` catches `Exception` only, so a success-path `SystemExit` escapes "
           "before Proton's `finalize()`: the run exits 0 and no `.hatchet` is written (seen on a real H200 with "
           "Triton 3.6.0). Exiting only on failure keeps the capture on every version.",
    .example = "import sys\n\n\ndef main():\n    return 0\n\n\nif __name__ == \"__main__\":\n    sys.exit(main())\n",
    .fixed = "import sys\n\n\ndef main():\n    return 0\n\n\nif __name__ == \"__main__\":\n    code = main()\n"
             "    if code:\n        raise SystemExit(code)\n",
    .facts = "aorta's SystemExit test runs the guard with `main` returning 0, 1 and 2 and requires no exit on 0 "
             "(reference/aorta.md §6.2); the lost capture is in §3 and `captures/h200-triton-3.6.0/`.",
    .fix = FixAvailability::kSometimes,
    .example_name = "payload.py",
};

// The severity for the targets. Triton 3.6.x under `mode: cli` makes this an
// error (rules.md); that needs the recipe's attach mode, which a payload
// checked on its own does not have, so the upgrade comes with the versions work.
Severity SystemExitSeverity(const RuleContext&) { return kMeta.severity; }

bool Is(TSNode n, const char* type) { return std::strcmp(ts_node_type(n), type) == 0; }

// Whether exiting with `args` (a call's argument_list, or null for none) can be a success.
bool SuccessCode(const Payload& p, TSNode args) {
  if (ts_node_is_null(args) || ts_node_named_child_count(args) == 0) return true;  // None: status 0
  TSNode code = ts_node_named_child(args, 0);
  if (Is(code, "integer")) return p.Text(code) == "0";
  if (Is(code, "string")) return false;  // printed, status 1
  if (Is(code, "true") || Is(code, "unary_operator")) return false;
  return true;  // None, False, 0 and anything computed: main()'s result on success
}

// The call inside `raise X(...)` / `sys.exit(...)` when it is a success-path
// exit; the argument list (or a null node) in `args`.
bool SuccessExit(const Payload& p, TSNode stmt, TSNode* args) {
  *args = TSNode{};
  if (Is(stmt, "raise_statement")) {
    if (ts_node_named_child_count(stmt) == 0) return false;  // a bare re-raise
    TSNode e = ts_node_named_child(stmt, 0);
    if (Is(e, "identifier")) return p.Text(e) == "SystemExit";
    if (!Is(e, "call")) return false;
    TSNode fn = ts_node_child_by_field_name(e, "function", 8);
    if (ts_node_is_null(fn) || p.Text(fn) != "SystemExit") return false;
    *args = ts_node_child_by_field_name(e, "arguments", 9);
    return SuccessCode(p, *args);
  }
  if (!Is(stmt, "expression_statement") || ts_node_named_child_count(stmt) != 1) return false;
  TSNode call = ts_node_named_child(stmt, 0);
  if (!Is(call, "call")) return false;
  TSNode fn = ts_node_child_by_field_name(call, "function", 8);
  std::string_view name = ts_node_is_null(fn) ? "" : p.Text(fn);
  if (name != "sys.exit" && name != "exit" && name != "quit") return false;
  *args = ts_node_child_by_field_name(call, "arguments", 9);
  return SuccessCode(p, *args);
}

class SuccessPathSystemExit final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckPayload(const Payload& p, RuleContext& ctx) override {
    if (!p.ok() || !p.main_guard) return;
    TSNode body = p.main_guard->body;
    if (ts_node_is_null(body)) return;
    uint32_t statements = ts_node_named_child_count(body);
    for (uint32_t i = 0; i < statements; ++i) {
      TSNode stmt = ts_node_named_child(body, i);
      TSNode args;
      if (!SuccessExit(p, stmt, &args)) continue;
      std::string_view text = p.Text(stmt);
      DiagnosticBuilder d = ctx.Report(p.source, p.SpanOf(stmt),
                                       "'{}' raises SystemExit when the run succeeds, and Triton 3.6.0 then writes no "
                                       "capture; exit only on failure: 'code = main()' then 'if code: raise SystemExit(code)'",
                                       text.substr(0, text.find('\n')));
      d.WithSeverity(SystemExitSeverity(ctx));
      // The fix: only when the block is this one exit around a call.
      if (statements != 1 || ts_node_is_null(args) || ts_node_named_child_count(args) != 1) continue;
      TSNode call = ts_node_named_child(args, 0);
      if (!Is(call, "call")) continue;
      std::string indent(ts_node_start_point(stmt).column, ' ');
      std::string fixed = "code = " + std::string(p.Text(call)) + "\n" + indent + "if code:\n" + indent +
                          "    raise SystemExit(code)";
      d.WithFix("exit only on failure", Applicability::kSafe, {{p.path(), p.SpanOf(stmt), fixed}});
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeSuccessPathSystemExit() { return std::make_unique<SuccessPathSystemExit>(); }

}  // namespace aortalint
