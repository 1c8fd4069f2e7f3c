#include "driver/run.h"

#include <algorithm>
#include <filesystem>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "base/file_reader.h"
#include "base/names.h"
#include "base/paths.h"
#include "driver/check.h"
#include "driver/pairing.h"
#include "emit/emitter.h"
#include "engine/analyze.h"
#include "engine/config.h"
#include "engine/rule.h"
#include "model/recipe.h"
#include "model/sanitizer_plan.h"
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

// Lines [first, last] of a recipe region.
struct LineRange {
  uint32_t first = 0, last = 0;
  bool Has(uint32_t line) const { return first <= line && line <= last; }
};

LineRange LinesOf(const Recipe& recipe, Span span) {
  return {recipe.source()->Locate(span.begin).line, recipe.source()->Locate(span.end ? span.end - 1 : 0).line};
}

// With `--cell X`, the parts of the recipe whose trial-setup rules do not
// apply to X's trial: the other cells, and the recipe-level collect when X
// overrides it. aorta wraps X's effective collect only.
std::vector<LineRange> OtherCellsLines(const Recipe& recipe, const std::string& cell_name) {
  std::vector<LineRange> out;
  if (cell_name.empty()) return out;
  const Cell* chosen = nullptr;
  for (const Cell& c : recipe.cells())
    if (c.name == cell_name) chosen = &c;
  if (!chosen || !chosen->node) return out;
  for (const Cell& c : recipe.cells())
    if (&c != chosen && c.node) out.push_back(LinesOf(recipe, c.node->span));
  const CollectScope* top = recipe.recipe_collect();
  if (top && top->entry && chosen->collect != top)
    out.push_back(LinesOf(recipe, Span{top->entry->key->span.begin, top->entry->value->span.end}));
  return out;
}

// A trial-setup finding on the recipe (RuleMeta::trial_setup) placed in another
// cell's lines, or placed outside every cell (a header command) with all its
// notes in other cells.
bool BelongsElsewhere(const Diagnostic& d, const std::vector<LineRange>& elsewhere, const std::string& recipe) {
  const RuleMeta* meta = FindRule(d.rule);
  if (!meta || !meta->trial_setup || d.where.path() != recipe) return false;
  auto inside = [&](const Location& at) {
    uint32_t line = at.start().line;
    return std::any_of(elsewhere.begin(), elsewhere.end(), [&](const LineRange& r) { return r.Has(line); });
  };
  if (inside(d.where)) return true;
  return !d.notes.empty() &&
         std::all_of(d.notes.begin(), d.notes.end(), [&](const Note& n) { return inside(n.where); });
}

// An error that is aorta's own refusal when it loads the recipe (its schema, collector options and their
// conflicts), as against aortalint's findings on what aorta would start anyway (docs/aorta-differences.md).
bool AortaRefusesAtLoad(const std::string& rule) {
  const RuleMeta* meta = FindRule(rule);
  return meta && meta->aorta_refuses_at_load;
}

// Without `--`, the command `check` and `explain` pair the recipe with (the config's `pairs:`, the recipe's
// header comment), where it can run from here; nullopt (said on `err`) when there is none to use.
std::optional<std::vector<std::string>> PairedCommand(const RunOptions& options, std::ostream& err) {
  ReadResult read = ReadTextFile(options.recipe);
  ConfigResolver configs(options.config, options.no_config);
  std::optional<Launch> launch =
      read.ok ? FindLaunch(options.recipe, read.text, {}, *configs.For(options.recipe), RecipeDirectory(options.recipe))
              : std::nullopt;
  if (!launch || !launch->pairing.has_command()) {
    err << "aortalint run: give the command to capture after `--`, as for aorta: "
           "aortalint run --recipe r.yaml -- python payload.py (the recipe names none in a header comment or the "
           "config's pairs:)\n";
    return std::nullopt;
  }
  const Pairing& pairing = launch->pairing;
  std::string from(LaunchSourceName(pairing.source));
  // Its relative paths are written from base_dir: a real run must start there; a plan can be shown anywhere.
  if (!options.dry_run && AbsoluteNormal(pairing.base_dir) != AbsoluteNormal(".")) {
    err << "aortalint run: the command from " << from << " is written from '" << pairing.base_dir
        << "'; run from there, or give the command after `--`\n";
    return std::nullopt;
  }
  err << "aortalint run: the command from " << from << " (written from '" << pairing.base_dir
      << "'): " << fmt::format("{}", fmt::join(pairing.argv, " ")) << "\n";
  return pairing.argv;
}

}  // namespace

