// libFuzzer target: arbitrary bytes as a Python payload, through the
// tree-sitter parse, the shared facts and every rule (alone, and paired with
// recipes that switch on the recipe-aware PAY rules and ATT002).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "engine/analyze.h"
#include "load/payload_loader.h"
#include "model/pairing.h"

namespace {

using namespace aortalint;

const char* const kRecipes[] = {
    "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
    "collect:\n  proton:\n    mode: env\n    backend: roctracer\n    hook: triton\n",
    "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
    "collect:\n  proton:\n    backend: instrumentation\n",
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto source = std::make_shared<SourceFile>("fuzz.py", std::string(reinterpret_cast<const char*>(data), size));
  std::shared_ptr<const Payload> payload = ParsePayload(source);
  AnalysisSettings settings;
  settings.rules.triton = {"3.6.0", "3.7.1", "3.8.0"};
  AnalysisUnit alone;
  alone.payloads.push_back(payload);
  Analyze(alone, settings);
  for (const char* recipe : kRecipes) {
    AnalysisUnit unit;
    unit.recipe = ParseYaml(std::make_shared<SourceFile>("recipe.yaml", recipe));
    auto pairing = std::make_shared<Pairing>();
    pairing->source = LaunchSource::kCommandLine;
    pairing->argv = {"python", "-X", "dev", "fuzz.py"};
    pairing->payloads.push_back(payload);
    unit.pairing = pairing;
    Analyze(unit, settings);
  }
  return 0;
}
