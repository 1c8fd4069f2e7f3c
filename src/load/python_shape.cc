#include "load/python_shape.h"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

namespace aortalint {
namespace {

constexpr bool IsWordByte(unsigned char c) {
  return c == '_' || (c >= '0' && c <= '9') || static_cast<unsigned>((c | 0x20) - 'a') < 26u || c >= 0x80;
}

// Keywords that, like an operator, leave an expression unfinished.
bool IsOperatorWord(std::string_view w) {
  return w == "and" || w == "or" || w == "not" || w == "in" || w == "is" || w == "if" || w == "else" || w == "lambda" ||
         w == "await";
}

// Whether `w` prefixes a string literal, and whether that string is an f-string (or a t-string).
bool IsStringPrefix(std::string_view w, bool& f) {
  if (w.empty() || w.size() > 2) return false;
  f = false;
  for (char c : w) {
    char l = static_cast<char>(c | 0x20);
    if (l != 'r' && l != 'b' && l != 'u' && l != 'f' && l != 't') return false;
    f = f || l == 'f' || l == 't';
  }
  return true;
}

class Scanner {
 public:
  // From `start`, a clean line at `row` (0, 0: the whole text); `clean`: record the clean lines.
  Scanner(std::string_view text, bool clean, CleanLine start = {0, 0})
      : t_(text), i_(start.first), row_(start.second), statement_(start.first), record_clean_(clean) {}

  // Stops at the first clean line at or after `from` that the old scan had clean too (`moved` bytes earlier).
  void StopAt(uint32_t from, std::span<const CleanLine> old, int64_t moved) {
    stop_from_ = from;
    old_ = old;
    moved_ = moved;
  }
  bool stopped() const { return stopped_; }

  static bool ByOffset(const CleanLine& a, const CleanLine& b) { return a.first < b.first; }

  PythonShape Run() {
    levels_.push_back({});
    while (i_ < t_.size() && !stopped_) {
      if (!levels_.back().content)
        Code();
      else
        Content();
    }
    if (refusing_) out_.refused.back().statement.end = static_cast<uint32_t>(t_.size());
    return std::move(out_);
  }

 private:
  // One open bracket, f-string field or string body; levels_[0] is the statement itself.
  struct Level {
    bool content = false;  // inside an f-string's text (or its format spec), not code
    bool bracket = false;  // a bracket or an f-string's field: counts against kMaxPythonBrackets
    bool field = false;    // an f-string's `{...}` (code)
    char quote = 0;        // content and fields: the f-string's quote
    bool triple = false;
    bool spec = false;     // content: a format spec, ended by `}`
    uint32_t pending = 0;  // tokens since the last comma at this level
    uint32_t open = 0;     // where the bracket opened
    uint32_t row = 0;
  };

  char At(size_t i) const { return i < t_.size() ? t_[i] : '\0'; }

  void Code() {
    token_ = static_cast<uint32_t>(i_);
    char c = t_[i_];
    unsigned char u = static_cast<unsigned char>(c);
    if (c == ' ' || c == '\t' || c == '\f') {
      ++i_;
    } else if (c == '\n' || c == '\r') {
      Newline();
    } else if (c == '#') {
      Comment();
    } else if (c == '\\' && (At(i_ + 1) == '\n' || At(i_ + 1) == '\r')) {
      ++i_;
      Newline();
    } else if (c == '"' || c == '\'') {
      Token(1, false);
      String(false);
    } else if (IsWordByte(u)) {
      Word();
    } else if (c == '(' || c == '[' || c == '{') {
      Token(1, true);
      Open(false);
      ++i_;
    } else if (c == ')' || c == ']' || c == '}') {
      Close(c);
      last_operator_ = false;
      ++i_;
    } else if (c == ',' || c == ';') {
      Token(0, false);
      Reset();
      ++i_;
    } else if (c == ':' && levels_.back().field && levels_.size() > 1) {
      levels_.back().content = levels_.back().spec = true;
      ++i_;
    } else {
      Token(1, c != ':');
      ++i_;
    }
  }

