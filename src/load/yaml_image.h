// A pre-parsed image of a YAML document: the model/yaml.h tree written as
// bytes at build time (tools/tablegen.cc), read back at run time without
// parsing YAML. The knowledge tables (rules/knowledge/*.yaml) are embedded this
// way, so a start does not re-parse 21 KB of YAML; tests/embedded_tables_test
// checks that every image equals what its YAML says.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "model/yaml.h"

namespace aortalint::yaml {

/// The image of `root` (aliases are written out at each use).
std::string EncodeImage(const Node& root);

/// The tree an image holds, or nullptr when the bytes are not a whole image.
NodePtr DecodeImage(std::string_view image);

/// Where two trees first differ ("$.collectors.proton.options[2]: text 'a' vs 'b'"),
/// or nullopt when they are equal in every field (span, flags and numbers included).
std::optional<std::string> FirstDifference(const Node& a, const Node& b);

}  // namespace aortalint::yaml
