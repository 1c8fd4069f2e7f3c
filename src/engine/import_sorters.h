// Which import sorters a project runs on a Python file (isort, ruff's I001),
// found in the configuration files above it, so that PAY002 asks for a Proton
// import pin that holds under exactly those sorters.
#pragma once

#include <string>

namespace aortalint {

struct ImportSorters {
  std::string isort;  // where isort was found configured ("pyproject.toml [tool.isort]"), or empty
  std::string ruff;   // where ruff with its isort rules (I001) was found, or empty

  /// Neither found: the pin must hold under both.
  bool unknown() const { return isort.empty() && ruff.empty(); }
  bool runs_isort() const { return unknown() || !isort.empty(); }
  bool runs_ruff() const { return unknown() || !ruff.empty(); }
};

/// Looks at `.pre-commit-config.yaml` hooks, `pyproject.toml` (`[tool.isort]`,
/// `[tool.ruff]`), `setup.cfg` (`[isort]`, `[tool:isort]`), `.isort.cfg`,
/// `ruff.toml` and `.ruff.toml` in the file's directory and each one above it,
/// up to the directory that holds `.git` or `.aortalint.yaml`. Ruff counts only
/// when its configuration selects the isort rules (`I`, `I0`, `I001` or `ALL`),
/// as ruff sorts nothing otherwise. Files are read through ReadTextFile, so the
/// result cache records them as dependencies.
ImportSorters FindImportSorters(const std::string& python_file);

}  // namespace aortalint
