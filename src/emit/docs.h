// Rule documentation generated from rule metadata: `aortalint rule ID`,
// `aortalint rules`, and docs/rules/*.md are all this text.
#pragma once

#include <string>

#include "engine/rule.h"

namespace aortalint {

/// The Markdown page of one rule (docs/rules/<ID>.md).
std::string RuleDoc(const RuleMeta& meta);
/// The index page (docs/rules/README.md).
std::string RuleIndex();
/// `aortalint rules`: one line per rule.
std::string RuleTable();
/// The relative link of a rule's page from the repository root.
std::string RuleDocPath(std::string_view id);
/// Where a rule's page is published (LSP codeDescription.href, SARIF helpUri).
std::string RuleDocUrl(std::string_view id);

}  // namespace aortalint
