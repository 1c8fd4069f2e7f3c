// RCP007: a known key whose value has the wrong type or is out of its domain.
#include <algorithm>
#include <map>

#include <fmt/ranges.h>

#include "base/edit_distance.h"
#include "engine/rule_context.h"
#include "load/knowledge_loader.h"
#include "python/regex.h"
#include "python/sandbox.h"
#include "python/str.h"
#include "rules/recipe/recipe_schema.h"

namespace aortalint {
namespace {

namespace rs = recipe_schema;

constexpr RuleMeta kMeta{
    .id = "RCP007",
    .slug = "invalid-value",
    .severity = Severity::kError,
    .summary = "a known recipe key holds a value of the wrong type or outside its domain",
    .what =
        "Checks the value of every known key of the recipe's mode and of each triage cell, as aorta's loader "
        "does: positive ints (`trials`, `steps`, `stop_after.events`/`max_trials`, cell `trials`/`steps`), "
        "numbers with bounds (`confound.threshold` > 0, `timeout_per_trial` > 0 or null, `hang_window_sec` > 0, "
        "`hang_grace_period_at_start` >= 0), booleans (`save_logs`, `tier3_vram_growth`), strings (`ticket`, "
        "a non-empty `workload`, `confound.baseline_cell`), enums (`trial_isolation`, `env_passthrough_mode`, "
        "`retain.*`), lists of strings (the axes, `collect_paths`, `disable_detectors`, a cell's "
        "`mitigations`), the shape of `extra_env` ({str: str}), `workload_config` (a mapping with str keys), "
        "`confound`/`stop_after`/`retain`/`redaction` (mappings), a cell's `environment` (a name, or an inline "
        "`{docker: non-empty str, env: {str: str}}`), and that `step_time_regex` compiles as a Python `re` "
        "pattern. It checks inside `redaction` (`scrub_env_keys` a list of str, `scrub_paths` and "
        "`scrub_ip_addresses` booleans), each `custom_patterns` entry (a non-empty list; a unique non-empty "
        "`id`; `match.regex` non-empty and compiling as Python `re`; `on_match` fail, warn or info; "
        "`required_for_pass` a boolean that needs `on_match: fail`), and the tokens of `disable_detector_tiers` "
        "(tier1..tier5, any case) and `disable_detectors` (`<tier>:<id>` from aorta's detector catalogue, or "
        "`custom:<id>`). As in aorta, an explicit null counts as absent for `hang_window_sec`, "
        "`hang_grace_period_at_start`, `timeout_per_trial`, `trial_isolation`, `env_passthrough_mode`, "
        "`confound.baseline_cell` and a cell's `trials`/`steps`, and `.nan` passes the `> 0` bounds (aorta "
        "tests `x <= 0`, which is false for NaN). A custom pattern's `condition` is checked "
        "as aorta's sandbox checks it, and `category` against aorta's autopsy categories. Ints reject booleans and "
        "`1e3` is a string, as in PyYAML. Other rules own the remaining "
        "checks: `schema_version` (RCP005), `mode` (RCP006), `cells` and cell names (RCP008), `collect` (COL), "
        "`event_verdict` and stop_after's bounds (RCP012), `extra_env` names and NULs (RCP014), empty "
        "mitigation lists (RCP016).",
    .why =
        "aorta refuses the whole recipe on the first bad value (`recipe.trials: must be a positive int`, "
        "`recipe.timeout_per_trial: must be > 0 when set`, `recipe.step_time_regex: invalid regex`), and YAML "
        "1.1 typing makes some of them easy to write by accident: `save_logs: \"yes\"` is a string, "
        "`trials: yes` a boolean, `timeout_per_trial: 1e3` a string.",
    .facts =
        "The key table of reference/aorta.md §1.3 (types, bounds, error texts) and the cell keys of §1.4; "
        "PyYAML's typing in §1.1 (`isinstance(x, bool)` is tested before int). The `condition` check follows "
        "aorta's `probe/sandbox.py` (`validate_and_compile`: str.strip(), 256 code points, `ast.parse` in eval "
        "mode, its node/name/call allow-lists (no `**`, `*` or `%`; a `capture[...]` index is a str literal), ints "
        "below 10**9); two approximations: non-ASCII identifiers are "
        "refused (Python would NFKC-fold them, possibly onto an allowed name), and a `\\N{...}` escape is "
        "accepted when its name is shaped like a Unicode name (not looked up). `category` is checked as aorta's "
        "`probe/classifier/tier5_custom.py` at 2ec42330 checks it: present means a str in "
        "`aorta.agent.llm.AUTOPSY_CATEGORIES` at that commit (the eight probe categories and the evidence-only "
        "gpu_race, numeric_silent, tooling_gap), so a null is refused; tier5_custom.py at fd6359cf, older, "
        "refused `category` as an unknown key.",
    .aorta_refuses_at_load = true,
};

class InvalidValue final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }

  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    if (!recipe.root().is_map()) return;
    recipe_ = &recipe;
    ctx_ = &ctx;
    auto top = [&](std::string_view key) { return rs::TopInMode(recipe, key); };

