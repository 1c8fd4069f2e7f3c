// A YAML value as JSON, typed as aorta's PyYAML types it (JSON Schema work).
#pragma once

#include <nlohmann/json.hpp>

#include "model/yaml.h"

namespace aortalint::yaml {

nlohmann::json ToJson(const Node& node);

}  // namespace aortalint::yaml
