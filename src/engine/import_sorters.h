// Which import sorters a project runs on a Python file (isort, ruff's I001),
// found in the configuration files above it, so that PAY002 asks for a Proton
// import pin that holds under exactly those sorters.
#pragma once

#include <string>
#include <vector>

namespace aortalint {

/// How a sorter orders the imports of one block, as far as it decides whether one import ends
/// up above another: the settings of its configuration, else its defaults. Within a section,
/// both isort and ruff put `import` statements before `from` ones (unless
/// force_sort_within_sections), forced modules first, then by module name, case aside.
struct SortOrder {
  std::vector<std::string> force_to_top;    // isort's force_to_top, ruff's force-to-top: module names
  bool force_sort_within_sections = false;  // `from` statements sorted among `import` ones by module
  // A setting that can change sections or order beyond these ("known_first_party in setup.cfg",
  // a `triton` package in the project, which makes triton first-party): not modelled, so
  // every import is taken as one the sorter may move.
  std::string unmodelled;
};

/// An import statement as a sorter keys it: `import a.b` is ("a.b", false), `from a import b` ("a", true).
struct SortedImport {
  std::string module;
  bool from = false;
};

/// Whether `order` sorts `b` above `a` when both are in one block, by what it models (the caller
/// decides what `unmodelled` settings mean).
bool SortsAbove(const SortOrder& order, const SortedImport& b, const SortedImport& a);

struct ImportSorters {
  std::string isort;  // where isort was found configured ("pyproject.toml [tool.isort]"), or empty
  std::string ruff;   // where ruff with its isort rules (I001) was found, or empty
  SortOrder isort_order;
  SortOrder ruff_order;

  /// Neither found: nothing reorders the file's imports.
  bool unknown() const { return isort.empty() && ruff.empty(); }
  bool runs_isort() const { return !isort.empty(); }
  bool runs_ruff() const { return !ruff.empty(); }
};

/// Looks at `.pre-commit-config.yaml` hooks, `pyproject.toml` (`[tool.isort]`,
/// `[tool.ruff]`), `setup.cfg` and `tox.ini` (`[isort]`, `[tool:isort]`), `.isort.cfg`,
/// `ruff.toml` and `.ruff.toml` in the file's directory and each one above it,
/// up to the directory that holds `.git` or `.aortalint.yaml`. Ruff counts only
/// when its configuration selects the isort rules (`I`, `I0`, `I001` or `ALL`),
/// as ruff sorts nothing otherwise (`ignore` as ruff applies it; `lint.select` over a
/// top-level `select`). Each sorter's SortOrder comes from its own configuration:
/// isort's (one only; several are not modelled) and ruff's nearest. The files are read
/// as tomllib and configparser read them (load/foreign_config.h); one that does not
/// parse counts as configuring the sorters it names, in an order not modelled, named
/// with the error's position. Files are read through ReadTextFile, so the result cache
/// records them as dependencies.
ImportSorters FindImportSorters(const std::string& python_file);

}  // namespace aortalint
