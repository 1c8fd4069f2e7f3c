// Rule documentation generated from rule metadata: `aortalint rule ID`,
// `aortalint rules`, and docs/rules/*.md are all this text.
#pragma once

#include <span>
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "engine/rule.h"

namespace aortalint {

/// The Markdown page of one rule (docs/rules/<ID>.md).
std::string RuleDoc(const RuleMeta& meta);
/// The index page (docs/rules/README.md).
std::string RuleIndex();
/// `aortalint rules`: one line per rule of `rules`.
std::string RuleTable(std::span<const RuleMeta* const> rules);
/// `aortalint rules --format json`: an object per rule (code, name, severity, summary, fix, the
/// behaviour flags of RuleMeta, explanation).
nlohmann::json RulesJson(std::span<const RuleMeta* const> rules);
/// The relative link of a rule's page from the repository root.
std::string RuleDocPath(std::string_view id);
/// The base URL rule pages are published under: $AORTALINT_DOCS_URL, else the
/// build's AORTALINT_DOCS_URL setting, else "" (no published home).
std::string DocsBaseUrl();
/// Where a rule's page is published (SARIF helpUri, JSON url); "" when it is not.
std::string RuleDocUrl(std::string_view id);
/// A link an editor can open (LSP codeDescription.href): the published page,
/// else the installed or source copy as a file:// URI; "" when none exists.
std::string RuleDocLink(std::string_view id);

}  // namespace aortalint
