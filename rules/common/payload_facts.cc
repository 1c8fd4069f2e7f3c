#include "rules/common/payload_facts.h"

#include "load/knowledge_loader.h"

namespace aortalint::payload {

std::string TopModule(const std::string& module) { return module.substr(0, module.find('.')); }

bool BringsTorch(const ImportStmt& s) {
  if (s.torch) return true;
  for (const std::string& m : s.modules)
    if (KnownTorchImporters().count(TopModule(m))) return true;
  return false;
}

std::string_view StatementLines(const Payload& p, const ImportStmt& s) {
  const SourceFile& file = *p.source;
  uint32_t begin = file.LineStart(s.line);
  uint32_t end = static_cast<uint32_t>(file.LineStart(s.end_line) + file.LineText(s.end_line).size());
  return file.text().substr(begin, end - begin);
}

bool HasSkipMarker(std::string_view lines) {
  return lines.find("isort: skip") != std::string_view::npos || lines.find("isort:skip") != std::string_view::npos;
}

bool HasNoqaI001(std::string_view lines) {
  return lines.find("noqa: I001") != std::string_view::npos || lines.find("noqa:I001") != std::string_view::npos;
}

std::string PinFor(std::string_view lines) {
  if (HasSkipMarker(lines)) return "";
  return HasNoqaI001(lines) ? "  # isort: skip" : std::string(kPinComment);
}

}  // namespace aortalint::payload
