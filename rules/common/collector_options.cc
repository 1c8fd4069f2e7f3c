#include "rules/common/collector_options.h"

#include <algorithm>
#include <cctype>

#include "base/strings.h"
#include "python/str.h"

namespace aortalint {
namespace {

// A knob option that is written must itself be valid before checks 5-8 read it.
bool WrittenAndValid(const CollectorUse& use, const CollectorSpec& spec, std::string_view option) {
  return OptionEntry(use, option) && ValidValue(use, spec, option);
}

bool WrittenButInvalid(const CollectorUse& use, const CollectorSpec& spec, std::string_view option) {
  return OptionEntry(use, option) && !ValidValue(use, spec, option);
}

}  // namespace

std::vector<std::string> SplitTokens(std::string_view text) {
  // aorta lowercases the whole value, then splits on commas and Python whitespace.
  std::vector<std::string> out;
  for (std::string& t : PySplitTokens(PyLower(text)))
    if (!Contains(out, t)) out.push_back(std::move(t));
  return out;
}

DomainProblem CheckDomain(const OptionSpec& spec, std::string_view text) {
  DomainProblem problem;
  if (spec.tokens) {
    std::vector<std::string> tokens = SplitTokens(text);
    problem.empty = tokens.empty();
    for (const std::string& t : tokens)
      if (!spec.any && !Contains(spec.domain, t)) problem.outside.push_back(t);
  } else if (spec.any) {
    problem.empty = spec.nonempty && StripLower(text).empty();
  } else if (!spec.domain.empty()) {
    std::string value = StripLower(text);
    if (!Contains(spec.domain, value)) problem.outside.push_back(value);
  }
  return problem;
}

const yaml::Entry* OptionEntry(const CollectorUse& use, std::string_view option) {
  return use.options && use.options->is_map() ? use.options->Find(option) : nullptr;
}

std::optional<std::string> ValidValue(const CollectorUse& use, const CollectorSpec& spec, std::string_view option) {
  const OptionSpec* o = spec.Option(option);
  if (!o) return std::nullopt;
  const yaml::Entry* e = OptionEntry(use, option);
  if (!e) return o->default_value;
  if (!e->value->is_str() || !CheckDomain(*o, e->value->text).ok()) return std::nullopt;
  return StripLower(e->value->text);
}

std::vector<CheckedCollector> CollectorsNamed(const Recipe& recipe, std::string_view name) {
  std::vector<CheckedCollector> out;
  for (const CollectScope& scope : recipe.scopes()) {
    if (!scope.well_formed) continue;
    for (const CollectorUse& use : scope.collectors) {
      if (!name.empty() && use.name != name) continue;
      const CollectorSpec* spec = recipe.knowledge().Collector(use.name);
      if (spec && !spec->any_options) out.push_back({&scope, &use, spec});
    }
  }
  return out;
}

KnobProblem FirstKnobProblem(const CollectorUse& proton, const CollectorSpec& spec) {
  // A wrong value among the ones read here is reported by COL003/COL005 first.
  for (std::string_view o : {"backend", "instrumentation_mode", "granularity"})
    if (WrittenButInvalid(proton, spec, o)) return KnobProblem::kNone;
  const yaml::Entry* backend_mode = OptionEntry(proton, "backend_mode");
  if (backend_mode && !backend_mode->value->is_str()) return KnobProblem::kNone;
  bool instrumentation_knob =
      WrittenAndValid(proton, spec, "instrumentation_mode") || WrittenAndValid(proton, spec, "granularity");
  if (backend_mode && instrumentation_knob) return KnobProblem::kConflict;
  std::string backend = ValidValue(proton, spec, "backend").value_or("auto");
  if (instrumentation_knob && backend != "instrumentation") return KnobProblem::kNeedsInstrumentation;
  if (!backend_mode) return KnobProblem::kNone;
  const OptionSpec* o = spec.Option("backend_mode");
  if (!o) return KnobProblem::kNone;
  auto domain = o->by_backend.find(backend);
  if (domain == o->by_backend.end()) return KnobProblem::kNeedsExplicitBackend;
  if (!Contains(domain->second, StripLower(backend_mode->value->text))) return KnobProblem::kBackendModeOutside;
  return KnobProblem::kNone;
}

std::optional<QueueConflict> FindQueueConflict(const CollectScope& scope, const Knowledge& knowledge) {
  const CollectorUse* rocprof = scope.Find("rocprof");
  const CollectorUse* proton = scope.Find("proton");
  const CollectorSpec* spec = knowledge.Collector("proton");
  if (!rocprof || !proton || !spec || !scope.well_formed) return std::nullopt;
  std::optional<std::string> backend = ValidValue(*proton, *spec, "backend");
  if (!backend || !knowledge.IsQueueIntercepting(*backend)) return std::nullopt;
  return QueueConflict{rocprof, proton, *backend};
}

std::vector<const yaml::Entry*> NoMetricValues(const Recipe& recipe, std::string_view collector,
                                               std::string_view option) {
  std::vector<const yaml::Entry*> out;
  for (const CheckedCollector& c : CollectorsNamed(recipe, collector)) {
    const OptionSpec* spec = c.spec->Option(option);
    const yaml::Entry* e = OptionEntry(*c.use, option);
    if (!spec || spec->metrics.empty() || !e || !ValidValue(*c.use, *c.spec, option)) continue;
    std::vector<std::string> values =
        spec->tokens ? SplitTokens(e->value->text) : std::vector<std::string>{StripLower(e->value->text)};
    bool yields =
        std::any_of(values.begin(), values.end(), [&](const std::string& v) { return Contains(spec->metrics, v); });
    if (!yields) out.push_back(e);
  }
  return out;
}

}  // namespace aortalint
