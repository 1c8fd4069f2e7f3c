// libFuzzer target: arbitrary bytes as a recipe, through the YAML loader and
// every rule. Nothing may crash, hang or grow without bound.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "engine/analyze.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace aortalint;
  AnalysisUnit unit;
  unit.recipe =
      ParseYaml(std::make_shared<SourceFile>("fuzz.yaml", std::string(reinterpret_cast<const char*>(data), size)));
  AnalysisSettings settings;
  settings.rules.triton = {"3.6.0", "3.7.1", "3.8.0"};
  settings.rules.collect = std::vector<std::string>{"rocprof", "proton"};
  Analyze(unit, settings);
  return 0;
}
