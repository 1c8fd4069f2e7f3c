// PAY001: torch imported before Proton at module load (aorta's import-order guard).
#include "engine/rule_context.h"
#include "model/payload.h"
#include "model/triton.h"
#include "rules/common/import_order.h"
#include "rules/common/payload_facts.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "PAY001",
    .slug = "torch-before-proton",
    .severity = Severity::kError,
    .summary = "torch is imported before triton.profiler at module load",
    .what =
        "Reports a payload whose first torch import (`import torch`, `import torch.nn.functional as F`, "
        "`from torch import nn`) comes before its Proton import (`import triton.profiler as proton`, "
        "`from triton import profiler`, `from triton.profiler import scope`, `import triton.profiler.language`, "
        "`from triton._C.libproton import proton`), with aorta's exact semantics: function bodies are skipped "
        "(and so are imports under `if TYPE_CHECKING:`, which never run); "
        "imports under `if`, `for`, `while`, `match`, `except` or a `try`'s `else` are conditional; the Proton "
        "line is the first unconditional Proton import, else the last conditional one; the torch line is the "
        "first torch import; both on one line is a failure. Relative imports, `torchvision` and a bare "
        "`import triton` do not count. The position is the torch import, with a note at the Proton import. "
        "An unsafe fix moves the Proton import, with the comments above it, to just before the first "
        "module-level import that loads torch (`import torch`, or an earlier `import lightning`: PAY003's "
        "packages), "
        "pinned with `# isort: skip  # noqa: I001` and followed by a `# isort: split` line (the layout that "
        "holds under isort and ruff's I001, see PAY002); a single `import torch, triton.profiler` is split, "
        "Proton first.\n\n"
        "The message and severity say what the order costs where the payload runs. Launched only by "
        "`mode: cli` recipes, Proton's command front end imports `triton.profiler` before the script runs, so "
        "the process has Proton first whatever the payload does: an info, since the order matters again when "
        "the payload runs under `mode: env` or plain python. Otherwise (`mode: env`, or unpaired): on a target "
        "Triton with the exit hang (3.8.0 with ROCm, aorta#434), or with no target given, an error; when every "
        "target given is one without that hang, a warning that says no hang is known there.",
    .why =
        "On Triton 3.8.0 with ROCm, a process that imported torch before `triton.profiler` can hang forever at "
        "exit when an unversioned `librocprofiler-sdk.so` resolves: Proton's shutdown re-enters the "
        "rocprofiler-sdk registration lock (aorta#434). The run never finishes and nothing is written. On other "
        "versions no hang is known. aorta's own import-order test rejects the order in aorta's example payloads; "
        "other code has only the hang to fear.",
    .facts =
        "aorta's `test_proton_payloads_import_proton_before_torch` (reference/aorta.md §6.1) and the exit hang "
        "of Triton 3.8.0, fixed after it by triton#11009 (§3). aorta's own pipeline, gelu and hotspot payloads "
        "imported torch first until they were fixed (§7.3). Proton's front end "
        "(`python -m triton.profiler.proton`, triton/profiler/proton.py in Triton 3.x) imports "
        "`triton.profiler` and `triton._C.libproton` at its top, then runs the script with `runpy.run_path`. On issue "
        "34's wild corpus (46 files), the 23 findings of payloads paired with `mode: cli` are infos; "
        "--unsafe-fixes fixed all 18 unpaired ones, and the fixed files kept Proton first under isort 5.6.4 and "
        "ruff 0.17.4's I001.",
    .fix = FixAvailability::kSometimes,
};

bool IsCommentLine(std::string_view line) {
  size_t i = line.find_first_not_of(" \t");
  return i != std::string_view::npos && line[i] == '#';
}

// True when nothing but indentation precedes the statement on its line.
// The file's line ending, so a fix keeps a CRLF file CRLF.
std::string NewlineOf(const SourceFile& file) {
  std::string_view text = file.text();
  size_t eol = text.find('\n');
  return eol != std::string_view::npos && eol > 0 && text[eol - 1] == '\r' ? "\r\n" : "\n";
}

bool StartsLine(const SourceFile& file, const ImportStmt& s) {
  size_t indent = file.LineText(s.line).find_first_not_of(" \t");
  return indent != std::string_view::npos && file.LineStart(s.line) + indent == s.span.begin;
}

