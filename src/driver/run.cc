#include "driver/run.h"

#include <filesystem>
#include <sstream>

#include <fmt/format.h>

#include "driver/check.h"
#include "emit/emitter.h"
#include "engine/analyze.h"
#include "engine/config.h"
#include "model/recipe.h"
#include "run/run_command.h"

namespace aortalint {
namespace {

std::optional<run::CollectorOptions> OptionsOf(const CollectScope& scope, std::string_view name,
                                               const Knowledge& knowledge) {
  const CollectorUse* use = scope.Find(name);
  if (!use) return std::nullopt;
  run::CollectorOptions options;
  for (const auto& [key, option] : ResolveOptions(*use, *knowledge.Collector(name))) options[key] = option.value;
  return options;
}

}  // namespace

int RunRecipe(const RunOptions& options, std::ostream& out, std::ostream& err) {
  if (options.command.empty()) {
    err << "aortalint run: give the command to capture after `--`, as for aorta: "
           "aortalint run --recipe r.yaml -- python payload.py\n";
    return kExitUsage;
  }
  CheckOptions check;
  check.paths = {options.recipe};
  check.command = options.command;
  check.config = options.config;
  check.no_config = options.no_config;
  check.format = "text";
  check.color = "never";
  check.fail_level = "error";
  // A capture that cannot measure is never started: the same lint as `check`, errors refuse.
  std::ostringstream report;
  int lint = RunCheck(check, report, err);
  if (lint == kExitUsage || lint == kExitInternal) {
    err << report.str();
    return lint;
  }
  if (lint != kExitClean && !options.dry_run) {
    err << report.str() << "aortalint run: not started; fix the errors above first\n";
    return kExitUsage;
  }
  // --dry-run shows the plan whatever the lint found: the errors first, then exit 1.
  if (lint != kExitClean) err << report.str() << "aortalint run: the recipe has errors; a real run would refuse to start\n";

  YamlDocument doc = LoadYamlFile(options.recipe);
  // The settings `check` used for this recipe: the same function builds both.
  ConfigResolver configs(options.config, options.no_config);
  AnalysisSettings settings = BuildSettings(check.request, *configs.For(options.recipe));
  const Knowledge& knowledge = *settings.rules.knowledge;
  Recipe recipe(doc, knowledge);
  const CollectScope* scope = recipe.recipe_collect();
  std::string cell_name;
  if (!options.cell.empty()) {
    const Cell* cell = nullptr;
    std::vector<std::string> names;
    for (const Cell& c : recipe.cells()) {
      names.push_back(c.name);
      if (c.name == options.cell) cell = &c;
    }
    if (!cell) {
      err << fmt::format("aortalint run: no cell '{}' in {}; cells: {}\n", options.cell, options.recipe,
                         fmt::join(names, ", "));
      return kExitUsage;
    }
    scope = cell->collect;
    cell_name = cell->name;
  } else {
    std::vector<const CollectScope*> scopes = recipe.EffectiveScopes();
    if (scopes.size() > 1) {
      err << "aortalint run: the cells of " << options.recipe
          << " collect differently; choose one with --cell NAME\n";
      return kExitUsage;
    }
    if (!scopes.empty()) scope = scopes.front();
  }

  run::RunRequest request;
  request.argv = options.command;
  request.recipe = options.recipe;
  request.cell = cell_name;
  request.dry_run = options.dry_run;
  std::string stem = cell_name.empty() ? std::filesystem::path(options.recipe).stem().string() : cell_name;
  request.output_dir = options.output.empty() ? std::filesystem::path("aortalint-run") / stem
                                             : std::filesystem::path(options.output);
  if (scope) {
    request.proton = OptionsOf(*scope, "proton", knowledge);
    request.rocprof = OptionsOf(*scope, "rocprof", knowledge);
  }
  if (const yaml::Node* timeout = recipe.root().Get("timeout_per_trial"); timeout && timeout->is_number())
    request.timeout_seconds = timeout->kind == yaml::Kind::kInt ? static_cast<double>(timeout->integer) : timeout->number;
  int captured = run::RunCapture(request, out, err);
  return options.dry_run && captured == 0 && lint != kExitClean ? kExitFindings : captured;
}

}  // namespace aortalint