    if (const yaml::Entry* e = top("ticket"); e && !e->value->is_null() && !e->value->is_str())
      Bad(*e, "recipe.ticket must be a string, got {}", Got(*e->value)).Help("quote it or remove the key");
    PositiveInt(top("trials"), "recipe.trials");
    PositiveInt(top("steps"), "recipe.steps");
    if (const yaml::Entry* e = top("workload")) {
      if (!e->value->is_str())
        Bad(*e, "recipe.workload must be a workload name (a string), got {}", Got(*e->value));
      else if (e->value->text.empty())
        Bad(*e, "recipe.workload is empty").Help("name the registered workload the cells run");
    }
    Confound(top("confound"));
    StopAfter(top("stop_after"));
    WorkloadConfig(top("workload_config"), "recipe.workload_config");
    Bool(top("save_logs"), "recipe.save_logs");
    Bool(top("tier3_vram_growth"), "recipe.tier3_vram_growth");
    ExtraEnv(top("extra_env"), "recipe.extra_env");
    // An explicit null is the default to aorta (`data.get(key) or default`).
    for (std::string_view key : {"trial_isolation", "env_passthrough_mode"})
      if (const yaml::Entry* e = top(key); e && !e->value->is_null())
        Enum(e, "recipe." + std::string(key), BuiltinRecipeKeys().TopLevel(key)->Domain());
    StringList(top("mitigation_axis"), "recipe.mitigation_axis", false);
    StringList(top("diagnostic_axis"), "recipe.diagnostic_axis", false);
    StringList(top("collect_paths"), "recipe.collect_paths", true);
    StringList(top("disable_detectors"), "recipe.disable_detectors", true);
    StringList(top("disable_detector_tiers"), "recipe.disable_detector_tiers", true);
    StepTimeRegex(top("step_time_regex"));
    Number(top("timeout_per_trial"), "recipe.timeout_per_trial", /*allow_zero=*/false, /*allow_null=*/true);
    Number(top("hang_window_sec"), "recipe.hang_window_sec", false, true);
    Number(top("hang_grace_period_at_start"), "recipe.hang_grace_period_at_start", true, true);
    Retain(top("retain"));
    Redaction(top("redaction"));
    CustomPatterns(top("custom_patterns"));
    DetectorTiers(top("disable_detector_tiers"));
    DetectorIds(top("disable_detectors"));