// Moves the run of adjacent top-level Proton imports holding `proton`, with
// the comment lines right above it, to the start of `torch`'s line. Nullopt
// when either is not a top-level statement starting its own line.
std::optional<std::vector<Edit>> MoveBlock(const Payload& p, const ImportStmt& proton, const ImportStmt& torch) {
  const SourceFile& file = *p.source;
  if (!proton.top_level || !torch.top_level || !StartsLine(file, proton) || !StartsLine(file, torch))
    return std::nullopt;
  uint32_t first = proton.line, last = proton.end_line;
  for (bool grown = true; grown;) {
    grown = false;
    for (const ImportStmt& s : p.imports) {
      if (!s.top_level || !s.proton || s.torch || !StartsLine(file, s)) continue;
      if (s.end_line + 1 == first && s.line > torch.end_line) first = s.line, grown = true;
      if (s.line == last + 1) last = s.end_line, grown = true;
    }
  }
  while (first - 1 > torch.end_line && IsCommentLine(file.LineText(first - 1))) --first;
  uint32_t begin = file.LineStart(first);
  uint32_t end = last < file.line_count() ? file.LineStart(last + 1) : static_cast<uint32_t>(file.text().size());
  // Between blank lines, one of them goes with it (no double gap left behind).
  auto blank = [&](uint32_t l) { return file.LineText(l).find_first_not_of(" \t\r") == std::string_view::npos; };
  if (first > 1 && last + 1 < file.line_count() && blank(first - 1) && blank(last + 1)) end = file.LineStart(last + 2);
  // The block as moved: each Proton import pinned, then a split line, so
  // that isort and ruff's I001 keep it above torch (PAY002).
  std::string newline = NewlineOf(file);
  std::string block;
  for (uint32_t l = first; l <= last; ++l) {
    block += file.LineText(l);
    for (const ImportStmt& s : p.imports)
      if (s.proton && s.end_line == l && s.line >= first) block += payload::PinFor(payload::StatementLines(p, s));
    block += newline;
  }
  std::string_view torch_line = file.LineText(torch.line);
  std::string indent(torch_line.substr(0, torch_line.find_first_not_of(" \t")));
  uint32_t at = file.LineStart(torch.line);
  return std::vector<Edit>{{p.path(), {at, at}, block + indent + std::string(payload::kSplitComment) + newline},
                           {p.path(), {begin, end}, ""}};
}

bool IsProtonName(std::string_view name) {
  return name.starts_with("triton.profiler") || name.starts_with("triton._C.libproton");
}

// Splits `import torch, triton.profiler` into the Proton import on a line of
// its own followed by the rest: moving the statement would change nothing.
// Nullopt unless it is a top-level `import a, b` starting its line.
std::optional<std::vector<Edit>> SplitStatement(const Payload& p, const ImportStmt& s) {
  const SourceFile& file = *p.source;
  if (!s.top_level || !s.from.empty() || s.level != 0 || !StartsLine(file, s)) return std::nullopt;
  std::string_view line = file.LineText(s.line);
  std::string indent(line.substr(0, line.find_first_not_of(" \t")));
  std::string proton, rest;
  for (const ImportedName& n : s.names) {
    std::string name = n.alias.empty() ? n.name : n.name + " as " + n.alias;
    if (IsProtonName(n.name)) {
      proton += (proton.empty() ? "import " : NewlineOf(file) + indent + "import ") + name +
                std::string(payload::kPinComment);
    } else {
      rest += (rest.empty() ? "" : ", ") + name;
    }
  }
  if (proton.empty() || rest.empty()) return std::nullopt;
  return std::vector<Edit>{{p.path(), s.span,
                            proton + NewlineOf(file) + indent + std::string(payload::kSplitComment) + NewlineOf(file) +
                                indent + "import " + rest}};
}

// The first module-level import that loads torch (torch itself, or a package that imports it), up to
// `torch`: the line the Proton imports must move above so that neither PAY001 nor PAY003 is left.
const ImportStmt& FirstTorchLoading(const Payload& p, const ImportStmt& torch) {
  for (const ImportStmt& s : p.imports)
    if (s.line < torch.line && s.top_level && !s.proton && !s.type_checking && payload::BringsTorch(s)) return s;
  return torch;
}

class TorchBeforeProton final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckPairing(const Recipe& recipe, const Pairing& pairing, RuleContext&) override {
    attach_.Record(recipe, pairing);
  }
  void CheckPayload(const Payload& p, RuleContext& ctx) override {
    if (!p.ok()) return;
    const ImportStmt* proton = p.DecisiveProtonImport();
    const ImportStmt* torch = p.FirstTorchImport();
    if (!proton || !torch || proton->line < torch->line) return;
    std::string order =
        proton->line == torch->line
            ? fmt::format("torch and triton.profiler are imported on the same line {}", torch->line)
            : fmt::format("torch is imported on line {} before triton.profiler (line {})", torch->line, proton->line);
    payload::OrderCost cost = payload::TorchFirstCost(ctx.TritonTargets(), attach_.OnlyCli(p.path()));
    DiagnosticBuilder d =
        ctx.Report(p.source, torch->span, "{}: {}", order, cost.text).Help("import triton.profiler before torch");
    d.WithSeverity(cost.severity);
    d.Note(p.source, proton->span,
           proton->certain ? "the Proton import" : "the Proton import (conditional: aorta takes the last one)");
    if (proton == torch) {
      if (std::optional<std::vector<Edit>> edits = SplitStatement(p, *proton))
        d.WithFix("split the import, Proton first", Applicability::kUnsafe, std::move(*edits));
    } else if (std::optional<std::vector<Edit>> edits = MoveBlock(p, *proton, FirstTorchLoading(p, *torch))) {
      d.WithFix("move the Proton imports above the first import that loads torch", Applicability::kUnsafe,
                std::move(*edits));
    }
  }

 private:
  payload::AttachModes attach_;
};

}  // namespace

std::unique_ptr<Rule> MakeTorchBeforeProton() { return std::make_unique<TorchBeforeProton>(); }

}  // namespace aortalint
