// PAY013: `mode: env` with a payload whose finalize() does not run when the work raises.

#include <set>
#include <string>
#include <vector>

#include "engine/rule_context.h"
#include "model/pairing.h"
#include "model/payload.h"
#include "model/python_walk.h"
#include "model/recipe.h"
#include "rules/common/paired_proton.h"
#include "rules/common/payload_facts.h"
#include "rules/common/proton_use.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "PAY013",
    .slug = "env-finalize-not-guaranteed",
    .severity = Severity::kWarning,
    .summary = "`mode: env`: the payload's `finalize()` does not run when the work raises",
    .what =
        "Under proton `mode: env`, reports a paired payload that calls Proton's `start(...)` (or `profile(fn, ...)`, "
        "which starts a session) and `finalize()` "
        "where no `finalize()` is guaranteed to run: none is in a `finally:` block or an `except` handler, in a "
        "context manager's `__exit__`, in a function called from one of those, or registered with "
        "`atexit.register` (as a call or a decorator), unless the first `finalize()` directly follows `start()`. "
        "One finding per payload, at its first `finalize()`. A "
        "payload with no `start()` or no `finalize()` is PAY007's. Payloads checked without a `mode: env` "
        "recipe are not reported: under `mode: cli` Proton's front end owns the session, and alone the "
        "attach mode is unknown.",
    .why =
        "In env mode the payload owns aorta's session: Proton writes the capture only in `finalize()`. An "
        "exception between `start()` and `finalize()` ends the process first, and the trial loses the whole "
        "capture, also the kernels that ran before the error.",
    .facts =
        "Measured on an NVIDIA H200 with Triton 3.6.0 (fixtures/captures/own-sessions-h200, "
        "`fixtures/gpu/own_sessions.py`), with `AORTA_PROTON_NAME` exported as aorta's `mode: env` does: a payload "
        "that starts the session, runs a kernel and raises before `finalize()` exits 1 and writes no `.hatchet`; "
        "with `finalize()` in `finally:`, or registered with `atexit.register(proton.finalize)`, the same payload "
        "exits 1 and writes an 857-byte `proton.hatchet` holding the kernel. aorta's env-mode example payloads "
        "call `proton.finalize()` in a `finally` block (reference/aorta.md §6.3). The fix wraps the statements "
        "between `start()` and `finalize()` in `try:` and moves `finalize()` into `finally:`; it is offered only "
        "when both are statements of one block, and is unsafe when a statement between them returns, yields, "
        "or breaks or continues a loop around them (`finalize()` then runs there too).",
    .fix = FixAvailability::kSometimes,
};

std::string_view FunctionName(const Payload& p, TSNode def) {
  TSNode name = ts_node_child_by_field_name(def, "name", 4);
  return ts_node_is_null(name) ? "" : p.Text(name);
}

// What `atexit.register(...)` calls register: the text of their first argument.
std::vector<std::string_view> AtExitTargets(const Payload& p) {
  std::vector<std::string_view> out;
  for (const CallSite& c : p.calls) {
    if (c.callee != "atexit.register") continue;
    TSNode args = ts_node_child_by_field_name(c.node, "arguments", 9);
    if (!ts_node_is_null(args) && ts_node_named_child_count(args) > 0)
      out.push_back(p.Text(ts_node_named_child(args, 0)));
  }
  return out;
}

// Whether `fn` is registered with atexit: `atexit.register(fn)` or `@atexit.register` above its def.
bool AtExit(const Payload& p, std::string_view fn, TSNode def) {
  for (std::string_view target : AtExitTargets(p))
    if (target == fn) return true;
  TSNode decorated = ts_node_parent(def);
  if (ts_node_is_null(decorated) || !IsNode(decorated, "decorated_definition")) return false;
  for (TSNode d : NamedChildren(decorated))
    if (p.Text(d) == "@atexit.register") return true;
  return false;
}

// Whether the call at `node` runs also when the work raises: in a `finally:` or an `except`
// handler, in `__exit__`, in a function registered with atexit or called from such a place.
bool Guaranteed(const Payload& p, TSNode node, int depth) {
  for (TSNode n = ts_node_parent(node); !ts_node_is_null(n); n = ts_node_parent(n)) {
    if (IsNode(n, "finally_clause") || IsNode(n, "except_clause")) return true;
    if (!IsNode(n, "function_definition")) continue;
    std::string_view name = FunctionName(p, n);
    if (name == "__exit__" || name == "__aexit__" || AtExit(p, name, n)) return true;
    if (depth == 0) return false;
    for (const CallSite& c : p.calls)  // a helper that finalizes, called where it is guaranteed
      if ((c.callee == name || c.callee.ends_with("." + std::string(name))) && Guaranteed(p, c.node, depth - 1))
        return true;
    return false;
  }
  return false;
}

// `atexit.register(proton.finalize)`: Proton's finalize itself runs at exit.
bool FinalizeAtExit(const Payload& p) {
  for (std::string_view target : AtExitTargets(p))
    if (p.ProtonFunction(target) == "finalize") return true;
  return false;
}

// The statement a call is the whole of (`f()`, `s = f()`), or a null node.
TSNode StatementOf(TSNode call) {
  TSNode parent = ts_node_parent(call);
  if (IsNode(parent, "assignment")) parent = ts_node_parent(parent);
  return IsNode(parent, "expression_statement") ? parent : TSNode{};
}

