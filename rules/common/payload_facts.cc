#include "rules/common/payload_facts.h"

#include "load/knowledge_loader.h"

namespace aortalint::payload {

std::string TopModule(const std::string& module) { return module.substr(0, module.find('.')); }

std::optional<TorchLoad> LoadsTorch(const ImportStmt& s) {
  if (s.torch) return TorchLoad{"torch", "any"};
  const std::map<std::string, TorchImporter>& known = KnownTorchImporters();
  for (const std::string& m : s.modules) {
    auto it = known.find(TopModule(m));
    if (it == known.end()) continue;
    // `import X` alone is the bare form; `from X import name` and `import X.sub` reach further in.
    bool bare = s.from.empty() && m == it->first;
    return TorchLoad{it->first, bare ? it->second.bare : it->second.from};
  }
  return std::nullopt;
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