  // The text of an f-string (or of its format spec) up to a field, its end or a line break.
  void Content() {
    token_ = static_cast<uint32_t>(i_);
    Level& l = levels_.back();
    char c = t_[i_];
    if (c == '\\') {
      if (At(i_ + 1) == '\n') ++row_;
      i_ += 2;
    } else if (c == '{') {
      if (At(i_ + 1) == '{' && !l.spec) {
        i_ += 2;
        return;
      }
      Token(1, true);
      Open(true);
      ++i_;
    } else if (c == '}') {
      ++i_;
      if (l.spec) Pop();  // ends the field the spec belongs to (the spec is that field's level)
    } else if (c == l.quote && !l.spec && (!l.triple || (At(i_ + 1) == c && At(i_ + 2) == c))) {
      i_ += l.triple ? 3 : 1;
      Pop();
    } else if ((c == '\n' || c == '\r') && !l.triple) {
      Pop();  // a one-line string left open: Python stops it here
    } else {
      if (c == '\n') ++row_;
      ++i_;
    }
  }

  void Word() {
    size_t b = i_;
    while (i_ < t_.size() && IsWordByte(static_cast<unsigned char>(t_[i_]))) ++i_;
    std::string_view w = t_.substr(b, i_ - b);
    bool f = false;
    if ((At(i_) == '"' || At(i_) == '\'') && IsStringPrefix(w, f)) {
      Token(1, false);
      String(f);
      return;
    }
    Token(1, IsOperatorWord(w));
  }

  // A string literal at its quote: skipped, or entered as content when it is an f-string.
  void String(bool f) {
    char q = t_[i_];
    bool triple = At(i_ + 1) == q && At(i_ + 2) == q;
    i_ += triple ? 3 : 1;
    if (f) {
      Level l;
      l.content = true;
      l.quote = q;
      l.triple = triple;
      levels_.push_back(l);
      return;
    }
    while (i_ < t_.size()) {
      char c = t_[i_];
      if (c == '\\') {
        if (At(i_ + 1) == '\n') ++row_;
        i_ += 2;
      } else if (c == q && (!triple || (At(i_ + 1) == q && At(i_ + 2) == q))) {
        i_ += triple ? 3 : 1;
        return;
      } else if ((c == '\n' || c == '\r') && !triple) {
        return;  // left open: the newline ends the line
      } else {
        if (c == '\n') ++row_;
        ++i_;
      }
    }
  }

  void Comment() {
    size_t b = i_;
    while (i_ < t_.size() && t_[i_] != '\n' && t_[i_] != '\r') ++i_;
    if (++comment_run_ <= kMaxPythonCommentRun) return;
    // An `isort: split` is the one comment a rule reads from the tree: one per run stays.
    if (!kept_isort_ && t_.substr(b, i_ - b).find("isort:") != std::string_view::npos) {
      kept_isort_ = true;
      return;
    }
    size_t line = b;
    while (line > 0 && (t_[line - 1] == ' ' || t_[line - 1] == '\t')) --line;
    if (line > 0 && t_[line - 1] != '\n' && t_[line - 1] != '\r') return;  // after code on its line
    size_t end = i_ + (At(i_) == '\r' && At(i_ + 1) == '\n' ? 2 : i_ < t_.size() ? 1 : 0);
    Span whole{static_cast<uint32_t>(line), static_cast<uint32_t>(end)};
    if (!out_.skipped.empty() && out_.skipped.back().end == whole.begin)
      out_.skipped.back().end = whole.end;
    else
      out_.skipped.push_back(whole);
  }

  void Newline() {
    if (t_[i_] == '\r' && At(i_ + 1) == '\n') ++i_;
    ++i_;
    ++row_;
    if (levels_.size() > 1) return;  // inside brackets: the logical line goes on
    if (last_operator_) return;      // `x = \n`: the next line continues the same statement for tree-sitter
    if (refusing_) out_.refused.back().statement.end = static_cast<uint32_t>(i_);
    refusing_ = false;
    levels_[0].pending = 0;
    total_ = 0;
    statement_ = static_cast<uint32_t>(i_);
    // Everything else is as at the start: no bracket is open (levels_ is the statement alone), nor an
    // operator pending, nor a refusal; and after code, no comment run.
    if (!record_clean_ || comment_run_) return;
    out_.clean.push_back({statement_, row_});
    if (statement_ >= stop_from_)
      stopped_ = std::binary_search(old_.begin(), old_.end(), CleanLine{static_cast<uint32_t>(statement_ - moved_), 0},
                                    ByOffset);
  }

  // A token at the current level (`count` 0 for a comma); `op`: it leaves its expression unfinished.
  void Token(uint32_t count, bool op) {
    comment_run_ = 0;
    kept_isort_ = false;
    last_operator_ = op;
    levels_.back().pending += count;
    total_ += count;
    if (total_ > kMaxPythonPendingTokens) Refuse(PendingMessage());
  }

  void Reset() {
    total_ -= levels_.back().pending;
    levels_.back().pending = 0;
  }

