// PAY002: a Proton import that isort or ruff will sort back below torch.
#include <algorithm>

#include "engine/rule_context.h"
#include "model/payload.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "PAY002",
    .slug = "proton-import-unpinned",
    .severity = Severity::kWarning,
    .summary = "a Proton import lacks `# isort: skip` (or `# noqa: I001`), so an import sorter moves it",
    .what = "Reports each Proton import that runs at module load (`import triton.profiler as proton`, "
            "`from triton import profiler`, `from triton._C.libproton import proton`, ...) when none of its lines "
            "carries `isort: skip` or `noqa: I001`. A safe fix appends `  # isort: skip  # noqa: I001` to the "
            "statement's last line.",
    .why = "isort and ruff's `I001` sort `torch` before `triton`, so the next `isort .` or `ruff --fix` silently "
           "undoes the import order that keeps Triton 3.8.0 from hanging at exit (PAY001).",
    .example = "import triton.profiler as proton\n\nimport torch\n",
    .fixed = "import triton.profiler as proton  # isort: skip  # noqa: I001\n\nimport torch\n",
    .facts = "aorta's own payloads mark every Proton import line with `# isort: skip  # noqa: I001` "
             "(reference/aorta.md §6.1, the convention its import-order test relies on but does not check).",
    .fix = FixAvailability::kAlways,
    .example_name = "payload.py",
};

bool Pinned(std::string_view text) {
  for (std::string_view marker : {"isort: skip", "isort:skip", "noqa: I001", "noqa:I001"})
    if (text.find(marker) != std::string_view::npos) return true;
  return false;
}

class ProtonImportUnpinned final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckPayload(const Payload& p, RuleContext& ctx) override {
    if (!p.ok()) return;
    const SourceFile& file = *p.source;
    for (const ImportStmt& s : p.imports) {
      if (!s.proton || s.in_function) continue;
      uint32_t begin = file.LineStart(s.line);
      uint32_t end = static_cast<uint32_t>(file.LineStart(s.end_line) + file.LineText(s.end_line).size());
      if (Pinned(file.text().substr(begin, end - begin))) continue;
      std::string_view statement = file.Slice(s.span);
      statement = statement.substr(0, std::min(statement.find('\n'), statement.find("  #")));
      ctx.Report(p.source, s.span, "'{}' is not pinned against import sorting; append '  # isort: skip  # noqa: I001'",
                 statement)
          .WithFix("pin the Proton import", Applicability::kSafe, {{p.path(), {end, end}, "  # isort: skip  # noqa: I001"}});
    }
  }
};

}  // namespace

std::unique_ptr<Rule> MakeProtonImportUnpinned() { return std::make_unique<ProtonImportUnpinned>(); }

}  // namespace aortalint
