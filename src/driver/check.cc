#include "driver/check.h"

#include <algorithm>
#include <atomic>
#include <fstream>
#include <mutex>
#include <thread>
#include <unistd.h>

#include <fmt/format.h>

#include "driver/discover.h"
#include "emit/emitter.h"
#include "engine/analyze.h"
#include "engine/config.h"

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
  bool concise = options.format == "concise";
  EmitText(diagnostics, out, UseColor(options, options.output), concise);
  if (!diagnostics.empty()) out << (concise ? "" : "\n") << Summary(diagnostics) << '\n';
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
  ConfigResolver configs(options.config, options.no_config);
  FileSet files = Discover(options.paths, configs);

  std::vector<std::vector<Diagnostic>> per_file(files.recipes.size());
  std::atomic<size_t> next{0};
  auto worker = [&] {
    for (size_t i = next++; i < files.recipes.size(); i = next++) {
      const Candidate& file = files.recipes[i];
      std::shared_ptr<const Config> config = configs.For(file.path);
      AnalysisUnit unit;
      unit.recipe = LoadYamlFile(file.path);
      if (!file.named && !LooksLikeRecipe(unit.recipe->source->text())) continue;
      per_file[i] = Analyze(unit, SettingsFor(*config, options));
    }
  };
  unsigned jobs = options.jobs > 0 ? static_cast<unsigned>(options.jobs) : std::max(1u, std::thread::hardware_concurrency());
  jobs = std::min<unsigned>(jobs, std::max<size_t>(1, files.recipes.size()));
  std::vector<std::thread> threads;
  for (unsigned j = 1; j < jobs; ++j) threads.emplace_back(worker);
  worker();
  for (std::thread& t : threads) t.join();

  std::vector<Diagnostic> config_errors = configs.TakeErrors();
  if (!config_errors.empty()) {
    EmitText(config_errors, err, UseColor(options, ""), false);
    return kExitUsage;
  }

  std::vector<Diagnostic> all;
  for (std::vector<Diagnostic>& d : per_file) all.insert(all.end(), std::make_move_iterator(d.begin()), std::make_move_iterator(d.end()));
  std::stable_sort(all.begin(), all.end(), DiagnosticLess);

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
  if (options.exit_zero) return kExitClean;
  for (const Diagnostic& d : all)
    if (d.severity >= *fail_level) return kExitFindings;
  return kExitClean;
}

}  // namespace aortalint