// Whether the subtree makes control leave the block early: a return or yield outside nested
// functions and classes, a break or continue outside a loop of its own.
bool LeavesEarly(TSNode n, bool in_loop) {
  if (IsNode(n, "function_definition") || IsNode(n, "class_definition") || IsNode(n, "lambda")) return false;
  if (IsNode(n, "return_statement") || IsNode(n, "yield")) return true;
  if (IsNode(n, "break_statement") || IsNode(n, "continue_statement")) return !in_loop;
  in_loop = in_loop || IsNode(n, "for_statement") || IsNode(n, "while_statement");
  for (TSNode child : NamedChildren(n))
    if (LeavesEarly(child, in_loop)) return true;
  return false;
}

// Whether a string spans lines in the subtree (re-indenting would change its value).
bool MultilineString(TSNode n) {
  bool found = false;
  WalkNamed(n, [&](TSNode node) {
    if (found || !IsNode(node, "string")) return !found;
    found = ts_node_start_point(node).row != ts_node_end_point(node).row;
    return false;
  });
  return found;
}

// Whether `finalize` directly follows `start` in one block, comments aside: nothing between can raise.
bool Adjacent(TSNode start, TSNode finalize) {
  if (ts_node_is_null(start) || ts_node_is_null(finalize)) return false;
  TSNode s = ts_node_next_named_sibling(start);
  while (!ts_node_is_null(s) && IsNode(s, "comment")) s = ts_node_next_named_sibling(s);
  return ts_node_eq(s, finalize);
}

// The fix: the statements between `start` and `finalize` (siblings of one block) go into
// `try:`, and `finalize()` into `finally:`.
void AddFix(const Payload& p, TSNode start, TSNode finalize, DiagnosticBuilder& d) {
  TSNode block = ts_node_parent(start);
  if (ts_node_is_null(block) || !ts_node_eq(block, ts_node_parent(finalize))) return;
  bool early = false;
  for (TSNode s = ts_node_next_named_sibling(start); !ts_node_eq(s, finalize); s = ts_node_next_named_sibling(s)) {
    if (ts_node_is_null(s) || MultilineString(s)) return;
    early = early || LeavesEarly(s, /*in_loop=*/false);
  }
  std::string_view text = p.source->text();
  uint32_t from = ts_node_end_byte(start);
  size_t eol = text.find('\n', from);
  uint32_t at = ts_node_start_byte(finalize);
  size_t line_start = text.rfind('\n', at - 1) + 1;
  if (eol == std::string_view::npos || text.substr(from, eol - from).find_first_not_of(" \t\r") != std::string::npos)
    return;  // something after start() on its line
  std::string indent(text.substr(line_start, at - line_start));
  if (indent.find_first_not_of(" \t") != std::string::npos) return;  // finalize() is not first on its line
  std::string step = indent.find('\t') != std::string::npos ? "\t" : "    ";
  std::string newline = eol > 0 && text[eol - 1] == '\r' ? "\r\n" : "\n";
  std::string out = indent + "try:" + newline;
  for (size_t pos = eol + 1; pos < line_start;) {
    size_t end = text.find('\n', pos) + 1;
    std::string_view line = text.substr(pos, end - pos);
    out += (line.find_first_not_of(" \t\r\n") == std::string_view::npos ? "" : step) + std::string(line);
    pos = end;
  }
  out += indent + "finally:" + newline + indent + step + std::string(p.Text(finalize));
  d.WithFix("run finalize() in a finally block", early ? Applicability::kUnsafe : Applicability::kSafe,
            {{p.path(), {static_cast<uint32_t>(eol + 1), ts_node_end_byte(finalize)}, out}});
}

class EnvFinalizeNotGuaranteed final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckPairing(const Recipe& recipe, const Pairing& pairing, RuleContext& ctx) override {
    payload::PairedProton paired = payload::PairProton(recipe, pairing, /*env_mode_only=*/true);
    if (!paired) return;
    for (const Payload* p : paired.payloads) {
      const CallSite* start = nullptr;
      const CallSite* finalize = nullptr;
      bool guaranteed = FinalizeAtExit(*p);
      for (const CallSite& c : p->calls) {
        std::string f = p->ProtonFunction(c.callee);
        if ((f == "start" || f == "profile") && !start) start = &c;  // profile(fn)() starts one too
        if (f != "finalize") continue;
        if (!finalize) finalize = &c;
        guaranteed = guaranteed || Guaranteed(*p, c.node, /*depth=*/2);
      }
      if (!start || !finalize || guaranteed) continue;
      TSNode start_stmt = StatementOf(start->node), finalize_stmt = StatementOf(finalize->node);
      if (Adjacent(start_stmt, finalize_stmt) || !reported_.insert(p->path()).second) continue;
      DiagnosticBuilder d =
          ctx.Report(p->source, finalize->span,
                     "under proton 'mode: env' the payload writes aorta's capture only in '{}', which does not "
                     "run when the work raises: the trial then loses the whole capture",
                     p->Text(finalize->node))
              .Help("call finalize() in a finally block (or register it with atexit.register)");
      d.Note(p->source, start->span, "the session starts here");
      d.Note(recipe.source(), paired.uses.front().Where("mode"), "mode: env is set here");
      if (!ts_node_is_null(start_stmt) && !ts_node_is_null(finalize_stmt) &&
          ts_node_start_byte(start_stmt) < ts_node_start_byte(finalize_stmt))
        AddFix(*p, start_stmt, finalize_stmt, d);
    }
  }

 private:
  std::set<std::string> reported_;  // payloads already reported (a payload paired twice)
};

}  // namespace

std::unique_ptr<Rule> MakeEnvFinalizeNotGuaranteed() { return std::make_unique<EnvFinalizeNotGuaranteed>(); }

}  // namespace aortalint
