// ATT001: proton `mode: cli` (the default) pinning a backend aorta refuses to pin there.
#include <algorithm>
#include <string>

#include "base/strings.h"
#include "engine/rule_context.h"
#include "model/recipe.h"
#include "rules/common/collector_options.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "ATT001",
    .slug = "cli-pinned-roctracer",
    .severity = Severity::kError,
    .summary = "proton `mode: cli` (or no mode) with `backend: roctracer`",
    .what =
        "Reports a proton block of a probe recipe that pins `backend: roctracer` while its attach mode is `cli`, "
        "written or by default (a triage recipe is never wrapped: ATT003 says so). Offers an unsafe fix that "
        "switches to `mode: env` (replacing `cli`, or adding the key in the block's own layout); unsafe because "
        "the payload must then start the Proton session itself.",
    .why =
        "aorta loads the recipe, then refuses the trial when it wraps the command. Proton's command front end "
        "selects its backend only when `-b` is absent, so on Triton <= 3.7 a pinned roctracer attaches too "
        "early and the run exits 0 with an empty ROOT tree; aorta refuses it rather than measure nothing.",
    .facts =
        "aorta's `wrap_argv` refuses `mode: cli` with `roctracer` before looking at the command "
        "(reference/aorta.md §2.4, §4.1); on Triton 3.7 `-b roctracer` under `mode: cli` gives a 160-byte "
        "empty tree (§3). The refused set depends on the aorta version (the `aorta` setting; "
        "`cli_refused_backends` in `rules/knowledge/aorta.yaml`): roctracer from c6f5573a (the newest), "
        "rocprofiler and roctracer at c141f983, none at d1d8ec27; the message names the version judged.",
    .fix = FixAvailability::kAlways,
    .trial_setup = true,
};

class CliPinnedRoctracer final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    // Only the probe flow wraps a command; a triage trial runs in-process and is never refused (ATT003).
    if (recipe.mode() != RecipeMode::kProbe) return;
    const AortaVersion& aorta = ctx.Aorta();
    const std::vector<std::string>& refused = aorta.cli_refused_backends;
    for (const CheckedCollector& c : CollectorsNamed(recipe, "proton")) {
      std::optional<std::string> mode = ValidValue(*c.use, *c.spec, "mode");
      std::optional<std::string> backend = ValidValue(*c.use, *c.spec, "backend");
      const yaml::Entry* backend_entry = OptionEntry(*c.use, "backend");
      if (mode != "cli" || !backend || !backend_entry ||
          std::find(refused.begin(), refused.end(), *backend) == refused.end())
        continue;
      const SourcePtr& file = recipe.source();
      const yaml::Entry* mode_entry = OptionEntry(*c.use, "mode");
      std::string why = "aorta " + aorta.commit +
                        " refuses the trial when it wraps the command, and on Triton <= 3.7 Proton's front end would "
                        "record an empty tree";
      std::string help = "use 'mode: env' and start the session in the payload, or leave the backend as auto";
      if (mode_entry) {
        ctx.Report(file, mode_entry->value->span, "proton mode {} cannot pin backend {}: {}", mode_entry->value->Repr(),
                   backend_entry->value->Repr(), why)
            .Help(help)
            .Note(file, backend_entry->value->span, "the backend is pinned here")
            .WithFix("switch to mode: env", Applicability::kUnsafe, {ReplaceMode(*file, *mode_entry->value)});
      } else {
        ctx.Report(file, backend_entry->value->span,
                   "proton runs in mode 'cli' by default, which cannot pin backend {}: {}",
                   backend_entry->value->Repr(), why)
            .Help(help)
            .WithFix("add mode: env", Applicability::kUnsafe, {InsertMode(*file, *c.use->options)});
      }
    }
  }

 private:
  // `cli` -> `env`, in the quotes it was written in.
  static Edit ReplaceMode(const SourceFile& file, const yaml::Node& value) {
    std::string_view text = file.Slice(value.span);
    std::string_view quote;
    if (!value.plain && !text.empty() && (text[0] == '"' || text[0] == '\'')) quote = text.substr(0, 1);
    return Edit{file.path(), value.span, Wrapped("env", quote)};
  }

  // `mode: env` as the mapping's first entry, in its flow or block layout.
  static Edit InsertMode(const SourceFile& file, const yaml::Node& options) {
    uint32_t at = options.entries.front().key->span.begin;
    if (options.flow) return Edit{file.path(), Span{at, at}, "mode: env, "};
    uint32_t line_start = file.LineStart(file.Locate(at).line);
    return Edit{file.path(), Span{at, at}, "mode: env\n" + std::string(at - line_start, ' ')};
  }
};

}  // namespace

std::unique_ptr<Rule> MakeCliPinnedRoctracer() { return std::make_unique<CliPinnedRoctracer>(); }

}  // namespace aortalint
