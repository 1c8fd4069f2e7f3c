// PAY004: the `__main__` block exits through SystemExit when the run succeeded.
#include <algorithm>
#include <cctype>

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "base/strings.h"
#include "engine/rule_context.h"
#include "model/pairing.h"
#include "model/payload.h"
#include "model/python_walk.h"
#include "model/recipe.h"
#include "model/triton.h"
#include "rules/common/proton_use.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "PAY004",
    .slug = "success-path-systemexit",
    .severity = Severity::kWarning,
    .summary = "the `__main__` block raises SystemExit on success (`sys.exit(main())`, `raise SystemExit(main())`)",
    .what =
        "Reports a statement that runs unconditionally in the `__main__` block and raises `SystemExit` even "
        "when the run succeeded: `sys.exit(main())`, `exit(main())`, `quit(main())`, "
        "`raise SystemExit(main())`, `sys.exit()`, `sys.exit(0)`, `raise SystemExit`, under the names the "
        "payload's imports give the exit (`import sys as s`: `s.exit(...)`; `from sys import exit as leave`), "
        "in the block itself or in a `with` block, a `try` body, `else` or `finally` there (not in a handler, "
        "which runs on an error, nor under an `if`). An exit with a nonzero "
        "literal code is a failure path and is left alone. When the block is that one statement around a call, "
        "a safe fix rewrites it to `code = main()` / `if code: raise SystemExit(code)`, and removes an "
        "`import sys` that nothing else in the file mentions (so ruff's F401 does not fire next).\n\n"
        "It reports only where the exit costs the capture, and says so per attach mode: under `mode: cli` "
        "(and for an unpaired script, which Proton's command front end may run) on a target Triton whose front "
        "end loses it (`success_exit_lost` in the Triton table: 3.6.x), an error when a `mode: cli` recipe "
        "launches it; with no target given, a warning that names 3.6.x. No finding under `mode: env` (nothing "
        "wraps the script: the payload's own `finalize()` writes the capture), on targets that keep the "
        "capture, or when the payload calls `finalize()` itself before the exit (in `main()`, say): the "
        "capture is written before SystemExit is raised.\n\n"
        "It runs on every payload a recipe launches, and on an unpaired Python file that is an entry point: a "
        "script with a `__main__` block that imports Proton anywhere, a function body included (Proton's "
        "command front end runs it as `__main__` either way). Test modules and modules that others import get "
        "no payload rule unless a recipe pairs them (`check --verbose` says why).",
    .why =
        "Triton 3.6.0's `execute_as_main` catches `Exception` only, so a success-path `SystemExit` escapes "
        "before Proton's `finalize()`: the run exits 0 and no `.hatchet` is written (seen on a real H200 with "
        "Triton 3.6.0). Exiting only on failure keeps the capture on every version.",
    .facts =
        "aorta's SystemExit test runs the guard with `main` returning 0, 1 and 2 and requires no exit on 0 "
        "(reference/aorta.md §6.2); the lost capture is in §3 and in this repository's "
        "`fixtures/captures/h200-triton-3.6.0/`. Issue 34, on the same H200: a payload whose `main()` calls "
        "`finalize()` before `sys.exit(main())` kept its capture under the front end.",
    .fix = FixAvailability::kSometimes,
};

// The statements of `block` that run whenever it runs: its own, and those of the `with` blocks and of
// the `try` bodies, `else` and `finally` clauses in it (not the handlers, which run on an error).
void Unconditional(TSNode block, std::vector<TSNode>& out) {
  for (TSNode stmt : NamedChildren(block)) {
    out.push_back(stmt);
    if (IsNode(stmt, "with_statement")) {
      TSNode body = ts_node_child_by_field_name(stmt, "body", 4);
      if (!ts_node_is_null(body)) Unconditional(body, out);
    } else if (IsNode(stmt, "try_statement")) {
      TSNode body = ts_node_child_by_field_name(stmt, "body", 4);
      if (!ts_node_is_null(body)) Unconditional(body, out);
      for (TSNode clause : NamedChildren(stmt)) {
        if (!IsNode(clause, "else_clause") && !IsNode(clause, "finally_clause")) continue;
        for (TSNode b : NamedChildren(clause))
          if (IsNode(b, "block")) Unconditional(b, out);
      }
    }
  }
}

// Whether exiting with `args` (a call's argument_list, or null for none) can be a success.
bool SuccessCode(const Payload& p, TSNode args) {
  if (ts_node_is_null(args) || ts_node_named_child_count(args) == 0) return true;  // None: status 0
  TSNode code = ts_node_named_child(args, 0);
  if (IsNode(code, "integer")) return p.Text(code) == "0";
  if (IsNode(code, "string")) return false;  // printed, status 1
  if (IsNode(code, "true") || IsNode(code, "unary_operator")) return false;
  return true;  // None, False, 0 and anything computed: main()'s result on success
}

