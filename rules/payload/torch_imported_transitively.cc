// PAY003: torch brought in before Proton through another module or package.
#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <utility>

#include "engine/rule_context.h"
#include "engine/rule_files.h"
#include "load/knowledge_loader.h"
#include "model/recipe.h"
#include "rules/common/payload_facts.h"

namespace aortalint {
namespace {
namespace fs = std::filesystem;

// Modules followed per payload: enough for any real sibling tree, bounded for hostile ones.
constexpr size_t kMaxModules = 256;

constexpr RuleMeta kMeta{
    .id = "PAY003",
    .slug = "torch-imported-transitively",
    .severity = Severity::kError,
    .summary = "before the first Proton import, the payload imports something that imports torch at load",
    .what =
        "Follows each import that runs before the payload's Proton import (the line PAY001 uses) into the "
        "payload's sibling modules and packages (`import model_utils`, `from .data import loader`, "
        "`from pkg import mod`; relative imports included, cycles and missing files handled), and reports the "
        "first one that imports torch at load, directly or through further modules, or that is a package "
        "listed in `rules/knowledge/torch_importers.yaml` (torchvision, transformers, lightning, ...). The "
        "message shows the chain, e.g. `payload.py:3 -> model_utils.py:2 -> torch`.\n\n"
        "One finding per cause: only the first such import is reported, the later ones are its notes, and "
        "none at all when a direct `import torch` comes first (PAY001 reports it, and moving the Proton "
        "import above the first torch-loading import fixes both). The table says, per package, on which "
        "releases its import loads torch, and for which form: a bare `import transformers` does not on "
        "transformers 5.x (it loads lazily), `from transformers import AutoModel` does. The installed "
        "release is not known statically, so where the answer depends on it the finding says the package "
        "\"may load torch\" and is a warning.\n\n"
        "It runs on every payload a recipe launches (paired through its header command, the config's `pairs` or "
        "`check -- COMMAND`), and on an unpaired Python file that is an entry point: a script with a "
        "`if __name__ == \"__main__\":` block, or one outside any package that does work at module load (a "
        "bare call, or a call of its own functions), that imports Proton. Test modules (`test_*.py`, `*_test.py`, "
        "`conftest.py`) and modules that others "
        "import get no payload rule unless a recipe pairs them (`check --verbose` says why).",
    .why =
        "The Triton 3.8.0 exit hang (PAY001) depends on whether torch's runtime was loaded before "
        "`triton.profiler`, not on which file wrote `import torch`; aorta's own test only sees the payload.",
    .facts =
        "The hang of reference/aorta.md §3 (torch imported before triton.profiler on 3.8.0) and the guard "
        "of §6.1, which looks at the payload's own imports only. Issue 34 measured which imports load torch: "
        "lightning, timm, accelerate, peft, torchvision, sentence_transformers and torchmetrics do; on "
        "transformers 5.17.0 a bare `import transformers` does not, `from transformers import AutoModel` does.",
};

struct Link {
  std::string file;   // display name
  uint32_t line = 0;  // the import in it that leads on
};

// An import in the body of the module's `if __name__ == "__main__":`, which never runs when the
// module is imported (its `else` does).
bool OnlyAsMain(const Payload& module, const ImportStmt& s) {
  if (!module.main_guard || ts_node_is_null(module.main_guard->body)) return false;
  uint32_t begin = ts_node_start_byte(module.main_guard->body), end = ts_node_end_byte(module.main_guard->body);
  if (s.span.begin < begin || s.span.end > end) return false;
  std::string_view test = module.source->Slice({module.main_guard->span.begin, begin});
  return test.find("==") != std::string_view::npos && test.find("__main__") != std::string_view::npos;
}

class TorchImportedTransitively final : public Rule {
 public:
  const RuleMeta& Meta() const override { return kMeta; }
  void CheckPairing(const Recipe&, const Pairing& pairing, RuleContext& ctx) override {
    for (const Payload* p : payload::ParsedPayloads(pairing)) {
      paired_.insert(p->path());
      Check(*p, ctx);
    }
  }
  // A payload checked alone (an unpaired entry-point script): CheckPairing did
  // not see it in this unit.
  void CheckPayload(const Payload& p, RuleContext& ctx) override {
    if (p.ok() && !paired_.count(p.path())) Check(p, ctx);
  }

