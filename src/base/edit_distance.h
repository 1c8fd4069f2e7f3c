// "Did you mean" suggestions by edit distance (as ninja's SpellcheckString).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace aortalint {

/// Damerau-Levenshtein distance (optimal string alignment), case-sensitive.
int EditDistance(std::string_view a, std::string_view b);

/// The candidate nearest to `word`, if it is close enough to be a likely typo.
std::optional<std::string> Suggest(std::string_view word, std::span<const std::string_view> candidates);
std::optional<std::string> Suggest(std::string_view word, std::span<const std::string> candidates);

/// ", did you mean 'x'?"-style suffix: "; did you mean 'x'?" or "".
std::string DidYouMean(std::string_view word, std::span<const std::string_view> candidates);

/// A diagnostic's help for a name that is not one of `candidates`: "did you mean 'x'?" when one is
/// close, else `otherwise`.
std::string DidYouMeanOr(std::string_view word, std::span<const std::string_view> candidates, std::string otherwise);
std::string DidYouMeanOr(std::string_view word, std::span<const std::string> candidates, std::string otherwise);

}  // namespace aortalint
