#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "base/display_width.h"
#include "emit/emitter.h"

namespace aortalint {
namespace {

struct Style {
  bool on;
  std::string Paint(std::string_view code, std::string_view text) const {
    return on ? fmt::format("\x1b[{}m{}\x1b[0m", code, text) : std::string(text);
  }
};

std::string_view SeverityColor(Severity s) {
  switch (s) {
    case Severity::kError:
      return "1;31";
    case Severity::kWarning:
      return "1;33";
    case Severity::kInfo:
      return "1;36";
  }
  return "1";
}

// A line longer than this (bytes) is shown as a window of it around the span: a one-line JSON
// recipe with thousands of findings would otherwise print itself whole for each (gigabytes).
constexpr size_t kShownBytes = 200;
constexpr size_t kShownBefore = 60;

// The source line under `where` with a caret under its span (first line only).
void Excerpt(const Location& where, const Style& style, std::ostream& out) {
  if (!where.file || where.file->text().empty()) return;
  LineCol start = where.start();
  LineCol end = where.end();
  std::string_view line = where.file->LineText(start.line);
  size_t from = 0, to = line.size();  // the bytes shown
  if (line.size() > kShownBytes) {
    size_t line_begin = static_cast<size_t>(line.data() - where.file->text().data());
    size_t at = std::min(line.size(), where.span.begin > line_begin ? where.span.begin - line_begin : 0);
    from = at > kShownBefore ? at - kShownBefore : 0;
    to = std::min(line.size(), from + kShownBytes);
    auto continuation = [&](size_t i) { return (static_cast<unsigned char>(line[i]) & 0xC0) == 0x80; };
    while (from > 0 && continuation(from)) --from;  // on code point boundaries
    while (to < line.size() && continuation(to)) ++to;
  }
  std::string_view cut_mark = "...";
  // Columns count code points; a terminal shows CJK and emoji two cells wide and
  // combining marks none, so the caret is placed by display width.
  std::string underline(from ? cut_mark.size() : 0, ' ');  // up to the span, keeping tabs so tab-indented text lines up
  size_t carets = 0;
  uint32_t col = 1;
  for (size_t i = 0; i < from; ++i) col += (static_cast<unsigned char>(line[i]) & 0xC0) != 0x80;
  for (size_t at = from; at < to;) {
    if (end.line == start.line && col >= end.column) break;
    char32_t c = DecodeUtf8(line, at);
    int w = c == '\t' ? 1 : IsControl(c) ? static_cast<int>(Escaped(c).size()) : CodePointWidth(c);
    if (col < start.column)
      underline += c == '\t' ? std::string("\t") : std::string(w, ' ');
    else
      carets += w;
    ++col;
  }
  if (to == line.size() && end.line == start.line && end.column > col) carets += end.column - col;  // past the end
  std::string gutter = std::to_string(start.line);
  std::string pad(gutter.size(), ' ');
  out << style.Paint("1;34", fmt::format(" {} |", gutter)) << ' ' << (from ? cut_mark : "")
      << EscapeControls(line.substr(from, to - from)) << (to < line.size() ? cut_mark : "") << '\n';
  out << style.Paint("1;34", fmt::format(" {} |", pad)) << ' ' << underline
      << style.Paint("1;32", std::string(std::max<size_t>(1, carets), '^')) << '\n';
}

std::string Header(const Location& where, std::string_view level, std::string_view color, const Style& style) {
  LineCol start = where.start();
  return fmt::format(
      "{}: {}:", style.Paint("1", fmt::format("{}:{}:{}", EscapeControls(where.path()), start.line, start.column)),
      style.Paint(color, level));
}

}  // namespace

void EmitText(std::span<const Diagnostic> diagnostics, std::ostream& out, bool color, bool concise) {
  Style style{color};
  for (const Diagnostic& d : diagnostics) {
    // Concise is one line: the help joins the message there.
    out << Header(d.where, SeverityName(d.severity), SeverityColor(d.severity), style) << ' '
        << EscapeControls(concise ? MessageAndHelp(d, "; ") : d.message) << ' ' << style.Paint("2", "[" + d.rule + "]")
        << '\n';
    if (concise) continue;
    Excerpt(d.where, style, out);
    for (const Note& n : d.notes) {
      out << Header(n.where, "note", "1;36", style) << ' ' << EscapeControls(n.message) << '\n';
      Excerpt(n.where, style, out);
    }
    if (!d.help.empty()) out << style.Paint("1;32", "  help: ") << EscapeControls(d.help) << '\n';
    if (d.fix)
      out << style.Paint("1;32", "  fix: ") << d.fix->title
          << (d.fix->applicability == Applicability::kSafe ? " (safe fix)" : " (unsafe fix)") << '\n';
  }
}

std::string Plural(size_t n, std::string_view word) {
  bool sibilant = word.ends_with('s') || word.ends_with('x') || word.ends_with("ch") || word.ends_with("sh");
  std::string_view suffix = n == 1 ? "" : sibilant ? "es" : "s";  // misses, fixes
  return fmt::format("{} {}{}", n, word, suffix);
}

std::string Summary(std::span<const Diagnostic> diagnostics) {
  size_t counts[3] = {0, 0, 0};
  std::set<std::string> files;
  for (const Diagnostic& d : diagnostics) {
    ++counts[static_cast<int>(d.severity)];
    files.insert(d.where.path());
  }
  std::vector<std::string> parts;
  if (counts[2]) parts.push_back(Plural(counts[2], "error"));
  if (counts[1]) parts.push_back(Plural(counts[1], "warning"));
  if (counts[0]) parts.push_back(fmt::format("{} info", counts[0]));
  if (parts.empty()) return "no problems found";
  return fmt::format("{} in {}", fmt::join(parts, ", "), Plural(files.size(), "file"));
}

}  // namespace aortalint
