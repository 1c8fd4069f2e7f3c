#include "engine/fixes.h"

#include <algorithm>
#include <vector>

#include <fmt/format.h>

namespace aortalint {
namespace {

bool Overlaps(const Edit& a, const Edit& b) {
  // Two insertions at one point conflict too: their order would be a guess.
  return a.path == b.path && (a.span.begin == b.span.begin || (a.span.begin < b.span.end && b.span.begin < a.span.end));
}

std::vector<std::string_view> Lines(std::string_view text) {
  std::vector<std::string_view> lines;
  for (size_t start = 0; start < text.size();) {
    size_t end = text.find('\n', start);
    end = end == std::string_view::npos ? text.size() : end + 1;
    lines.push_back(text.substr(start, end - start));
    start = end;
  }
  return lines;
}

}  // namespace

size_t ApplyFixes(std::span<const Diagnostic> diagnostics, bool unsafe, FileTexts& texts) {
  std::vector<const Edit*> taken;
  size_t applied = 0;
  for (const Diagnostic& d : diagnostics) {
    if (!d.fix || d.fix->edits.empty() || (d.fix->applicability == Applicability::kUnsafe && !unsafe)) continue;
    bool clash = false;
    for (const Edit& e : d.fix->edits) {
      auto text = texts.find(e.path);
      clash |= text == texts.end() || e.span.begin > e.span.end || e.span.end > text->second.size();
      for (const Edit* t : taken) clash |= Overlaps(e, *t);
      for (const Edit& other : d.fix->edits) clash |= &other != &e && Overlaps(e, other);
    }
    if (clash) continue;
    for (const Edit& e : d.fix->edits) taken.push_back(&e);
    ++applied;
  }
  // From the end of each file backwards, so earlier offsets stay valid.
  std::sort(taken.begin(), taken.end(), [](const Edit* a, const Edit* b) {
    return a->path != b->path ? a->path < b->path : a->span.begin > b->span.begin;
  });
  for (const Edit* e : taken) texts[e->path].replace(e->span.begin, e->span.end - e->span.begin, e->replacement);
  return applied;
}

std::string UnifiedDiff(const std::string& path, std::string_view before, std::string_view after) {
  if (before == after) return "";
  std::vector<std::string_view> a = Lines(before), b = Lines(after);
  // Fixes are local: trim the common ends, then an LCS table over the middle.
  size_t head = 0;
  while (head < a.size() && head < b.size() && a[head] == b[head]) ++head;
  size_t tail = 0;
  while (tail < a.size() - head && tail < b.size() - head && a[a.size() - 1 - tail] == b[b.size() - 1 - tail]) ++tail;
  size_t n = a.size() - head - tail, m = b.size() - head - tail;

  struct Op {
    char kind;  // ' ', '-', '+'
    std::string_view line;
  };
  std::vector<Op> ops;
  for (size_t i = 0; i < head; ++i) ops.push_back({' ', a[i]});
  // Myers' greedy diff of the middle: O((n + m) * d) time and O(d^2) memory for
  // d differing lines (fixes change a few), where an LCS table was O(n * m).
  // Past kMaxDistance the middle is shown as removed, then added: still a
  // correct diff, only a longer one.
  constexpr long kMaxDistance = 2000;
  long N = static_cast<long>(n), M = static_cast<long>(m);
  long max_d = std::min<long>(N + M, kMaxDistance);
  std::vector<std::vector<long>> trace;  // V before each step d, indexed k + d
  std::vector<long> v(2 * max_d + 3, 0);
  const long offset = max_d + 1;
  long found = -1;
  auto A = [&](long i) { return a[head + static_cast<size_t>(i)]; };
  auto B = [&](long j) { return b[head + static_cast<size_t>(j)]; };
  for (long d = 0; d <= max_d && found < 0; ++d) {
    trace.emplace_back(v.begin() + (offset - d), v.begin() + (offset + d + 1));
    for (long k = -d; k <= d; k += 2) {
      long x =
          (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? v[offset + k + 1] : v[offset + k - 1] + 1;
      long y = x - k;
      while (x < N && y < M && A(x) == B(y)) ++x, ++y;
      v[offset + k] = x;
      if (x >= N && y >= M) {
        found = d;
        break;
      }
    }
  }
  std::vector<Op> middle;
  if (found < 0) {
    for (long i = 0; i < N; ++i) middle.push_back({'-', A(i)});
    for (long j = 0; j < M; ++j) middle.push_back({'+', B(j)});
  } else {
    // Walk back through the saved frontiers, collecting the edit script in reverse.
    long x = N, y = M;
    for (long d = found; d > 0; --d) {
      const std::vector<long>& prev =
          trace[static_cast<size_t>(d)];  // V after step d - 1, keys -(d-1)..(d-1) at +d... see below
      auto at = [&](long k) { return prev[static_cast<size_t>(k + d)]; };
      long k = x - y;
      long prev_k = (k == -d || (k != d && at(k - 1) < at(k + 1))) ? k + 1 : k - 1;
      long prev_x = at(prev_k), prev_y = prev_x - prev_k;
      while (x > prev_x && y > prev_y) middle.push_back({' ', A(--x)}), --y;
      if (x == prev_x)
        middle.push_back({'+', B(--y)});
      else
        middle.push_back({'-', A(--x)});
    }
    while (x > 0 && y > 0) middle.push_back({' ', A(--x)}), --y;
    std::reverse(middle.begin(), middle.end());
  }
  ops.insert(ops.end(), middle.begin(), middle.end());
  for (size_t i = a.size() - tail; i < a.size(); ++i) ops.push_back({' ', a[i]});

  std::string out = fmt::format("--- a/{}\n+++ b/{}\n", path, path);
  constexpr size_t kContext = 3;
  for (size_t k = 0; k < ops.size();) {
    if (ops[k].kind == ' ') {
      ++k;
      continue;
    }
    // A hunk: from kContext lines before this change to kContext after the last change near it.
    size_t start = k >= kContext ? k - kContext : 0;
    size_t end = k;
    for (size_t gap = 0; end < ops.size() && gap <= 2 * kContext; ++end) gap = ops[end].kind == ' ' ? gap + 1 : 0;
    while (end > k && ops[end - 1].kind == ' ') --end;
    end = std::min(ops.size(), end + kContext);
    size_t old_line = 1, new_line = 1;
    for (size_t i = 0; i < start; ++i) {
      old_line += ops[i].kind != '+';
      new_line += ops[i].kind != '-';
    }
    size_t old_count = 0, new_count = 0;
    std::string body;
    for (size_t i = start; i < end; ++i) {
      old_count += ops[i].kind != '+';
      new_count += ops[i].kind != '-';
      body += ops[i].kind;
      body += ops[i].line;
      if (ops[i].line.empty() || ops[i].line.back() != '\n') body += "\n\\ No newline at end of file\n";
    }
    out += fmt::format("@@ -{},{} +{},{} @@\n", old_count ? old_line : old_line - 1, old_count,
                       new_count ? new_line : new_line - 1, new_count);
    out += body;
    k = end;
  }
  return out;
}

}  // namespace aortalint
