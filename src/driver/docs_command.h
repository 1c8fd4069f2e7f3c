// `aortalint rules`, `aortalint rule ID`, and the generated docs pages.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace aortalint {

/// `aortalint rules [SELECTOR...]`: the rules the selectors cover (all without any), as a table or JSON.
int PrintRules(const std::vector<std::string>& selectors, bool json, std::ostream& out, std::ostream& err);
int PrintRule(const std::string& id, std::ostream& out, std::ostream& err);
/// Writes <dir>/<ID>.md and <dir>/README.md; with `check`, changes nothing and
/// returns 1 when any page differs from what the metadata generates.
int WriteRuleDocs(const std::string& dir, bool check, std::ostream& out, std::ostream& err);
/// `aortalint schema`: the recipe format's JSON Schema, for YAML language servers.
int PrintRecipeSchema(std::ostream& out);

}  // namespace aortalint
