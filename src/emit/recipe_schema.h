// `aortalint schema`: a JSON Schema (draft-07) of the recipe format for
// editors' YAML language servers (completion, hover, first-line checks).
// Collectors and their options come from the knowledge tables; aortalint's
// own rules stay the authority (the schema cannot express every check).
#pragma once

#include <nlohmann/json.hpp>

#include "model/knowledge.h"

namespace aortalint {

nlohmann::json RecipeSchema(const Knowledge& knowledge);

}  // namespace aortalint
