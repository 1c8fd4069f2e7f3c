// PAY012: `mode: cli` with a payload that runs its own Proton session.
#include <algorithm>

#include <set>
#include <string>
#include <vector>

#include "engine/rule_context.h"
#include "model/pairing.h"
#include "model/payload.h"
#include "model/python_walk.h"
#include "model/recipe.h"
#include "rules/common/payload_facts.h"
#include "rules/common/proton_use.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "PAY012",
    .slug = "cli-payload-own-session",
    .severity = Severity::kWarning,
    .summary = "`mode: cli` launches a payload that runs its own Proton session",
    .what =
        "Under proton `mode: cli`, reports a paired payload that calls Proton's `start(...)`, `profile` (as a "
        "decorator, with or without arguments, or a call), `activate(...)` or `deactivate(...)` (other than with "
        "session `0`), recognised through the names the imports bind. One finding per payload, at its first such "
        "use; its `finalize()` calls and the `.hatchet` paths it names are attached as notes. It is an error "
        "where the run stops: `profile`, `activate`/`deactivate` of a session other than `0`, or a payload that "
        "names a `.hatchet` (it reads back a file that is never written).",
    .why =
        "aorta's `mode: cli` runs the payload under Proton's front end (`python -m triton.profiler.proton -n "
        "<out>/proton ...`), which starts aorta's session first and marks the process as run from the command "
        "line. The payload's `start()` then returns `None` and does nothing: the name, backend, mode and hook it "
        "passes are ignored, and the file it names is never written. Its `finalize()` finalizes every session, "
        "aorta's included, so the kernels after it are not captured. `profile`'s wrapper, `activate(s)` and "
        "`deactivate(s)` raise `ValueError: Only one session can be ... when running from the command line`, "
        "which stops the script, and the front end then writes no capture at all.",
    .facts =
        "Measured on an NVIDIA H200 with Triton 3.6.0 (fixtures/captures/own-sessions-h200, "
        "`fixtures/gpu/own_sessions.py`), running each payload as aorta's `mode: cli` does: a payload calling "
        "`proton.start(\"own\", backend=\"instrumentation\")`, a kernel, `proton.finalize()`, a second kernel got "
        "`None` from `start`, wrote no `own.hatchet`, and aorta's `proton.hatchet` held the first kernel timed by "
        "CUPTI (`time (ns)`, so the backend was ignored) and not the second; the same payload under plain python "
        "wrote `own.hatchet` with both. `@proton.profile(name=\"own\")`, the call "
        "`proton.profile(fn, name=\"own\")()` and `proton.deactivate(proton.start(...))` each stopped the script "
        "with `Only one session can be deactivated when running from the command line.` (exit 1), "
        "`proton.activate(proton.start(...))` with `... can be activated ...`, and no `.hatchet` was written. "
        "Triton's `profile.py` (read in the 3.0 and 3.8.0 sources) returns early from `start` when the "
        "command-line flag is set, and raises in `activate` and `deactivate` for a session other than 0 "
        "(`finalize(session)` too, where the session is not `None`).",
};

// A call passing session 0, the one session the command line allows.
bool SessionZero(const Payload& p, TSNode call) {
  TSNode args = ts_node_child_by_field_name(call, "arguments", 9);
  return !ts_node_is_null(args) && ts_node_named_child_count(args) == 1 && p.Text(ts_node_named_child(args, 0)) == "0";
}

// `@proton.profile` without arguments is no call: decorators naming Proton's profile.
void BareProfileDecorators(const Payload& p, std::vector<TSNode>& out) {
  for (TSNode d : p.decorators)
    for (TSNode e : NamedChildren(d))
      if ((IsNode(e, "identifier") || IsNode(e, "attribute")) && p.ProtonFunction(p.Text(e)) == "profile")
        out.push_back(e);
}

// Strings naming a `.hatchet` file: not docstrings (the loader leaves them out), not `help=` texts.
void HatchetPaths(const Payload& p, std::vector<TSNode>& out) {
  for (TSNode s : p.string_literals) {
    TSNode parent = ts_node_parent(s);
    bool help = IsNode(parent, "keyword_argument") && p.Text(parent).starts_with("help");
    if (!help && p.Text(s).find(".hatchet") != std::string_view::npos) out.push_back(s);
  }
}

// " (and N more like it)" for a note that stands for `count` places.
std::string More(size_t count) {
  return count > 1 ? " (and " + std::to_string(count - 1) + " more like it)" : std::string();
}