// The names an exit call goes by in this payload: `sys.exit`, `exit`, `quit`, and those its imports
// bind (`import sys as s` gives `s.exit`, `from sys import exit as leave` gives `leave`).
std::set<std::string, std::less<>> ExitNames(const Payload& p) {
  std::set<std::string, std::less<>> names = {"sys.exit", "exit", "quit"};
  for (const ImportStmt& s : p.imports) {
    if (s.in_function || s.level != 0) continue;
    for (const ImportedName& n : s.names) {
      if (s.from.empty() && n.name == "sys" && !n.alias.empty()) names.insert(n.alias + ".exit");
      if (s.from == "sys" && n.name == "exit") names.insert(n.alias.empty() ? n.name : n.alias);
    }
  }
  return names;
}

// The call inside `raise X(...)` / `sys.exit(...)` when it is a success-path
// exit; the argument list (or a null node) in `args`.
bool SuccessExit(const Payload& p, TSNode stmt, TSNode* args, const std::set<std::string, std::less<>>& exits) {
  *args = TSNode{};
  if (IsNode(stmt, "raise_statement")) {
    if (ts_node_named_child_count(stmt) == 0) return false;  // a bare re-raise
    TSNode e = ts_node_named_child(stmt, 0);
    if (IsNode(e, "identifier")) return p.Text(e) == "SystemExit";
    if (!IsNode(e, "call")) return false;
    TSNode fn = ts_node_child_by_field_name(e, "function", 8);
    if (ts_node_is_null(fn) || p.Text(fn) != "SystemExit") return false;
    *args = ts_node_child_by_field_name(e, "arguments", 9);
    return SuccessCode(p, *args);
  }
  if (!IsNode(stmt, "expression_statement") || ts_node_named_child_count(stmt) != 1) return false;
  TSNode call = ts_node_named_child(stmt, 0);
  if (!IsNode(call, "call")) return false;
  TSNode fn = ts_node_child_by_field_name(call, "function", 8);
  std::string_view name = ts_node_is_null(fn) ? "" : p.Text(fn);
  if (!exits.count(name)) return false;
  *args = ts_node_child_by_field_name(call, "arguments", 9);
  return SuccessCode(p, *args);
}

// Whether the payload finalizes Proton itself before `exit_line`: in a function (main() returns before
// the exit) or earlier in module-level code. The capture is then written before SystemExit is raised.
bool FinalizesBefore(const Payload& p, uint32_t exit_line) {
  for (const CallSite& c : p.calls)
    if (p.ProtonFunction(c.callee) == "finalize" && (c.in_function || c.line < exit_line)) return true;
  return false;
}