  void Open(bool field) {
    Level l;
    l.bracket = true;
    l.field = field;
    l.open = static_cast<uint32_t>(i_);
    l.row = row_;
    levels_.push_back(l);
    if (++brackets_ > kMaxPythonBrackets)
      Refuse(fmt::format("more than {} nested brackets, which CPython refuses too (too many nested parentheses)",
                         kMaxPythonBrackets));
  }

  void Close(char c) {
    const Level& top = levels_.back();
    if (levels_.size() == 1 || (top.field && c != '}')) return;  // a stray closer: tree-sitter reports it
    Pop();
  }

  void Pop() {
    Reset();
    if (levels_.back().bracket) --brackets_;
    levels_.pop_back();
  }

  std::string PendingMessage() const {
    std::string open;
    if (levels_.size() > 1) {
      const Level& outer = levels_[1];
      open = fmt::format(" (the '{}' on line {} is still open)", t_[outer.open], outer.row + 1);
    }
    return fmt::format(
        "an expression of more than {} tokens without a comma{}, which aortalint leaves unparsed (CPython's "
        "compiler already refuses about 3,000 chained operators)",
        kMaxPythonPendingTokens, open);
  }

  void Refuse(std::string message) {
    if (refusing_) return;
    refusing_ = true;
    uint32_t at = token_;
    out_.refused.push_back({{statement_, static_cast<uint32_t>(t_.size())}, {at, at + 1}, std::move(message)});
  }

  std::string_view t_;
  PythonShape out_;
  size_t i_ = 0;
  uint32_t row_ = 0;
  uint32_t token_ = 0;  // where the token being read begins
  std::vector<Level> levels_;
  uint32_t brackets_ = 0;       // open brackets and f-string fields
  uint32_t total_ = 0;          // pending tokens over all levels
  uint32_t statement_ = 0;      // where the current statement's first line begins
  bool refusing_ = false;       // the current statement is refused already
  bool last_operator_ = false;  // the last token leaves an expression unfinished
  uint32_t comment_run_ = 0;
  bool kept_isort_ = false;
  bool record_clean_ = false;
  uint32_t stop_from_ = UINT32_MAX;
  std::span<const CleanLine> old_;
  int64_t moved_ = 0;
  bool stopped_ = false;
};

}  // namespace

PythonShape ShapePython(std::string_view text, bool clean) { return Scanner(text, clean).Run(); }

PythonShape ShapePythonAfterEdit(std::string_view before, std::span<const CleanLine> was, std::string_view text) {
  size_t common = std::min(before.size(), text.size());
  // The bytes both begin with, and then end with: a block at a time (memcmp), then a byte.
  constexpr size_t kBlock = 64;
  size_t head = 0;
  while (head + kBlock <= common && !std::memcmp(before.data() + head, text.data() + head, kBlock)) head += kBlock;
  while (head < common && before[head] == text[head]) ++head;
  size_t tail = 0;
  while (tail + kBlock <= common - head &&
         !std::memcmp(before.data() + before.size() - tail - kBlock, text.data() + text.size() - tail - kBlock, kBlock))
    tail += kBlock;
  while (tail < common - head && before[before.size() - 1 - tail] == text[text.size() - 1 - tail]) ++tail;
  // The last clean line at or before the first change: the scan there is as the old one was.
  auto start = std::upper_bound(was.begin(), was.end(), CleanLine{static_cast<uint32_t>(head), UINT32_MAX});
  std::vector<CleanLine> kept(was.begin(), start);
  CleanLine from = kept.empty() ? CleanLine{0, 0} : kept.back();
  int64_t moved = static_cast<int64_t>(text.size()) - static_cast<int64_t>(before.size());
  Scanner scanner(text, true, from);
  scanner.StopAt(static_cast<uint32_t>(text.size() - tail), was, moved);
  PythonShape shape = scanner.Run();
  if (scanner.stopped()) {
    // The rest is the old scan's: no refusal, and its clean lines moved.
    CleanLine last = shape.clean.back();
    auto rest = std::lower_bound(was.begin(), was.end(), CleanLine{static_cast<uint32_t>(last.first - moved), 0},
                                 Scanner::ByOffset);
    uint32_t rows = last.second - rest->second;
    for (++rest; rest != was.end(); ++rest)
      shape.clean.push_back({static_cast<uint32_t>(rest->first + moved), rest->second + rows});
  }
  kept.insert(kept.end(), shape.clean.begin(), shape.clean.end());
  shape.clean = std::move(kept);
  return shape;
}

}  // namespace aortalint
