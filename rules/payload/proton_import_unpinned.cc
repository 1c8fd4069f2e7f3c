// PAY002: a Proton import that the project's import sorter would move below torch.
#include <algorithm>
#include <optional>

#include "base/strings.h"
#include "engine/import_sorters.h"
#include "engine/rule_context.h"
#include "load/knowledge_loader.h"
#include "model/payload.h"
#include "rules/common/payload_facts.h"

namespace aortalint {
namespace {

constexpr RuleMeta kMeta{
    .id = "PAY002",
    .slug = "proton-import-unpinned",
    .severity = Severity::kWarning,
    .summary = "the Proton import is not pinned against the import sorter the project runs (isort, ruff's I001)",
    .what =
        "Looks at the payload's decisive Proton import (the one PAY001 uses: the first that runs at module "
        "load; `import triton.profiler as proton`, `from triton import profiler`, ...) and the imports a sorter "
        "sorts with it: the adjacent imports of its block, up to code or a `# isort: split` comment. When that "
        "block holds, below the Proton import, an import of torch (or of a package known to import torch), it "
        "asks which sorters the project runs, from `.pre-commit-config.yaml` hooks, `pyproject.toml` "
        "(`[tool.isort]`, `[tool.ruff]` selecting the `I` rules), `setup.cfg`, `tox.ini`, `.isort.cfg`, `ruff.toml`, "
        "in the "
        "payload's directory and those above it up to the repository root. With none found, nothing reorders "
        "the imports and there is no finding (a ruff that does not select `I` sorts nothing: the Triton-family "
        "repositories run no sorter). It reports the import when a sorter found would sort torch above it. Unpinned, a "
        "sorter's order decides: within a "
        "section, `import` lines before `from` lines (unless `force_sort_within_sections`), modules in "
        "`force_to_top` (ruff's `force-to-top`) first, then by module name, case aside; so `import xformers` "
        "or `from torch import nn` below `import triton.profiler as proton` stays there. A setting that can "
        "change sections or order otherwise (`known_first_party`, `sections`, a profile other than `black`, ...), "
        "or a `triton` package of the project's own, is not modelled: the import is reported as one the sorter "
        "may move, naming that setting. Pinned:\n\n"
        "- isort keeps a `# isort: skip` line in place only while no unpinned import stands above it in its "
        "block (after `from __future__ import annotations` or `import os` it moves it below the whole block), "
        "and ignores `# noqa: I001`;\n"
        "- ruff's I001 keeps a `# isort: skip` line, and a whole block whose first line has `# noqa: I001`;\n"
        "- both never move an import across a `# isort: split` line, nor inside `# isort: off` ... "
        "`# isort: on`;\n"
        "- neither touches a file that says `# isort: skip_file` (isort: on any line; ruff: as a whole comment), "
        "and ruff's I001 skips a file with a file-level `# ruff: noqa` or `# flake8: noqa`, bare or naming "
        "I001.\n\n"
        "It stays silent while PAY001 fires (torch is already first: PAY001's fix moves and pins the import), "
        "and on the other Proton imports of the file. A safe fix writes the layout that holds under both: "
        "`  # isort: skip  # noqa: I001` on the import and a `# isort: split` line after the Proton imports "
        "that follow it.",
    .why =
        "isort and ruff's `I001` sort `torch` before `triton`, so the next `isort .` or `ruff check --fix` "
        "silently undoes the import order that keeps Triton 3.8.0 with ROCm from hanging at exit (PAY001). "
        "aorta's `# isort: skip  # noqa: I001` alone does not hold under isort when another import stands above "
        "the Proton import: tried with isort 5.6.4 on real payloads, one run undid most such pins.",
    .facts =
        "aorta's own payloads mark every Proton import line with `# isort: skip  # noqa: I001` "
        "(reference/aorta.md §6.1, the convention its import-order test relies on but does not check); "
        "isort's `skip` and `split` action comments and ruff's isort emulation behave as listed above "
        "(tests/import_sorters_test.cc runs both sorters on every fixture and a generated set). Issue 34's wild corpus "
        "(46 Proton-using files of facebookexperimental/triton, ROCm/triton, tritonbench "
        "and aiter): the Triton repositories' ruff selects no `I` and they run no isort, and their 3 PAY002 "
        "findings (4 paired) were noise; with no sorter found there are none.",
    .fix = FixAvailability::kAlways,
};

// Inside an `# isort: off` region (full-line comments before `line`).
bool SortingOff(const SourceFile& file, uint32_t line) {
  bool off = false;
  for (uint32_t l = 1; l < line; ++l) {
    std::string_view text = file.LineText(l);
    size_t i = text.find_first_not_of(" \t");
    if (i == std::string_view::npos || text[i] != '#') continue;
    if (text.find("isort: off") != std::string_view::npos || text.find("isort:off") != std::string_view::npos)
      off = true;
    if (text.find("isort: on") != std::string_view::npos || text.find("isort:on") != std::string_view::npos)
      off = false;
  }
  return off;
}

// What a file says to the sorters as a whole: isort skips a file with `isort: skip_file` on any
// line; ruff's I001 one with a comment that is exactly `# isort: skip_file`, or a file-level
// `# ruff: noqa` / `# flake8: noqa`, bare or listing I001 (checked with isort 5.6.4 and ruff 0.17.4).
struct FileOptOuts {
  bool isort = false, ruff = false;
};

FileOptOuts OptOutsOf(const SourceFile& file) {
  FileOptOuts out;
  std::string_view all = file.text();
  // Every directive is a comment: only the text from each `#` to its line's end is read.
  for (size_t hash = all.find('#'); hash != std::string_view::npos; hash = all.find('#', hash + 1)) {
    size_t eol = all.find('\n', hash);
    std::string_view comment = Trim(all.substr(hash, eol == std::string_view::npos ? eol : eol - hash), " \t\r");
    if (comment.find("isort: skip_file") != std::string_view::npos ||
        comment.find("isort:skip_file") != std::string_view::npos) {
      out.isort = true;
      out.ruff |= comment == "# isort: skip_file" || comment == "# isort:skip_file";
    }
    size_t line_start = all.rfind('\n', hash);
    line_start = line_start == std::string_view::npos ? 0 : line_start + 1;
    bool own_line = Trim(all.substr(line_start, hash - line_start), " \t").empty();
    std::string_view body = Trim(comment.substr(1), " \t");
    for (std::string_view tool : {"ruff:", "flake8:"}) {
      if (!own_line || !body.starts_with(tool)) continue;
      std::string_view rest = Trim(body.substr(tool.size()), " \t");
      if (rest.substr(0, 4) != "noqa") continue;
      rest = Trim(rest.substr(4), " \t");
      out.ruff |= rest.empty() || (rest.starts_with(':') && rest.find("I001") != std::string_view::npos);
    }
  }
  return out;
}

class ProtonImportUnpinned final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckPayload(const Payload& p, RuleContext& ctx) override {
    if (!p.ok()) return;
    const ImportStmt* proton = p.DecisiveProtonImport();
    if (!proton) return;
    // PAY001 fires: torch already comes first, and PAY001's fix moves and pins this import.
    if (const ImportStmt* torch = p.FirstTorchImport(); torch && torch->line <= proton->line) return;
    size_t index = static_cast<size_t>(proton - p.imports.data());
    // What a sorter could put above it: the torch imports later in its block.
    std::vector<const ImportStmt*> torches;
    size_t last_proton = index;  // the run of Proton imports that starts with it
    bool run = true;
    for (size_t i = index + 1; i < p.imports.size() && p.imports[i].block == proton->block; ++i) {
      const ImportStmt& s = p.imports[i];
      run = run && s.proton && !s.torch;
      if (run) last_proton = i;
      if (BringsTorchHere(s)) torches.push_back(&s);
    }
    if (torches.empty() || SortingOff(*p.source, proton->line)) return;

