// A rule's documented example: files under fixtures/rules/<ID>/example/ and
// fixed/, compiled into the binary (cmake/embed.cmake), so its page, `aortalint
// rule ID` and SARIF's rule help need no source tree.
#pragma once

#include <optional>
#include <string_view>

namespace aortalint {

struct RuleExample {
  std::string_view name;            // the example's file name, which says its kind: "recipe.yaml", "payload.py"
  std::string_view text;            // example/<name>: a file that fires the rule
  std::string_view fixed;           // fixed/<name>: the same file, fixed; it must not fire
  std::string_view companion_name;  // the other file of example/, which the example needs beside it; or empty
  std::string_view companion;
  std::string_view args;  // example/ARGS: extra `check` words ("--triton 3.6.0", "-- python payload.py")
};

/// The example of rule `id`: the file of its example/ that fixed/ holds too (or
/// the only one), and at most one companion beside it. nullopt when the rule has none.
std::optional<RuleExample> FindRuleExample(std::string_view id);

}  // namespace aortalint
