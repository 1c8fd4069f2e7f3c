// The SAN rules' shared reading of a `mode: sanitizer` recipe against its key
// table (rules/knowledge/sanitizer_plan.yaml): one walk finds every problem
// aorta's load_sanitizer_recipe would raise (and the keys it silently drops),
// each SAN rule reports the problems of its kind.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "base/span.h"
#include "model/recipe.h"

namespace aortalint {
class RuleContext;
}

namespace aortalint::sanitizer_schema {

enum class ProblemKind {
  kUnknownKey,    // SAN001: a key aorta refuses (top level, kernel spec)
  kMissingKey,    // SAN002: a key aorta requires (always, or for the source kind)
  kBadValue,      // SAN003: a value outside its domain
  kWrongType,     // SAN004: a value of the wrong type
  kInputMissing,  // SAN005: an input file that does not exist
  kIgnoredKey,    // SAN006: a key aorta never reads there (dropped silently)
};

struct Problem {
  ProblemKind kind;
  Span span;
  std::string message;                               // what is wrong
  std::string help;                                  // what to do instead
  std::optional<std::pair<Span, std::string>> note;  // the other key of a refused pair
};

/// Every problem of a sanitizer recipe, in file order; empty for other modes.
std::vector<Problem> Check(const Recipe& recipe);

/// Reports the problems of one kind through the calling rule.
void Report(const Recipe& recipe, RuleContext& ctx, ProblemKind kind);

}  // namespace aortalint::sanitizer_schema
