#include "driver/check.h"

#include <unistd.h>
#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <iterator>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <system_error>
#include <thread>
#include <unordered_set>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "base/atomic_file.h"
#include "base/dir_index.h"
#include "base/file_reader.h"
#include "base/leave_to_exit.h"
#include "base/paths.h"
#include "base/strings.h"
#include "driver/discover.h"
#include "driver/entry_point.h"
#include "driver/hip_sources.h"
#include "driver/kept_launch.h"
#include "driver/pairing.h"
#include "driver/payload_store.h"
#include "driver/project.h"
#include "driver/run_root.h"
#include "emit/emitter.h"
#include "engine/analyze.h"
#include "engine/cache.h"
#include "engine/config.h"
#include "engine/fix_guard.h"
#include "engine/fixes.h"
#include "engine/rule.h"
#include "engine/selection.h"
#include "engine/sidecar.h"
#include "engine/suppression.h"
#include "load/hip_loader.h"
#include "load/payload_loader.h"
#include "load/python_parser.h"
#include "model/hip.h"
#include "model/pairing.h"
#include "model/payload.h"

namespace aortalint {
namespace {

// --color auto: on when stdout is a terminal, unless NO_COLOR says no or
// TERM=dumb cannot show it; FORCE_COLOR and CLICOLOR_FORCE turn it on anyway.
bool UseColor(const CheckOptions& options, const std::string& output, int fd = STDOUT_FILENO) {
  if (options.color == "always") return true;
  if (options.color == "never" || !output.empty()) return false;
  auto set = [](const char* name) {
    const char* v = std::getenv(name);
    return v && *v;
  };
  if (set("NO_COLOR")) return false;
  const char* force = std::getenv("FORCE_COLOR");
  const char* clicolor_force = std::getenv("CLICOLOR_FORCE");
  if ((force && *force && std::string_view(force) != "0" && std::string_view(force) != "false") ||
      (clicolor_force && *clicolor_force && std::string_view(clicolor_force) != "0"))
    return true;
  if (const char* term = std::getenv("TERM"); term && std::string_view(term) == "dumb") return false;
  return ::isatty(fd);
}

// The fixes a run offers: safe ones (--fix) and unsafe ones (--fix --unsafe-fixes).
std::pair<size_t, size_t> FixableCounts(const std::vector<Diagnostic>& diagnostics) {
  size_t safe = 0, unsafe = 0;
  for (const Diagnostic& d : diagnostics)
    if (d.fix) ++(d.fix->applicability == Applicability::kSafe ? safe : unsafe);
  return {safe, unsafe};
}

// `--statistics`: one line per rule, most frequent first, as ruff prints it;
// with --format json, ruff's objects (code, name, count, fixable).
void EmitStatistics(const std::vector<Diagnostic>& diagnostics, bool json, std::ostream& out) {
  std::map<std::string, std::pair<size_t, bool>> by_rule;
  for (const Diagnostic& d : diagnostics) {
    auto& [count, fixable] = by_rule[d.rule];
    ++count;
    fixable |= d.fix.has_value();
  }
  std::vector<std::pair<std::string, std::pair<size_t, bool>>> rows(by_rule.begin(), by_rule.end());
  std::stable_sort(rows.begin(), rows.end(),
                   [](const auto& a, const auto& b) { return a.second.first > b.second.first; });
  if (json) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const auto& [rule, row] : rows) {
      const RuleMeta* meta = FindRule(rule);
      list.push_back({{"code", rule},
                      {"name", meta ? std::string(meta->slug) : rule},
                      {"count", row.first},
                      {"fixable", row.second}});
    }
    out << list.dump(2) << "\n";
    return;
  }
  size_t width = 1;
  for (const auto& row : rows) width = std::max(width, std::to_string(row.second.first).size());
  for (const auto& [rule, row] : rows) {
    const RuleMeta* meta = FindRule(rule);
    out << fmt::format("{:>{}}\t{}\t{}{}\n", row.first, width, rule, row.second ? "[*] " : "    ",
                       meta ? std::string(meta->slug) : rule);
  }
}

// `--show-fixes` without --fix: each finding a fix would change, by file.
void EmitAvailableFixes(const std::vector<Diagnostic>& diagnostics, std::ostream& out) {
  std::string last;
  for (const Diagnostic& d : diagnostics) {
    if (!d.fix) continue;
    if (d.where.path() != last) out << (last.empty() ? "" : "\n") << "Fixes available in " << d.where.path() << ":\n";
    last = d.where.path();
    out << fmt::format("  {}:{} {} {} ({})\n", d.where.start().line, d.where.start().column, d.rule, d.fix->title,
                       d.fix->applicability == Applicability::kSafe ? "safe: --fix" : "unsafe: --fix --unsafe-fixes");
  }
}

}  // namespace

void EmitFindings(const CheckOptions& options, const std::vector<Diagnostic>& diagnostics, std::ostream& out) {
  if (options.statistics && options.format == "json") {
    EmitStatistics(diagnostics, true, out);
    return;
  }
  // The machine formats: the findings and nothing else.
  using Emitter = void (*)(std::span<const Diagnostic>, std::ostream&);
  static const std::map<std::string_view, Emitter> kMachineFormats = {
      {"json", EmitJson},   {"sarif", EmitSarif},   {"github", EmitGithub}, {"gitlab", EmitGitlab},
      {"junit", EmitJunit}, {"rdjson", EmitRdjson}, {"pylint", EmitPylint}, {"azure", EmitAzure}};
  if (auto emit = kMachineFormats.find(options.format); emit != kMachineFormats.end()) {
    emit->second(diagnostics, out);
    return;
  }
  if (options.statistics) {
    EmitStatistics(diagnostics, false, out);
  } else {
    bool concise = options.format == "concise";
    EmitText(diagnostics, out, UseColor(options, options.output), concise);
    if (options.show_fixes && !options.fix) EmitAvailableFixes(diagnostics, out);
    if (!diagnostics.empty() && !options.quiet) out << (concise ? "" : "\n") << Summary(diagnostics) << '\n';
    if (diagnostics.empty() && !options.quiet && !options.diff) out << "All checks passed!\n";
  }
  if (options.quiet || options.diff) return;
  auto [safe, unsafe] = FixableCounts(diagnostics);
  if (safe && options.unsafe_fixes)
    out << "[*] " << safe + unsafe << " fixable with --fix --unsafe-fixes\n";
  else if (safe)
    out << "[*] " << safe << " fixable with --fix"
        << (unsafe ? fmt::format(" ({} more with --fix --unsafe-fixes)", unsafe) : "") << "\n";
  else if (unsafe)
    out << unsafe << " fixable with --fix --unsafe-fixes\n";
}

