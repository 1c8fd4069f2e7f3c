#include "emit/recipe_schema.h"

#include <set>

namespace aortalint {
namespace {

using nlohmann::json;

json Str(std::string_view description) { return {{"type", "string"}, {"description", description}}; }
json PositiveInt(std::string_view description) {
  return {{"type", "integer"}, {"minimum", 1}, {"description", description}};
}
json StringList(std::string_view description, bool nonempty) {
  json j = {{"type", "array"}, {"items", {{"type", "string"}}}, {"description", description}};
  if (nonempty) j["minItems"] = 1;
  return j;
}
json StringMap(std::string_view description) {
  return {{"type", "object"}, {"additionalProperties", {{"type", "string"}}}, {"description", description}};
}

std::string Alternation(const std::vector<std::string>& values) {
  std::string out;
  for (const std::string& v : values) out += (out.empty() ? "" : "|") + v;
  return out;
}

// An option value: always a YAML string (aorta rejects anything else), drawn
// from the option's domain where it has one.
json OptionSchema(const OptionSpec& o) {
  json j = {{"type", "string"}, {"description", o.doc}};
  if (o.default_value) j["default"] = *o.default_value;
  if (o.tokens) {
    std::string one = "(" + Alternation(o.domain) + ")";
    j["pattern"] = "^[\\s,]*" + one + "([\\s,]+" + one + ")*[\\s,]*$";
    j["examples"] = o.domain;
  } else if (!o.by_backend.empty()) {
    std::set<std::string> all;
    for (const auto& [backend, modes] : o.by_backend) all.insert(modes.begin(), modes.end());
    j["enum"] = std::vector<std::string>(all.begin(), all.end());
  } else if (!o.domain.empty()) {
    j["enum"] = o.domain;
  } else if (o.nonempty) {
    j["pattern"] = "\\S";
  }
  return j;
}

json CollectSchema(const Knowledge& k, bool allow_null) {
  std::vector<std::string> names;
  json by_name = json::object();
  for (const CollectorSpec& c : k.collectors) {
    names.push_back(c.name);
    json options = {{"type", "object"}, {"description", c.summary}};
    if (c.any_options) {
      options["additionalProperties"] = {{"type", "string"}};
    } else {
      options["properties"] = json::object();
      for (const OptionSpec& o : c.options) options["properties"][o.name] = OptionSchema(o);
      options["additionalProperties"] = false;
    }
    by_name[c.name] = {{"description", c.summary}, {"oneOf", json::array({{{"type", "null"}}, options})}};
  }
  json forms = json::array({
      {{"type", "array"}, {"items", {{"enum", names}}}, {"description", "collector names, no options"}},
      {{"type", "object"}, {"properties", by_name}, {"additionalProperties", false},
       {"description", "collector name -> null or its options (string values)"}},
  });
  if (allow_null) forms.push_back({{"type", "null"}, {"description", "no collectors"}});
  return {{"description", "profilers to run around each trial"}, {"oneOf", forms}};
}

json EnvironmentSchema(const Knowledge& k) {
  json named = {{"type", "string"}, {"description", "a registered environment"}};
  if (!k.environments.empty()) named["examples"] = k.environments;
  json inline_env = {{"type", "object"},
                     {"properties", {{"docker", {{"type", "string"}, {"minLength", 1}}},
                                     {"env", StringMap("variables set in the container")}}},
                     {"required", {"docker"}},
                     {"additionalProperties", false}};
  return {{"description", "where the cell runs"}, {"oneOf", json::array({named, inline_env})}};
}

}  // namespace

json RecipeSchema(const Knowledge& k) {
  std::vector<std::string> mitigations;
  for (const auto& [name, vars] : k.mitigations) mitigations.push_back(name);
  json mitigation_list = StringList("mitigation names (built-in, or declared by a plugin)", true);
  mitigation_list["items"]["examples"] = mitigations;

  json cell = {
      {"type", "object"},
      {"properties",
       {{"name", {{"type", "string"}, {"pattern", "^[A-Za-z0-9_][A-Za-z0-9_.\\-]*$"}, {"description", "unique cell name"}}},
        {"mitigations", mitigation_list},
        {"environment", EnvironmentSchema(k)},
        {"extra_env", StringMap("environment variables for this cell (override the recipe's)")},
        {"trials", PositiveInt("trials for this cell")},
        {"steps", PositiveInt("steps for this cell")},
        {"workload_config", {{"type", "object"}, {"description", "workload overrides ('steps' and '_aorta_*' are reserved)"}}},
        {"collect", CollectSchema(k, false)}}},
      {"required", {"name", "mitigations", "environment"}},
      {"additionalProperties", false}};

  json verdict = {{"enum", {"fail", "pass", "error"}}};
  json retain_level = {{"enum", {"full", "summary", "log", "none"}}};
  json properties = {
      {"schema_version", {{"const", 1}, {"description", "recipe format version; must be 1"}}},
      {"mode", {{"enum", {"triage", "probe"}}, {"default", "triage"}, {"description", "triage: a matrix of cells; probe: mitigation x diagnostic axes around an opaque command"}}},
      {"ticket", Str("ticket the output is filed under")},
      {"trials", PositiveInt("trials per cell")},
      {"confound", {{"type", "object"},
                    {"properties", {{"threshold", {{"type", "number"}, {"exclusiveMinimum", 0}, {"default", 1.15}}},
                                    {"baseline_cell", Str("the cell others are compared with")}}},
                    {"additionalProperties", false}}},
      {"collect", CollectSchema(k, true)},
      {"stop_after", {{"type", "object"},
                      {"properties", {{"events", PositiveInt("stop after this many events")},
                                      {"max_trials", PositiveInt("hard cap on trials (required with events)")},
                                      {"event_verdict", verdict}}},
                      {"additionalProperties", false}}},
      {"workload", {{"type", "string"}, {"minLength", 1}, {"description", "the workload to run (triage)"}}},
      {"steps", PositiveInt("steps per trial (triage)")},
      {"cells", {{"type", "array"}, {"minItems", 1}, {"items", cell}, {"description", "the matrix cells (triage)"}}},
      {"workload_config", {{"type", "object"}, {"description", "workload settings ('steps' and '_aorta_*' are reserved)"}}},
      {"save_logs", {{"type", "boolean"}, {"default", false}}},
      {"extra_env", StringMap("environment variables for every cell")},
      {"trial_isolation", {{"enum", {"auto", "in_process", "process"}}, {"default", "auto"}}},
      {"mitigation_axis", mitigation_list},
      {"diagnostic_axis", mitigation_list},
      {"step_time_regex", {{"type", {"string", "null"}}, {"description", "Python regex that finds step times in the output (probe)"}}},
      {"collect_paths", StringList("extra paths to collect after each trial (probe)", false)},
      {"timeout_per_trial", {{"type", {"number", "null"}}, {"exclusiveMinimum", 0}, {"description", "seconds; null for no limit (probe)"}}},
      {"env_passthrough_mode", {{"enum", {"inherit", "file"}}, {"default", "inherit"}}},
      {"custom_patterns", {{"description", "custom detector patterns (probe)"}}},
      {"hang_window_sec", {{"type", "number"}, {"exclusiveMinimum", 0}, {"default", 30.0}}},
      {"hang_grace_period_at_start", {{"type", "number"}, {"minimum", 0}, {"default", 60.0}}},
      {"tier3_vram_growth", {{"type", "boolean"}, {"default", true}}},
      {"disable_detectors", StringList("detector ids, e.g. tier2:hang (probe)", false)},
      {"disable_detector_tiers", StringList("detector tiers (probe)", false)},
      {"retain", {{"type", "object"},
                  {"properties", {{"on_fail", retain_level}, {"on_pass", retain_level}, {"on_error", retain_level}}},
                  {"additionalProperties", false}}},
  };
  json probe = {{"properties", {{"mode", {{"const", "probe"}}}}}, {"required", {"mode"}}};
  return {{"$schema", "http://json-schema.org/draft-07/schema#"},
          {"$id", "aortalint-recipe.schema.json"},
          {"title", "aorta profiling recipe"},
          {"description", "Generated by `aortalint schema`; aortalint check is the authority."},
          {"type", "object"},
          {"properties", properties},
          {"additionalProperties", false},
          {"if", probe},
          {"then", {{"required", {"schema_version", "trials", "mitigation_axis", "diagnostic_axis"}}}},
          {"else", {{"required", {"schema_version", "workload", "trials", "steps", "cells"}}}}};
}

}  // namespace aortalint