    if (const yaml::Node* cells = rs::TriageCellList(recipe))
      for (size_t i = 0; i < cells->items.size(); ++i)
        if (cells->items[i]->is_map()) Cell(*cells->items[i], "cells[" + std::to_string(i) + "]");
  }

 private:
  static std::string Got(const yaml::Node& v) { return std::string(v.TypeName()) + " " + v.Repr(); }

  template <typename... T>
  DiagnosticBuilder Bad(const yaml::Entry& e, fmt::format_string<T...> format, T&&... args) {
    return ctx_->Report(recipe_->source(), rs::ValueOrKey(e), fmt::vformat(format, fmt::make_format_args(args...)));
  }
  template <typename... T>
  DiagnosticBuilder BadNode(const yaml::Node& n, fmt::format_string<T...> format, T&&... args) {
    return ctx_->Report(recipe_->source(), n.span, fmt::vformat(format, fmt::make_format_args(args...)));
  }

  void PositiveInt(const yaml::Entry* e, std::string_view label, bool allow_null = false) {
    if (e && !(allow_null && e->value->is_null()) && !rs::IsPositiveInt(*e->value))
      Bad(*e, "{} must be a positive integer, got {}", label, Got(*e->value))
          .Help("write a whole number such as 3, unquoted");
  }

  void Bool(const yaml::Entry* e, std::string_view label) {
    if (e && e->value->kind != yaml::Kind::kBool)
      Bad(*e, "{} must be a boolean, got {}", label, Got(*e->value)).Help("write true or false, unquoted");
  }

  void Number(const yaml::Entry* e, std::string_view label, bool allow_zero, bool allow_null) {
    if (!e || (allow_null && e->value->is_null())) return;
    const yaml::Node& v = *e->value;
    double x = v.kind == yaml::Kind::kInt ? static_cast<double>(v.integer) : v.number;
    std::string_view bound = allow_zero ? ">= 0" : "> 0";
    if (!v.is_number())
      Bad(*e, "{} must be a number {}{}, got {}", label, bound, allow_null ? " or null" : "", Got(v))
          .Help(v.is_str() ? "write a plain unquoted number such as 1000 or 1.0e+3 (PyYAML reads 1e3 as a string)"
                           : "write a number such as 1000");
    else if (allow_zero ? x < 0 : x <= 0)  // as aorta compares: NaN passes
      Bad(*e, "{} must be {}, got {}", label, bound, v.Repr())
          .Help(!allow_null                            ? fmt::format("write a number {}", bound)
                : label.ends_with("timeout_per_trial") ? "use null (or remove the key) for no limit"
                                                       : "use null (or remove the key) for aorta's default");
  }

  void Enum(const yaml::Entry* e, std::string_view label, std::span<const std::string_view> domain) {
    if (!e) return;
    const yaml::Node& v = *e->value;
    if (v.is_str() && std::ranges::find(domain, v.text) != domain.end()) return;
    std::string names;
    for (std::string_view d : domain) names += (names.empty() ? "'" : ", '") + std::string(d) + "'";
    Bad(*e, "{} must be one of {}, got {}", label, names, v.Repr())
        .Help(v.is_str() ? DidYouMeanOr(v.text, domain, "write one of them") : "write one of them");
  }

  // A list of strings; `allow_null` for optional lists that default to empty.
  // An empty mitigation axis is RCP016's.
  void StringList(const yaml::Entry* e, std::string_view label, bool allow_null) {
    if (!e || (allow_null && e->value->is_null())) return;
    const yaml::Node& v = *e->value;
    if (!v.is_seq()) {
      Bad(*e, "{} must be a list of strings, got {}", label, Got(v))
          .Help("write [{}]", v.is_scalar() && !v.is_null() ? v.Repr() : "...");
      return;
    }
    for (const yaml::NodePtr& item : v.items)
      if (!item->is_str()) BadNode(*item, "{} must hold only strings, got {}", label, Got(*item)).Help("quote it");
  }

  void Confound(const yaml::Entry* e) {
    if (!e || e->value->is_null()) return;
    if (!e->value->is_map()) {
      Bad(*e, "recipe.confound must be a mapping such as {{threshold: 1.15}}, got {}", Got(*e->value));
      return;
    }
    Number(e->value->Find("threshold"), "recipe.confound.threshold", false, false);
    if (const yaml::Entry* b = e->value->Find("baseline_cell"); b && !b->value->is_null() && !b->value->is_str())
      Bad(*b, "recipe.confound.baseline_cell must be a cell name (a string), got {}", Got(*b->value));
  }

  void StopAfter(const yaml::Entry* e) {
    if (!e || e->value->is_null()) return;
    if (!e->value->is_map()) {
      Bad(*e, "recipe.stop_after must be a mapping {{events, max_trials, event_verdict}}, got {}", Got(*e->value));
      return;
    }
    PositiveInt(e->value->Find("events"), "recipe.stop_after.events");
    PositiveInt(e->value->Find("max_trials"), "recipe.stop_after.max_trials");
  }

  void Retain(const yaml::Entry* e) {
    if (!e || e->value->is_null()) return;
    if (!e->value->is_map()) {
      Bad(*e, "recipe.retain must be a mapping of on_fail/on_pass/on_error to a retention level, got {}",
          Got(*e->value));
      return;
    }
    const KeyDoc& retain = *BuiltinRecipeKeys().TopLevel("retain");
    for (std::string_view key : KeyNames(retain.keys))
      Enum(e->value->Find(key), "recipe.retain." + std::string(key), retain.Key(key)->Domain());
  }

  // parse_redaction: a mapping (null included is an error), a list of str, two booleans.
  void Redaction(const yaml::Entry* e) {
    if (!e) return;
    if (!e->value->is_map()) {
      Bad(*e, "recipe.redaction must be a mapping of redaction settings, got {}", Got(*e->value))
          .Help("remove the key to keep the defaults");
      return;
    }
    if (const yaml::Entry* keys = e->value->Find("scrub_env_keys")) {
      bool ok = keys->value->is_seq() &&
                std::ranges::all_of(keys->value->items, [](const yaml::NodePtr& i) { return i->is_str(); });
      if (!ok)
        Bad(*keys, "recipe.redaction.scrub_env_keys must be a list of name globs (strings), got {}", Got(*keys->value))
            .Help("write ['*TOKEN*']");
    }
    for (std::string_view flag : {"scrub_paths", "scrub_ip_addresses"})
      Bool(e->value->Find(flag), "recipe.redaction." + std::string(flag));
  }

  // tier5_custom.validate_custom_patterns: a non-empty list of patterns with
  // unique non-empty ids, a match mapping whose regex compiles, an on_match
  // in {fail, warn, info}, and required_for_pass a bool that needs fail.
  // Unknown keys are RCP002's; the `condition` sandbox is not modelled.
  void CustomPatterns(const yaml::Entry* e) {
    if (!e || e->value->is_null()) return;
    const yaml::Node& v = *e->value;
    if (!v.is_seq() || v.items.empty()) {
      Bad(*e, "recipe.custom_patterns must be a non-empty list of patterns, got {}", Got(v))
          .Help("remove the key for none");
      return;
    }
    const KeyDoc& doc = *BuiltinRecipeKeys().TopLevel("custom_patterns");
    std::vector<std::string_view> on_match_domain = doc.Key("on_match")->Domain();
    std::map<std::string, const yaml::Node*> seen;
    for (size_t i = 0; i < v.items.size(); ++i) {
      const yaml::Node& item = *v.items[i];
      std::string label = "recipe.custom_patterns[" + std::to_string(i) + "]";
      if (!item.is_map()) {
        BadNode(item, "{} must be a mapping {{id: NAME, match: {{regex: PATTERN}}}}, got {}", label, Got(item));
        continue;
      }
      const yaml::Entry* id = item.Find("id");
      if (!id || !id->value->is_str() || id->value->text.empty()) {
        std::string got = id ? Got(*id->value) : "nothing";
        if (id)
          Bad(*id, "{}.id must be a non-empty string (the detector is reported as custom:<id>), got {}", label, got);
        else
          BadNode(item, "{}.id must be a non-empty string (the detector is reported as custom:<id>)", label)
              .Help("add one");
      } else if (auto [first, inserted] = seen.emplace(id->value->text, id->value.get()); !inserted) {
        ctx_->Report(recipe_->source(), id->value->span, "{}.id {} repeats an earlier pattern's id", label,
                     id->value->Repr())
            .Help("custom-pattern ids must be unique in a recipe, rename one")
            .Note(recipe_->source(), first->second->span, "first used here");
      }
      const yaml::Entry* match = item.Find("match");
      if (!match || !match->value->is_map()) {
        std::string got = match ? Got(*match->value) : "nothing";
        if (match)
          Bad(*match, "{}.match must be a mapping with 'regex' (and optional 'condition'), got {}", label, got);
        else
          BadNode(item, "{}.match is missing", label).Help("add match: {regex: PATTERN}");
      } else {
        const yaml::Entry* regex = match->value->Find("regex");
        if (!regex || !regex->value->is_str() || regex->value->text.empty()) {
          if (regex)
            Bad(*regex, "{}.match.regex must be a non-empty string, got {}", label, Got(*regex->value));
          else
            Bad(*match, "{}.match needs 'regex', the pattern searched in the trial's log", label);
        } else if (auto error = PythonRegexError(regex->value->text)) {
          Bad(*regex, "{}.match.regex {} is not a valid Python regular expression: {}", label, regex->value->Repr(),
              *error);
        }
        if (const yaml::Entry* cond = match->value->Find("condition"); cond && !cond->value->is_null()) {
          if (!cond->value->is_str())
            Bad(*cond, "{}.match.condition must be an expression (a string), got {}", label, Got(*cond->value));
          else if (auto why = SandboxConditionError(cond->value->text))
            Bad(*cond, "{}.match.condition {} is refused by aorta's sandbox ({})", label, cond->value->Repr(), *why)
                .Help(
                    "write it with only comparisons, + - / //, and/or/not, if-else, capture['name'], exit_code, "
                    "walltime_sec, peak_vram_mib and calls of float, int, len, math.isnan, math.isinf");
        }
      }
      std::string on_match = "fail";
      if (const yaml::Entry* om = item.Find("on_match")) {
        on_match = om->value->is_str() ? om->value->text : "";
        Enum(om, label + ".on_match", on_match_domain);
      }
      if (const yaml::Entry* req = item.Find("required_for_pass")) {
        if (req->value->kind != yaml::Kind::kBool)
          Bad(*req, "{}.required_for_pass must be a boolean, got {}", label, Got(*req->value))
              .Help("write true or false, unquoted");
        else if (req->value->boolean && on_match != "fail" &&
                 std::ranges::find(on_match_domain, on_match) != on_match_domain.end())
          Bad(*req, "{}.required_for_pass is only meaningful with on_match 'fail' (this one is '{}')", label, on_match)
              .Help("remove it or set on_match: fail");
      }
      // aorta.agent.llm.AUTOPSY_CATEGORIES; a null category is present, hence refused.
      Enum(item.Find("category"), label + ".category", doc.Key("category")->Domain());
    }
  }

  // detectors.normalize_tier: strip().lower() in tier1..tier5.
  void DetectorTiers(const yaml::Entry* e) {
    if (!e || !e->value->is_seq()) return;  // the shape is StringList's
    std::vector<std::string_view> tiers;
    const nlohmann::json& schema = BuiltinRecipeKeys().TopLevel("disable_detector_tiers")->schema;
    for (const nlohmann::json& t : schema.at("items").at("enum")) tiers.push_back(t.get_ref<const std::string&>());
    for (const yaml::NodePtr& item : e->value->items) {
      if (!item->is_str()) continue;
      std::string tier = StripLower(item->text);
      if (std::ranges::find(tiers, tier) != tiers.end()) continue;
      std::string otherwise = fmt::format("use one of {}", fmt::join(tiers, ", "));
      if (tier.find(':') != std::string::npos) otherwise += "; a single detector goes under disable_detectors";
      BadNode(*item, "recipe.disable_detector_tiers: unknown tier {}", item->Repr())
          .Help(DidYouMeanOr(tier, tiers, otherwise));
    }
  }

  // detectors.normalize_detector_id: '<prefix>:<id>', the prefix lowered and
  // both halves stripped; built-in ids come from aorta's catalogue, custom ones are free.
  void DetectorIds(const yaml::Entry* e) {
    if (!e || !e->value->is_seq()) return;
    std::vector<std::string_view> known, prefixes;
    const nlohmann::json& schema = BuiltinRecipeKeys().TopLevel("disable_detectors")->schema;
    for (const nlohmann::json& id : schema.at("items").at("anyOf").at(0).at("enum")) {
      std::string_view s = id.get_ref<const std::string&>();
      known.push_back(s);
      std::string_view prefix = s.substr(0, s.find(':'));
      if (std::ranges::find(prefixes, prefix) == prefixes.end()) prefixes.push_back(prefix);
    }
    prefixes.push_back("custom");
    for (const yaml::NodePtr& item : e->value->items) {
      if (!item->is_str()) continue;
      std::string_view cleaned = PyStrip(item->text);
      size_t colon = cleaned.find(':');
      std::string_view rest = colon == std::string_view::npos ? std::string_view() : PyStrip(cleaned.substr(colon + 1));
      if (rest.empty()) {
        bool tier = std::ranges::find(prefixes, PyLower(PyStrip(cleaned))) != prefixes.end();
        BadNode(*item, "recipe.disable_detectors: malformed detector id {}", item->Repr())
            .Help("write '<tier>:<id>' such as 'tier2:hang'{}",
                  tier ? " (a whole tier goes under disable_detector_tiers)" : "");
        continue;
      }
      std::string prefix = PyLower(PyStrip(cleaned.substr(0, colon)));
      if (std::ranges::find(prefixes, prefix) == prefixes.end()) {
        BadNode(*item, "recipe.disable_detectors: unknown detector prefix {} in {}",
                Quoted(std::string(PyStrip(cleaned.substr(0, colon)))), item->Repr())
            .Help(DidYouMeanOr(prefix, prefixes, fmt::format("use one of {}", fmt::join(prefixes, ", "))));
        continue;
      }
      if (prefix == "custom") continue;
      std::string id = prefix + ":" + std::string(rest);
      if (std::ranges::find(known, id) != known.end()) continue;
      std::vector<std::string_view> same_tier;
      for (std::string_view k : known)
        if (k.starts_with(prefix + ":")) same_tier.push_back(k);
      BadNode(*item, "recipe.disable_detectors: unknown detector id '{}'", id)
          .Help(DidYouMeanOr(id, same_tier, fmt::format("{} has {}", prefix, fmt::join(same_tier, ", "))));
    }
  }

  static std::string Quoted(const std::string& s) { return "'" + s + "'"; }

  void WorkloadConfig(const yaml::Entry* e, const std::string& label) {
    if (!e || e->value->is_null()) return;
    if (!e->value->is_map()) {
      Bad(*e, "{} must be a mapping of workload settings, got {}", label, Got(*e->value));
      return;
    }
    for (const yaml::Entry& k : e->value->entries)
      if (!k.key->is_str())
        BadNode(*k.key, "{} keys must be strings, got {}", label, Got(*k.key)).Help("quote the key");
  }

  // The shape only; names and NULs are RCP014's.
  void ExtraEnv(const yaml::Entry* e, const std::string& label) {
    if (!e || e->value->is_null()) return;
    if (!e->value->is_map()) {
      Bad(*e, "{} must be a mapping of variable name to string value, got {}", label, Got(*e->value));
      return;
    }
    for (const yaml::Entry& k : e->value->entries) {
      if (!k.key->is_str())
        BadNode(*k.key, "{} names must be strings, got {}", label, Got(*k.key));
      else if (!k.value->is_str())
        Bad(k, "{}.{} must be a string, got {}", label, k.key->text, Got(*k.value))
            .Help("quote it (environment values are text)");
    }
  }

  void StepTimeRegex(const yaml::Entry* e) {
    if (!e || e->value->is_null()) return;
    if (!e->value->is_str()) {
      Bad(*e, "recipe.step_time_regex must be a regular expression string or null, got {}", Got(*e->value));
      return;
    }
    if (auto error = PythonRegexError(e->value->text))
      Bad(*e, "recipe.step_time_regex {} is not a valid Python regular expression: {}", e->value->Repr(), *error);
  }

  void Cell(const yaml::Node& cell, const std::string& label) {
    PositiveInt(cell.Find("trials"), label + ".trials", /*allow_null=*/true);
    PositiveInt(cell.Find("steps"), label + ".steps", /*allow_null=*/true);
    WorkloadConfig(cell.Find("workload_config"), label + ".workload_config");
    ExtraEnv(cell.Find("extra_env"), label + ".extra_env");
    if (const yaml::Entry* m = cell.Find("mitigations")) {
      if (!m->value->is_seq())
        Bad(*m, "{}.mitigations must be a list of mitigation names, got {}", label, Got(*m->value))
            .Help("write [{}]", m->value->is_str() ? m->value->Repr() : "none");
      else
        for (const yaml::NodePtr& item : m->value->items)
          if (!item->is_str())
            BadNode(*item, "{}.mitigations must hold only names (strings), got {}", label, Got(*item)).Help("quote it");
    }
    const yaml::Entry* env = cell.Find("environment");
    if (!env) return;
    if (env->value->is_str()) {
      if (env->value->text.empty())
        Bad(*env, "{}.environment is empty", label).Help("name a registered environment such as 'local'");
      return;
    }
    if (!env->value->is_map()) {
      Bad(*env, "{}.environment must be a registered name such as 'local' or an inline {{docker: <image>}}, got {}",
          label, Got(*env->value));
      return;
    }
    if (const yaml::Entry* docker = env->value->Find("docker")) {
      if (!docker->value->is_str() || docker->value->text.empty())
        Bad(*docker, "{}.environment.docker must be a non-empty image reference, got {}", label, Got(*docker->value));
    }
    ExtraEnv(env->value->Find("env"), label + ".environment.env");
  }

  const Recipe* recipe_ = nullptr;
  RuleContext* ctx_ = nullptr;
};

}  // namespace

std::unique_ptr<Rule> MakeInvalidValue() { return std::make_unique<InvalidValue>(); }

}  // namespace aortalint