    std::string_view lines = payload::StatementLines(p, *proton);
    bool skip = payload::HasSkipMarker(lines);
    bool skipped_above = true;  // every import above it in its block carries `isort: skip`
    for (size_t i = proton->block; i < index; ++i)
      skipped_above = skipped_above && payload::HasSkipMarker(payload::StatementLines(p, p.imports[i]));
    bool ruff_noqa = payload::HasNoqaI001(payload::StatementLines(p, p.imports[proton->block]));
    // The file's own opt-outs, read only for a sorter that would otherwise move the import.
    std::optional<FileOptOuts> whole_file;
    auto opted_out = [&](bool isort) {
      if (!whole_file) whole_file = OptOutsOf(*p.source);
      return isort ? whole_file->isort : whole_file->ruff;
    };

    ImportSorters sorters = FindImportSorters(p.path());
    if (sorters.unknown()) return;  // no sorter is configured: nothing moves the import
    // The first torch import a sorter's order puts above the Proton import; with settings aortalint
    // does not model and none by the model, the first torch import, `guessed`.
    auto moved_by = [&](const SortOrder& order, bool& guessed) -> const ImportStmt* {
      std::vector<SortedImport> keys = SortKeys(*proton, false);
      for (const ImportStmt* t : torches)
        for (const SortedImport& key : SortKeys(*t, true))
          if (keys.size() != 1 || SortsAbove(order, key, keys[0])) return t;
      guessed = !order.unmodelled.empty();
      return guessed ? torches[0] : nullptr;
    };
    // What each sorter puts above it. isort moves a `skip` line below an unpinned import above it,
    // whatever the order.
    struct Sorter {
      std::string name;
      bool moves;      // it runs, and the import is not pinned against it
      bool displaced;  // it moves the import below its block whatever the order
      const SortOrder& order;
      const std::string& where;
    };
    const Sorter all[] = {{"isort", sorters.runs_isort() && !(skip && skipped_above) && !opted_out(true), skip,
                           sorters.isort_order, sorters.isort},
                          {"ruff's I001", sorters.runs_ruff() && !skip && !ruff_noqa && !opted_out(false), false,
                           sorters.ruff_order, sorters.ruff}};
    std::vector<std::string> moving;
    const ImportStmt* torch = nullptr;  // the first one a sorter moves
    bool guessed_any = false;
    for (const Sorter& sorter : all) {
      bool guessed = false;
      const ImportStmt* moved = !sorter.moves      ? nullptr
                                : sorter.displaced ? torches[0]
                                                   : moved_by(sorter.order, guessed);
      if (!moved) continue;
      std::string detail = sorter.where;
      if (guessed)
        detail += std::string(detail.empty() ? "" : "; ") + "aortalint does not model " + sorter.order.unmodelled;
      guessed_any = guessed_any || guessed;
      moving.push_back(detail.empty() ? sorter.name : sorter.name + " (" + detail + ")");
      if (!torch || moved->line < torch->line) torch = moved;
    }
    if (moving.empty()) return;
    std::string who = moving[0] + (moving.size() > 1 ? " and " + moving[1] : "");

