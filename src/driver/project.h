// The project layer: what turns one recipe on disk (or in an editor buffer)
// into its analysis unit, written once for every front end (`check`, the
// language server, `explain`), so they cannot disagree about what a recipe
// reads. Front ends say where each file's text comes from (HipLoader).
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "base/file_reader.h"
#include "driver/pairing.h"
#include "engine/analyze.h"
#include "engine/config.h"
#include "model/hip.h"

namespace aortalint {

/// Adds to `settings` the names the unit's mitigation sidecars declare (those
/// given to the run, then those its header command passes), each a dependency.
void AddUnitSidecars(const std::vector<std::string>& sidecars, AnalysisSettings& settings);

/// Reads one HIP payload (the editor's buffer, or the disk), recording what it read in `read`.
using HipLoader = std::function<std::shared_ptr<const HipPayload>(const std::string& path, FileStates* read)>;

/// Adds a sanitizer recipe's plan `hip:` source to `unit` (a HIP payload of its
/// pairing, with its own checks), or the path outside the project that SYN003
/// names. `project_root` is asked only when the plan has an existing source.
void AddSanitizerSource(AnalysisUnit& unit, const std::string& recipe_path,
                        const std::function<std::string()>& project_root, const HipLoader& load, FileStates* read);

/// The plan `hip:` source of the recipe at `recipe_path` with `text` (see
/// SanitizerHipSource); empty for a recipe that has none or does not parse.
std::string PlanHipSource(const std::string& recipe_path, std::string_view text,
                          const std::function<std::string()>& project_root);

/// The recipes of the payloads' projects that run any of `payloads` (each a
/// normalised path): by a header comment, the directory convention, the
/// config's `pairs:`, `command` when given, or a sanitizer plan's `hip:`. The
/// walk reads each YAML file's head only. The hook and the editor ask it for a
/// payload given alone, so its findings are those of the recipes that run it.
std::vector<std::string> RecipesRunning(const std::set<std::string>& payloads, ConfigResolver& configs,
                                        const std::vector<std::string>& command, bool respect_gitignore);

}  // namespace aortalint
