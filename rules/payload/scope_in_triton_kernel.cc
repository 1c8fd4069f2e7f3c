// PAY011: an intra-kernel scope call inside a plain @triton.jit kernel, under
// `backend: instrumentation`, on a Triton whose Proton accepts them only in Gluon kernels.
#include <algorithm>

#include <set>
#include <string>
#include <utility>

#include "base/strings.h"
#include "engine/rule_context.h"
#include "model/pairing.h"
#include "model/payload.h"
#include "model/recipe.h"
#include "model/triton.h"
#include "rules/common/payload_facts.h"
#include "rules/common/proton_use.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "PAY011",
    .slug = "scope-in-triton-kernel",
    .severity = Severity::kWarning,
    .summary = "an intra-kernel scope inside a plain `@triton.jit` kernel, where only Gluon kernels accept one",
    .what =
        "Reports a call of `triton.profiler.language`'s `enter_scope`, `exit_scope` or `scope` inside a "
        "function decorated with `@triton.jit` (not `@gluon.jit`) in a payload paired with a recipe whose "
        "proton collector uses `backend: instrumentation`, unless the payload calls "
        "`enable_semantic(\"triton\")` where it runs when the script does: in module-level code, the "
        "`if __name__ == \"__main__\":` block and any other top-level `if` included, or unconditionally in a "
        "function that module-level code calls (`main()` from the guard). One finding per kernel, at its first "
        "scope call, with the kernel's other scope calls as notes (one fix covers them all). It is an error when a "
        "target Triton is one "
        "whose "
        "Proton accepts scopes only in Gluon kernels (`kernel_scopes: gluon` in the Triton table: 3.6.x and current "
        "development "
        "builds); with no target set, or only targets the table has not read, it is a warning.",
    .why =
        "On Triton 3.6.0 the kernel does not compile: `TypeError: Unsupported semantic type: <class "
        "'triton.language.semantic.TritonSemantic'>. Supported semantics are: {<class "
        "'triton.experimental.gluon.language._semantic.GluonSemantic'>}` (seen on a real H200), so the trial "
        "fails before any cycle is recorded. Proton enables only the Gluon semantic by default because Triton's "
        "compiler rewrites (pipelining, reordering, duplication) can make scopes in Triton-language kernels "
        "misleading; `triton.profiler.language.enable_semantic(\"triton\")` opts in anyway.",
    .facts =
        "Seen on an NVIDIA H200 with Triton 3.6.0 through `aortalint run` (fixtures/captures/cycles-h200: "
        "`jit_scopes` fails to compile, `jit_scopes_enabled` records cycles after `enable_semantic(\"triton\")`, "
        "the Gluon payload records cycles); issue 34, on the same H200 with Triton 3.6.0: a @triton.jit kernel "
        "compiled and recorded cycles when the script called `enable_semantic(\"triton\")` in its `__main__` "
        "block, under Proton's command front end as under python; Triton 3.6.0's `triton/profiler/language.py` sets "
        "`_SEMANTICS = {_ALL_SEMANTICS[\"gluon\"]}`. 3.7.x and 3.8.0 are `unknown` in the table.",
};

enum class Kernel { kNone, kTriton, kGluon };

// Local names bound to the triton module (`import triton`, `import triton as tt`)
// and to triton.jit itself (`from triton import jit`).
struct TritonNames {
  std::set<std::string> modules;
  std::set<std::string> jit;
};

TritonNames NamesOf(const Payload& p) {
  TritonNames out;
  for (const ImportStmt& s : p.imports) {
    if (s.level) continue;
    for (const ImportedName& n : s.names) {
      std::string local = n.alias.empty() ? n.name : n.alias;
      if (s.from.empty() && n.name == "triton") out.modules.insert(local);
      if (s.from.empty() && n.alias.empty() && n.name.rfind("triton.", 0) == 0) out.modules.insert("triton");
      if (s.from == "triton" && n.name == "jit") out.jit.insert(local);
    }
  }
  return out;
}

