#include "engine/fixes.h"

#include <algorithm>
#include <vector>

#include <fmt/format.h>

namespace aortalint {
namespace {

bool Overlaps(const Edit& a, const Edit& b) {
  // Two insertions at one point conflict too: their order would be a guess.
  return a.path == b.path && (a.span.begin == b.span.begin ||
                              (a.span.begin < b.span.end && b.span.begin < a.span.end));
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
  std::vector<std::vector<uint32_t>> lcs(n + 1, std::vector<uint32_t>(m + 1, 0));
  for (size_t i = n; i-- > 0;)
    for (size_t j = m; j-- > 0;)
      lcs[i][j] = a[head + i] == b[head + j] ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);

  struct Op {
    char kind;  // ' ', '-', '+'
    std::string_view line;
  };
  std::vector<Op> ops;
  for (size_t i = 0; i < head; ++i) ops.push_back({' ', a[i]});
  for (size_t i = 0, j = 0; i < n || j < m;) {
    if (i < n && j < m && a[head + i] == b[head + j]) ops.push_back({' ', a[head + i++]}), ++j;
    else if (i < n && (j == m || lcs[i + 1][j] >= lcs[i][j + 1])) ops.push_back({'-', a[head + i++]});
    else ops.push_back({'+', b[head + j++]});
  }
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
