// PAY006: `mode: env` exports a session variable no payload reads.
#include <string>

#include "engine/rule_context.h"
#include "model/recipe.h"
#include "rules/common/paired_proton.h"
#include "rules/common/payload_facts.h"
#include "rules/common/proton_use.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "PAY006",
    .slug = "env-var-not-read",
    .severity = Severity::kWarning,
    .summary = "`mode: env`: the payload never reads a variable the recipe makes aorta export",
    .what =
        "Under proton `mode: env`, aorta exports `AORTA_PROTON_NAME`, `_DIR`, `_CONTEXT` and `_DATA`, plus "
        "`_BACKEND` when a backend is pinned, `_MODE` when a mode knob is set and `_HOOK` when `hook` is set. "
        "Reports each one, except `_DIR`, that no paired payload spells as a constant string; a payload that "
        "reads none of them gets one finding, at `mode`, with a note at each other option that exports one. "
        "`_DIR` is "
        "optional, as in aorta's own contract test: `_NAME` already carries the directory, and the collector "
        "creates it before launch. Strings are resolved: a "
        "literal, a module-level constant joined by an f-string (`f\"{_PREFIX}NAME\"`), `+`, `%` or "
        "`.format`; docstrings and comments do not count, nor does a presence test (`f\"{_PREFIX}NAME\" in "
        "os.environ`), which reads no value. The position is the recipe option that makes "
        "aorta export the variable.",
    .why =
        "In env mode the payload starts the Proton session itself; a variable it never reads is a knob the "
        "recipe configures and the capture silently ignores (a pinned backend that is not used, a session "
        "written to the wrong place). aorta itself runs such a trial (unprofiled, or profiled with its own "
        "defaults), hence a warning, and a deliberate difference from aorta, listed in "
        "[aorta-differences](../aorta-differences.md#the-payload-gate-pay006-pay007); `severity: {PAY006: error}` "
        "makes `aortalint run` refuse such a capture.",
    .facts =
        "aorta's env-mode wrapping (reference/aorta.md §4.2) and its test "
        "`test_env_mode_payload_reads_every_session_variable` (§6.3, `tests/test_examples.py` at 4b4553ef), "
        "which only looks at f-string segments and exempts the `_OPTIONAL_ENV_SUFFIXES` (`DIR`); this rule "
        "resolves the whole name, so a plain literal counts too. On issue 34's wild corpus paired with `mode: env`, "
        "138 findings on 46 files became 46, one per "
        "payload that reads none of the variables.",
    .trial_setup = true,
};

// Whether any payload spells `AORTA_PROTON_<suffix>`.
bool Reads(const std::vector<const Payload*>& payloads, const std::string& suffix) {
  std::string name = "AORTA_PROTON_" + suffix;
  for (const Payload* p : payloads) {
    for (const std::string& s : p->strings)
      if (s == name) return true;
    // f"{prefix}NAME" with a prefix that is not a module constant: aorta's own test counts it.
    for (const std::string& t : p->string_tails)
      if (t == suffix || t == "_" + suffix || t == name) return true;
  }
  return false;
}

// One cause, one finding: a payload that reads none of the variables is told so once, at `mode`,
// with a note at each other option that exports one.
void ReportNoneRead(const Recipe& recipe, const version::ProtonUse& u,
                    const std::vector<std::pair<std::string, std::string_view>>& unread,
                    const std::vector<const Payload*>& payloads, RuleContext& ctx) {
  std::string names = JoinWith(unread, ", ", [](const auto& e) { return "AORTA_PROTON_" + e.first; });
  DiagnosticBuilder d =
      ctx.Report(recipe.source(), u.Where("mode"),
                 "proton 'mode: env' exports {} but {} reads none of them: the session ignores every option aorta "
                 "configures",
                 names, payload::Names(payloads))
          .Help(
              "start the session with proton.start(name=os.environ[\"AORTA_PROTON_NAME\"], "
              "context=os.environ[\"AORTA_PROTON_CONTEXT\"], data=os.environ[\"AORTA_PROTON_DATA\"], ...) and "
              "pass each other exported variable the same way");
  for (const auto& [suffix, option] : unread)
    if (option != "mode")
      d.Note(recipe.source(), u.Where(option), "AORTA_PROTON_" + suffix + " comes from this option");
}

class EnvVarNotRead final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckPairing(const Recipe& recipe, const Pairing& pairing, RuleContext& ctx) override {
    payload::PairedProton paired = payload::PairProton(recipe, pairing, /*env_mode_only=*/true);
    if (!paired) return;
    const std::vector<const Payload*>& payloads = paired.payloads;
    for (const version::ProtonUse& u : paired.uses) {
      std::vector<std::pair<std::string, std::string_view>> exported = {
          {"NAME", "mode"}, {"CONTEXT", "mode"}, {"DATA", "mode"}};  // DIR is optional (NAME holds it)
      if (!u.Value("backend").empty() && u.Value("backend") != "auto") exported.push_back({"BACKEND", "backend"});
      if (std::vector<std::string_view> knobs = u.Knobs(); !knobs.empty()) exported.push_back({"MODE", knobs[0]});
      if (!u.Value("hook").empty()) exported.push_back({"HOOK", "hook"});
      std::vector<std::pair<std::string, std::string_view>> unread;
      for (const auto& entry : exported)
        if (!Reads(payloads, entry.first)) unread.push_back(entry);
      if (unread.empty()) continue;
      if (unread.size() == exported.size() && unread.size() > 1) {
        ReportNoneRead(recipe, u, unread, payloads, ctx);
        continue;
      }
      for (const auto& [suffix, option] : unread) {
        std::string use = "pass it as proton.start(" + StripLower(suffix) + "=...)";
        ctx.Report(recipe.source(), u.Where(option), "proton 'mode: env' exports AORTA_PROTON_{} but {} never reads it",
                   suffix, payload::Names(payloads))
            .Help("read it with os.environ.get(\"AORTA_PROTON_{}\") and {}", suffix, use);
      }
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeEnvVarNotRead() { return std::make_unique<EnvVarNotRead>(); }

}  // namespace aortalint
