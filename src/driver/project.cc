#include "driver/project.h"

#include <algorithm>
#include <filesystem>
#include <set>

#include "base/paths.h"
#include "driver/discover.h"
#include "driver/hip_sources.h"
#include "engine/sidecar.h"
#include "load/yaml_loader.h"
#include "model/pairing.h"
#include "model/sanitizer_plan.h"

namespace aortalint {

void AddUnitSidecars(const std::vector<std::string>& sidecars, AnalysisSettings& settings) {
  for (const std::string& path : sidecars) {
    AddSidecar(LoadSidecar(path), settings.rules);
    settings.dependencies.push_back(path);
  }
}

namespace {

// The unit's pairing, copied so it can grow; a recipe with no command pairs by the directory convention.
std::shared_ptr<Pairing> GrowablePairing(const AnalysisUnit& unit, const std::string& recipe_path) {
  if (unit.pairing) return std::make_shared<Pairing>(*unit.pairing);
  auto pairing = std::make_shared<Pairing>();
  pairing->base_dir = RecipeDirectory(recipe_path);
  return pairing;
}

}  // namespace

void AddSanitizerSource(AnalysisUnit& unit, const std::string& recipe_path,
                        const std::function<std::string()>& project_root, const HipLoader& load, FileStates* read) {
  if (!unit.recipe || !unit.recipe->ok()) return;
  std::string outside;
  std::string hip = SanitizerHipSource(*unit.recipe->root, recipe_path, project_root, &outside);
  if (!hip.empty()) {
    std::shared_ptr<const HipPayload> payload = load(hip, read);
    std::shared_ptr<Pairing> pairing = GrowablePairing(unit, recipe_path);
    pairing->hip_payloads.push_back(payload);
    unit.pairing = std::move(pairing);
    unit.hip_payloads.push_back(payload);
  }
  if (!outside.empty()) {  // SYN003 says it was not read
    std::shared_ptr<Pairing> pairing = GrowablePairing(unit, recipe_path);
    pairing->plan_hip_outside = outside;
    unit.pairing = std::move(pairing);
  }
}

std::string PlanHipSource(const std::string& recipe_path, std::string_view text,
                          const std::function<std::string()>& project_root) {
  if (text.find("hip:") == std::string_view::npos) return "";  // most recipes: no parse
  YamlDocument doc = ParseYaml(std::make_shared<const SourceFile>(recipe_path, std::string(text)));
  return doc.ok() ? SanitizerHipSource(*doc.root, recipe_path, project_root) : "";
}

std::vector<std::string> RecipesRunning(const std::set<std::string>& payloads, ConfigResolver& configs,
                                        const std::vector<std::string>& command, bool respect_gitignore) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path cwd = fs::current_path(ec);
  std::set<std::string> roots;
  for (const std::string& payload : payloads) {
    std::shared_ptr<const Config> config = configs.For(payload);
    fs::path root = RepositoryRoot(payload, config->path.empty() ? "" : config->dir);
    // Relative to the working directory when under it, so reports read as the named files do.
    std::string rel = root.lexically_relative(cwd).generic_string();
    roots.insert(rel.empty() ? "." : rel.rfind("..", 0) == 0 ? root.string() : rel);
  }
  // Compared as absolute paths: the payloads may be named either way, and launches resolve from the recipe.
  std::set<std::string> wanted;
  for (const std::string& p : payloads) wanted.insert(AbsoluteNormal(p));
  auto named = [&](const std::string& f) { return wanted.count(AbsoluteNormal(f)) > 0; };
  std::vector<std::string> found;
  for (const std::string& root : roots) {
    for (const Candidate& recipe : Discover({root}, configs, respect_gitignore).recipes) {
      ReadResult read = ReadTextFile(recipe.path);
      if (!read.ok) continue;
      // Cheap first: a recipe can run a payload only through its text naming it (header comment),
      // the directory convention (beside it), the config's pairs: or the command given.
      std::shared_ptr<const Config> config = configs.For(recipe.path);
      fs::path recipe_dir = fs::absolute(recipe.path, ec).parent_path().lexically_normal();
      bool may_run = !config->pairs.empty() || !command.empty() ||
                     std::any_of(payloads.begin(), payloads.end(), [&](const std::string& p) {
                       return read.text.find(fs::path(p).filename().string()) != std::string::npos ||
                              fs::absolute(p, ec).parent_path().lexically_normal() == recipe_dir;
                     });
      if (!may_run || !LooksLikeRecipe(read.text)) continue;
      std::optional<Launch> launch = FindLaunch(recipe.path, read.text, command, *config);
      bool runs_named = launch && (std::any_of(launch->files.begin(), launch->files.end(), named) ||
                                   std::any_of(launch->hip_files.begin(), launch->hip_files.end(), named));
      if (!runs_named) {  // a sanitizer plan's hip: source is the recipe's too
        std::string dir = config->path.empty() ? "" : config->dir;
        std::string hip = PlanHipSource(recipe.path, read.text, [&] { return RepositoryRoot(recipe.path, dir); });
        runs_named = !hip.empty() && named(hip);
      }
      if (runs_named) found.push_back(recipe.path);
    }
  }
  return found;
}

}  // namespace aortalint
