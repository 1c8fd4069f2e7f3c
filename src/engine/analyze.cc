#include "engine/analyze.h"

#include <algorithm>

#include "engine/config.h"
#include "engine/suppression.h"
#include "model/hip.h"
#include "model/payload.h"
#include "model/recipe.h"

namespace aortalint {
namespace {

// A recipe (or named file) that could not be read or parsed at all: nothing else was checked, so
// saying so does not depend on the selection, as ruff always reports a syntax error.
bool IsLoadFailure(const AnalysisUnit& unit, std::string_view rule) {
  const RuleMeta* meta = FindRule(rule);
  return unit.recipe && !unit.recipe->ok() && meta && meta->reported_on_load_failure;
}

}  // namespace

std::vector<Diagnostic> Analyze(const AnalysisUnit& unit, const AnalysisSettings& settings) {
  std::vector<std::unique_ptr<Rule>> rules;
  for (RuleFactory make : AllRules()) {
    std::unique_ptr<Rule> rule = make();
    if (settings.selection.Enabled(rule->Meta().id) || IsLoadFailure(unit, rule->Meta().id))
      rules.push_back(std::move(rule));
  }

  std::vector<Diagnostic> found;
  RuleContext context(settings.rules, found);
  auto each_rule = [&](auto&& check) {
    for (const std::unique_ptr<Rule>& rule : rules) {
      context.set_rule(&rule->Meta());
      check(*rule);
    }
  };

  if (unit.recipe) {
    const YamlDocument& doc = *unit.recipe;
    each_rule([&](Rule& r) { r.CheckDocument(doc, context); });
    if (doc.ok()) {
      Recipe recipe(doc, *settings.rules.knowledge, settings.rules.collect);
      bool sanitizer = recipe.mode() == RecipeMode::kSanitizer;
      auto recipe_rule = [&](auto&& check) {
        each_rule([&](Rule& r) {
          // aorta reads a `mode: sanitizer` recipe with its own loader, which knows nothing of cells,
          // collectors or payload attach: only the rules that say so judge one.
          if (!sanitizer || r.Meta().reads_sanitizer_recipes) check(r);
        });
      };
      recipe_rule([&](Rule& r) { r.CheckRecipe(recipe, context); });
      if (unit.pairing) recipe_rule([&](Rule& r) { r.CheckPairing(recipe, *unit.pairing, context); });
    }
  }
  for (const std::shared_ptr<const Payload>& payload : unit.payloads)
    each_rule([&](Rule& r) { r.CheckPayload(*payload, context); });
  for (const std::shared_ptr<const HipPayload>& hip : unit.hip_payloads)
    if (hip->hip) each_rule([&](Rule& r) { r.CheckHip(*hip, context); });

  // The unit's own files, so unused suppressions are found even where nothing fired.
  std::vector<SourcePtr> sources;
  if (unit.recipe) sources.push_back(unit.recipe->source);
  for (const std::shared_ptr<const Payload>& payload : unit.payloads) sources.push_back(payload->source);
  for (const std::shared_ptr<const HipPayload>& hip : unit.hip_payloads)
    if (hip->hip && hip->read_error.empty()) sources.push_back(hip->source);
  found = ApplySuppressions(std::move(found), sources,
                            {&settings.selection, settings.allow_suppressions, settings.config_path});

  std::vector<Diagnostic> out;
  out.reserve(found.size());
  for (Diagnostic& d : found) {
    std::optional<Severity> severity = settings.selection.SeverityOf(d.rule, d.severity);
    bool forced = IsLoadFailure(unit, d.rule) && d.where.path() == unit.recipe->source->path();
    if (forced) {
      if (!settings.selection.Enabled(d.rule) || !severity) severity = d.severity;  // on, whatever the selection
    } else if (!severity) {
      continue;
    }
    if (!forced && std::any_of(settings.per_file_ignores.begin(), settings.per_file_ignores.end(),
                               [&](const PerFileIgnore& p) { return p.Silences(d.where.path(), d.rule); }))
      continue;
    d.severity = *severity;
    out.push_back(std::move(d));
  }
  std::stable_sort(out.begin(), out.end(), DiagnosticLess);
  out.erase(std::unique(out.begin(), out.end(),
                        [](const Diagnostic& a, const Diagnostic& b) {
                          return a.rule == b.rule && a.where.path() == b.where.path() && a.where.span == b.where.span &&
                                 a.message == b.message;
                        }),
            out.end());
  return out;
}

}  // namespace aortalint