    std::string_view statement = p.source->Slice(proton->span);
    statement = statement.substr(0, std::min(statement.find('\n'), statement.find("  #")));
    std::string_view moved = p.source->Slice(torch->span);
    moved = moved.substr(0, moved.find('\n'));
    DiagnosticBuilder d =
        ctx.Report(p.source, proton->span, "'{}' is not pinned: {} {} '{}' (line {}) above it, the order {} rejects",
                   statement, who, guessed_any ? "may sort" : "would sort", moved, torch->line,
                   torch->torch ? "PAY001" : "PAY003")
            .Help(PinHelp(payload::PinFor(lines)));
    if (std::optional<std::vector<Edit>> edits = PinEdits(p, *proton, p.imports[last_proton]))
      d.WithFix("pin the Proton import and split the import block after it", Applicability::kSafe, std::move(*edits));
  }

 private:
  // What the fix writes, said: the pin only where the line lacks it (aorta's payloads carry it already).
  static std::string PinHelp(std::string_view pin) {
    std::string split = fmt::format("put a '{}' line after the Proton imports", payload::kSplitComment);
    if (pin.empty()) return split;
    return fmt::format("append '{}' to it and {}", pin.substr(2), split);
  }

  static bool BringsTorchHere(const ImportStmt& s) {
    return !s.in_function && !s.type_checking && payload::BringsTorch(s);
  }

  // How the sorters key a statement: `import a, b` is sorted as two lines, `from m import x` as m.
  // `torch_only`: of an `import a, b`, only the names that bring torch.
  static std::vector<SortedImport> SortKeys(const ImportStmt& s, bool torch_only) {
    if (!s.from.empty() || s.level > 0) return {{std::string(s.level, '.') + s.from, true}};
    std::vector<SortedImport> out;
    for (const ImportedName& n : s.names) {
      std::string top = payload::TopModule(n.name);
      if (!torch_only || top == "torch" || KnownTorchImporters().count(top)) out.push_back({n.name, false});
    }
    return out;
  }

  // The pin on `proton` and a `# isort: split` line after `last` (the end of
  // the Proton run). Nullopt when another statement shares `last`'s line.
  static std::optional<std::vector<Edit>> PinEdits(const Payload& p, const ImportStmt& proton, const ImportStmt& last) {
    const SourceFile& file = *p.source;
    for (const ImportStmt& s : p.imports)
      if (&s != &last && s.line <= last.end_line && s.end_line >= last.end_line) return std::nullopt;
    std::string_view line = file.LineText(proton.line);
    std::string indent(line.substr(0, line.find_first_not_of(" \t")));
    auto line_end = [&](uint32_t l) { return static_cast<uint32_t>(file.LineStart(l) + file.LineText(l).size()); };
    if (file.Slice({last.span.end, line_end(last.end_line)}).find_first_not_of(" \t#") != std::string_view::npos &&
        file.Slice({last.span.end, line_end(last.end_line)}).find('#') == std::string_view::npos)
      return std::nullopt;  // code after it on its line (`import a; x = 1`)
    std::string pin = payload::PinFor(payload::StatementLines(p, proton));
    std::string split = "\n" + indent + std::string(payload::kSplitComment);
    uint32_t pin_at = line_end(proton.end_line), split_at = line_end(last.end_line);
    if (pin_at == split_at) return std::vector<Edit>{{p.path(), {pin_at, pin_at}, pin + split}};
    std::vector<Edit> edits;
    if (!pin.empty()) edits.push_back({p.path(), {pin_at, pin_at}, pin});
    edits.push_back({p.path(), {split_at, split_at}, split});
    return edits;
  }
};

}  // namespace

std::unique_ptr<Rule> MakeProtonImportUnpinned() { return std::make_unique<ProtonImportUnpinned>(); }

}  // namespace aortalint
