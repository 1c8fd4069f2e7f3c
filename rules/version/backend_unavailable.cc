// VER001: the pinned backend does not exist in a target Triton version.
#include "engine/rule_context.h"
#include "rules/common/proton_use.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "VER001",
    .slug = "backend-unavailable",
    .severity = Severity::kError,
    .summary = "the pinned Proton backend does not exist in a target Triton version",
    .what =
        "With target versions known (`--triton` or the config's `triton:`), reports a `proton` "
        "collector whose `backend` is not one of that version's backends, naming every target at "
        "fault. It also notes, as an info, a target version newer or older than the knowledge "
        "table, and which row it was checked as.",
    .why =
        "Before Triton 3.8.0 Proton's command front end offers `-b cupti|roctracer|instrumentation` "
        "only: `-b rocprofiler` stops in argparse (`invalid choice: 'rocprofiler'`) before the payload "
        "runs, and a payload that starts the session itself finds no such backend. The trial fails "
        "with nothing captured.",
    .facts =
        "Triton version table, rows `-b choices` and `explicit rocprofiler` (reference/aorta.md §3); "
        "the data is rules/knowledge/triton.yaml.",
};

class BackendUnavailable final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    version::VersionCheck v = version::StartVersionCheck(recipe, ctx);
    if (!v) return;
    const std::vector<TritonTarget>& targets = v.targets;
    const std::vector<version::ProtonUse>& uses = v.uses;
    for (const TritonTarget& t : targets)
      if (!t.note.empty())
        ctx.Report(recipe.source(), uses.front().Where("backend"), t.note)
            .Help(t.note_help)
            .WithSeverity(Severity::kInfo);

    const TritonTable& table = *v.table;
    for (const version::ProtonUse& p : uses) {
      const std::string& backend = p.Value("backend");
      if (backend.empty() || backend == "auto") continue;
      std::vector<const TritonTarget*> missing;
      for (const TritonTarget& t : targets)
        if (!t.row->HasBackend(backend)) missing.push_back(&t);
      if (missing.empty()) continue;
      std::string where = p.Value("mode") == "env"
                              ? "the payload's proton.start(backend='" + backend + "') has no such backend"
                              : "argparse rejects '-b " + backend + "' (invalid choice) before the payload runs";
      std::string has = version::RowsWhere(table, [&](const TritonRow& r) { return r.HasBackend(backend); });
      ctx.Report(recipe.source(), p.Where("backend"), "backend '{}' does not exist on triton {}: {}", backend,
                 JoinNames(missing), where)
          .Help("{}", has.empty() ? std::string("pick another backend")
                                  : "target a version that has it (" + has + ") or pick another backend");
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeBackendUnavailable() { return std::make_unique<BackendUnavailable>(); }

}  // namespace aortalint
