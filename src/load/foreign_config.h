// Other tools' configuration files, read as those tools read them: TOML as Python's tomllib
// does (toml++, TOML 1.0), INI as Python's configparser does (inih). Used for the import
// sorters' settings (ruff, isort), pyproject.toml's [tool.aortalint] warning and git's config.
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace aortalint {

struct ForeignConfig {
  // TOML: the document, tables as objects (dates and times as TOML writes them).
  // INI: {section: {key: value}}, keys lower-cased, a value's continuation lines joined with
  // "\n", a later key or section of the same name merged over the earlier one (configparser with
  // strict=False); the DEFAULT section's keys are in every section that lacks them, as configparser's
  // items(section) gives them, and DEFAULT is no section of its own.
  nlohmann::json doc = nlohmann::json::object();
  // Why the text does not parse, "line L, column C: what" (INI: "line L: what"); empty when it does.
  std::string error;
  bool ok() const { return error.empty(); }
};

ForeignConfig ReadToml(std::string_view text);
ForeignConfig ReadIni(std::string_view text);

/// The value at `path` ("tool", "ruff", "lint") of `doc`, or null when a step is missing or not a table.
const nlohmann::json* Lookup(const nlohmann::json& doc, std::initializer_list<std::string_view> path);

}  // namespace aortalint
