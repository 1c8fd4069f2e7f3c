#include "driver/project.h"

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

}  // namespace aortalint
