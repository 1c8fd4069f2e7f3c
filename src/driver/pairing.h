// Pairs a recipe with its launch command and payload files (architecture.md,
// "Pairing recipes with payloads"): the command after `--`, then the config's
// `pairs:`, then the recipe's header comment, then the directory convention.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/config.h"
#include "model/pairing.h"

namespace aortalint {

/// A recipe's launch before its payloads are loaded.
struct Launch {
  Pairing pairing;                     // payloads still empty
  std::vector<std::string> files;      // payload paths to load, normalised (see NormalizePath)
  std::vector<std::string> hip_files;  // HIP/C++ sources to load, normalised
};

/// Finds the launch of the recipe at `recipe_path` with text `recipe_text`, or
/// nullopt when nothing pairs it. `command_line`: the argv after `--`.
/// `named_root`: the directory named on the command line whose walk found the
/// recipe (see RepositoryRoot). Every question it asks the file system goes
/// through base/dir_index's listings, or calls NoteUnlisted: a kept launch
/// (driver/kept_launch.h) is reused while what they answered holds.
std::optional<Launch> FindLaunch(const std::string& recipe_path, std::string_view recipe_text,
                                 const std::vector<std::string>& command_line, const Config& config,
                                 const std::string& named_root = "");

/// The first `aorta <group> run ...` in a recipe's comment lines, `\`
/// continuations joined (its `root` left empty).
std::optional<AortaCommand> FindAortaCommand(std::string_view text);

/// FindAortaCommand's command when it launches something: a command after
/// ` -- `, or (a triage run takes none) aorta's own `--mitigations-file`.
std::optional<AortaCommand> FindHeaderCommand(std::string_view text);

/// POSIX shell words: quotes and backslashes, no expansion.
std::vector<std::string> SplitShellWords(std::string_view text);

/// Where a header comment's paths resolve from: the nearest directory at or
/// above the recipe's that holds `.git` or `.aortalint.yaml` (a config marks a
/// project root, as pyproject.toml does for ruff, so a recipe repository nested
/// in another checkout resolves from its own top); else `config_dir` when not
/// empty; else `named_root`, the directory named on the command line whose walk
/// found the file (so `aortalint check repo` from outside an exported tree
/// answers as `cd repo && aortalint check .` does; never the current
/// directory); else the recipe's own directory.
std::string RepositoryRoot(const std::string& recipe_path, const std::string& config_dir,
                           const std::string& named_root = "");

/// The names that mark a project's top directory.
inline constexpr std::string_view kProjectMarkers[] = {".git", kConfigFileName};
/// Whether `dir` holds one of kProjectMarkers (asked of the run's listings when kept).
bool IsProjectRoot(const std::string& dir);

/// The one spelling of a file used as its identity (relative to the working
/// directory when below it), so a payload named twice is loaded once.
std::string NormalizePath(const std::string& path);

}  // namespace aortalint
