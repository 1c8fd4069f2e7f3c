#include "engine/settings.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "base/json_text.h"
#include "engine/selection.h"
#include "load/knowledge_loader.h"

namespace aortalint {

std::optional<std::string> SettingsRequest::NormalizeAndCheck() {
  std::pair<const char*, std::vector<std::string>*> lists[] = {
      {"--select", &select}, {"--extend-select", &extend_select}, {"--ignore", &ignore}, {"--unfixable", &unfixable}};
  for (auto& [flag, list] : lists)
    for (std::string& selector : *list) {
      selector = NormalizeSelector(selector);
      if (selector.empty())
        return fmt::format("{} has an empty rule ID; write IDs or prefixes separated by commas (PAY001,COL)", flag);
      if (std::optional<UnknownSelector> unknown = CheckSelector(selector))
        return fmt::format(
            "{} '{}' names no rule{}", flag, selector,
            unknown->suggestion ? "; did you mean '" + *unknown->suggestion + "'?" : " (`aortalint rules` lists them)");
    }
  if (!aorta.empty() && !BuiltinAortaTable().Find(aorta))
    return fmt::format("--aorta '{}' is not an aorta version aortalint knows; write one of the commits {}, or newest",
                       aorta, BuiltinAortaTable().Commits());
  return std::nullopt;
}

AnalysisSettings BuildSettings(const SettingsRequest& request, const Config& config) {
  AnalysisSettings s;
  // Selection: the config's layer, then the command line's over it.
  std::vector<SelectionLayer> layers = {{config.select, config.extend_select, config.ignore}};
  if (!request.select.empty() || !request.extend_select.empty() || !request.ignore.empty())
    layers.push_back(
        {request.select.empty() ? std::nullopt : std::optional(request.select), request.extend_select, request.ignore});
  s.selection = RuleSelection(std::move(layers), config.severity);
  s.per_file_ignores = config.per_file_ignores;

  // Rule settings: targets, declared names, the knowledge tables.
  s.rules.triton = request.triton.empty() ? config.triton : request.triton;
  if (config.triton_table) s.rules.triton_table = config.triton_table.get();
  s.rules.mitigations.insert(config.mitigations.begin(), config.mitigations.end());
  s.rules.environments.insert(config.environments.begin(), config.environments.end());
  s.rules.mitigations_closed = config.mitigations_closed;
  s.rules.collect = request.collect;
  s.rules.aorta = request.aorta.empty() ? config.aorta : request.aorta;
  s.allow_suppressions = config.allow_suppressions && !request.ignore_suppressions;
  s.config_path = config.path;
  s.knowledge_path = config.triton_table ? config.knowledge : "";

  // What these settings were read from: the config chain and the knowledge table.
  s.dependencies = config.sources;
  if (!config.knowledge.empty()) s.dependencies.push_back(config.knowledge);
  return s;
}

namespace {

nlohmann::json ToJson(const AnalysisSettings& s) {
  nlohmann::json pfi = nlohmann::json::array();
  for (const PerFileIgnore& p : s.per_file_ignores) pfi.push_back({p.base_dir, p.glob, p.selectors});
  // The tables by identity: the built-in ones are part of the binary (in the cache key's
  // binary stamp); a config's table is a file, recorded as a dependency of every entry.
  nlohmann::json layers = nlohmann::json::array();
  for (const SelectionLayer& l : s.selection.layers())
    layers.push_back({{"select", l.select ? nlohmann::json(*l.select) : nlohmann::json(nullptr)},
                      {"extend-select", l.extend_select},
                      {"ignore", l.ignore}});
  return {{"selection", layers},
          {"severity", s.selection.severity()},
          {"per-file-ignores", pfi},
          {"triton", s.rules.triton},
          {"aorta", s.rules.aorta.empty() ? BuiltinAortaTable().Newest().commit : s.rules.aorta},
          {"knowledge", s.knowledge_path.empty() ? "(built-in)" : s.knowledge_path},
          {"mitigations", s.rules.mitigations},
          {"environments", s.rules.environments},
          {"mitigations-closed", s.rules.mitigations_closed},
          {"collect", s.rules.collect ? nlohmann::json(*s.rules.collect) : nlohmann::json(nullptr)},
          {"allow-suppressions", s.allow_suppressions},
          {"config", s.config_path.empty() ? "(none)" : s.config_path},
          {"dependencies", s.dependencies}};
}

}  // namespace

// Two settings that differ only in the bytes JsonText replaces get one fingerprint; the cache
// stores no entry whose files have such a path, so they never share one.
std::string SettingsFingerprint(const AnalysisSettings& settings) { return JsonText(ToJson(settings)); }

std::string DescribeSettings(const AnalysisSettings& settings, const std::string& path) {
  nlohmann::json j = ToJson(settings);
  std::string out = fmt::format("Settings for {}\n", path);
  for (const auto& [key, value] : j.items()) {
    std::string shown = value.is_string() ? value.get<std::string>() : JsonText(value);
    out += fmt::format("  {:<20} {}\n", key, shown);
  }
  return out;
}

}  // namespace aortalint