std::string FirstLine(std::string_view text) { return std::string(text.substr(0, text.find('\n'))); }

class CliPayloadOwnSession final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckPairing(const Recipe& recipe, const Pairing& pairing, RuleContext& ctx) override {
    const version::ProtonUse* cli = nullptr;
    std::vector<version::ProtonUse> uses = version::ProtonUses(recipe);
    for (const version::ProtonUse& u : uses)
      if (u.Value("mode") == "cli") cli = &u;
    if (!cli) return;
    for (const Payload* p : payload::ParsedPayloads(pairing))
      if (reported_.insert(p->path()).second) Check(*p, *cli, recipe, ctx);
  }

 private:
  // What Proton's command line does with a session use: "" for start(), else what it raises.
  static std::string Raises(const Payload& p, TSNode use) {
    std::string f =
        p.ProtonFunction(IsNode(use, "call") ? p.Text(ts_node_child_by_field_name(use, "function", 8)) : p.Text(use));
    if (f == "start") return "";
    return std::string("Only one session can be ") + (f == "activate" ? "activated" : "deactivated") +
           " when running from the command line";
  }

  static void Check(const Payload& p, const version::ProtonUse& cli, const Recipe& recipe, RuleContext& ctx) {
    std::vector<TSNode> uses;  // start(), profile, activate(s), deactivate(s)
    std::vector<const CallSite*> finalizes;
    for (const CallSite& c : p.calls) {
      std::string f = p.ProtonFunction(c.callee);
      if (f == "finalize") finalizes.push_back(&c);
      if (f == "start" || f == "profile" || ((f == "activate" || f == "deactivate") && !SessionZero(p, c.node)))
        uses.push_back(c.node);
    }
    BareProfileDecorators(p, uses);
    if (uses.empty()) return;
    std::sort(uses.begin(), uses.end(),
              [](TSNode a, TSNode b) { return ts_node_start_byte(a) < ts_node_start_byte(b); });
    const TSNode* raising = nullptr;  // the first use that stops the script
    for (const TSNode& u : uses)
      if (!raising && !Raises(p, u).empty()) raising = &u;
    std::vector<TSNode> hatchets;
    HatchetPaths(p, hatchets);

    TSNode at = uses.front();
    std::string consequence;
    if (raising && ts_node_eq(*raising, at)) {
      consequence = "it raises ValueError ('" + Raises(p, at) + "')";
    } else {
      consequence = "start() returns None there, ignoring the name, backend, mode and hook it passes";
      if (raising) consequence += ", and '" + FirstLine(p.Text(*raising)) + "' raises ValueError";
    }
    if (raising) consequence += ": the script stops and no capture is written";
    DiagnosticBuilder d = ctx.Report(p.source, p.SpanOf(at),
                                     "'{}' runs the payload's own Proton session, but under 'mode: cli' Proton's "
                                     "front end already runs aorta's: {}",
                                     FirstLine(p.Text(at)), consequence)
                              .Help("{}",
                                    "let the CLI profile the payload (drop its start(), profile, activate(), "
                                    "deactivate() and finalize()), or keep the session and use 'proton: {mode: "
                                    "env}', passing AORTA_PROTON_NAME as start(name=...)");
    d.Note(recipe.source(), cli.Where("mode"),
           cli.Written("mode") ? "mode: cli is set here" : "this proton collector runs in mode: cli, the default");
    if (raising && !ts_node_eq(*raising, at))
      d.Note(p.source, p.SpanOf(*raising), "this raises ValueError ('" + Raises(p, *raising) + "')");
    // The first finalize() and the first .hatchet stand for the others (a test file has dozens).
    if (!finalizes.empty())
      d.Note(p.source, finalizes.front()->span,
             "this finalize() ends aorta's session too: kernels launched after it are not captured" +
                 More(finalizes.size()));
    if (!hatchets.empty())
      d.Note(p.source, p.SpanOf(hatchets.front()),
             "this .hatchet is never written under the CLI (aorta's capture is <output>/proton.hatchet): reading it "
             "fails" +
                 More(hatchets.size()));
    if (raising || !hatchets.empty()) d.WithSeverity(Severity::kError);
  }

  std::set<std::string> reported_;  // payloads already reported (a payload paired twice)
};

}  // namespace

std::unique_ptr<Rule> MakeCliPayloadOwnSession() { return std::make_unique<CliPayloadOwnSession>(); }

}  // namespace aortalint
