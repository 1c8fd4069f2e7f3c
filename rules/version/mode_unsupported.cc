// VER002: a backend mode a target Triton version does not support.
#include "engine/rule_context.h"
#include "rules/common/proton_use.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "VER002",
    .slug = "mode-unsupported",
    .severity = Severity::kError,
    .summary = "the backend mode is not supported by the pinned backend in a target Triton version",
    .what =
        "With target versions known, reports a `backend_mode` that the pinned backend of a target "
        "version does not accept, when the mode reaches Proton (`mode: env`, or `mode: cli` on a "
        "version whose CLI forwards `--mode`).",
    .why =
        "aorta accepts `rocprofiler` + `pcsampling` at load (it is in the option's domain), but "
        "Triton 3.8.0's rocprofiler backend raises `ValueError: [PROTON] RocprofSDKProfiler: "
        "unsupported mode: pcsampling` when the session starts; only post-3.8 builds have it.",
    .facts =
        "Triton version table, row `rocprofiler + pcsampling` (reference/aorta.md §3); §7.1: the "
        "amd-rocprofiler example loads but needs post-3.8 main at run time.",
};

class ModeUnsupported final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    version::VersionCheck v = version::StartVersionCheck(recipe, ctx);
    if (!v) return;
    const std::vector<TritonTarget>& targets = v.targets;
    const TritonTable& table = *v.table;
    const OptionSpec* spec =
        ctx.knowledge().Collector("proton") ? ctx.knowledge().Collector("proton")->Option("backend_mode") : nullptr;
    for (const version::ProtonUse& p : v.uses) {
      const std::string& backend = p.Value("backend");
      const std::string& mode = p.Value("backend_mode");
      if (mode.empty() || !spec) continue;
      // Outside aorta's own domain is COL008's finding.
      auto domain = spec->by_backend.find(backend);
      if (domain == spec->by_backend.end() ||
          std::find(domain->second.begin(), domain->second.end(), mode) == domain->second.end())
        continue;
      std::vector<const TritonTarget*> refusing;
      std::string error;
      for (const TritonTarget& t : targets) {
        if (!t.row->HasBackend(backend) || !p.Reaching(*t.row).count("backend_mode")) continue;  // VER001, VER003
        std::vector<std::string> modes = t.row->Modes(backend);
        if (std::find(modes.begin(), modes.end(), mode) != modes.end()) continue;
        refusing.push_back(&t);
        if (auto e = t.row->mode_errors.find(backend); e != t.row->mode_errors.end()) error = e->second;
      }
      if (refusing.empty()) continue;
      std::string has = version::RowsWhere(table, [&](const TritonRow& r) {
        std::vector<std::string> m = r.Modes(backend);
        return std::find(m.begin(), m.end(), mode) != m.end();
      });
      ctx.Report(recipe.source(), p.Where("backend_mode"),
                 "backend_mode '{}' is not supported by backend '{}' on triton {}{}", mode, backend,
                 JoinNames(refusing), error.empty() ? "" : " (" + error + ")")
          .Help("{}", has.empty() ? std::string("drop backend_mode") : "target " + has + ", or drop backend_mode");
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeModeUnsupported() { return std::make_unique<ModeUnsupported>(); }

}  // namespace aortalint
