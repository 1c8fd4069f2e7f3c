#include "driver/check.h"

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <map>
#include <functional>
#include <iostream>
#include <iterator>
#include <mutex>
#include <set>
#include <thread>
#include <unistd.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "base/file_reader.h"
#include "driver/discover.h"
#include "driver/pairing.h"
#include "driver/payload_store.h"
#include "emit/emitter.h"
#include "engine/analyze.h"
#include "engine/config.h"
#include "load/python_parser.h"
#include "model/pairing.h"
#include "model/payload.h"
#include "engine/cache.h"
#include "engine/fixes.h"

namespace aortalint {
namespace {

AnalysisSettings SettingsFor(const Config& config, const CheckOptions& options) {
  AnalysisSettings s;
  s.selection = RuleSelection(config, options.select, options.ignore);
  s.rules.triton = options.triton.empty() ? config.triton : options.triton;
  if (config.triton_table) s.rules.triton_table = config.triton_table.get();
  s.rules.mitigations.insert(config.mitigations.begin(), config.mitigations.end());
  s.rules.environments.insert(config.environments.begin(), config.environments.end());
  s.rules.collect = options.collect;
  s.allow_suppressions = config.allow_suppressions;
  s.config_path = config.path;
  return s;
}

bool UseColor(const CheckOptions& options, const std::string& output) {
  if (options.color == "always") return true;
  if (options.color == "never" || !output.empty()) return false;
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color && *no_color) return false;
  return ::isatty(STDOUT_FILENO);
}

void Emit(const CheckOptions& options, const std::vector<Diagnostic>& diagnostics, std::ostream& out) {
  if (options.format == "json") {
    EmitJson(diagnostics, out);
    return;
  }
  if (options.format == "sarif") {
    EmitSarif(diagnostics, out);
    return;
  }
  if (options.format == "github") {
    EmitGithub(diagnostics, out);
    return;
  }
  bool concise = options.format == "concise";
  EmitText(diagnostics, out, UseColor(options, options.output), concise);
  if (!diagnostics.empty()) out << (concise ? "" : "\n") << Summary(diagnostics) << '\n';
}

int ExitStatus(const CheckOptions& options, Severity fail_level, const std::vector<Diagnostic>& all) {
  if (options.exit_zero) return kExitClean;
  for (const Diagnostic& d : all)
    if (d.severity >= fail_level) return kExitFindings;
  return kExitClean;
}

// Everything besides the files that can change a unit's diagnostics.
std::string SettingsKey(const Config& config, const CheckOptions& options) {
  std::error_code ec;
  nlohmann::json key = {ResultCache::BinaryStamp(), std::filesystem::current_path(ec).string(),
                        config.path, config.select, config.ignore, config.severity, config.triton,
                        config.mitigations, config.environments, config.allow_suppressions, config.knowledge,
                        options.select, options.ignore, options.triton, options.command,
                        options.collect.value_or(std::vector<std::string>{"(none)"})};
  return key.dump();
}

// The cache key of a unit: its settings and the files it is made of.
std::string UnitKey(const Config& config, const CheckOptions& options, const std::string& path,
                    const std::optional<Launch>& launch, const std::vector<std::string>& own_payloads) {
  CacheKey key;
  key.Add(SettingsKey(config, options)).Add(path);
  if (launch) {
    key.Add(std::to_string(static_cast<int>(launch->pairing.source))).Add(launch->pairing.base_dir);
    for (const std::string& word : launch->pairing.argv) key.Add(word);
    key.Add("files");
    for (const std::string& file : launch->files) key.Add(file);
    key.Add("own");
    for (const std::string& file : own_payloads) key.Add(file);
  }
  return key.Hex();
}

// One recipe between reading and analysis.
struct RecipeJob {
  std::shared_ptr<const Config> config;
  bool wanted = false;              // a recipe (or a named file) to analyse
  SourcePtr source;                 // its text, read once; null when unreadable
  std::optional<Launch> launch;     // what it runs
  std::vector<std::string> own_payloads;  // paired payloads whose own checks run in this unit
};

// Runs fn(0..n-1) on `jobs` threads, the calling one included.
void ParallelFor(size_t n, unsigned jobs, const std::function<void(size_t)>& fn) {
  std::atomic<size_t> next{0};
  auto worker = [&] {
    for (size_t i = next++; i < n; i = next++) fn(i);
  };
  jobs = std::min<unsigned>(jobs, static_cast<unsigned>(std::max<size_t>(1, n)));
  std::vector<std::thread> threads;
  for (unsigned j = 1; j < jobs; ++j) threads.emplace_back(worker);
  worker();
  for (std::thread& t : threads) t.join();
}

// One lint of every discovered file (each pass of --fix runs it again).
std::vector<Diagnostic> LintFiles(const FileSet& files, ConfigResolver& configs, const CheckOptions& options) {
  // Fixes and stdin lint texts that are not on disk: no cache for them.
  bool cacheable = !options.no_cache && !options.fix && !options.diff && options.stdin_filename.empty();
  ResultCache cache(cacheable ? ResultCache::DefaultDir() : "");
  unsigned jobs = options.jobs > 0 ? static_cast<unsigned>(options.jobs) : std::max(1u, std::thread::hardware_concurrency());

  // 1. Read each recipe once and find its launch (the header comment needs its text).
  std::vector<RecipeJob> recipe_jobs(files.recipes.size());
  ParallelFor(recipe_jobs.size(), jobs, [&](size_t i) {
    const Candidate& file = files.recipes[i];
    RecipeJob& job = recipe_jobs[i];
    job.config = configs.For(file.path);
    ReadResult read = ReadTextFile(file.path);
    if (!read.ok) {
      job.wanted = true;  // LoadYamlFile reports it (SYN003)
      return;
    }
    if ((!file.named || options.skip_non_recipes) && !LooksLikeRecipe(read.text)) return;
    job.wanted = true;
    job.source = std::make_shared<const SourceFile>(file.path, std::move(read.text));
    job.launch = FindLaunch(file.path, job.source->text(), options.command, *job.config);
  });

  // 2. Count each payload's uses, so it is parsed once and freed after its last one.
  //    A paired payload gets its own checks in the first unit that pairs it;
  //    the others are checked alone when they import Proton (decided once parsed).
  PayloadStore store;
  std::set<std::string> paired;
  for (RecipeJob& job : recipe_jobs) {
    if (!job.launch) continue;
    for (const std::string& path : job.launch->files) {
      store.AddUse(path);
      if (paired.insert(path).second) job.own_payloads.push_back(path);
    }
  }
  std::vector<std::string> alone;
  std::set<std::string> named_payloads;
  for (const Candidate& file : files.payloads) {
    std::string path = NormalizePath(file.path);
    if (paired.count(path) || std::find(alone.begin(), alone.end(), path) != alone.end()) continue;
    alone.push_back(path);
    if (file.named) named_payloads.insert(path);
    store.AddUse(path);
  }

  // 3. Analyse: recipes with their pairings, then payloads on their own.
  std::vector<std::vector<Diagnostic>> per_file(recipe_jobs.size() + alone.size());
  ParallelFor(per_file.size(), jobs, [&](size_t i) {
    AnalysisUnit unit;
    if (i >= recipe_jobs.size()) {
      const std::string& path = alone[i - recipe_jobs.size()];
      const Config& config = *configs.For(path);
      std::string key =
          cache.enabled() ? UnitKey(config, options, path + (named_payloads.count(path) ? " (named)" : ""), {}, {}) : "";
      if (auto hit = cache.Get(key, {})) {
        per_file[i] = std::move(*hit);
        store.Release(path);
        return;
      }
      ScopedReadLog read;
      std::shared_ptr<const Payload> payload = store.Acquire(path);
      // Unpaired Python files matter only when they import Proton (or were named and cannot be read).
      if (payload->ok() ? payload->ImportsProton() : named_payloads.count(path) > 0) {
        unit.payloads.push_back(payload);
        per_file[i] = Analyze(unit, SettingsFor(config, options));
      }
      std::vector<std::string> deps = read.paths();
      deps.push_back(path);
      cache.Put(key, deps, per_file[i]);
      store.Release(path);
      return;
    }
    RecipeJob& job = recipe_jobs[i];
    if (!job.wanted) return;
    const std::string& recipe_path = files.recipes[i].path;
    std::string key = cache.enabled() ? UnitKey(*job.config, options, recipe_path, job.launch, job.own_payloads) : "";
    std::map<std::string, SourcePtr> known;
    if (job.source) known[recipe_path] = job.source;
    if (auto hit = cache.Get(key, known)) {
      per_file[i] = std::move(*hit);
      if (job.launch)
        for (const std::string& path : job.launch->files) store.Release(path);
      return;
    }
    ScopedReadLog read;
    std::vector<std::string> deps = {recipe_path};
    if (!job.config->knowledge.empty()) deps.push_back(job.config->knowledge);
    if (job.launch) {
      deps.insert(deps.end(), job.launch->files.begin(), job.launch->files.end());
      for (const std::string& missing : job.launch->pairing.missing)
        deps.push_back((std::filesystem::path(job.launch->pairing.base_dir) / missing).string());
    }
    unit.recipe = job.source ? ParseYaml(std::move(job.source)) : LoadYamlFile(recipe_path);
    if (job.launch) {
      auto pairing = std::make_shared<Pairing>(std::move(job.launch->pairing));
      for (const std::string& path : job.launch->files) pairing->payloads.push_back(store.Acquire(path));
      for (const std::string& path : job.own_payloads) unit.payloads.push_back(store.Acquire(path));
      unit.pairing = std::move(pairing);
    }
    per_file[i] = Analyze(unit, SettingsFor(*job.config, options));
    unit = AnalysisUnit();
    deps.insert(deps.end(), read.paths().begin(), read.paths().end());
    cache.Put(key, deps, per_file[i]);
    if (job.launch)
      for (const std::string& path : job.launch->files) store.Release(path);
  });

  cache.Save();
  std::vector<Diagnostic> all;
  for (std::vector<Diagnostic>& d : per_file) all.insert(all.end(), std::make_move_iterator(d.begin()), std::make_move_iterator(d.end()));
  return all;
}

constexpr int kMaxFixPasses = 10;

// After the fix passes: --diff prints what would change, stdin gets its fixed
// text back, files are written. Returns the exit code when the run ends here.
std::optional<int> FinishFixes(const CheckOptions& options, const FileTexts& originals, const FileTexts& current,
                               size_t fixed, const std::vector<Diagnostic>& remaining, std::ostream& out,
                               std::ostream& err) {
  if (options.diff) {
    bool changed = false;
    for (const auto& [path, before] : originals) {
      std::string diff = UnifiedDiff(path.rfind("./", 0) == 0 ? path.substr(2) : path, before, current.at(path));
      changed |= !diff.empty();
      out << diff;
    }
    return changed ? kExitFindings : kExitClean;
  }
  if (!options.fix) return std::nullopt;
  if (!options.stdin_filename.empty()) {
    // As ruff does: the fixed source on stdout, the findings left on stderr.
    auto it = current.find(options.stdin_filename);
    if (it != current.end()) out << it->second;
    else if (ReadResult r = ReadTextFile(options.stdin_filename); r.ok) out << r.text;
    EmitText(remaining, err, false, true);
    return std::nullopt;
  }
  for (const auto& [path, text] : current) {
    if (text == originals.at(path)) continue;
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    if (!file || !(file << text)) {
      err << "aortalint: cannot write the fixed '" << path << "'\n";
      return kExitInternal;
    }
  }
  if (fixed) err << "aortalint: applied " << fixed << (fixed == 1 ? " fix" : " fixes") << "\n";
  return std::nullopt;
}

}  // namespace