// What a decorator makes of the function: `@triton.jit`, `@triton.jit(...)`,
// `@jit` (from triton) are Triton kernels; anything naming gluon is Gluon.
Kernel KernelOf(const Payload& p, TSNode decorator, const TritonNames& names) {
  std::string text(p.Text(decorator));
  if (!text.empty() && text[0] == '@') text.erase(0, 1);
  text = text.substr(0, text.find('('));
  while (!text.empty() && (text.back() == ' ' || text.back() == '\n')) text.pop_back();
  if (text.find("gluon") != std::string::npos) return Kernel::kGluon;
  if (names.jit.count(text)) return Kernel::kTriton;
  size_t dot = text.rfind('.');
  if (dot != std::string::npos && text.substr(dot + 1) == "jit" && names.modules.count(text.substr(0, dot)))
    return Kernel::kTriton;
  return Kernel::kNone;
}

// The innermost function around `node`, if a plain Triton kernel: its name.
std::optional<std::string> TritonKernelAround(const Payload& p, TSNode node, const TritonNames& names) {
  for (TSNode n = ts_node_parent(node); !ts_node_is_null(n); n = ts_node_parent(n)) {
    if (!IsNode(n, "function_definition")) continue;
    TSNode def = ts_node_parent(n);
    if (ts_node_is_null(def) || !IsNode(def, "decorated_definition")) return std::nullopt;
    Kernel kind = Kernel::kNone;
    for (uint32_t i = 0; i < ts_node_named_child_count(def); ++i) {
      TSNode d = ts_node_named_child(def, i);
      if (!IsNode(d, "decorator")) continue;
      Kernel k = KernelOf(p, d, names);
      if (k == Kernel::kGluon) return std::nullopt;
      if (k == Kernel::kTriton) kind = k;
    }
    if (kind != Kernel::kTriton) return std::nullopt;
    TSNode name = ts_node_child_by_field_name(n, "name", 4);
    return std::string(ts_node_is_null(name) ? "?" : p.Text(name));
  }
  return std::nullopt;
}

// Whether a function of this name is called at module load (from the `__main__` guard, say).
bool CalledAtLoad(const Payload& p, std::string_view name) {
  for (const CallSite& c : p.calls)
    if (!c.in_function && c.callee == name) return true;
  return false;
}

// Whether an enable_semantic("triton") call runs when the script does: anywhere in module-level code,
// control flow included (the `__main__` guard runs under Proton's command front end as under python),
// or unconditionally in a function that module-level code calls. Under an `if` inside a function
// (like fixtures/gpu/jit_scopes.py's opt-in) it may not run.
bool Runs(const Payload& p, const CallSite& c) {
  if (!c.in_function) return true;
  for (TSNode n = ts_node_parent(c.node); !ts_node_is_null(n); n = ts_node_parent(n)) {
    if (IsNode(n, "if_statement") || IsNode(n, "conditional_expression")) return false;
    if (!IsNode(n, "function_definition")) continue;
    TSNode name = ts_node_child_by_field_name(n, "name", 4);
    TSNode outer = ts_node_parent(n);
    bool top = !ts_node_is_null(outer) && (IsNode(outer, "module") || IsNode(outer, "decorated_definition"));
    return top && !ts_node_is_null(name) && CalledAtLoad(p, p.Text(name));
  }
  return false;
}

bool EnablesTritonSemantic(const Payload& p) {
  for (const CallSite& c : p.calls) {
    if (p.ProtonFunction(c.callee) != "enable_semantic") continue;
    std::string_view text = p.Text(c.node);
    if (text.find("\"triton\"") == std::string_view::npos && text.find("'triton'") == std::string_view::npos) continue;
    if (Runs(p, c)) return true;
  }
  return false;
}

