#include "model/payload.h"

namespace aortalint {

std::string_view Payload::Text(TSNode node) const { return source->Slice(SpanOf(node)); }

Span Payload::SpanOf(TSNode node) const { return {ts_node_start_byte(node), ts_node_end_byte(node)}; }

bool Payload::UsesProton() const {
  for (const ImportStmt& s : imports)
    if (s.proton && !s.type_checking) return true;
  return false;
}

const ImportStmt* Payload::DecisiveProtonImport() const {
  const ImportStmt* certain = nullptr;
  const ImportStmt* last = nullptr;
  for (const ImportStmt& s : imports) {
    if (!s.proton || s.in_function || s.type_checking) continue;
    if (s.certain && (!certain || s.line < certain->line)) certain = &s;
    if (!last || s.line >= last->line) last = &s;
  }
  return certain ? certain : last;
}

const ImportStmt* Payload::FirstTorchImport() const {
  const ImportStmt* first = nullptr;
  for (const ImportStmt& s : imports)
    if (s.torch && !s.in_function && !s.type_checking && (!first || s.line < first->line)) first = &s;
  return first;
}

std::string Payload::ProtonFunction(std::string_view callee) const {
  size_t dot = callee.rfind('.');
  if (dot == std::string_view::npos) {
    auto it = proton_functions.find(std::string(callee));
    return it == proton_functions.end() ? "" : it->second;
  }
  std::string owner(callee.substr(0, dot));
  if (proton_modules.count(owner) || language_modules.count(owner)) return std::string(callee.substr(dot + 1));
  return "";
}

}  // namespace aortalint
