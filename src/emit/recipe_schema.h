// `aortalint schema`: a JSON Schema (draft-07) of the recipe format for
// editors' YAML language servers (completion, hover, first-line checks).
// The recipe's keys come from recipe_keys.yaml, collectors and their options
// from the other knowledge tables; aortalint's own rules stay the authority
// (the schema cannot express every check).
#pragma once

#include <nlohmann/json.hpp>

#include "model/knowledge.h"

namespace aortalint {

nlohmann::json RecipeSchema(const Knowledge& knowledge);

}  // namespace aortalint