namespace {

int ExitStatus(const CheckOptions& options, Severity fail_level, const std::vector<Diagnostic>& all) {
  if (options.exit_zero) return kExitClean;
  for (const Diagnostic& d : all)
    if (d.severity >= fail_level) return kExitFindings;
  return kExitClean;
}

// The settings each config gives, built once per run, with the part of the
// cache key they make: the binary, where it runs and SettingsFingerprint.
// Units that add sidecars to their settings build their own (Fresh).
class SettingsMemo {
 public:
  struct Entry {
    AnalysisSettings settings;
    CacheKey key;             // the key's prefix; UnitKey adds the unit
    FileStates dependencies;  // settings.dependencies with their identities, taken once per run
  };
  explicit SettingsMemo(const SettingsRequest& request) : request_(request) {
    std::error_code ec;
    cwd_ = std::filesystem::current_path(ec).string();
  }
  const Entry& For(const std::shared_ptr<const Config>& config) {
    std::lock_guard lock(mutex_);
    auto it = by_config_.find(config.get());
    if (it != by_config_.end()) return *it->second.second;
    auto entry = std::make_unique<Entry>(Fresh(BuildSettings(request_, *config)));
    return *by_config_.emplace(config.get(), std::make_pair(config, std::move(entry))).first->second.second;
  }
  Entry Fresh(AnalysisSettings settings) const {
    Entry entry{std::move(settings), {}, {}};
    entry.key.Add(ResultCache::BinaryStamp()).Add(cwd_).Add(SettingsFingerprint(entry.settings));
    for (const std::string& dep : entry.settings.dependencies) entry.dependencies.emplace_back(dep, IdentityOf(dep));
    return entry;
  }