// The calls of triton.profiler.language's enter_scope, exit_scope and scope (not Proton's host-side
// triton.profiler.scope, which is no intra-kernel scope).
std::vector<const CallSite*> ScopeCalls(const Payload& p) {
  std::vector<const CallSite*> out;
  for (const CallSite& c : p.calls) {
    std::string f = p.ProtonFunction(c.callee);
    if (f != "enter_scope" && f != "exit_scope" && f != "scope") continue;
    size_t dot = c.callee.rfind('.');
    bool language = dot == std::string::npos ? f != "scope" : p.language_modules.count(c.callee.substr(0, dot)) > 0;
    if (language) out.push_back(&c);
  }
  return out;
}

class ScopeInTritonKernel final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckPairing(const Recipe& recipe, const Pairing& pairing, RuleContext& ctx) override {
    const version::ProtonUse* instrumented = nullptr;
    std::vector<version::ProtonUse> uses = version::ProtonUses(recipe);
    for (const version::ProtonUse& u : uses)
      if (u.Value("backend") == "instrumentation") instrumented = &u;
    if (!instrumented) return;
    std::vector<TritonTarget> targets = ctx.TritonTargets();
    std::vector<const TritonTarget*> gluon_only = TargetsWithGluonOnlyScopes(targets);
    bool all_accept = !targets.empty();
    for (const TritonTarget& t : targets) all_accept = all_accept && t.row->kernel_scopes == "any";
    if (all_accept) return;
    std::string where = gluon_only.empty()
                            ? (targets.empty() ? std::string("no target Triton is set; on 3.6.x")
                                               : "the table has not read " + JoinNamesOf(targets) + "; on 3.6.x")
                            : "on " + JoinNames(gluon_only);

    for (const Payload* p : payload::ParsedPayloads(pairing)) {
      if (EnablesTritonSemantic(*p)) continue;
      // One finding per kernel (one fix: Gluon, or the opt-in), at its first scope call; the others are notes.
      std::vector<std::pair<std::string, std::vector<const CallSite*>>> kernels;
      TritonNames names = NamesOf(*p);
      for (const CallSite* c : ScopeCalls(*p)) {
        std::optional<std::string> kernel = TritonKernelAround(*p, c->node, names);
        if (!kernel) continue;
        auto it = std::find_if(kernels.begin(), kernels.end(), [&](const auto& k) { return k.first == *kernel; });
        if (it == kernels.end()) it = kernels.insert(kernels.end(), {*kernel, {}});
        it->second.push_back(c);
      }
      for (const auto& [kernel, calls] : kernels) {
        const CallSite& c = *calls[0];
        if (!reported_.insert({p->path(), c.span.begin}).second) continue;
        std::string_view text = p->Text(c.node);
        DiagnosticBuilder d =
            ctx.Report(p->source, c.span,
                       "'{}' is inside the @triton.jit kernel '{}', and {} Proton accepts intra-kernel scopes only in "
                       "Gluon kernels (the kernel fails to compile: 'Unsupported semantic type ... TritonSemantic')",
                       text.substr(0, text.find('\n')), kernel, where)
                .Help(
                    "write '{}' with @gluon.jit (triton.experimental.gluon), or call "
                    "triton.profiler.language.enable_semantic(\"triton\") before it compiles",
                    kernel);
        d.Note(recipe.source(), instrumented->Where("backend"), "backend: instrumentation is set here");
        for (size_t i = 1; i < calls.size(); ++i) d.Note(p->source, calls[i]->span, "another scope in this kernel");
        if (!gluon_only.empty()) d.WithSeverity(Severity::kError);
      }
    }
  }

 private:
  static std::string JoinNamesOf(const std::vector<TritonTarget>& targets) {
    return JoinWith(targets, ", ", [](const TritonTarget& t) { return t.Name(); });
  }
  std::set<std::pair<std::string, uint32_t>> reported_;  // (payload, first call offset) already reported
};

}  // namespace

std::unique_ptr<Rule> MakeScopeInTritonKernel() { return std::make_unique<ScopeInTritonKernel>(); }

}  // namespace aortalint