 private:
  // How `first` leads to torch: the chain shown and the load at its end.
  struct Found {
    std::string chain;  // "payload.py:3 -> model_utils.py:2 -> torch"
    payload::TorchLoad load;
  };

  static std::string Tail(const payload::TorchLoad& load) {
    return load.package == "torch" ? "torch" : load.package + " -> torch";
  }

  // The chain from `first` to torch, if any.
  std::optional<Found> Chain(const Payload& p, const ImportStmt& first, const fs::path& root) {
    std::string head = fs::path(p.path()).filename().string() + ":" + std::to_string(first.line) + " -> ";
    if (std::optional<payload::TorchLoad> load = payload::LoadsTorch(first)) return Found{head + Tail(*load), *load};
    // Breadth-first over sibling files, so the chain shown is a shortest one.
    struct Item {
      fs::path file;
      std::string chain;
    };
    std::vector<Item> queue;
    std::error_code ec;
    std::set<fs::path> seen{fs::weakly_canonical(p.path(), ec)};
    for (const fs::path& f : modules_.StatementFiles(first, root, root)) queue.push_back({f, head});
    for (size_t i = 0; i < queue.size() && i < kMaxModules; ++i) {
      Item item = queue[i];
      fs::path canonical = fs::weakly_canonical(item.file, ec);
      if (!seen.insert(canonical).second) continue;
      std::shared_ptr<const Payload> module = modules_.Module(item.file);
      if (!module || !module->ok()) continue;
      std::string name = item.file.lexically_relative(root).generic_string();
      for (const ImportStmt& s : module->imports) {
        if (s.in_function || s.type_checking || OnlyAsMain(*module, s)) continue;
        std::string here = item.chain + name + ":" + std::to_string(s.line) + " -> ";
        if (std::optional<payload::TorchLoad> load = payload::LoadsTorch(s)) return Found{here + Tail(*load), *load};
        for (const fs::path& f : modules_.StatementFiles(s, root, item.file.parent_path())) queue.push_back({f, here});
      }
    }
    return std::nullopt;
  }

  // What a load that depends on the installed release adds to the message.
  static std::string Uncertainty(const payload::TorchLoad& load) {
    if (load.certain()) return "";
    return fmt::format(
        ": this form of the {} import loads torch on releases {} only, and the installed one is not known",
        load.package, load.versions);
  }

  // One finding per cause: the first torch-loading import before Proton, the others as its notes;
  // none when a direct torch import comes first (PAY001 reports it, and its fix moves Proton above all).
  void Check(const Payload& p, RuleContext& ctx) {
    const ImportStmt* proton = p.DecisiveProtonImport();
    if (!proton) return;
    fs::path root = fs::path(p.path()).parent_path();
    if (root.empty()) root = ".";
    std::vector<std::pair<const ImportStmt*, Found>> found;
    for (const ImportStmt& s : p.imports) {
      if (s.in_function || s.type_checking || s.line >= proton->line || s.torch || s.proton) continue;
      if (std::optional<Found> f = Chain(p, s, root)) found.emplace_back(&s, std::move(*f));
    }
    if (found.empty()) return;
    const ImportStmt* direct = p.FirstTorchImport();
    if (direct && direct->line <= proton->line && direct->line <= found[0].first->line) return;
    bool certain = false;
    for (const auto& [s, f] : found) certain = certain || f.load.certain();
    const auto& [first, f] = found[0];
    DiagnosticBuilder d =
        ctx.Report(p.source, first->span, "torch {} imported at load before triton.profiler (line {}) through {}{}",
                   f.load.certain() ? "is" : "may be", proton->line, f.chain, Uncertainty(f.load))
            .Help("import triton.profiler first");
    d.Note(p.source, proton->span, "the Proton import");
    for (size_t i = 1; i < found.size(); ++i)
      d.Note(p.source, found[i].first->span, "this import also loads torch before it: " + found[i].second.chain);
    if (!certain) d.WithSeverity(Severity::kWarning);
  }

  SiblingModules modules_;        // sibling files read for this unit, through the engine
  std::set<std::string> paired_;  // payloads CheckPairing checked in this unit
};

}  // namespace

std::unique_ptr<Rule> MakeTorchImportedTransitively() { return std::make_unique<TorchImportedTransitively>(); }

}  // namespace aortalint