int RunCheck(const CheckOptions& options, std::ostream& out, std::ostream& err) {
  std::optional<Severity> fail_level = ParseSeverity(options.fail_level);
  if (!fail_level) {
    err << "aortalint: --fail-level must be error, warning or info, got '" << options.fail_level << "'\n";
    return kExitUsage;
  }
  for (const std::string& version : options.triton)
    if (!IsTritonVersion(version)) {
      err << "aortalint: --triton '" << version
          << "' is not a Triton version; write it as pip shows it (3.7.1, 3.6.0+rocm7.2.4, 3.8) or main\n";
      return kExitUsage;
    }
  std::vector<std::string> paths = options.paths;
  if (!options.stdin_filename.empty()) {
    // stdin stands in for the named file: discovery, config and loaders all see the name.
    std::string text(std::istreambuf_iterator<char>(std::cin), {});
    SetFileOverlay(options.stdin_filename, std::move(text));
    paths = {options.stdin_filename};
  }
  if (std::optional<std::string> grammar = CheckPythonGrammar()) {
    err << "aortalint: cannot parse Python payloads: " << *grammar << '\n';
    return kExitInternal;
  }
  ConfigResolver configs(options.config, options.no_config);
  FileSet files = Discover(paths, configs);

  bool fixing = options.fix || options.diff;
  FileTexts originals, current;  // the files fixes touched: before, and as now linted
  size_t fixed = 0;
  std::vector<Diagnostic> all, config_findings;
  for (int pass = 0;; ++pass) {
    all = LintFiles(files, configs, options);
    if (pass == 0) {
      // Unknown rule IDs in a config are SUP002 findings; anything else is a config error.
      std::vector<Diagnostic> config_errors;
      for (Diagnostic& d : configs.TakeErrors())
        (d.rule == "config" ? config_errors : config_findings).push_back(std::move(d));
      if (!config_errors.empty()) {
        ClearFileOverlay();
        EmitText(config_errors, err, UseColor(options, ""), false);
        return kExitUsage;
      }
      if (!RuleSelection(Config{}, options.select, options.ignore).Enabled("SUP002")) config_findings.clear();
    }
    if (!fixing || pass == kMaxFixPasses) break;
    for (const Diagnostic& d : all)
      for (const Edit& e : d.fix ? d.fix->edits : std::vector<Edit>{})
        if (!current.count(e.path))
          if (ReadResult r = ReadTextFile(e.path); r.ok) {
            originals.emplace(e.path, r.text);
            current.emplace(e.path, std::move(r.text));
          }
    FileTexts prior = current;
    size_t applied = ApplyFixes(all, options.unsafe_fixes, current);
    if (applied == 0 || current == prior) break;  // a fix that changes nothing would loop
    fixed += applied;
    for (const auto& [path, text] : current) SetFileOverlay(path, text);
  }
  all.insert(all.end(), config_findings.begin(), config_findings.end());
  std::stable_sort(all.begin(), all.end(), DiagnosticLess);
  all.erase(std::unique(all.begin(), all.end(),
                        [](const Diagnostic& a, const Diagnostic& b) {
                          return a.rule == b.rule && a.where.path() == b.where.path() &&
                                 a.where.span == b.where.span && a.message == b.message;
                        }),
            all.end());
  std::optional<int> finished = FinishFixes(options, originals, current, fixed, all, out, err);
  ClearFileOverlay();
  if (finished) return *finished;
  if (options.fix && !options.stdin_filename.empty()) return ExitStatus(options, *fail_level, all);

  if (!options.output.empty()) {
    std::ofstream file(options.output);
    if (!file) {
      err << "aortalint: cannot write --output '" << options.output << "'\n";
      return kExitUsage;
    }
    Emit(options, all, file);
  } else {
    Emit(options, all, out);
  }
  return ExitStatus(options, *fail_level, all);
}

}  // namespace aortalint
