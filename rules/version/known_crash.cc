// VER005: a combination a target Triton version crashes on or refuses.
#include "engine/rule_context.h"
#include "rules/common/proton_use.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "VER005",
    .slug = "known-crash",
    .severity = Severity::kError,
    .summary = "a Proton configuration a target Triton version is known to crash on or refuse",
    .what =
        "With target versions known, reports a proton collector whose effective options match a "
        "crash or a refusal recorded for a target version in the knowledge table (`failures` of kind "
        "crash or refusal), counting only the options that reach that version's Proton.",
    .why =
        "aorta validates these options against its own domains, which are version-blind: the "
        "recipe loads, and the trial dies on the GPU (roctracer + `periodic_flushing` is a SIGSEGV "
        "on 3.7.x; any `granularity`, `warp` included, raises on 3.7.1: Proton compares the rendered "
        "string with `GRANULARITY.WARP`).",
    .facts =
        "Triton version table, rows `roctracer + periodic_flushing` and `granularity string` "
        "(reference/aorta.md §3); the data is rules/knowledge/triton.yaml.",
};

// The user's values for the options a failure names: "backend 'roctracer' with backend_mode 'x'".
std::string Combination(const TritonFailure& f, const version::ProtonUse& p) {
  std::string out;
  for (const auto& [option, values] : f.when)
    if (option != "mode") out += (out.empty() ? "" : " with ") + option + " '" + p.Value(option) + "'";
  if (f.when.count("mode")) out += " under 'mode: " + p.Value("mode") + "'";
  return out;
}

// Points at a written mode knob first, then any other written option of the failure.
Span Primary(const TritonFailure& f, const version::ProtonUse& p) {
  for (std::string_view k : version::kModeKnobs)
    if (f.when.count(std::string(k)) && p.Written(k)) return p.Where(k);
  for (const auto& [option, values] : f.when)
    if (p.Written(option)) return p.Where(option);
  return p.Where("backend");
}

class KnownCrash final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    version::VersionCheck v = version::StartVersionCheck(recipe, ctx);
    if (!v) return;
    const std::vector<TritonTarget>& targets = v.targets;
    const TritonTable& table = *v.table;
    for (const version::ProtonUse& p : v.uses) {
      // One diagnostic per recorded outcome, naming every target that shows it.
      std::vector<std::pair<const TritonFailure*, std::vector<const TritonTarget*>>> found;
      for (const TritonTarget& t : targets) {
        ProtonOptions reaching = p.Reaching(*t.row);
        for (const TritonFailure& f : t.row->failures) {
          if (f.kind == "empty" || !f.Matches(reaching)) continue;
          auto g = std::find_if(found.begin(), found.end(), [&](const auto& x) {
            return x.first->outcome == f.outcome && x.first->when == f.when;
          });
          if (g == found.end())
            found.push_back({&f, {&t}});
          else
            g->second.push_back(&t);
        }
      }
      for (const auto& [f, on] : found) {
        // Only releases after the newest failing one: older rows record nothing either way.
        const TritonRow* newest =
            (*std::max_element(on.begin(), on.end(), [](auto* a, auto* b) { return a->row < b->row; }))->row;
        std::string works = version::RowsWhere(table, [&](const TritonRow& r) {
          if (&r <= newest) return false;
          ProtonOptions reaching = p.Reaching(r);
          if (!r.HasBackend(reaching.count("backend") ? reaching.at("backend") : "auto") &&
              p.Value("backend") != "auto")
            return false;
          return std::none_of(r.failures.begin(), r.failures.end(),
                              [&](const TritonFailure& g) { return g.kind != "empty" && g.Matches(reaching); });
        });
        ctx.Report(recipe.source(), Primary(*f, p), "{} {} on triton {} ({})", Combination(*f, p),
                   f->kind == "crash" ? "crashes" : "is refused", JoinNames(on), f->outcome)
            .Help("{}", works.empty() ? std::string("change one of these options")
                                      : "change one of these options, or target " + works + " where it runs");
      }
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeKnownCrash() { return std::make_unique<KnownCrash>(); }

}  // namespace aortalint
