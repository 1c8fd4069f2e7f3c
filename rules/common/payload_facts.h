// What the recipe-aware PAY rules share: the payloads of a pairing that could
// be parsed, and where in the recipe a Proton option is configured.
#pragma once

#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "base/strings.h"
#include "model/pairing.h"
#include "model/payload.h"

namespace aortalint::payload {

/// The pairing's payloads that parsed; empty when any could not be read
/// (SYN003 reports that, and a partial view would make false findings).
inline std::vector<const Payload*> ParsedPayloads(const Pairing& pairing) {
  std::vector<const Payload*> out;
  for (const std::shared_ptr<const Payload>& p : pairing.payloads) {
    if (!p || !p->ok()) return {};
    out.push_back(p.get());
  }
  return out;
}

/// "'a.py'" or "'a.py', 'b.py'".
inline std::string Names(const std::vector<const Payload*>& payloads) {
  return JoinWith(
      payloads, ", ", [](const Payload* p) { return p->path(); }, "'");
}

/// "a" of "a.b.c".
std::string TopModule(const std::string& module);
/// How an import statement brings torch in when it runs.
struct TorchLoad {
  std::string package;   // "torch", or the known package that imports it
  std::string versions;  // the package's releases on which this form loads torch ("any", "<5.0")
  /// Whether it loads torch whatever release is installed (not known statically).
  bool certain() const { return versions == "any"; }
};
/// Whether the statement brings torch in when it runs (torch itself, or a package known to import it on some
/// release, rules/knowledge/torch_importers.yaml), and how; the first such module when it names several.
std::optional<TorchLoad> LoadsTorch(const ImportStmt& s);
/// Whether the statement may bring torch in when it runs.
inline bool BringsTorch(const ImportStmt& s) { return LoadsTorch(s).has_value(); }

/// The whole lines of an import statement (where its pin comments are).
std::string_view StatementLines(const Payload& p, const ImportStmt& s);
/// `# isort: skip`: isort and ruff's I001 leave the line where it is (isort only while no
/// unpinned import stands above it in its block: it moves it below them otherwise).
bool HasSkipMarker(std::string_view lines);
/// `# noqa: I001`: ruff skips the whole block when its first line has it; isort ignores it.
bool HasNoqaI001(std::string_view lines);
/// aorta's pin comment, appended to a Proton import.
inline constexpr std::string_view kPinComment = "  # isort: skip  # noqa: I001";
/// What to append to a statement with these lines to pin it ("" when it has `isort: skip`).
std::string PinFor(std::string_view lines);
/// The line isort and ruff's I001 never move an import across.
inline constexpr std::string_view kSplitComment = "# isort: split";

}  // namespace aortalint::payload