 private:
  const SettingsRequest& request_;
  std::string cwd_;
  std::mutex mutex_;
  // Keyed by address; the shared_ptr keeps the config (and so the address) alive.
  std::map<const Config*, std::pair<std::shared_ptr<const Config>, std::unique_ptr<Entry>>> by_config_;
};

// The cache key of a unit: the binary, where it runs, its settings (as built
// for it: SettingsFingerprint; all three in `prefix`), the launch command
// given, and its files.
std::string UnitKey(CacheKey key, const CheckOptions& options, const std::string& path,
                    const std::optional<Launch>& launch, const std::vector<std::string>& own_payloads) {
  key.Add("command");
  for (const std::string& word : options.command) key.Add(word);
  key.Add("unit").Add(path).Add(options.full_parse ? "full parse" : "selective parse");
  if (launch) {
    key.Add(std::to_string(static_cast<int>(launch->pairing.source))).Add(launch->pairing.base_dir);
    for (const std::string& word : launch->pairing.argv) key.Add(word);
    key.Add("files");
    for (const std::string& file : launch->files) key.Add(file);
    key.Add("own");
    for (const std::string& file : own_payloads) key.Add(file);
    key.Add("hip");
    for (const std::string& file : launch->hip_files) key.Add(file);
  }
  return key.Hex();
}

// A payload alone got the payload rules (an entry point importing Proton, or named): kept with its
// cached result, which cannot tell it from a payload that was not checked when it holds no finding.
constexpr uint8_t kPayloadRulesRan = 1;

// What a lint pass did besides finding things: for --verbose and the warnings.
struct LintStats {
  std::atomic<size_t> hits{0}, misses{0};
  std::atomic<size_t> kept_launches{0}, found_launches{0};  // recipes paired from the cache, and afresh
  std::mutex mutex;
  // Recipes analysed and payloads checked (paired, or importing Proton), by unit: each unit writes its
  // own, without a lock (a warm run of 10,000 units does little else). A path may be in several.
  std::vector<std::vector<std::string>> linted;
  std::map<std::string, std::string> skipped;  // YAML/JSON found or named and judged not a recipe: why
  std::string cache_note;                      // why the cache is off for this run, when it is
  bool LintedAny() const {
    return std::any_of(linted.begin(), linted.end(), [](const auto& unit) { return !unit.empty(); });
  }
  size_t LintedCount() const {
    std::unordered_set<std::string_view> distinct;
    for (const auto& unit : linted) distinct.insert(unit.begin(), unit.end());
    return distinct.size();
  }
};

// One recipe between reading and analysis.
struct RecipeJob {
  std::shared_ptr<const Config> config;
  bool wanted = false;                    // a recipe (or a named file) to analyse
  SourcePtr source;                       // its text, read once; null when unreadable or not read (kept)
  std::optional<Launch> launch;           // what it runs
  std::optional<FileIdentity> kept;       // the launch was kept by an earlier run: the recipe as it was
  std::vector<std::string> own_payloads;  // paired payloads whose own checks run in this unit
  std::vector<std::string> own_hip;       // likewise for HIP payloads
};

// Findings outlive their unit (they are printed once every unit is done): each
// keeps the text of its file only up to the end of the last line a finding of
// the unit points into, so a run holds a few lines per payload rather than every
// payload whole (peak memory on a 10,000-recipe repository). Offsets, lines and
// columns are unchanged: the kept text is a prefix.
void KeepOnlyReferencedText(std::vector<Diagnostic>& found) {
  std::map<const SourceFile*, std::pair<SourcePtr, uint32_t>> last;  // file -> itself, the last offset referenced
  auto note = [&](const Location& where) {
    if (!where.file) return;
    auto& [file, end] = last[where.file.get()];
    file = where.file;
    end = std::max(end, where.span.end);
  };
  for (const Diagnostic& d : found) {
    note(d.where);
    for (const Note& n : d.notes) note(n.where);
  }
  std::map<const SourceFile*, SourcePtr> trimmed;
  for (const auto& [key, value] : last) {
    const auto& [file, end] = value;
    std::string_view text = file->text();
    size_t cut = LineEndAfter(text, end);
    if (cut + 4096 > text.size()) continue;  // little to gain
    trimmed[key] = std::make_shared<const SourceFile>(file->path(), std::string(text.substr(0, cut)), file->identity());
  }
  if (trimmed.empty()) return;
  auto swap = [&](Location& where) {
    if (!where.file) return;
    if (auto it = trimmed.find(where.file.get()); it != trimmed.end()) where.file = it->second;
  };
  for (Diagnostic& d : found) {
    swap(d.where);
    for (Note& n : d.notes) swap(n.where);
  }
}

// Runs fn(0..n-1) on `jobs` threads, the calling one included.
void ParallelFor(size_t n, unsigned jobs, const std::function<void(size_t)>& fn) {
  std::atomic<size_t> next{0};
  // The first exception stops the others taking work and is rethrown here, to be reported as
  // one on the main thread is: one that escaped a thread would abort the process.
  std::exception_ptr failure;
  std::mutex failure_mutex;
  const FileOverlay* overlay = ScopedFileOverlay::Current();  // the run's texts, on every thread
  auto worker = [&] {
    ScopedFileOverlay use(overlay);
    try {
      for (size_t i = next++; i < n; i = next++) fn(i);
    } catch (...) {
      next = n;
      std::lock_guard lock(failure_mutex);
      if (!failure) failure = std::current_exception();
    }
  };
  jobs = std::min<unsigned>(jobs, static_cast<unsigned>(std::max<size_t>(1, n)));
  std::vector<std::thread> threads;
  for (unsigned j = 1; j < jobs; ++j) {
    try {
      threads.emplace_back(worker);
    } catch (const std::system_error&) {
      break;  // no more threads to be had (a pids limit, little memory): the ones started do the work
    }
  }
  worker();
  for (std::thread& t : threads) t.join();
  if (failure) std::rethrow_exception(failure);
}

// One lint of every discovered file (each pass of --fix runs it again).
// `skipped`, when given, collects "path: why" for each unpaired file that
// imports Proton but got no payload rules (--verbose).
std::vector<Diagnostic> LintFiles(const FileSet& files, ConfigResolver& configs, const CheckOptions& options,
                                  ResultCache& cache, LintStats& stats, std::vector<std::string>* skipped = nullptr) {
  // The HIP parses' precompiled prelude lives beside the results; --no-cache writes and reads neither.
  SetHipPrecompiledDir(cache.enabled() ? ResultCache::DefaultDir() + "/hip-pch" : "");
  stats.cache_note = cache.note();
  SettingsMemo settings_memo(options.request);
  unsigned jobs =
      options.jobs > 0 ? static_cast<unsigned>(options.jobs) : std::max(1u, std::thread::hardware_concurrency());

  // 1. Read each recipe once and find its launch (the header comment needs its text), unless an
  //    earlier run kept it and nothing it was found from has changed. Texts of the run's own (stdin,
  //    --fix) are never kept: what is on disk is not what is linted.
  const FileOverlay* overlay = ScopedFileOverlay::Current();
  auto kept = std::make_unique<KeptLaunches>(cache, options.command.empty() && (!overlay || overlay->empty()));
  std::vector<RecipeJob> recipe_jobs(files.recipes.size());
  ParallelFor(recipe_jobs.size(), jobs, [&](size_t i) {
    const Candidate& file = files.recipes[i];
    RecipeJob& job = recipe_jobs[i];
    job.config = file.config ? file.config : configs.For(file.path);
    if (!file.walk_error.empty()) {  // a directory the walk could not enter: SYN003 at it
      job.wanted = true;
      return;
    }
    auto skip = [&](const std::string& why) {
      std::lock_guard lock(stats.mutex);
      stats.skipped[file.path] = why;
    };
    const bool ask_role = !file.named || options.skip_non_recipes;
    if (std::optional<FoundLaunch> found = kept->Find(file, *job.config, ask_role)) {
      if (!found->recipe) return skip(found->why);
      job.wanted = true;
      job.launch = std::move(found->launch);
      job.kept = found->identity;
      ++stats.kept_launches;
      return;
    }
    ReadResult read = ReadTextFile(file.path);
    if (!read.ok) {
      job.wanted = true;  // LoadYamlFile reports it (SYN003)
      return;
    }
    // The verdict first; the reason (for --verbose) only for a file that is skipped.
    if (ask_role && RoleOf(file.path, read.text) != FileRole::kRecipe) {
      std::string why = ClassifyFile(file.path, read.text).why;
      kept->Keep(file, *job.config, ask_role, {false, why, std::nullopt, read.identity}, nullptr);
      return skip(why);
    }
    job.wanted = true;
    job.source = std::make_shared<const SourceFile>(file.path, std::move(read.text), read.identity);
    ScopedListingLog consulted;
    job.launch = FindLaunch(file.path, job.source->text(), options.command, *job.config, file.root);
    ++stats.found_launches;
    kept->Keep(file, *job.config, ask_role, {true, "", job.launch, read.identity}, &consulted);
  });
  kept->Save();

  // 2. Count each payload's uses, so it is parsed once and freed after its last one.
  //    A paired payload gets its own checks in the first unit that pairs it;
  //    the others are checked alone when they import Proton (decided once parsed).
  PayloadStore store(options.full_parse ? PayloadParse::kFull : PayloadParse::kSelective);
  HipStore hip_store;
  // Each source once: claimed by the first unit that pairs it (its first use), else checked alone.
  for (RecipeJob& job : recipe_jobs) {
    if (!job.launch) continue;
    for (const std::string& path : job.launch->files)
      if (store.AddUse(path)) job.own_payloads.push_back(path);
    for (const std::string& path : job.launch->hip_files)
      if (hip_store.AddUse(path)) job.own_hip.push_back(path);
  }
  // HIP sources named on the command line and paired with no recipe: checked alone, each once, in
  // the order found (a tree of Python files alone can hold tens of thousands: no search of a list).
  std::vector<std::string> hip_alone;
  for (const Candidate& file : files.hip) {
    std::string path = NormalizePath(file.path);
    if (hip_store.Has(path)) continue;
    hip_store.AddUse(path);
    hip_alone.push_back(path);
  }
  std::vector<std::string> alone;
  std::set<std::string> named_payloads;
  for (const Candidate& file : files.payloads) {
    std::string path = NormalizePath(file.path);
    if (store.Has(path)) continue;
    store.AddUse(path);
    alone.push_back(path);
    if (file.named) named_payloads.insert(path);
  }

  // 3. Analyse: recipes with their pairings, then payloads on their own.
  std::vector<std::vector<Diagnostic>> per_file(recipe_jobs.size() + alone.size() + hip_alone.size());
  std::vector<std::string> why_skipped(alone.size());
  const size_t first_slot = stats.linted.size();  // each pass of --fix adds its own
  stats.linted.resize(first_slot + per_file.size());
  auto analyse = [&](size_t i) {
    AnalysisUnit unit;
    auto linted = [&stats, slot = first_slot + i](const std::string& path) { stats.linted[slot].push_back(path); };
    if (i >= recipe_jobs.size() + alone.size()) {
      // A HIP/C++ source named on the command line and paired with no recipe: its own checks.
      const std::string& path = hip_alone[i - recipe_jobs.size() - alone.size()];
      const SettingsMemo::Entry& memo = settings_memo.For(configs.For(path));
      const AnalysisSettings& settings = memo.settings;
      linted(path);
      std::string key = cache.enabled() ? UnitKey(memo.key, options, path + " (hip)", {}, {}) : "";
      if (auto hit = cache.Get(key, {})) {
        ++stats.hits;
        per_file[i] = std::move(*hit);
        hip_store.Release(path);
        return;
      }
      if (cache.enabled()) ++stats.misses;
      ScopedReadLog read;
      std::shared_ptr<const HipPayload> hip = hip_store.Acquire(path);
      if (!hip->read_error.empty()) {
        // SYN003 names an unreadable file through the loader that reads recipes.
        unit.recipe = LoadYamlFile(path);
      } else {
        unit.hip_payloads.push_back(hip);
      }
      FileStates deps = hip_store.ReadFor(path);  // the payload itself first
      deps.insert(deps.end(), memo.dependencies.begin(), memo.dependencies.end());
      per_file[i] = Analyze(unit, settings);
      deps.insert(deps.end(), read.reads().begin(), read.reads().end());
      cache.Put(key, deps, per_file[i]);
      hip_store.Release(path);
      return;
    }
    if (i >= recipe_jobs.size()) {
      const std::string& path = alone[i - recipe_jobs.size()];
      const SettingsMemo::Entry& memo = settings_memo.For(configs.For(path));
      const AnalysisSettings& settings = memo.settings;
      std::string key = cache.enabled()
                            ? UnitKey(memo.key, options, path + (named_payloads.count(path) ? " (named)" : ""), {}, {})
                            : "";
      uint8_t flags = 0;
      if (auto hit = cache.Get(key, {}, &flags)) {
        ++stats.hits;
        if (flags & kPayloadRulesRan) linted(path);
        if (skipped && !(flags & kPayloadRulesRan)) {  // --verbose: why it got no payload rules
          std::shared_ptr<const Payload> payload = store.Acquire(path);
          if (payload->ok() && payload->UsesProton())
            if (std::string why = WhyNotAnEntryPoint(*payload); !why.empty())
              why_skipped[i - recipe_jobs.size()] = path + ": no payload rules: " + why;
        }
        per_file[i] = std::move(*hit);
        store.Release(path);
        return;
      }
      if (cache.enabled()) ++stats.misses;
      ScopedReadLog read;
      std::shared_ptr<const Payload> payload = store.Acquire(path);
      // Unpaired Python files get the payload rules only when they are entry
      // points that import Proton (or were named and cannot be read).
      std::string why = payload->ok() ? WhyNotAnEntryPoint(*payload) : "";
      if (payload->ok() ? why.empty() : named_payloads.count(path) > 0) {
        unit.payloads.push_back(payload);
        per_file[i] = Analyze(unit, settings);
        linted(path);
        flags = kPayloadRulesRan;
      } else if (payload->ok() && payload->UsesProton()) {
        why_skipped[i - recipe_jobs.size()] = path + ": no payload rules: " + why;
      }
      FileStates deps = {{path, payload->source->identity()}};  // its own file first (Save drops the entry when gone)
      deps.insert(deps.end(), read.reads().begin(), read.reads().end());
      deps.insert(deps.end(), memo.dependencies.begin(), memo.dependencies.end());
      cache.Put(key, deps, per_file[i], flags);
      store.Release(path);
      return;
    }
    RecipeJob& job = recipe_jobs[i];
    if (!job.wanted) return;
    const std::string& recipe_path = files.recipes[i].path;
    if (const std::string& why = files.recipes[i].walk_error; !why.empty()) {
      // Not cached: the walk finds it again on every run, and nothing was read to key it by.
      YamlDocument doc;
      doc.source = std::make_shared<SourceFile>(recipe_path, "");
      doc.failure = YamlDocument::Failure::kUnreadable;
      doc.failure_message = why;
      doc.failure_help = files.recipes[i].walk_help;
      unit.recipe = std::move(doc);
      linted(recipe_path);
      per_file[i] = Analyze(unit, settings_memo.For(job.config).settings);
      return;
    }
    // aorta's `--mitigations-file` sidecars: given to `check`, or in the recipe's header command.
    std::vector<std::string> sidecar_paths = options.mitigation_files;
    if (job.launch)
      sidecar_paths.insert(sidecar_paths.end(), job.launch->pairing.sidecars.begin(),
                           job.launch->pairing.sidecars.end());
    const SettingsMemo::Entry* memo = &settings_memo.For(job.config);
    std::optional<SettingsMemo::Entry> own;  // settings with sidecars: this unit's alone
    if (!sidecar_paths.empty()) {
      AnalysisSettings with_sidecars = memo->settings;
      AddUnitSidecars(sidecar_paths, with_sidecars);
      own = settings_memo.Fresh(std::move(with_sidecars));
      memo = &*own;
    }
    const AnalysisSettings& settings = memo->settings;
    linted(recipe_path);
    if (job.launch)
      for (const std::string& path : job.launch->files) linted(path);
    std::string key = cache.enabled() ? UnitKey(memo->key, options, recipe_path, job.launch, job.own_payloads) : "";
    std::map<std::string, SourcePtr> known;
    if (job.source) known[recipe_path] = job.source;
    FileStates stated;  // a kept launch's recipe, as looked at when it was found unchanged
    if (job.kept) stated.emplace_back(recipe_path, *job.kept);
    if (auto hit = cache.Get(key, known, nullptr, stated)) {
      ++stats.hits;
      per_file[i] = std::move(*hit);
      if (job.launch) {
        for (const std::string& path : job.launch->files) store.Release(path);
        for (const std::string& path : job.launch->hip_files) hip_store.Release(path);
      }
      return;
    }
    if (cache.enabled()) ++stats.misses;
    // A kept launch holds what the key is made of, not the whole pairing the rules read: the recipe
    // is read and paired now. Changed since it was found unchanged (an edit during this run), the
    // payloads already counted are analysed and nothing is cached.
    bool cacheable = true;
    if (job.kept) {
      ReadResult read = ReadTextFile(recipe_path);
      if (read.ok) job.source = std::make_shared<const SourceFile>(recipe_path, std::move(read.text), read.identity);
      std::optional<Launch> now =
          job.source ? FindLaunch(recipe_path, job.source->text(), options.command, *job.config, files.recipes[i].root)
                     : std::nullopt;
      cacheable = job.source && job.source->identity() == *job.kept && now.has_value() == job.launch.has_value() &&
                  (!now || SameKeptParts(*now, *job.launch));
      if (cacheable) job.launch = std::move(now);
    }
    // Each file with its identity as read: an edit during the analysis is
    // never cached as the state the findings belong to.
    FileStates deps;
    deps.emplace_back(recipe_path, job.source ? job.source->identity() : IdentityOf(recipe_path));
    deps.insert(deps.end(), memo->dependencies.begin(), memo->dependencies.end());
    if (job.launch)
      for (const std::string& missing : job.launch->pairing.missing) {
        std::string p = (std::filesystem::path(job.launch->pairing.base_dir) / missing).string();
        deps.emplace_back(p, IdentityOf(p));
      }
    ScopedReadLog read;
    unit.recipe = job.source ? ParseYaml(std::move(job.source)) : LoadYamlFile(recipe_path);
    if (job.launch) {
      auto pairing = std::make_shared<Pairing>(std::move(job.launch->pairing));
      for (const std::string& path : job.launch->files) {
        pairing->payloads.push_back(store.Acquire(path));
        deps.emplace_back(path, pairing->payloads.back()->source->identity());
      }
      for (const std::string& path : job.own_payloads) unit.payloads.push_back(store.Acquire(path));
      for (const std::string& path : job.launch->hip_files) {
        pairing->hip_payloads.push_back(hip_store.Acquire(path));
        const FileStates& hip_read = hip_store.ReadFor(path);
        deps.insert(deps.end(), hip_read.begin(), hip_read.end());
      }
      for (const std::string& path : job.own_hip) unit.hip_payloads.push_back(hip_store.Acquire(path));
      unit.pairing = std::move(pairing);
    }
    // A sanitizer plan's `hip:` source (the ConSan reproducer) is one of the recipe's HIP payloads.
    AddSanitizerSource(
        unit, recipe_path,
        [&] {
          return RepositoryRoot(recipe_path, job.config->path.empty() ? "" : job.config->dir, files.recipes[i].root);
        },
        [](const std::string& path, FileStates* read) { return LoadHipPayload(path, read); }, &deps);
    per_file[i] = Analyze(unit, settings);
    unit = AnalysisUnit();
    deps.insert(deps.end(), read.reads().begin(), read.reads().end());
    if (cacheable) cache.Put(key, deps, per_file[i]);
    if (job.launch) {
      for (const std::string& path : job.launch->files) store.Release(path);
      for (const std::string& path : job.launch->hip_files) hip_store.Release(path);
    }
  };
  ParallelFor(per_file.size(), jobs, [&](size_t i) {
    analyse(i);
    KeepOnlyReferencedText(per_file[i]);
  });

  cache.Save();
  if (skipped)
    for (std::string& why : why_skipped)
      if (!why.empty()) skipped->push_back(std::move(why));
  std::vector<Diagnostic> all;
  for (std::vector<Diagnostic>& d : per_file)
    all.insert(all.end(), std::make_move_iterator(d.begin()), std::make_move_iterator(d.end()));
  // A run that fixes lints again after each round: each round's own is freed, not held to the end.
  if (options.exit_after && !options.fix && !options.diff && !options.add_noqa) {
    LeaveToExit(kept);
    LeaveToExit(recipe_jobs);
    LeaveToExit(per_file);
    LeaveToExit(store);
  }
  return all;
}

constexpr int kMaxFixPasses = 10;

// `--show-fixes` with --fix: the fixable findings of the first pass that the
// last pass no longer reports, by file and rule.
void EmitAppliedFixes(const std::vector<Diagnostic>& before, const std::vector<Diagnostic>& after, std::ostream& err) {
  std::multiset<std::string> remaining;
  for (const Diagnostic& d : after) remaining.insert(d.where.path() + '\0' + d.rule + '\0' + d.message);
  std::map<std::string, std::map<std::string, size_t>> fixed;
  for (const Diagnostic& d : before) {
    if (!d.fix) continue;
    auto it = remaining.find(d.where.path() + '\0' + d.rule + '\0' + d.message);
    if (it != remaining.end()) {
      remaining.erase(it);
      continue;
    }
    ++fixed[d.where.path()][d.rule];
  }
  for (const auto& [path, rules] : fixed) {
    err << "Fixed in " << path << ":\n";
    for (const auto& [rule, count] : rules) {
      const RuleMeta* meta = FindRule(rule);
      err << fmt::format("  {} x {} ({})\n", count, rule, meta ? std::string(meta->slug) : rule);
    }
  }
}

// What FinishFixes did when the run goes on.
struct FixOutcome {
  std::optional<int> exit;             // the run ends here with this code
  std::vector<std::string> unwritten;  // fixed files that could not be saved (reported)
};

// After the fix passes: --diff prints what would change, stdin gets its text
// back (fixed or not), files are replaced atomically. A file that cannot be
// written, or that changed on disk since it was read, is left as it was and
// reported; the others are still written.
FixOutcome FinishFixes(const CheckOptions& options, const FileTexts& originals, const FileTexts& current, size_t fixed,
                       const std::vector<Diagnostic>& remaining, const std::string& stdin_text, std::ostream& out,
                       std::ostream& err) {
  FixOutcome outcome;
  if (options.diff) {
    std::string diff;
    for (const auto& [path, before] : originals)
      diff += UnifiedDiff(path.rfind("./", 0) == 0 ? path.substr(2) : path, before, current.at(path));
    if (options.output.empty()) {
      out << diff;
    } else if (std::optional<std::string> why = WriteFileAtomically(options.output, diff)) {
      err << "aortalint: cannot write the diff to --output '" << options.output << "': " << *why << "\n";
      outcome.exit = kExitUsage;
      return outcome;
    }
    outcome.exit = diff.empty() || options.exit_zero ? kExitClean : kExitFindings;
    return outcome;
  }
  if (!options.fix) return outcome;
  if (!options.stdin_filename.empty()) {
    // As ruff does: the source on stdout, fixed when it could be, else as it came
    // (an editor replaces its buffer with it); the findings left on stderr.
    auto it = current.find(options.stdin_filename);
    out << (it != current.end() ? it->second : stdin_text);
    EmitText(remaining, err, false, true);
    return outcome;
  }
  size_t written = 0;
  for (const auto& [path, text] : current) {
    const std::string& before = originals.at(path);
    if (text == before) continue;
    if (std::optional<std::string> why = WriteFileAtomically(path, text, &before)) {
      err << "aortalint: did not write the fixed '" << path << "': " << *why << "; the file is unchanged\n";
      outcome.unwritten.push_back(path);
      continue;
    }
    ++written;
  }
  if (fixed && outcome.unwritten.empty())
    err << "aortalint: "
        << (options.add_noqa ? "added " + Plural(fixed, "suppression") : "applied " + Plural(fixed, "fix")) << "\n";
  else if (fixed)
    err << "aortalint: fixed " << written << " of " << written + outcome.unwritten.size()
        << " files; the findings below are those of the files as they are on disk\n";
  return outcome;
}

// Fixes the user refused to lose: a fix whose result would not parse, by a key
// that survives the offsets moving (rule, file, replaced text and replacement).
std::string FixKey(const Diagnostic& d, const FileTexts& texts) {
  std::string key = d.rule;
  for (const Edit& e : d.fix->edits) {
    auto it = texts.find(e.path);
    key += '\0' + e.path + '\0' + e.replacement + '\0';
    if (it != texts.end() && e.span.end <= it->second.size())
      key += it->second.substr(e.span.begin, e.span.end - e.span.begin);
  }
  return key;
}

// Applies this pass's fixes, then parses each changed file again: a file whose
// fixed text has a syntax error the original did not is rebuilt fix by fix,
// keeping those that parse; the others are dropped for good, with a message.
size_t ApplyCheckedFixes(const std::vector<Diagnostic>& all, bool unsafe, FileTexts& current,
                         std::set<std::string>& rejected, std::ostream& err) {
  std::vector<Diagnostic> wanted;
  for (const Diagnostic& d : all)
    if (d.fix && !d.fix->edits.empty() && !rejected.count(FixKey(d, current))) wanted.push_back(d);
  FileTexts prior = current;
  size_t applied = ApplyFixes(wanted, unsafe, current);
  for (auto& [path, text] : current) {
    if (text == prior.at(path) || !NewSyntaxError(path, prior.at(path), text)) continue;
    // Rebuild this file: the fixes touching only it, one at a time.
    std::vector<Diagnostic> kept;
    std::string good = prior.at(path);
    for (const Diagnostic& d : wanted) {
      bool here = false, elsewhere = false;
      for (const Edit& e : d.fix->edits) (e.path == path ? here : elsewhere) = true;
      if (!here) continue;
      kept.push_back(d);
      FileTexts trial = {{path, prior.at(path)}};
      size_t n = elsewhere ? 0 : ApplyFixes(kept, unsafe, trial);
      std::optional<std::string> error = elsewhere ? std::optional<std::string>("it also edits another file")
                                                   : NewSyntaxError(path, prior.at(path), trial[path]);
      if (n == 0 && !error) {  // not applicable on this pass (overlap): try again next pass
        kept.pop_back();
        continue;
      }
      if (error) {
        kept.pop_back();
        --applied;
        rejected.insert(FixKey(d, prior));
        err << "aortalint: not applying the " << d.rule << " fix '" << d.fix->title << "' to '" << path
            << "': the fixed file would not parse (" << *error << "); make this change by hand\n";
        continue;
      }
      good = trial[path];
    }
    text = good;
  }
  return applied;
}

}  // namespace

