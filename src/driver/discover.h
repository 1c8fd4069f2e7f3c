// Finds the files to lint: recipes (YAML that looks like an aorta recipe) and
// Python payloads, from the paths on the command line.
#pragma once

#include <string>
#include <vector>

#include "engine/config.h"

namespace aortalint {

struct Candidate {
  std::string path;
  bool named = false;  // named on the command line: a recipe whatever it holds
  friend bool operator<(const Candidate& a, const Candidate& b) { return a.path < b.path; }
  friend bool operator==(const Candidate& a, const Candidate& b) { return a.path == b.path; }
};

struct FileSet {
  std::vector<Candidate> recipes;   // YAML files; unnamed ones are recipes only if LooksLikeRecipe()
  std::vector<Candidate> payloads;  // .py files
};

/// Walks `paths` (files or directories), skipping `.git`, hidden directories,
/// `build*`, `node_modules`, virtual environments and what the applicable
/// config excludes (even for files named explicitly, so pre-commit respects it).
/// `respect_gitignore`: directory walks skip what .gitignore ignores (named files never are).
FileSet Discover(const std::vector<std::string>& paths, ConfigResolver& configs, bool respect_gitignore = true);

/// A directory walk's test: a top-level mapping with `schema_version` or `collect`.
bool LooksLikeRecipe(std::string_view text);

/// What a file is to aortalint, by its name and text: the one predicate that
/// `check`'s walk and the language server share (the server lints a buffer
/// only when this says recipe or payload).
enum class FileRole { kRecipe, kPayload, kConfig, kOther };
FileRole RoleOf(std::string_view path, std::string_view text);

}  // namespace aortalint
