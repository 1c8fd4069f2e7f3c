// libFuzzer target: arbitrary bytes as a payload (first byte even) or a recipe
// (odd), linted with every rule, every fix applied (unsafe ones too), then the
// result parsed and linted again, as --fix does pass after pass; and the
// unified diff of the change. Nothing may crash or hang; an edit outside its
// file's text is never applied.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "engine/analyze.h"
#include "engine/fix_guard.h"
#include "engine/fixes.h"
#include "load/payload_loader.h"

namespace {

std::vector<aortalint::Diagnostic> Lint(const std::string& path, const std::string& text) {
  using namespace aortalint;
  AnalysisUnit unit;
  auto source = std::make_shared<const SourceFile>(path, text);
  if (path.ends_with(".py"))
    unit.payloads.push_back(ParsePayload(source));
  else
    unit.recipe = ParseYaml(source);
  AnalysisSettings settings;
  settings.rules.triton = {"3.6.0", "3.7.1", "3.8.0"};
  return Analyze(unit, settings);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace aortalint;
  if (size == 0) return 0;
  std::string path = data[0] % 2 ? "fuzz.yaml" : "fuzz.py";
  std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  FileTexts texts = {{path, text}};
  for (int pass = 0; pass < 3; ++pass) {
    std::vector<Diagnostic> found = Lint(path, texts[path]);
    FileTexts before = texts;
    if (ApplyFixes(found, true, texts) == 0) break;
    (void)NewSyntaxError(path, before[path], texts[path]);
    (void)UnifiedDiff(path, before[path], texts[path]);
  }
  (void)PythonIndentationError(text);
  return 0;
}