namespace {

// pre-commit names only the changed files. A payload named alone brings in the
// recipes that run it (driver/project.h), so a change to the payload that
// breaks its recipe (PAY006) fails the hook. The analyses come from the cache.
void AddPairedRecipes(FileSet& files, ConfigResolver& configs, const CheckOptions& options) {
  std::set<std::string> named_payloads;
  for (const std::vector<Candidate>* list : {&files.payloads, &files.hip})
    for (const Candidate& c : *list)
      if (c.named) named_payloads.insert(NormalizePath(c.path));
  if (named_payloads.empty()) return;
  std::set<std::string> have;
  for (const Candidate& c : files.recipes) have.insert(NormalizePath(c.path));
  for (std::string& recipe : RecipesRunning(named_payloads, configs, options.command, options.respect_gitignore))
    if (have.insert(NormalizePath(recipe)).second) files.recipes.push_back({std::move(recipe), false});
  std::sort(files.recipes.begin(), files.recipes.end());
}

// A path named on the command line under which nothing was linted: said on
// stderr, so a typo or a wrong directory never passes as a clean run.
void WarnEmptyPaths(const std::vector<std::string>& paths, const FileSet& files, const LintStats& stats,
                    std::ostream& err) {
  namespace fs = std::filesystem;
  auto under = [](const std::string& file, const std::string& root) {
    fs::path f = fs::path(file).lexically_normal(), r = fs::path(root).lexically_normal();
    if (r == ".") return true;
    std::string rel = f.lexically_relative(r).generic_string();
    return !rel.empty() && rel.rfind("..", 0) != 0;
  };
  for (const std::string& path : paths) {
    std::error_code ec;
    if (!fs::is_directory(path, ec)) continue;  // a named file is linted whatever it holds
    if (std::any_of(stats.linted.begin(), stats.linted.end(), [&](const std::vector<std::string>& unit) {
          return std::any_of(unit.begin(), unit.end(), [&](const std::string& f) { return under(f, path); });
        }))
      continue;
    size_t yaml = 0, python = 0;
    for (const Candidate& c : files.recipes) yaml += under(c.path, path);
    for (const Candidate& c : files.payloads) python += under(c.path, path);
    err << "aortalint: warning: nothing to lint under '" << path << "': no aorta recipe";
    if (yaml || python)
      err << " among its " << Plural(yaml, "YAML file") << ", and none of its " << Plural(python, "Python file")
          << " is paired with one or is an entry point importing triton.profiler (--verbose says why)";
    err << "; name the recipe directory, or check the config's `exclude:`\n";
  }
}

std::string DirOf(const Config& config) { return config.dir.empty() ? "." : config.dir; }

// A config's `pairs:` entry whose recipe glob matches no YAML file of a walk that covered the
// config's whole directory: its command never pairs, and its payloads' rules never run.
void WarnUnmatchedPairs(const std::vector<std::string>& paths, const FileSet& files, ConfigResolver& configs,
                        std::ostream& err) {
  if (!configs.AnyPairs()) return;
  std::map<const Config*, std::pair<std::shared_ptr<const Config>, std::vector<bool>>> seen;  // config -> matched
  for (const Candidate& c : files.recipes) {
    std::shared_ptr<const Config> config = configs.For(c.path);
    if (config->pairs.empty()) continue;
    auto& [keep, matched] = seen[config.get()];
    if (!keep) {
      keep = config;
      matched.assign(config->pairs.size(), false);
    }
    for (size_t i = 0; i < matched.size(); ++i)
      matched[i] = matched[i] || PathMatchesGlob(config->pairs[i].recipe, DirOf(*config), c.path);
  }
  for (const auto& [key, value] : seen) {
    const auto& [config, matched] = value;
    std::string dir = AbsoluteNormal(DirOf(*config));
    bool walked_whole = std::any_of(paths.begin(), paths.end(), [&](const std::string& p) {
      std::error_code ec;
      std::string walked = AbsoluteNormal(p);
      if (walked.size() > 1 && walked.back() == '/') walked.pop_back();  // `.` gives "/cwd/"
      return std::filesystem::is_directory(p, ec) && (dir == walked || dir.starts_with(walked + "/") || walked == "/");
    });
    if (!walked_whole) continue;
    for (size_t i = 0; i < matched.size(); ++i)
      if (!matched[i])
        err << "aortalint: warning: " << config->path << ": the pairs: recipe glob '" << config->pairs[i].recipe
            << "' matches no YAML file under '" << DirOf(*config)
            << "', so its command pairs with nothing; write the glob relative to the config's directory\n";
  }
}

// Everything `check` does before it prints the findings. `exit` is set when
// the run ends without a report (usage and config errors, --show-settings,
// --show-files, the text of --fix on stdin).
struct Linted {
  std::optional<int> exit;
  std::vector<Diagnostic> diagnostics;
  Severity fail_level = Severity::kError;
  bool unwritten = false;  // a fixed file could not be written: exit 2 after the report
  size_t fixed = 0;        // fixes applied
};

// The edit that suppresses `ids` on `line`: the IDs added to the `ignore[...]` already there, else
// `# aortalint: ignore[ID,...]` (`//` in C++) at the line's end; nullopt where nothing is left to add, or
// where the comment would not be read as one (inside a string or a block scalar).
std::optional<Edit> SuppressionEdit(const SourceFile& file, uint32_t line, std::set<std::string> ids) {
  auto on_line = [line](const Suppression& s) { return s.kind == Suppression::Kind::kLine && s.line == line; };
  std::vector<Suppression> before = FindSuppressions(file);
  Edit edit{file.path(), {}, ""};
  if (auto there = std::find_if(before.begin(), before.end(), on_line); there != before.end()) {
    for (const SuppressionCode& c : there->codes) ids.erase(c.id);
    if (ids.empty()) return std::nullopt;
    edit.span = {there->list.end, there->list.end};
    edit.replacement = (there->codes.empty() ? "" : ",") + Join(ids, ",");
  } else {
    uint32_t end = file.LineStart(line) + static_cast<uint32_t>(TrimRight(file.LineText(line), "\r").size());
    edit.span = {end, end};
    edit.replacement =
        std::string(HasHipExtension(file.path()) ? "  // " : "  # ") + "aortalint: ignore[" + Join(ids, ",") + "]";
  }
  std::string text(file.text());
  text.replace(edit.span.begin, edit.span.end - edit.span.begin, edit.replacement);
  std::vector<Suppression> after = FindSuppressions(SourceFile(file.path(), text));
  auto there = std::find_if(after.begin(), after.end(), on_line);
  if (there == after.end()) return std::nullopt;
  for (const SuppressionCode& c : there->codes) ids.erase(c.id);
  return ids.empty() ? std::optional(edit) : std::nullopt;
}

// --add-noqa: the first finding of each line gets, as its one fix, the suppression of every finding there
// (a safe fix: it changes no value). The rules whose findings no suppression should answer (a file that
// could not be read or parsed, the suppression rules' own) say so: RuleMeta::add_noqa.
void SuppressionFixes(std::vector<Diagnostic>& all) {
  std::map<std::pair<std::string, uint32_t>, std::vector<Diagnostic*>> by_line;
  for (Diagnostic& d : all) {
    d.fix.reset();
    const RuleMeta* meta = FindRule(d.rule);
    if (d.where.file && (!meta || meta->add_noqa)) by_line[{d.where.path(), d.where.start().line}].push_back(&d);
  }
  for (const auto& [at, found] : by_line) {
    std::set<std::string> ids;
    for (const Diagnostic* d : found) ids.insert(d->rule);
    if (std::optional<Edit> edit = SuppressionEdit(*found.front()->where.file, at.second, ids))
      found.front()->fix = Fix{"suppress " + Join(ids, ", ") + " on this line", Applicability::kSafe, {*edit}};
  }
}

// --unfixable: the findings of these rules are reported without their fix, and nothing applies it.
void DropUnfixable(std::vector<Diagnostic>& found, const std::vector<std::string>& unfixable) {
  for (Diagnostic& d : found)
    if (d.fix && std::any_of(unfixable.begin(), unfixable.end(),
                             [&](const std::string& selector) { return SelectorMatches(selector, d.rule); }))
      d.fix.reset();
}

Linted Lint(const CheckOptions& input, std::ostream& out, std::ostream& err) {
  CheckOptions options = input;
  options.fix |= options.add_noqa;  // written as fixes are: checked, atomically, within the project
  // The texts standing in for files this run: stdin, then each pass's fixes. Its own, on its threads.
  FileOverlay overlay;
  ScopedFileOverlay use_overlay(&overlay);
  std::optional<Severity> fail_level = ParseSeverity(options.fail_level);
  if (!fail_level) {
    err << "aortalint: --fail-level must be error, warning or info, got '" << options.fail_level << "'\n";
    return {kExitUsage};
  }
  for (const std::string& path : options.mitigation_files)
    if (Sidecar sidecar = LoadSidecar(path); !sidecar.error.empty()) {
      err << "aortalint: " << sidecar.error << "\n";
      if (!sidecar.help.empty()) err << "  help: " << sidecar.help << "\n";
      return {kExitUsage};
    }
  if (std::optional<std::string> problem = options.request.NormalizeAndCheck()) {
    err << "aortalint: " << *problem << "\n";
    return {kExitUsage};
  }
  for (const std::string& version : options.request.triton)
    if (!IsTritonVersion(version)) {
      err << "aortalint: --triton '" << version
          << "' is not a Triton version; write it as pip shows it (3.7.1, 3.6.0+rocm7.2.4, 3.8) or main\n";
      return {kExitUsage};
    }
  if (options.statistics && options.format != "text" && options.format != "concise" && options.format != "json") {
    err << "aortalint: --statistics prints a count per rule as text or JSON, not as " << options.format
        << "; use --format text or json, or leave --statistics out\n";
    return {kExitUsage};
  }
  std::vector<std::string> paths = options.paths;
  // `-` is standard input, as for ruff; it needs the path it stands for, which decides how it is linted.
  bool dash = std::erase(paths, std::string("-")) > 0;
  if (dash && options.stdin_filename.empty()) {
    err << "aortalint: '-' reads standard input, which needs --stdin-filename PATH: the path it is linted as "
           "(a recipe .yaml or a payload .py)\n";
    return {kExitUsage};
  }
  if (!options.stdin_filename.empty() && options.fix && !options.output.empty()) {
    err << "aortalint: --output does not apply to --fix with --stdin-filename: the fixed text goes to stdout and "
           "the findings left to stderr; leave --output out\n";
    return {kExitUsage};
  }
  if (paths.empty() && options.stdin_filename.empty()) paths = {"."};
  std::string stdin_text;
  if (!options.stdin_filename.empty()) {
    for (const std::string& path : paths)
      if (!options.quiet)
        err << "aortalint: warning: ignoring '" << path << "' in favour of standard input (--stdin-filename)\n";
    if (std::error_code ec; std::filesystem::is_directory(options.stdin_filename, ec)) {
      err << "aortalint: --stdin-filename '" << options.stdin_filename
          << "' is a directory; give the path of the file that stdin stands for\n";
      return {kExitUsage};
    }
    // stdin stands in for the named file: discovery, config and loaders all see the name.
    stdin_text.assign(std::istreambuf_iterator<char>(std::cin), {});
    overlay.Set(options.stdin_filename, stdin_text);
    paths = {options.stdin_filename};
  }
  if (std::optional<std::string> grammar = CheckPythonGrammar()) {
    err << "aortalint: cannot parse Python payloads: " << *grammar << '\n';
    return {kExitInternal};
  }
  // Fixes and stdin lint texts that are not on disk: no cache for them.
  bool cacheable = !options.no_cache && !options.fix && !options.diff && options.stdin_filename.empty();
  ResultCache cache(cacheable ? ResultCache::DefaultDir() : "");
  // One listing per directory for the whole run: the walk, the config lookup, .gitignore and pairing share
  // it. Kept with the results, a directory whose stamp is unchanged since is not listed again.
  ScopedDirectoryCache directory_cache(cache.Listings());
  auto resolver = std::make_unique<ConfigResolver>(options.config, options.no_config);  // left to the exit
  ConfigResolver& configs = *resolver;
  if (!options.show_settings.empty()) {
    std::shared_ptr<const Config> config = configs.For(options.show_settings);
    std::vector<Diagnostic> errors = configs.TakeErrors();
    if (!errors.empty()) {
      EmitText(errors, err, false, false);
      return {kExitUsage};
    }
    AnalysisSettings settings = BuildSettings(options.request, *config);
    out << DescribeSettings(settings, options.show_settings);
    std::vector<std::string> enabled;
    for (const RuleMeta* m : AllRuleMetas())
      if (settings.selection.Enabled(m->id)) enabled.emplace_back(m->id);
    out << fmt::format("  {:<20} {} of {}: {}\n", "rules enabled", enabled.size(), AllRuleMetas().size(),
                       fmt::join(enabled, ","));
    return {kExitClean};
  }
  FileSet files = Discover(paths, configs, options.respect_gitignore, options.extend_exclude);
  RunRoot run_root = NamedFilesRoot(files);
  ApplyRunRoot(files, run_root);
  if (options.verbose && !run_root.dir.empty()) err << "aortalint: " << run_root.why << "\n";
  if (options.stdin_filename.empty()) AddPairedRecipes(files, configs, options);
  if (options.show_files) {
    // What `check` would read: recipes are decided by their text, as the lint decides them.
    for (const Candidate& c : files.recipes) {
      if (!c.walk_error.empty()) {
        err << "aortalint: cannot read '" << c.path << "': " << c.walk_error << "\n  help: " << c.walk_help << "\n";
        continue;
      }
      ReadResult read = ReadTextFile(c.path);
      bool recipe =
          c.named && !options.skip_non_recipes ? true : read.ok && RoleOf(c.path, read.text) == FileRole::kRecipe;
      if (recipe) out << c.path << "\n";
    }
    for (const Candidate& c : files.payloads) out << c.path << "\n";
    for (Diagnostic& d : configs.TakeErrors())
      if (d.rule == "config") {
        EmitText(std::vector<Diagnostic>{d}, err, false, false);
        return {kExitUsage};
      }
    return {kExitClean};
  }
  if (!options.output.empty()) {
    // The report must never replace a file it reports on.
    std::vector<std::string> inputs = paths;
    for (const Candidate& c : files.recipes) inputs.push_back(c.path);
    for (const Candidate& c : files.payloads) inputs.push_back(c.path);
    for (const std::string& input : inputs)
      if (SameFile(options.output, input)) {
        err << "aortalint: --output '" << options.output << "' is one of the files being checked ('" << input
            << "'); write the report to another file\n";
        return {kExitUsage};
      }
  }
  LintStats stats;
  bool fixing = options.fix || options.diff;
  FileTexts originals, current;    // the files fixes touched: before, and as now linted
  std::set<std::string> rejected;  // fixes whose result would not parse
  size_t fixed = 0;
  std::vector<Diagnostic> all, config_findings, first_pass;
  for (int pass = 0;; ++pass) {
    std::vector<std::string> skipped;
    all = LintFiles(files, configs, options, cache, stats, options.verbose && pass == 0 ? &skipped : nullptr);
    DropUnfixable(all, options.request.unfixable);
    for (const std::string& why : skipped) err << "aortalint: " << why << '\n';
    if (pass == 0) {
      if (options.show_fixes && options.fix) first_pass = all;
      // Unknown rule IDs in a config are SUP002 findings; anything else is a config error.
      std::vector<Diagnostic> config_errors;
      for (Diagnostic& d : configs.TakeErrors())
        (d.rule == "config" ? config_errors : config_findings).push_back(std::move(d));
      if (!config_errors.empty()) {
        EmitText(config_errors, err, UseColor(options, ""), false);
        return {kExitUsage};
      }
      if (!BuildSettings(options.request, Config{}).selection.Enabled("SUP002")) config_findings.clear();
      for (const std::string& warning : configs.TakeWarnings())
        if (!options.quiet) err << "aortalint: warning: " << warning << "\n";
    }
    if (options.add_noqa) {
      if (pass == 1) break;  // one pass: what is left could not carry a suppression
      SuppressionFixes(all);
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
    size_t applied = ApplyCheckedFixes(all, options.unsafe_fixes, current, rejected, err);
    if (applied == 0 || current == prior) break;  // a fix that changes nothing would loop
    fixed += applied;
    for (const auto& [path, text] : current) overlay.Set(path, text);
  }
  if (cache.enabled()) {
    std::vector<std::string> trees;  // the directories named, and those of the files named
    for (const std::string& path : paths) {
      std::string abs = AbsoluteNormal(path);
      if (abs.size() > 1 && abs.ends_with('/')) abs.pop_back();
      trees.push_back(KindOfPath(path) == EntryKind::kDirectory ? abs : std::string(ParentOf(abs)));
    }
    if (std::optional<KeptListings> listings = directory_cache.Keep(trees)) cache.KeepListings(*listings);
  }
  auto tidy = [&config_findings](std::vector<Diagnostic>& found) {
    found.insert(found.end(), config_findings.begin(), config_findings.end());
    std::stable_sort(found.begin(), found.end(), DiagnosticLess);
    found.erase(std::unique(found.begin(), found.end(),
                            [](const Diagnostic& a, const Diagnostic& b) {
                              return a.rule == b.rule && a.where.path() == b.where.path() &&
                                     a.where.span == b.where.span && a.message == b.message;
                            }),
                found.end());
  };
  tidy(all);
  if (!options.quiet && options.stdin_filename.empty()) {
    WarnEmptyPaths(paths, files, stats, err);
    WarnUnmatchedPairs(paths, files, configs, err);
  }
  if (options.verbose) {
    for (const auto& [path, why] : files.skipped) err << "aortalint: skipped " << path << ": " << why << "\n";
    for (const auto& [path, why] : stats.skipped)
      err << "aortalint: skipped " << path << ": not a recipe: " << why << "\n";
  }
  if (!options.quiet && !files.skipped.empty() && !stats.LintedAny())
    err << "aortalint: warning: nothing linted: every file named was skipped (" << files.skipped.front().first << ": "
        << files.skipped.front().second << "); --verbose lists them\n";
  if (options.verbose && !stats.cache_note.empty()) err << "aortalint: " << stats.cache_note << "\n";
  if (options.verbose)
    err << "aortalint: " << Plural(stats.LintedCount(), "file") << " linted; "
        << (cache.enabled() ? fmt::format("recipes paired: {} as kept, {} afresh; ", stats.kept_launches.load(),
                                          stats.found_launches.load())
                            : "")
        << "cache: " << Plural(stats.hits, "hit") << ", " << Plural(stats.misses, "miss")
        << (options.no_cache ? " (--no-cache)" : "") << "\n";
  if (options.show_fixes && options.fix && fixed) EmitAppliedFixes(first_pass, all, err);
  FixOutcome outcome = FinishFixes(options, originals, current, fixed, all, stdin_text, out, err);
  if (!outcome.unwritten.empty()) {
    // The findings of the files as they stayed on disk, not as they were fixed in memory.
    for (const std::string& path : outcome.unwritten) overlay.Set(path, originals.at(path));
    LintStats again;
    all = LintFiles(files, configs, options, cache, again);
    DropUnfixable(all, options.request.unfixable);
    tidy(all);
  }
  if (outcome.exit) return {*outcome.exit};
  if (options.fix && !options.stdin_filename.empty()) return {ExitStatus(options, *fail_level, all)};
  if (options.exit_after) {
    LeaveToExit(files);
    LeaveToExit(resolver);
    LeaveToExit(stats.linted);
    directory_cache.LeaveToExit();
  }
  return {std::nullopt, std::move(all), *fail_level, !outcome.unwritten.empty(), fixed};
}

}  // namespace

std::optional<std::vector<Diagnostic>> LintDiagnostics(const CheckOptions& options, std::ostream& err) {
  std::ostringstream unused;
  Linted linted = Lint(options, unused, err);
  if (linted.exit == kExitUsage || linted.exit == kExitInternal) return std::nullopt;
  return std::move(linted.diagnostics);
}

int RunCheck(const CheckOptions& options, std::ostream& out, std::ostream& err) {
  Linted linted = Lint(options, out, err);
  if (linted.exit) return *linted.exit;
  std::vector<Diagnostic>& all = linted.diagnostics;

  if (!options.output.empty()) {
    // Rendered whole, then swapped in atomically: a failed write leaves no half report.
    std::ostringstream report;
    EmitFindings(options, all, report);
    if (std::optional<std::string> why = WriteFileAtomically(options.output, report.str())) {
      err << "aortalint: cannot write the report to --output '" << options.output << "': " << *why << "\n";
      return kExitUsage;
    }
  } else {
    errno = 0;
    EmitFindings(options, all, out);
    if (!out.flush()) {
      err << "aortalint: cannot write the report to standard output"
          << (errno ? std::string(" (") + std::strerror(errno) + ")" : "") << "\n";
      return kExitUsage;
    }
  }
  int status = ExitStatus(options, linted.fail_level, all);
  if (options.exit_non_zero_on_fix && linted.fixed && !options.exit_zero) status = kExitFindings;
  if (linted.unwritten) status = kExitUsage;
  if (options.exit_after) LeaveToExit(all);
  return status;
}

}  // namespace aortalint
