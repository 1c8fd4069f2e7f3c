#include "engine/rule_example.h"

#include <vector>

#include "base/embedded.h"
#include "base/strings.h"

namespace aortalint {

std::optional<RuleExample> FindRuleExample(std::string_view id) {
  RuleExample out;
  std::vector<EmbeddedFile> files;  // example/'s, ARGS aside
  for (const EmbeddedFile& f : EmbeddedRuleExamples()) {
    std::string_view name = f.name;  // "COL003/example/recipe.yaml"
    if (!name.starts_with(id) || name.substr(id.size(), 1) != "/") continue;
    name.remove_prefix(id.size() + 1);
    if (name == "example/ARGS") {
      out.args = TrimRight(f.contents, "\n ");
    } else if (name.starts_with("fixed/")) {
      out.name = name.substr(6);
      out.fixed = f.contents;
    } else if (name.starts_with("example/")) {
      files.push_back({name.substr(8), f.contents});
    }
  }
  if (files.empty()) return std::nullopt;
  if (out.name.empty() && files.size() == 1) out.name = files[0].name;
  for (const EmbeddedFile& f : files) {
    if (f.name == out.name) {
      out.text = f.contents;
    } else {
      out.companion_name = f.name;
      out.companion = f.contents;
    }
  }
  return out;
}

}  // namespace aortalint
