#include "driver/explain.h"

#include <algorithm>
#include <filesystem>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "base/json_text.h"
#include "base/strings.h"
#include "driver/check.h"
#include "driver/hip_sources.h"
#include "driver/pairing.h"
#include "emit/emitter.h"
#include "engine/config.h"
#include "engine/sidecar.h"
#include "load/yaml_loader.h"
#include "model/hip.h"
#include "model/recipe.h"
#include "model/triton.h"
#include "run/wrap.h"

namespace aortalint {
namespace {

using nlohmann::json;

constexpr std::string_view kMetricKeys[] = {"kernel_count", "gpu_time_ms", "top_kernel_ms"};  // the numbers

std::optional<run::CollectorOptions> OptionsOf(const CollectScope* scope, std::string_view name,
                                               const Knowledge& knowledge, json& defaults) {
  const CollectorUse* use = scope ? scope->Find(name) : nullptr;
  const CollectorSpec* spec = knowledge.Collector(name);
  if (!use || !spec) return std::nullopt;
  run::CollectorOptions options;
  defaults = json::array();
  for (const auto& [key, option] : ResolveOptions(*use, *spec)) {
    options[key] = option.value;
    if (!option.entry) defaults.push_back(key);
  }
  return options;
}

// Which metric keys of collector `c` land in perf.md and matrix.json, and why the others do not.
// Only numbers do (aorta's _aggregate_metrics takes int and float scalars): the artifact directory
// and the top kernels' names are in the trial's JSON alone.
void Metrics(std::string_view c, const std::string& why_none, json& cell) {
  for (std::string_view k : {"artifact_dir", "top_kernels"})
    cell["metrics"]["not_reported"].push_back(
        {{"key", std::string(c) + "_" + std::string(k)},
         {"why", "not a number: only the trial's JSON (.result.metrics) records it"}});
  for (std::string_view k : kMetricKeys) {
    std::string key = std::string(c) + "_" + std::string(k);
    if (why_none.empty())
      cell["metrics"]["reported"].push_back(key);
    else
      cell["metrics"]["not_reported"].push_back({{"key", key}, {"why", why_none}});
  }
}

// What the paired payload's import order is known to be, for PAY001's hang.
enum class TorchFirst { kNoPayload, kYes, kNo };

// VER002's verdict for one target: a backend_mode in aorta's domain that reaches this Triton, whose
// backend does not support it here; empty when it does (or another rule judges it).
std::string ModeRefused(const run::CollectorOptions& o, const ProtonOptions& reaching, const TritonRow& row,
                        const Knowledge& knowledge) {
  const std::string& backend = o.at("backend");
  auto mode = reaching.find("backend_mode");
  if (mode == reaching.end() || mode->second.empty() || !row.HasBackend(backend)) return "";
  const CollectorSpec* proton = knowledge.Collector("proton");
  const OptionSpec* spec = proton ? proton->Option("backend_mode") : nullptr;
  if (!spec) return "";
  auto domain = spec->by_backend.find(backend);
  if (domain == spec->by_backend.end() ||
      std::find(domain->second.begin(), domain->second.end(), mode->second) == domain->second.end())
    return "";  // COL008's finding
  std::vector<std::string> modes = row.Modes(backend);
  if (std::find(modes.begin(), modes.end(), mode->second) != modes.end()) return "";
  auto error = row.mode_errors.find(backend);
  return "backend_mode '" + mode->second + "' is not supported by backend '" + backend + "' here" +
         (error == row.mode_errors.end() ? "" : ": " + error->second) + " (VER002)";
}

json ExplainProton(const run::CollectorOptions& o, const std::vector<TritonTarget>& targets, json defaults,
                   const Knowledge& knowledge, TorchFirst torch_first) {
  // A pinned backend that only one vendor's GPUs run (collectors.yaml backend_vendors): never "runs X on" the other.
  auto on = [&](const std::string& backend, std::string_view vendor) -> std::string {
    auto it = knowledge.backend_vendors.find(backend);
    if (it != knowledge.backend_vendors.end() && it->second != vendor)
      return "nothing (" + backend + " is " + it->second + "-only)";
    return backend;
  };
  json p{{"options", o}, {"defaults", std::move(defaults)}, {"attach", o.at("mode")}};
  p["attach_means"] = o.at("mode") == "cli"
                          ? "aorta wraps the script in Proton's front end (python -m triton.profiler.proton)"
                          : "aorta exports AORTA_PROTON_*; the payload must call proton.start() and finalize()";
  bool has_knob = false;
  for (const char* k : {"backend_mode", "instrumentation_mode", "granularity"})
    has_knob |= o.count(k) && !o.at(k).empty();
  for (const TritonTarget& t : targets) {
    json v{{"version", t.Name()},
           {"amd", on(t.row->Resolve(o.at("backend"), Vendor::kAmd), "AMD")},
           {"nvidia", on(t.row->Resolve(o.at("backend"), Vendor::kNvidia), "NVIDIA")}};
    json caveats = json::array();
    if (!t.note.empty()) caveats.push_back(t.note);
    if (o.at("backend") != "auto" && !t.row->HasBackend(o.at("backend")))
      caveats.push_back("backend '" + o.at("backend") + "' does not exist here (VER001)");
    if (o.at("mode") == "cli" && has_knob && !t.row->forwards_mode)
      caveats.push_back("the CLI drops --mode: the session runs in its default mode (VER003)");
    if (o.at("mode") == "cli" && t.row->success_exit_lost)
      caveats.push_back("a success-path SystemExit in the payload loses the capture (PAY004)");
    // Only when the payload has the hazard (PAY001 fires on it); with no payload paired, as a condition.
    // Under `mode: cli` Proton's front end imports triton.profiler before the script: no hazard.
    bool in_process_order = o.at("mode") != "cli" && t.row->torch_first_hang;
    if (in_process_order && torch_first == TorchFirst::kYes)
      caveats.push_back("the payload imports torch before triton.profiler: it hangs at exit on AMD (PAY001)");
    else if (in_process_order && torch_first == TorchFirst::kNoPayload)
      caveats.push_back("a payload that imports torch before triton.profiler hangs at exit on AMD (PAY001)");
    ProtonOptions reaching(o.begin(), o.end());
    if (o.at("mode") == "cli" && !t.row->forwards_mode)
      for (const char* k : {"backend_mode", "instrumentation_mode", "granularity"}) reaching.erase(k);
    if (std::string refused = ModeRefused(o, reaching, *t.row, knowledge); !refused.empty()) caveats.push_back(refused);
    for (const TritonFailure& f : t.row->failures)
      if (f.Matches(reaching)) caveats.push_back(f.kind + ": " + f.outcome + (f.kind == "empty" ? "" : " (VER005)"));
    v["caveats"] = caveats;
    p["backend_on"].push_back(v);
  }
  return p;
}

// The variables a mitigation exports: the built-in table, then the sidecars (`--mitigations-file`).
const std::map<std::string, std::string>* MitigationVars(const std::string& name, const Knowledge& knowledge,
                                                         const RuleSettings& settings) {
  if (auto it = knowledge.mitigations.find(name); it != knowledge.mitigations.end()) return &it->second;
  if (auto it = settings.mitigation_env.find(name); it != settings.mitigation_env.end()) return &it->second;
  return nullptr;
}

json ExplainCell(const Recipe& recipe, const Cell* cell, const std::vector<TritonTarget>& targets,
                 const std::vector<std::string>& command, bool placeholder, const RuleSettings& settings,
                 TorchFirst torch_first) {
  const CollectScope* scope = cell ? cell->collect : recipe.recipe_collect();
  std::string name = cell ? cell->name : "(recipe)";
  json j{{"cell", name}, {"collectors", json::array()}};
  if (cell) {
    j["mitigations"] = json::array();
    for (const auto& [m, node] : cell->mitigations) j["mitigations"].push_back(m);
  }
  j["collect_from"] = scope ? scope->label : "(nothing collected)";
  if (scope)
    for (const CollectorUse& use : scope->collectors) j["collectors"].push_back(use.name);

  json proton_defaults, rocprof_defaults;
  std::optional<run::CollectorOptions> proton = OptionsOf(scope, "proton", recipe.knowledge(), proton_defaults);
  std::optional<run::CollectorOptions> rocprof = OptionsOf(scope, "rocprof", recipe.knowledge(), rocprof_defaults);
  if (proton) j["proton"] = ExplainProton(*proton, targets, proton_defaults, recipe.knowledge(), torch_first);
  if (rocprof) j["rocprof"] = {{"options", *rocprof}, {"defaults", rocprof_defaults}};
  j["metrics"] = {{"reported", json::array()}, {"not_reported", json::array()}};

  if (recipe.mode() != RecipeMode::kProbe) {
    j["wrap"] = {{"error",
                  "the triage flow runs the workload in process: aorta wraps nothing and "
                  "collectors measure nothing (ATT003)"}};
    for (const char* c : {"proton", "rocprof"})
      if ((c == std::string_view("proton") ? proton : rocprof))
        j["metrics"]["not_reported"].push_back(
            {{"key", std::string(c) + "_*"}, {"why", "in-process workload (ATT003)"}});
    return j;
  }

  std::string trial = "<run_dir>/" + name + "/_subprocess/trial_d0_m0_t0";
  run::WrapRequest request{command, trial, proton, rocprof, run::ProcessEnv()};
  request.rocprof_elsewhere = true;  // explain describes the GPU host's trial, not this machine's
  run::WrapResult wrapped = run::WrapArgv(request);
  j["wrap"] = {{"argv", wrapped.argv}, {"placeholder_command", placeholder}};
  if (!wrapped.ok()) j["wrap"]["error"] = "aorta refuses this at trial setup: " + wrapped.error;
  j["wrap"]["env_set"] = json::object();
  // The cell's mitigations export their variables (aorta stamps them on the child's environment).
  if (cell)
    for (const auto& [m, node] : cell->mitigations)
      if (const auto* vars = MitigationVars(m, recipe.knowledge(), settings))
        for (const auto& [k, v] : *vars) j["wrap"]["env_set"][k] = v;
  for (const auto& [k, v] : wrapped.env_set) j["wrap"]["env_set"][k] = v;
  j["wrap"]["env_unset"] = wrapped.env_unset;
  j["wrap"]["warnings"] = wrapped.warnings;

  j["artifacts"] = {"<run_dir>/" + name + "/trial_<n>/{stdout.log,stderr.log,result.json}",
                    trial + ".json (metrics under .result.metrics)"};
  if (rocprof) {
    bool csv = rocprof->at("output_format") == "csv";
    j["artifacts"].push_back(trial + "/rocprof/" +
                             (csv ? "aorta_{kernel_stats,kernel_trace,domain_stats,agent_info}.csv"
                                  : "rocprofv3 " + rocprof->at("output_format") + " output (not parsed)"));
    j["artifacts"].push_back(trial + "/rocprof/aorta_rocprof_summary.txt");
    std::string trace = " " + rocprof->at("trace") + " ";
    for (char& c : trace) c = c == ',' ? ' ' : c;
    std::string why =
        !csv ? "output_format '" + rocprof->at("output_format") + "' is not csv; only csv is parsed (MET003)"
        : trace.find(" kernel ") == std::string::npos
            ? "trace '" + rocprof->at("trace") + "' has no kernel domain (MET004)"
            : "";
    Metrics("rocprof", why, j);
  }
  if (proton) {
    bool trace = proton->at("data") == "trace";
    j["artifacts"].push_back(trial + "/proton/proton." + (trace ? "chrome_trace" : "hatchet"));
    std::string why = trace ? "data: trace writes a Chrome trace, not a .hatchet (MET001)"
                      : proton->at("backend") == "instrumentation"
                          ? "instrumentation leaves carry cycles, not time; read the tree with proton-viewer (MET002)"
                          : "";
    Metrics("proton", why, j);
  }
  if (!wrapped.ok())
    for (json& m : j["metrics"]["reported"])
      j["metrics"]["not_reported"].push_back({{"key", m}, {"why", "the trial fails at setup"}});
  if (!wrapped.ok()) j["metrics"]["reported"] = json::array();
  return j;
}

// A HIP payload's kernels and launches, as the HIP rules see them.
json ExplainHip(const HipPayload& hip) {
  json j{{"path", hip.path()}, {"analysed", hip.ok()}, {"kernels", json::array()}, {"launches", json::array()}};
  if (!hip.ok()) j["why_not"] = hip.read_error.empty() ? hip.status_detail : hip.read_error;
  for (const HipKernel& k : hip.kernels)
    j["kernels"].push_back({{"name", k.qualified},
                            {"line", hip.source->Locate(k.span.begin).line},
                            {"extern_c", k.extern_c},
                            {"template", k.is_template},
                            {"rocprof_names", k.RocprofNames()}});
  for (const HipLaunch& l : hip.launches) {
    json launch{{"api", l.api}, {"kernel", l.kernel}, {"line", hip.source->Locate(l.span.begin).line}};
    if (!l.macro.empty()) launch["macro"] = l.macro;
    j["launches"].push_back(launch);
  }
  j["roctx_calls"] = hip.roctx_calls.size();
  for (const HipMissingHeader& m : hip.missing_headers) j["missing_headers"].push_back(m.header);
  return j;
}

// Which kernels a cell's rocprof kernel_include_regex keeps, as rocprofv3 filters them.
void ExplainKernelFilter(json& cell, const std::vector<std::shared_ptr<const HipPayload>>& hips) {
  if (!cell.contains("rocprof") || !cell["rocprof"]["options"].contains("kernel_include_regex")) return;
  std::string pattern = cell["rocprof"]["options"]["kernel_include_regex"].get<std::string>();
  std::optional<KernelFilter> filter = KernelFilter::Compile(pattern);
  json& out = cell["rocprof"]["kernel_filter"];
  out = {{"pattern", pattern}, {"kept", json::array()}, {"dropped", json::array()}};
  if (!filter) {
    out["error"] = "does not compile as an ECMAScript regex (COL009)";
    return;
  }
  for (const auto& hip : hips)
    for (const HipKernel& k : hip->kernels) {
      std::vector<std::string> names = k.RocprofNames();
      if (names.empty()) names.push_back(k.qualified);
      for (const std::string& name : names) {
        std::optional<bool> kept = filter->Judge(name);
        out[!kept ? "not_judged" : *kept ? "kept" : "dropped"].push_back(name);
      }
    }
}

std::string JoinJson(const json& list, std::string_view sep = ", ") {
  return JoinWith(list, sep, [](const json& item) { return item.get<std::string>(); });
}

// The HIP payloads of the recipe: kernels, launches, roctx calls, headers not found.
void PrintHip(const json& doc, std::ostream& out) {
  if (!doc.contains("hip_payloads")) return;
  for (const json& h : doc["hip_payloads"]) {
    out << "hip payload " << h["path"].get<std::string>();
    if (!h["analysed"]) {
      out << ": not analysed: " << h["why_not"].get<std::string>() << "\n";
      continue;
    }
    out << ": " << h["kernels"].size() << (h["kernels"].size() == 1 ? " kernel, " : " kernels, ")
        << h["launches"].size() << (h["launches"].size() == 1 ? " launch, " : " launches, ")
        << h["roctx_calls"].get<size_t>() << " roctx call(s)\n";
    for (const json& k : h["kernels"]) {
      out << "  kernel " << k["name"].get<std::string>() << " (line " << k["line"].get<uint32_t>() << ")"
          << (k["extern_c"] ? " extern \"C\"" : "");
      if (!k["rocprof_names"].empty()) out << ": rocprofv3 names it " << JoinJson(k["rocprof_names"], "; ");
      out << "\n";
    }
    for (const json& l : h["launches"])
      out << "  launch " << l["api"].get<std::string>() << " "
          << (l["kernel"].get<std::string>().empty() ? "(kernel known at run time)" : l["kernel"].get<std::string>())
          << " (line " << l["line"].get<uint32_t>()
          << (l.contains("macro") ? ", through macro " + l["macro"].get<std::string>() : "") << ")\n";
    if (h.contains("missing_headers")) out << "  headers not found: " << JoinJson(h["missing_headers"]) << "\n";
  }
}

void PrintText(const json& doc, std::ostream& out) {
  out << "recipe " << doc["recipe"].get<std::string>() << ": " << doc["mode"].get<std::string>() << ", "
      << doc["cells"].size() << (doc["cells"].size() == 1 ? " cell" : " cells") << "\n";
  out << "targets: " << JoinJson(doc["targets"]) << (doc["targets_given"] ? "" : " (every row of the table)") << "\n";
  out << "command: " << run::ShellQuote(doc["command"].get<std::vector<std::string>>())
      << (doc["placeholder_command"] ? " (placeholder: no command on the command line, in the config's pairs or in "
                                       "the recipe's header comment; pass -- COMMAND)"
                                     : " (from " + doc["command_from"].get<std::string>() + ")")
      << "\n";
  PrintHip(doc, out);
  for (const json& c : doc["cells"]) {
    out << "\ncell " << c["cell"].get<std::string>();
    if (c.contains("mitigations")) out << " (mitigations: " << JoinJson(c["mitigations"]) << ")";
    out << "\n  collectors: " << (c["collectors"].empty() ? "none" : JoinJson(c["collectors"])) << " from "
        << c["collect_from"].get<std::string>() << "\n";
    for (const char* name : {"rocprof", "proton"}) {
      if (!c.contains(name)) continue;
      const json& p = c[name];
      std::string opts;
      for (const auto& [k, v] : p["options"].items())
        opts += (opts.empty() ? "" : " ") + k + "=" + v.get<std::string>();
      out << "  " << name << ": " << opts;
      if (!p["defaults"].empty()) out << " (defaults: " << JoinJson(p["defaults"]) << ")";
      out << "\n";
      if (p.contains("kernel_filter")) {
        const json& f = p["kernel_filter"];
        if (f.contains("error"))
          out << "    kernel_include_regex: " << f["error"].get<std::string>() << "\n";
        else
          out << "    kernel_include_regex keeps: "
              << (f["kept"].empty() ? "no kernel of the paired sources" : JoinJson(f["kept"], "; "))
              << (f["dropped"].empty() ? "" : "; drops: " + JoinJson(f["dropped"], "; "))
              << (f.contains("not_judged") ? "; cannot tell (a backreference on a name over " +
                                                 std::to_string(KernelFilter::kMaxBacktrackingSubject) +
                                                 " characters): " + JoinJson(f["not_judged"], "; ")
                                           : "")
              << "\n";
      }
      if (!p.contains("attach")) continue;
      out << "    attach: " << p["attach"].get<std::string>() << ": " << p["attach_means"].get<std::string>() << "\n";
      for (const json& v : p["backend_on"]) {
        out << "    triton " << v["version"].get<std::string>() << ": backend "
            << p["options"]["backend"].get<std::string>() << " runs " << v["amd"].get<std::string>() << " on AMD, "
            << v["nvidia"].get<std::string>() << " on NVIDIA\n";
        for (const json& caveat : v["caveats"]) out << "      " << caveat.get<std::string>() << "\n";
      }
    }
    const json& w = c["wrap"];
    if (w.contains("error")) out << "  wrap: " << w["error"].get<std::string>() << "\n";
    if (w.contains("argv") && !w["argv"].empty()) {
      out << "  argv: " << run::ShellQuote(w["argv"].get<std::vector<std::string>>()) << "\n";
      std::string env;
      for (const auto& [k, v] : w["env_set"].items()) env += (env.empty() ? "" : " ") + k + "=" + v.get<std::string>();
      for (const json& u : w["env_unset"]) env += (env.empty() ? "" : " ") + ("-u " + u.get<std::string>());
      out << "  environment: " << (env.empty() ? "unchanged" : env) << "\n";
      for (const json& warning : w["warnings"]) out << "  warning: " << warning.get<std::string>() << "\n";
    }
    if (c.contains("artifacts")) {
      out << "  artifacts:\n";
      for (const json& a : c["artifacts"]) out << "    " << a.get<std::string>() << "\n";
    }
    out << "  in perf.md and matrix.json: "
        << (c["metrics"]["reported"].empty() ? "nothing" : JoinJson(c["metrics"]["reported"])) << "\n";
    for (const json& m : c["metrics"]["not_reported"])
      out << "  not reported: " << m["key"].get<std::string>() << ": " << m["why"].get<std::string>() << "\n";
  }
}

// A `mode: sanitizer` recipe: what aorta's sanitizer loader will select, run
// and write. A value aorta refuses shows as "?" (the SAN findings above say why).
json ExplainSanitizer(const Recipe& recipe, const std::string& path) {
  const SanitizerPlan& p = *recipe.sanitizer_plan();
  auto text = [](const PlanValue& v) { return v.ok() ? json(v.text) : json("?"); };
  json source{{"kind", text(p.source.kind)}};
  const std::string& kind = p.source.kind.text;
  if (!p.source.path_resolved.empty()) source["path"] = p.source.path_resolved;
  if (!p.source.isa_dir_resolved.empty()) source["isa_dir"] = p.source.isa_dir_resolved;
  if (!p.source.hip_resolved.empty()) source["hip"] = p.source.hip_resolved;
  if (kind == "consan_repro") source["variant"] = text(p.source.variant);
  if (kind == "kernel" || kind == "kernel_list") {
    source["kernels"] = json::array();
    for (const PlanKernel& k : p.source.kernels) {
      json entry{{"name", k.name.empty() ? "?" : k.name}};
      if (!k.code_object_path.empty()) entry["code_object"] = k.code_object_path;
      source["kernels"].push_back(entry);
    }
  }
  source["consan_command"] = p.source.command_resolved.empty() ? json(nullptr) : json(p.source.command_resolved);
  source["consan_log"] = p.source.consan_log;
  std::string stem = std::filesystem::path(path).stem().string();
  const yaml::Node* ticket = recipe.root().Get("ticket");
  return {{"target", text(p.target)},
          {"ticket", ticket && ticket->is_str() ? ticket->text : stem},
          {"source", source},
          {"scope", text(p.scope_kind)},
          {"selection", {{"requirement", text(p.requirement)}, {"top_n", p.top_n ? json(*p.top_n) : json("?")}}},
          {"sanitizers", p.sanitizers.empty() ? json("?") : json(p.sanitizers)},
          {"policy",
           {{"consan_policy", text(p.consan_policy)},
            {"on_missing_backend", text(p.on_missing_backend)},
            {"timeout_seconds", p.timeout_seconds ? json(*p.timeout_seconds) : json("aorta's default")}}},
          {"report", p.report.ok() ? "sanitizer_results/" + stem + "/" + p.report.text : "?"}};
}

std::string Str(const json& j) { return j.is_string() ? j.get<std::string>() : j.dump(); }

void PrintSanitizer(const json& doc, std::ostream& out) {
  const json& plan = doc["plan"];
  const json& src = plan["source"];
  std::string recipe = doc["recipe"].get<std::string>();
  out << "recipe " << recipe << ": sanitizer plan, run as `aorta sweep run --recipe " << recipe
      << "` (no command after --; aorta refuses one)\n";
  out << "target: " << Str(plan["target"]) << ", ticket " << Str(plan["ticket"]) << "\n";
  out << "source: " << Str(src["kind"]);
  for (const char* k : {"path", "isa_dir", "hip", "variant"})
    if (src.contains(k)) out << ", " << k << " " << Str(src[k]);
  out << "\n";
  if (src.contains("kernels"))
    for (const json& k : src["kernels"])
      out << "  kernel " << Str(k["name"]) << (k.contains("code_object") ? " in " + Str(k["code_object"]) : "") << "\n";
  out << "selection: the top " << Str(plan["selection"]["top_n"]) << " by " << Str(plan["selection"]["requirement"])
      << ", one " << Str(plan["scope"]) << " at a time\n";
  out << "sanitizers: " << (plan["sanitizers"].is_array() ? JoinJson(plan["sanitizers"]) : Str(plan["sanitizers"]))
      << "\n";
  out << "  consan runs: "
      << (src["consan_command"].is_null() ? std::string("no command given (ConSan reports not_checked)")
                                          : Str(src["consan_command"]) + " (a build output)")
      << ", log " << (src["consan_log"].get<bool>() ? "kept" : "off") << "\n";
  out << "policy: consan " << Str(plan["policy"]["consan_policy"])
      << ", missing backend: " << Str(plan["policy"]["on_missing_backend"]) << ", time limit "
      << Str(plan["policy"]["timeout_seconds"]) << (plan["policy"]["timeout_seconds"].is_number() ? " s" : "") << "\n";
  out << "report: " << Str(plan["report"]) << " (aorta's default output directory; --output DIR moves it)\n";
}

}  // namespace

int RunExplain(const ExplainOptions& options, std::ostream& out, std::ostream& err) {
  for (const std::string& version : options.triton)
    if (!IsTritonVersion(version)) {
      err << "aortalint: --triton '" << version
          << "' is not a Triton version; write it as pip shows it (3.7.1, 3.6.0+rocm7.2.4, 3.8) or main\n";
      return kExitUsage;
    }
  YamlDocument doc = LoadYamlFile(options.recipe);
  // The same lint as `check`: config errors are exit 2, findings are shown and the recipe still explained.
  CheckOptions check;
  check.paths = {options.recipe};
  check.command = options.command;
  check.request.triton = options.triton;
  check.request.aorta = options.aorta;
  check.config = options.config;
  check.no_config = options.no_config;
  check.format = options.format == "json" ? "json" : "concise";
  check.color = "never";
  std::optional<std::vector<Diagnostic>> problems = LintDiagnostics(check, err);
  // The problems as `check` prints them: a JSON array, or its concise text.
  std::ostringstream report;
  if (problems && !problems->empty()) EmitFindings(check, *problems, report);
  if (!problems || !doc.ok()) {
    out << report.str();
    if (!doc.ok()) err << "aortalint explain: " << options.recipe << " cannot be read as YAML; nothing to explain\n";
    return kExitUsage;
  }
  bool errors = std::any_of(problems->begin(), problems->end(),
                            [](const Diagnostic& d) { return d.severity >= Severity::kError; });
  json problems_json = DiagnosticsJson(*problems);

  // The settings `check` used for this recipe: the same function builds both.
  ConfigResolver configs(options.config, options.no_config);
  AnalysisSettings settings = BuildSettings(check.request, *configs.For(options.recipe));
  const TritonTable& table = *settings.rules.triton_table;
  std::vector<std::string> written = settings.rules.triton;
  bool given = !written.empty();
  if (!given)
    for (const TritonRow& row : table.rows)
      written.push_back(row.Label() == row.version ? row.version : row.version + ".0");
  std::vector<TritonTarget> targets = ResolveTargets(table, written);

  // The launch command from the same places `check` takes it: the command line, the config's pairs, the header.
  std::vector<std::string> command = options.command;
  std::string command_from = command.empty() ? "" : std::string(LaunchSourceName(LaunchSource::kCommandLine));
  std::optional<Launch> launch = FindLaunch(options.recipe, doc.source->text(), options.command,
                                            *configs.For(options.recipe), RecipeDirectory(options.recipe));
  if (command.empty() && launch && launch->pairing.has_command()) {
    command = launch->pairing.argv;
    command_from = std::string(LaunchSourceName(launch->pairing.source));
  }
  if (launch)
    for (const std::string& path : launch->pairing.sidecars) AddSidecar(LoadSidecar(path), settings.rules);
  bool placeholder = command.empty();
  if (placeholder) command = {"python", "<payload.py>"};
  Recipe recipe(doc, *settings.rules.knowledge);
  if (recipe.mode() == RecipeMode::kSanitizer) {
    json result{{"recipe", options.recipe}, {"mode", "sanitizer"}, {"plan", ExplainSanitizer(recipe, options.recipe)}};
    // The ConSan reproducer's HIP source: its kernels and launches.
    result["hip_payloads"] = json::array();
    const Config& config = *configs.For(options.recipe);
    if (std::string hip =
            SanitizerHipSource(*doc.root, options.recipe,
                               [&] { return RepositoryRoot(options.recipe, config.path.empty() ? "" : config.dir); });
        !hip.empty())
      if (std::shared_ptr<const HipPayload> payload = LoadHipPayload(hip); payload->hip)
        result["hip_payloads"].push_back(ExplainHip(*payload));
    if (options.format == "json") {
      result["problems"] = std::move(problems_json);
      out << JsonText(result, 2) << "\n";
    } else {
      if (!report.str().empty()) out << report.str() << "\n";
      PrintSanitizer(result, out);
      PrintHip(result, out);
    }
    return errors ? kExitFindings : kExitClean;
  }
  json result{{"recipe", options.recipe},     {"mode", recipe.mode() == RecipeMode::kProbe ? "probe" : "triage"},
              {"targets", json::array()},     {"targets_given", given},
              {"command", command},           {"placeholder_command", placeholder},
              {"command_from", command_from}, {"cells", json::array()}};
  for (const TritonTarget& t : targets) result["targets"].push_back(t.Name());
  // Does the paired payload import torch before Proton? The same lint as `check`, PAY001 alone.
  TorchFirst torch_first = TorchFirst::kNoPayload;
  if (launch && !launch->files.empty()) {
    CheckOptions hazard = check;
    hazard.request.select = {"PAY001"};
    hazard.request.extend_select.clear();
    std::ostringstream ignored;
    std::optional<std::vector<Diagnostic>> found = LintDiagnostics(hazard, ignored);
    torch_first =
        found && std::any_of(found->begin(), found->end(), [](const Diagnostic& d) { return d.rule == "PAY001"; })
            ? TorchFirst::kYes
            : TorchFirst::kNo;
  }
  if (recipe.cells().empty())
    result["cells"].push_back(ExplainCell(recipe, nullptr, targets, command, placeholder, settings.rules, torch_first));
  for (const Cell& cell : recipe.cells())
    result["cells"].push_back(ExplainCell(recipe, &cell, targets, command, placeholder, settings.rules, torch_first));

  // The HIP sources the recipe's program is built from: kernels, launches, what the regex keeps.
  std::vector<std::shared_ptr<const HipPayload>> hips;
  result["hip_payloads"] = json::array();
  if (std::optional<Launch> launch =
          FindLaunch(options.recipe, doc.source->text(), options.command, *configs.For(options.recipe)))
    for (const std::string& path : launch->hip_files) {
      std::shared_ptr<const HipPayload> hip = LoadHipPayload(path);
      if (!hip->hip) continue;
      hips.push_back(hip);
      result["hip_payloads"].push_back(ExplainHip(*hip));
    }
  if (!hips.empty())
    for (json& cell : result["cells"]) ExplainKernelFilter(cell, hips);

  if (options.format == "json") {
    result["problems"] = std::move(problems_json);
    out << JsonText(result, 2) << "\n";
  } else {
    if (!report.str().empty()) out << report.str() << "\n";
    PrintText(result, out);
  }
  return errors ? kExitFindings : kExitClean;
}

}  // namespace aortalint
