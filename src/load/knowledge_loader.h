// The one reader of aortalint's knowledge tables: the YAML tables embedded at
// build time (rules/knowledge/*.yaml, through their pre-parsed images) and a
// user's `knowledge:` Triton table. Every table is parsed here and nowhere
// else; model/ turns the parsed nodes into data, rules read that data.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "model/aorta_versions.h"
#include "model/diagnostic.h"
#include "model/knowledge.h"
#include "model/recipe_keys.h"
#include "model/sanitizer_plan.h"
#include "model/triton.h"

namespace aortalint {

/// collectors.yaml and mitigations.yaml, with the sanitizer schema attached; parsed on first use (thread-safe).
const Knowledge& BuiltinKnowledge();
/// triton.yaml, parsed on first use (thread-safe).
const TritonTable& BuiltinTritonTable();
/// aorta.yaml: what each aorta version accepts and refuses.
const AortaTable& BuiltinAortaTable();
/// recipe_keys.yaml, parsed on first use (thread-safe).
const RecipeKeys& BuiltinRecipeKeys();
/// sanitizer_plan.yaml, parsed on first use (thread-safe).
const SanitizerKeys& BuiltinSanitizerKeys();
/// On which releases a package's import loads torch: "any", "<V" or ">=V" (torch_importers.yaml).
struct TorchImporter {
  std::string bare = "any";  // `import X` alone
  std::string from = "any";  // `from X import name`, `import X.sub`
};
/// torch_importers.yaml: the packages known to import torch while they load, by top-level name.
const std::map<std::string, TorchImporter>& KnownTorchImporters();

/// Reads a user's Triton table at `path` over `base`. Problems, with positions,
/// go to `errors`; the result is still usable.
std::shared_ptr<const TritonTable> LoadTritonTable(const std::string& path, const TritonTable& base,
                                                   std::vector<Diagnostic>& errors);

}  // namespace aortalint
