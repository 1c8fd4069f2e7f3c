// Finds the files to lint: recipes (YAML that looks like an aorta recipe) and
// Python payloads, from the paths on the command line.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/config.h"

namespace aortalint {

struct Candidate {
  std::string path;
  bool named = false;      // named on the command line: a recipe whatever it holds
  std::string root;        // found by walking a directory named on the command line: that directory
  std::string walk_error;  // a part of the tree the walk could not enter, or a link out of it (SYN003): why
  std::string walk_help;   // and what to do
  bool link = false;       // found by a walk as a link (to a file within the project)
  std::shared_ptr<const Config> config;  // the config that applies to it, when the walk had it at hand
  friend bool operator<(const Candidate& a, const Candidate& b) { return a.path < b.path; }
  friend bool operator==(const Candidate& a, const Candidate& b) { return a.path == b.path; }
};

struct FileSet {
  std::vector<Candidate> recipes;   // YAML files; unnamed ones are recipes only if LooksLikeRecipe()
  std::vector<Candidate> payloads;  // .py files
  std::vector<Candidate> hip;       // HIP/C++ sources named on the command line (walks find them through pairing)
  std::vector<std::pair<std::string, std::string>> skipped;  // files named but not linted: path, why
};

/// Walks `paths` (files or directories), skipping `.git`, hidden directories,
/// `build*`, `node_modules`, virtual environments and what the applicable
/// config excludes (even for files named explicitly, so pre-commit respects it).
/// `respect_gitignore`: directory walks skip what .gitignore ignores (named files never are).
/// A directory the walk cannot list (permissions, a path longer than the system
/// allows) is never skipped silently: it is a recipe candidate with `walk_error`
/// set, which SYN003 reports at the directory. So is a recipe or Python file the
/// walk finds that is a link leading outside the project root: it is not read.
/// `extend_exclude`: --extend-exclude globs, read as `exclude:` is, relative to the working directory.
FileSet Discover(const std::vector<std::string>& paths, ConfigResolver& configs, bool respect_gitignore = true,
                 const std::vector<std::string>& extend_exclude = {});

/// What a file is to aortalint, by its name and text.
enum class FileRole { kRecipe, kPayload, kConfig, kOther };

struct FileVerdict {
  FileRole role = FileRole::kOther;
  std::string why;  // for --verbose: "2 recipe keys (schema_version, workload)", "a GitHub workflow", ...
};

/// THE discovery predicate, shared by `check`'s walk, `--skip-non-recipes`,
/// `--show-files` and the language server: a .yaml/.yml/.json file is a recipe
/// when its top-level mapping has two or more keys of aorta's recipe
/// vocabulary (triage, probe or sanitizer), or `schema_version`, `collect` or
/// `sanitizer_plan` alone, or a key that is a near miss of `schema_version` or
/// `mode` (a typo must be linted, not skipped). Quoted keys, JSON and flow
/// style, a BOM and any line ending count. GitHub workflows, pre-commit
/// configs, compose files and aortalint's own config are never recipes.
FileVerdict ClassifyFile(std::string_view path, std::string_view text);

/// ClassifyFile(path, text).role.
FileRole RoleOf(std::string_view path, std::string_view text);

/// Whether YAML or JSON text is a recipe by ClassifyFile's test (no name known).
bool LooksLikeRecipe(std::string_view text);

/// The top-level keys of a YAML or JSON mapping, by a cheap scan (no parse).
std::vector<std::string> TopLevelKeys(std::string_view text);

}  // namespace aortalint
