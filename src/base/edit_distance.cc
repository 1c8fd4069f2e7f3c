#include "base/edit_distance.h"

#include <algorithm>
#include <cctype>
#include <vector>

#include "base/strings.h"

namespace aortalint {

int EditDistance(std::string_view a, std::string_view b) {
  const size_t n = a.size(), m = b.size();
  std::vector<std::vector<int>> d(n + 1, std::vector<int>(m + 1));
  for (size_t i = 0; i <= n; ++i) d[i][0] = static_cast<int>(i);
  for (size_t j = 0; j <= m; ++j) d[0][j] = static_cast<int>(j);
  for (size_t i = 1; i <= n; ++i) {
    for (size_t j = 1; j <= m; ++j) {
      int cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[n][m];
}

namespace {

template <typename Range>
std::optional<std::string> SuggestIn(std::string_view word, const Range& candidates) {
  if (word.empty()) return std::nullopt;
  std::string lowered = AsciiLower(word);
  // A third of the word, at least 1 and at most 3 edits: "rocprf" -> "rocprof",
  // but "x" does not suggest "pmc".
  int limit = std::clamp(static_cast<int>(word.size()) / 3, 1, 3);
  std::optional<std::string> best;
  int best_distance = limit + 1;
  for (const auto& candidate : candidates) {
    std::string_view c(candidate);
    int distance = EditDistance(lowered, AsciiLower(c));
    // A candidate that contains the word or is contained in it is close too
    // ("backends" -> "backend", "kernel_regex" -> "kernel_include_regex").
    if (distance > limit && lowered.size() >= 4 &&
        (AsciiLower(c).find(lowered) != std::string::npos || lowered.find(AsciiLower(c)) != std::string::npos))
      distance = limit;
    if (distance < best_distance) {
      best_distance = distance;
      best = std::string(c);
    }
  }
  return best;
}

}  // namespace

std::optional<std::string> Suggest(std::string_view word, std::span<const std::string_view> candidates) {
  return SuggestIn(word, candidates);
}

std::optional<std::string> Suggest(std::string_view word, std::span<const std::string> candidates) {
  return SuggestIn(word, candidates);
}

template <typename Candidates>
std::string DidYouMeanOrIn(std::string_view word, Candidates candidates, std::string otherwise) {
  if (auto s = Suggest(word, candidates)) return "did you mean '" + *s + "'?";
  return otherwise;
}

std::string DidYouMeanOr(std::string_view word, std::span<const std::string_view> candidates, std::string otherwise) {
  return DidYouMeanOrIn(word, candidates, std::move(otherwise));
}

std::string DidYouMeanOr(std::string_view word, std::span<const std::string> candidates, std::string otherwise) {
  return DidYouMeanOrIn(word, candidates, std::move(otherwise));
}

std::string DidYouMean(std::string_view word, std::span<const std::string_view> candidates) {
  std::string hint = DidYouMeanOr(word, candidates, "");
  return hint.empty() ? hint : "; " + hint;
}

}  // namespace aortalint