int RunRecipe(const RunOptions& given, std::ostream& out, std::ostream& err) {
  RunOptions options = given;
  if (options.command.empty()) {
    std::optional<std::vector<std::string>> paired = PairedCommand(options, err);
    if (!paired) return kExitUsage;
    options.command = std::move(*paired);
  }
  std::error_code ec;
  if (std::filesystem::is_directory(options.recipe, ec)) {
    err << "aortalint run: --recipe '" << options.recipe
        << "' is a directory; give the one recipe file whose trial to capture\n";
    return kExitUsage;
  }
  CheckOptions check;
  check.paths = {options.recipe};
  check.command = given.command;  // without `--`, the lint finds the paired command itself
  check.request.aorta = options.aorta;
  check.config = options.config;
  check.no_config = options.no_config;
  // A capture that cannot measure is never started: the same lint as `check`, errors refuse.
  std::optional<std::vector<Diagnostic>> findings = LintDiagnostics(check, err);
  if (!findings) return kExitUsage;
  YamlDocument doc = LoadYamlFile(options.recipe);
  // The settings `check` used for this recipe: the same function builds both.
  ConfigResolver configs(options.config, options.no_config);
  AnalysisSettings settings = BuildSettings(check.request, *configs.For(options.recipe));
  const Knowledge& knowledge = *settings.rules.knowledge;
  Recipe recipe(doc, knowledge);

  // With --cell X, trial-setup findings of the other cells do not stop X.
  std::vector<LineRange> elsewhere = OtherCellsLines(recipe, options.cell);
  int refusals = 0;
  std::set<std::string> refused_by;        // the rules whose errors stop the run
  std::set<std::string> aorta_refused_by;  // those of them aorta refuses the recipe for, at load
  for (const Diagnostic& d : *findings) {
    if (d.severity != Severity::kError || (!elsewhere.empty() && BelongsElsewhere(d, elsewhere, options.recipe)))
      continue;
    ++refusals;
    refused_by.insert(d.rule);
    if (AortaRefusesAtLoad(d.rule)) aorta_refused_by.insert(d.rule);
    LineCol at = d.where.start();
    err << fmt::format("{}:{}:{}: error: {} [{}]\n", d.where.path(), at.line, at.column, d.message, d.rule);
  }
  // A recipe that did not load as a mapping leaves nothing to plan from, not even for --dry-run.
  bool loaded = doc.ok() && doc.root && doc.root->is_map();
  // aortalint refuses, not aorta: say so, why, and how to run anyway.
  std::string why = fmt::format(
      "aortalint refuses to start a capture its lint finds errors in (they fail in aorta, or capture nothing); to "
      "run anyway, lower them in .aortalint.yaml: severity: {{{}: warning}}",
      fmt::join(refused_by, ": warning, "));
  if ((refusals && !options.dry_run) || !loaded) {
    err << "aortalint run: not started; " << (loaded ? why : "fix the errors above first") << "\n";
    return kExitUsage;
  }
  // --dry-run gives aorta's verdict on stdout: its refusal at load, or (below) its plan, with aortalint's
  // own errors apart on stderr and exit 1.
  if (options.dry_run && !aorta_refused_by.empty()) {
    out << fmt::format("aorta would refuse to load the recipe: the errors above ({})\n",
                       fmt::join(aorta_refused_by, ", "));
    return kExitUsage;
  }
  if (refusals)
    err << "aortalint run: aortalint's own verdict: `aortalint run` would not start this capture (aorta's is "
           "below: its plan, or the exception it would raise); "
        << why << "\n";

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
      err << "aortalint run: the cells of " << options.recipe << " collect differently; choose one with --cell NAME\n";
      return kExitUsage;
    }
    if (!scopes.empty()) scope = scopes.front();
  }

  run::RunRequest request;
  request.argv = options.command;
  request.recipe = options.recipe;
  request.cell = cell_name;
  request.force = options.force;
  request.dry_run = options.dry_run;
  // The cell's name becomes a directory: checked here whatever the recipe's
  // suppressions say (a suppressed RCP008 must not let `../../x` escape).
  if (!cell_name.empty() && !IsCellName(cell_name)) {
    err << fmt::format(
        "aortalint run: cell name '{}' is not a directory name aorta accepts (letters, digits, '_', "
        "'.' and '-', not starting with '.' or '-'); rename the cell\n",
        cell_name);
    return kExitUsage;
  }
  std::string stem = cell_name.empty() ? std::filesystem::path(options.recipe).stem().string() : cell_name;
  if (!IsCellName(stem)) stem = "trial";  // `...yaml` has the stem `..`: never a directory out of aortalint-run/
  request.output_dir =
      options.output.empty() ? std::filesystem::path("aortalint-run") / stem : std::filesystem::path(options.output);
  if (scope) {
    request.proton = OptionsOf(*scope, "proton", knowledge);
    request.rocprof = OptionsOf(*scope, "rocprof", knowledge);
  }
  if (const yaml::Node* timeout = recipe.root().Get("timeout_per_trial"); timeout && timeout->is_number())
    request.timeout_seconds =
        timeout->kind == yaml::Kind::kInt ? static_cast<double>(timeout->integer) : timeout->number;
  int captured = run::RunCapture(request, out, err);
  return options.dry_run && captured == 0 && refusals ? kExitFindings : captured;
}

}  // namespace aortalint