class SuccessPathSystemExit final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  // Runs before CheckPayload in the same unit: how each paired payload is attached. Under `mode: env`
  // (or a recipe without Proton) nothing wraps the script, so a success-path exit loses nothing.
  void CheckPairing(const Recipe& recipe, const Pairing& pairing, RuleContext&) override {
    bool cli = false;
    for (const version::ProtonUse& u : version::ProtonUses(recipe)) cli = cli || u.Value("mode") == "cli";
    for (const std::shared_ptr<const Payload>& p : pairing.payloads)
      if (p) attach_[p->path()] |= cli;
  }

  void CheckPayload(const Payload& p, RuleContext& ctx) override {
    if (!p.ok() || !p.main_guard) return;
    TSNode body = p.main_guard->body;
    if (ts_node_is_null(body)) return;
    uint32_t children = ts_node_named_child_count(body);
    uint32_t statements = 0;  // comments are named children too, but not statements
    for (uint32_t i = 0; i < children; ++i) statements += !IsNode(ts_node_named_child(body, i), "comment");
    std::set<std::string, std::less<>> exits = ExitNames(p);
    std::vector<TSNode> runs;  // the block's statements that run whenever it does: in `with`, `try`, `finally`
    Unconditional(body, runs);
    for (TSNode stmt : runs) {
      TSNode args;
      if (!SuccessExit(p, stmt, &args, exits)) continue;
      // The fix rewrites only a statement of the block itself.
      if (!ts_node_eq(ts_node_parent(stmt), body)) statements = 0;
      std::string_view text = p.Text(stmt);
      std::optional<std::string> lost = Consequence(p, ctx.TritonTargets());
      if (!lost || FinalizesBefore(p, ts_node_start_point(stmt).row + 1)) continue;
      DiagnosticBuilder d = ctx.Report(p.source, p.SpanOf(stmt), "'{}' raises SystemExit when the run succeeds: {}",
                                       text.substr(0, text.find('\n')), *lost)
                                .Help("exit only on failure: 'code = main()' then 'if code: raise SystemExit(code)'");
      if (attach_.count(p.path()) && !lost_on_targets_.empty()) d.WithSeverity(Severity::kError);
      // The fix: only when the block is this one exit around a call.
      if (statements != 1 || ts_node_is_null(args) || ts_node_named_child_count(args) != 1) continue;
      TSNode call = ts_node_named_child(args, 0);
      if (!IsNode(call, "call")) continue;
      // The statement's own indentation (spaces or tabs, as written); a body on the
      // guard's line (`if ...: sys.exit(main())`) has none to copy, so no fix there.
      std::string_view text_all = p.source->text();
      uint32_t at = p.SpanOf(stmt).begin;
      size_t line_start = text_all.rfind('\n', at == 0 ? 0 : at - 1);
      line_start = line_start == std::string_view::npos || at == 0 ? 0 : line_start + 1;
      std::string indent(text_all.substr(line_start, at - line_start));
      if (indent.find_first_not_of(" \t") != std::string::npos) continue;
      std::string step = indent.find('\t') != std::string::npos ? "\t" : "    ";
      // The file's own line ending, so a CRLF file stays CRLF.
      size_t eol = text_all.find('\n');
      std::string newline = eol != std::string_view::npos && eol > 0 && text_all[eol - 1] == '\r' ? "\r\n" : "\n";
      std::string fixed = "code = " + std::string(p.Text(call)) + newline + indent + "if code:" + newline + indent +
                          step + "raise SystemExit(code)";
      std::vector<Edit> edits = {{p.path(), p.SpanOf(stmt), fixed}};
      if (text.starts_with("sys.")) {
        if (std::optional<Edit> unused = RemoveUnusedImport(p, "sys", p.SpanOf(stmt))) edits.push_back(*unused);
      }
      d.WithFix("exit only on failure", Applicability::kSafe, std::move(edits));
    }
  }

 private:
  // The lines of a lone top-level `import NAME` that nothing but `replaced` uses, so that the fix leaves no
  // unused import behind (ruff's F401 would fire next). Any other mention of the name, in code, a comment or
  // a string, keeps the import.
  static std::optional<Edit> RemoveUnusedImport(const Payload& p, std::string_view name, Span replaced) {
    auto lone = std::find_if(p.imports.begin(), p.imports.end(), [&](const ImportStmt& s) {
      return s.top_level && s.from.empty() && s.names.size() == 1 && s.names[0].name == name &&
             s.names[0].alias.empty();
    });
    if (lone == p.imports.end()) return std::nullopt;
    std::string_view text = p.source->text();
    uint32_t begin = p.source->LineStart(lone->line);
    uint32_t end = lone->end_line < p.source->line_count() ? p.source->LineStart(lone->end_line + 1)
                                                           : static_cast<uint32_t>(text.size());
    if (TrimRight(text.substr(begin, end - begin)) != "import " + std::string(name)) return std::nullopt;
    // Alone between blank lines (or first in the file): its blank line after goes too.
    bool blank_before = begin == 0 || TrimRight(p.source->LineText(lone->line - 1)).empty();
    if (blank_before && lone->end_line < p.source->line_count() &&
        TrimRight(p.source->LineText(lone->end_line + 1)).empty())
      end = lone->end_line + 1 < p.source->line_count() ? p.source->LineStart(lone->end_line + 2)
                                                        : static_cast<uint32_t>(text.size());
    auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    for (size_t at = text.find(name); at != std::string_view::npos; at = text.find(name, at + 1)) {
      bool whole =
          (at == 0 || !word(text[at - 1])) && (at + name.size() >= text.size() || !word(text[at + name.size()]));
      bool ours = (at >= begin && at < end) || (at >= replaced.begin && at < replaced.end);
      if (whole && !ours) return std::nullopt;
    }
    return Edit{p.path(), {begin, end}, ""};
  }

  // What a success-path exit costs this payload, by how it is attached; nullopt where it costs nothing
  // (under `mode: env`, or on targets whose Proton front end keeps the capture).
  std::optional<std::string> Consequence(const Payload& p, const std::vector<TritonTarget>& targets) {
    lost_on_targets_.clear();
    auto paired = attach_.find(p.path());
    if (paired != attach_.end() && !paired->second) return std::nullopt;
    std::string how = paired != attach_.end() ? "under 'mode: cli'" : "under Proton's command front end ('mode: cli')";
    if (targets.empty()) return fmt::format("{} on Triton 3.6.x no capture is written (no --triton target given)", how);
    std::vector<const TritonTarget*> lost = TargetsLosingSuccessExit(targets);
    if (lost.empty()) return std::nullopt;
    lost_on_targets_ = JoinNames(lost);
    return fmt::format("{} on Triton {} no capture is written", how, lost_on_targets_);
  }

  std::map<std::string, bool> attach_;  // paired payload -> whether a `mode: cli` recipe launches it
  std::string lost_on_targets_;         // the targets that lose this payload's capture
};

}  // namespace

std::unique_ptr<Rule> MakeSuccessPathSystemExit() { return std::make_unique<SuccessPathSystemExit>(); }

}  // namespace aortalint
