#include "load/python_scan.h"

#include <algorithm>
#include <cstring>
#include <memory>

namespace aortalint {
namespace {

constexpr int kMaxNesting = 64;  // f-strings inside f-strings: give up beyond this

constexpr bool IsWordStart(unsigned char c) {
  return c == '_' || static_cast<unsigned>((c | 0x20) - 'a') < 26u || c >= 0x80;
}
constexpr bool IsWordChar(unsigned char c) { return IsWordStart(c) || static_cast<unsigned>(c - '0') < 10u; }

// What a byte of code can start, for LogicalLine's dispatch; kPlain bytes
// (spaces, operators, dots) are skipped in a tight loop.
enum Class : uint8_t { kPlain, kNewline, kHash, kBackslash, kOpen, kClose, kEnd, kComma, kQuote, kNul, kWord, kDigit };

struct Classes {
  uint8_t code[256] = {};
  bool word[256] = {};
  bool stop[2][2][256] = {};  // [double quote][f-string]: a byte a string's content stops at
  constexpr Classes() {
    for (int dq = 0; dq < 2; ++dq)
      for (int f = 0; f < 2; ++f) {
        bool* st = stop[dq][f];
        st[static_cast<int>(dq ? '"' : '\'')] = st[static_cast<int>('\\')] = true;
        st[static_cast<int>('\n')] = st[static_cast<int>('\r')] = true;
        if (f) st[static_cast<int>('{')] = true;
      }
    for (int c = 0; c < 256; ++c) {
      word[c] = IsWordChar(static_cast<unsigned char>(c));
      if (IsWordStart(static_cast<unsigned char>(c)))
        code[c] = kWord;
      else if (c >= '0' && c <= '9')
        code[c] = kDigit;
    }
    code[static_cast<int>('\n')] = code[static_cast<int>('\r')] = kNewline;
    code[static_cast<int>('#')] = kHash;
    code[static_cast<int>('\\')] = kBackslash;
    code[static_cast<int>('(')] = code[static_cast<int>('[')] = code[static_cast<int>('{')] = kOpen;
    code[static_cast<int>(')')] = code[static_cast<int>(']')] = code[static_cast<int>('}')] = kClose;
    code[static_cast<int>(';')] = code[static_cast<int>(':')] = kEnd;
    code[static_cast<int>(',')] = kComma;
    code[static_cast<int>('"')] = code[static_cast<int>('\'')] = kQuote;
    code[0] = kNul;
  }
};
constexpr Classes kClasses;

// A string prefix: any case mix of r, u, b, f and the pairs br, rb, fr, rf.
bool IsStringPrefix(std::string_view w, bool& raw, bool& f) {
  if (w.empty() || w.size() > 2) return false;
  raw = f = false;
  bool b = false, u = false;
  for (char c : w) {
    switch (c | 0x20) {
      case 'r':
        if (raw) return false;
        raw = true;
        break;
      case 'f':
        if (f) return false;
        f = true;
        break;
      case 'b':
        if (b) return false;
        b = true;
        break;
      case 'u':
        if (u) return false;
        u = true;
        break;
      default:
        return false;
    }
  }
  return !(u && w.size() > 1) && !(b && f);
}

// Trigger words of code (identifiers), see python_scan.h.
bool IsTriggerWord(std::string_view w) {
  switch (w.size()) {
    case 6:
      return w == "import" || w == "putenv";
    case 7:
      return w == "environ";
    case 8:
      return w == "profiler" || w == "__name__";
    default:
      return false;
  }
}

// Trigger text inside strings.
bool HasStringTrigger(std::string_view s) {
  return s.find("AORTA") != std::string_view::npos || s.find("PROTON_") != std::string_view::npos ||
         s.find("VISIBLE_DEVICES") != std::string_view::npos || s.find(".hatchet") != std::string_view::npos;
}

bool IsKeyword(std::string_view w) {
  static constexpr std::string_view kKeywords[] = {
      "False", "None",     "True",  "and",    "as",   "assert", "async",  "await",    "break",
      "class", "continue", "def",   "del",    "elif", "else",   "except", "finally",  "for",
      "from",  "global",   "if",    "import", "in",   "is",     "lambda", "nonlocal", "not",
      "or",    "pass",     "raise", "return", "try",  "while",  "with",   "yield"};
  return std::find(std::begin(kKeywords), std::end(kKeywords), w) != std::end(kKeywords);
}

// Whether `name` occurs in `text` as a whole identifier.
bool HasWord(std::string_view text, std::string_view name) {
  for (size_t at = text.find(name); at != std::string_view::npos; at = text.find(name, at + 1)) {
    bool left = at == 0 || !IsWordChar(static_cast<unsigned char>(text[at - 1]));
    size_t after = at + name.size();
    bool right = after >= text.size() || !IsWordChar(static_cast<unsigned char>(text[after]));
    if (left && right) return true;
  }
  return false;
}

struct Failure {
  const char* why;
};

class Scanner {
 public:
  explicit Scanner(std::string_view text) : t_(text), n_(text.size()) {}

  PyScan Run() {
    try {
      Lines();
      Finish();
    } catch (const Failure& f) {
      PyScan failed;
      failed.ok = false;
      failed.why = f.why;
      return failed;
    }
    return std::move(out_);
  }

 private:
  struct Extra {                  // what the trigger pass needs beyond PyStatement
    bool assignment = false;      // top-level `NAME = ...` / `NAME: T = ...`
    bool string_trigger = false;  // AORTA / PROTON_ / VISIBLE_DEVICES in a string, or an f-string
    std::string_view target;      // the assigned name
    bool simple = false;          // not a compound statement (def, class, if, for, while, try, with, async, @)
    bool block = false;           // if, for, while, try, with: blocks that run at load, maybe calling something
    bool import = false;          // starts with `import` or `from`
    std::string_view def_name;    // a top-level function's name (`def f`, `async def f`, decorated)
  };

  [[noreturn]] static void Fail(const char* why) { throw Failure{why}; }

  char At(size_t i) const { return i < n_ ? t_[i] : '\0'; }

  // Consumes a line break at i_ (\n or \r\n); fails on a lone CR.
  void Newline() {
    if (t_[i_] == '\r') {
      if (At(i_ + 1) != '\n') Fail("a lone carriage return ends a line");
      ++i_;
    }
    ++i_;
    ++row_;
  }

  void Lines() {
    while (i_ < n_) {
      size_t line_begin = i_;
      while (i_ < n_ && (t_[i_] == ' ' || t_[i_] == '\t')) ++i_;
      if (i_ == n_) break;
      char c = t_[i_];
      if (c == '\f') Fail("a form feed in indentation");
      if (c == '\n' || c == '\r') {
        Newline();
        continue;
      }
      if (c == '#') {
        SkipComment();
        continue;
      }
      if (i_ == line_begin) {
        StartTopLevelLine(line_begin);
      } else if (!open_) {
        Fail("the first statement is indented");
      }
      LogicalLine();
      cur_.end = static_cast<uint32_t>(i_);
      cur_.end_row = row_;
    }
  }

  // A logical line at column 0: a new statement, or a clause or decorated
  // definition continuing the open one.
  void StartTopLevelLine(size_t line_begin) {
    size_t j = i_;
    while (j < n_ && IsWordChar(static_cast<unsigned char>(t_[j]))) ++j;
    std::string_view word = t_.substr(i_, j - i_);
    bool clause = word == "else" || word == "elif" || word == "except" || word == "finally";
    bool continues = open_ && (decorated_ || clause);
    bool decorator = t_[i_] == '@';
    decorated_ = decorator;
    std::string_view def = DefName(j, word);
    if (continues) {
      if (!def.empty()) extra_.def_name = def;
      return;
    }
    (void)line_begin;
    Close();
    open_ = true;
    // The blank and comment lines before a statement belong to it (an
    // `# isort: split` above an import is the import's business).
    cur_ = PyStatement{gap_begin_, gap_begin_, gap_row_, gap_row_, false};
    extra_ = Extra{};
    extra_.def_name = def;
    extra_.import = word == "import" || word == "from";
    static constexpr std::string_view kCompound[] = {"def", "class", "if", "for", "while", "try", "with", "async"};
    extra_.simple = !decorator && std::find(std::begin(kCompound), std::end(kCompound), word) == std::end(kCompound);
    extra_.block = !decorator && (word == "if" || word == "for" || word == "while" || word == "try" || word == "with");
    if (!word.empty() && IsWordStart(static_cast<unsigned char>(word[0])) && !IsKeyword(word)) {
      while (j < n_ && (t_[j] == ' ' || t_[j] == '\t')) ++j;
      if ((At(j) == '=' && At(j + 1) != '=') || At(j) == ':') {
        extra_.assignment = true;
        extra_.target = word;
      }
    }
  }

  void Close() {
    if (!open_) return;
    out_.statements.push_back(cur_);
    extras_.push_back(extra_);
    gap_begin_ = cur_.end;
    gap_row_ = cur_.end_row;
    open_ = false;
  }

  // The name a `def NAME` / `async def NAME` line defines (`j`: the end of its first word).
  std::string_view DefName(size_t j, std::string_view word) const {
    auto next_word = [&](size_t& k) {
      while (k < n_ && (t_[k] == ' ' || t_[k] == '\t')) ++k;
      size_t b = k;
      while (k < n_ && kClasses.word[static_cast<unsigned char>(t_[k])]) ++k;
      return t_.substr(b, k - b);
    };
    if (word == "async") word = next_word(j);
    return word == "def" ? next_word(j) : std::string_view();
  }

  // To the end of the line (its break stays for the caller).
  void SkipComment() {
    const void* nl = std::memchr(t_.data() + i_, '\n', n_ - i_);
    size_t end = nl ? static_cast<size_t>(static_cast<const char*>(nl) - t_.data()) : n_;
    const void* cr = std::memchr(t_.data() + i_, '\r', end - i_);
    i_ = cr ? static_cast<size_t>(static_cast<const char*>(cr) - t_.data()) : end;
  }

  // One logical line, from its first token through the newline that ends it
  // outside brackets.
  void LogicalLine() {
    simple_begin_ = i_;
    simple_import_ = false;
    const unsigned char* d = reinterpret_cast<const unsigned char*>(t_.data());
    while (i_ < n_) {
      size_t i = i_;
      while (i < n_ && kClasses.code[d[i]] == kPlain) ++i;  // a local: no store per byte
      i_ = i;
      if (i == n_) break;
      uint8_t k = kClasses.code[d[i]];
      char c = t_[i];
      switch (k) {
        case kNewline:
          Newline();
          if (brackets_.empty()) {
            EndSimple();
            return;
          }
          break;
        case kHash:
          SkipComment();
          break;
        case kBackslash:
          if (At(i_ + 1) == '\n' || At(i_ + 1) == '\r') {
            ++i_;
            Newline();
          } else {
            ++i_;
          }
          break;
        case kOpen:
          brackets_.push_back(c);
          ++i_;
          break;
        case kClose: {
          char open = c == ')' ? '(' : c == ']' ? '[' : '{';
          if (brackets_.empty() || brackets_.back() != open) Fail("a closing bracket that does not match");
          brackets_.pop_back();
          ++i_;
          break;
        }
        case kEnd:
          ++i_;
          if (brackets_.empty()) EndSimple();
          break;
        case kQuote:
          String(false, false, 0);
          break;
        case kNul:
          Fail("a NUL byte");
        case kWord:
          Word(0);
          break;
        case kDigit:
          while (i < n_ && (kClasses.word[d[i]] || d[i] == '.')) ++i;
          i_ = i;
          break;
        default:  // kComma
          ++i_;
      }
    }
    if (!brackets_.empty()) Fail("a bracket that is never closed");
    EndSimple();
  }

  // An identifier, or the prefix of a string.
  void Word(int nesting) {
    const unsigned char* d = reinterpret_cast<const unsigned char*>(t_.data());
    size_t b = i_, i = i_;
    while (i < n_ && kClasses.word[d[i]]) ++i;
    i_ = i;
    std::string_view w(t_.data() + b, i - b);
    if (i_ < n_ && (t_[i_] == '"' || t_[i_] == '\'') && w.size() <= 2) {
      bool raw, f;
      if (IsStringPrefix(w, raw, f)) {
        String(raw, f, nesting);
        return;
      }
    }
    if (IsTriggerWord(w)) {
      cur_.trigger = true;
      if (w == "import") simple_import_ = true;
    }
  }

  // A string literal starting at its quote (after any prefix).
  void String(bool raw, bool f, int nesting) {
    (void)raw;  // a backslash keeps the next character from ending a raw string too
    if (nesting > kMaxNesting) Fail("f-strings nested too deeply");
    char q = t_[i_];
    bool triple = At(i_ + 1) == q && At(i_ + 2) == q;
    i_ += triple ? 3 : 1;
    size_t content = i_;
    if (f) extra_.string_trigger = true;
    const bool* stop = kClasses.stop[q == '"'][f];
    const unsigned char* d = reinterpret_cast<const unsigned char*>(t_.data());
    for (;;) {
      size_t i = i_;
      while (i < n_ && !stop[d[i]]) ++i;
      i_ = i;
      if (i_ >= n_) Fail("a string that is never closed");
      char c = t_[i_];
      if (c == '\\') {
        ++i_;
        if (i_ < n_ && (t_[i_] == '\n' || t_[i_] == '\r'))
          Newline();
        else
          ++i_;
      } else if (c == q) {
        if (!triple) break;
        if (At(i_ + 1) == q && At(i_ + 2) == q) break;
        ++i_;
      } else if (c == '\n' || c == '\r') {
        if (!triple) Fail("a string that is never closed");
        Newline();
      } else if (f && c == '{') {
        if (At(i_ + 1) == '{') {
          i_ += 2;
        } else {
          ++i_;
          Interpolation(q, triple, nesting + 1);
        }
      } else {
        ++i_;
      }
    }
    if (HasStringTrigger(t_.substr(content, i_ - content))) extra_.string_trigger = true;
    i_ += triple ? 3 : 1;
  }

  // The expression of an f-string's `{...}`, through its closing brace.
  void Interpolation(char q, bool triple, int nesting) {
    int depth = 0;
    for (;;) {
      if (i_ >= n_) Fail("an f-string expression that is never closed");
      char c = t_[i_];
      if (c == '"' || c == '\'') {
        if (c == q && !triple) Fail("the f-string's own quote inside its expression");
        String(false, false, nesting);
      } else if (c == '(' || c == '[' || c == '{') {
        ++depth;
        ++i_;
      } else if (c == ')' || c == ']') {
        --depth;
        ++i_;
      } else if (c == '}') {
        ++i_;
        if (depth-- == 0) return;
      } else if (c == ':' && depth == 0) {
        ++i_;
        FormatSpec(q, triple, nesting);
        return;
      } else if (c == '\n' || c == '\r') {
        if (!triple) Fail("a line break inside a one-line f-string's expression");
        Newline();
      } else if (c == '\\') {
        Fail("a backslash inside an f-string's expression");
      } else if (c == '#') {
        Fail("a comment inside an f-string's expression");
      } else if (IsWordStart(static_cast<unsigned char>(c))) {
        Word(nesting);
      } else {
        ++i_;
      }
    }
  }

  // An f-string's format spec, through the interpolation's closing brace.
  void FormatSpec(char q, bool triple, int nesting) {
    for (;;) {
      if (i_ >= n_) Fail("an f-string format spec that is never closed");
      char c = t_[i_];
      if (c == '}') {
        ++i_;
        return;
      }
      if (c == '{') {
        ++i_;
        Interpolation(q, triple, nesting + 1);
      } else if (c == q || ((c == '\n' || c == '\r') && !triple) || c == '\\') {
        Fail("a quote, line break or backslash inside an f-string's format spec");
      } else if (c == '\n' || c == '\r') {
        Newline();
      } else {
        ++i_;
      }
    }
  }

  // The end of a simple statement: if it imports, note the names it binds
  // when it concerns Proton (`from triton.profiler import start as go` binds go).
  void EndSimple() {
    size_t begin = simple_begin_;
    simple_begin_ = i_;
    if (!simple_import_) return;
    simple_import_ = false;
    // Its identifiers, and "," between them (comments' words too: a superset is harmless).
    std::vector<std::string_view> words;
    const unsigned char* d = reinterpret_cast<const unsigned char*>(t_.data());
    for (size_t j = begin; j < i_;) {
      if (IsWordStart(d[j])) {
        size_t b = j;
        while (j < i_ && kClasses.word[d[j]]) ++j;
        words.push_back(t_.substr(b, j - b));
      } else {
        if (t_[j] == ',') words.push_back(",");
        ++j;
      }
    }
    auto import = std::find(words.begin(), words.end(), std::string_view("import"));
    if (import == words.end()) return;
    bool proton = std::any_of(words.begin(), words.end(), [](std::string_view w) {
      return w.find("profiler") != std::string_view::npos || w.find("proton") != std::string_view::npos;
    });
    if (!proton) return;
    bool from = words.front() == "from";
    std::vector<std::string_view> item;
    auto flush = [&] {
      auto as = std::find(item.begin(), item.end(), std::string_view("as"));
      if (as != item.end() && as + 1 != item.end())
        bound_.push_back(*(as + 1));
      else if (from && !item.empty())
        bound_.push_back(item.front());
      item.clear();
    };
    for (auto w = import + 1; w != words.end(); ++w) {
      if (*w == ",")
        flush();
      else
        item.push_back(*w);
    }
    flush();
  }

  // Marks the statements that hold a trigger, now that every name is known.
  void Finish() {
    if (!brackets_.empty()) Fail("a bracket that is never closed");
    Close();
    std::vector<PyStatement>& s = out_.statements;
    // Module constants whose value may hold trigger text, transitively.
    std::vector<std::string_view> names = bound_;
    std::vector<bool> valued(s.size(), false);
    for (bool changed = true; changed;) {
      changed = false;
      for (size_t k = 0; k < s.size(); ++k) {
        if (!extras_[k].assignment || valued[k]) continue;
        std::string_view text = t_.substr(s[k].begin, s[k].end - s[k].begin);
        bool v = extras_[k].string_trigger;
        for (size_t m = 0; !v && m < names.size(); ++m) v = HasWord(text, names[m]);
        if (v) {
          valued[k] = true;
          names.push_back(extras_[k].target);
          changed = true;
        }
      }
    }
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    // Every simple statement: module constants, and the work a module does at
    // load (a bare call, `x = f(...)`, a call in a top-level block), which tells an entry point.
    for (size_t k = 0; k < s.size(); ++k) s[k].trigger = s[k].trigger || extras_[k].simple || extras_[k].block;
    // The statement before an import decides its sorter block (another import, or code).
    for (size_t k = 1; k < s.size(); ++k)
      if (extras_[k].import) s[k - 1].trigger = true;
    // A function a simple statement may call at load (`out = add(x, y)` is work only for the module's own `def add`).
    for (size_t k = 0; k < s.size(); ++k) {
      if (extras_[k].def_name.empty() || s[k].trigger) continue;
      for (size_t m = 0; m < s.size() && !s[k].trigger; ++m)
        if (extras_[m].simple && HasWord(t_.substr(s[m].begin, s[m].end - s[m].begin), extras_[k].def_name))
          s[k].trigger = true;
    }
    for (size_t k = 0; k < s.size(); ++k) {
      PyStatement& st = s[k];
      st.trigger = st.trigger || extras_[k].assignment || extras_[k].string_trigger;
      std::string_view text = t_.substr(st.begin, st.end - st.begin);
      for (size_t m = 0; !st.trigger && m < names.size(); ++m) st.trigger = HasWord(text, names[m]);
      if (st.trigger) {
        ++out_.triggered;
        out_.triggered_bytes += st.end - st.begin;
      }
    }
  }

  std::string_view t_;
  size_t n_;
  size_t i_ = 0;
  uint32_t row_ = 0;
  PyScan out_;
  std::vector<Extra> extras_;  // beside out_.statements
  bool open_ = false;
  bool decorated_ = false;
  PyStatement cur_;
  Extra extra_;
  std::vector<char> brackets_;
  uint32_t gap_begin_ = 0;  // where the next statement's range starts: the end of the last one
  uint32_t gap_row_ = 0;
  size_t simple_begin_ = 0;              // where the simple statement being read began
  bool simple_import_ = false;           // it holds the word `import`
  std::vector<std::string_view> bound_;  // names bound by imports that concern Proton
};

}  // namespace

PyScan ScanPython(std::string_view text) { return Scanner(text).Run(); }

namespace {

// Parses only `ranges` of `text` (ascending, apart) as tree-sitter's included
// ranges: one tree whose nodes keep their offsets, rows and columns in the
// whole text. The thread's own parser for it, so ThreadPythonParser() never
// carries ranges into a later parse.
TreePtr ParseRanges(std::string_view text, const std::vector<TSRange>& ranges) {
  struct Deleter {
    void operator()(TSParser* p) const { ts_parser_delete(p); }
  };
  thread_local std::unique_ptr<TSParser, Deleter> parser = [] {
    std::unique_ptr<TSParser, Deleter> p(ts_parser_new());
    if (!PythonLanguage() || !ts_parser_set_language(p.get(), PythonLanguage())) p.reset();
    return p;
  }();
  if (!parser || !ts_parser_set_included_ranges(parser.get(), ranges.data(), static_cast<uint32_t>(ranges.size())))
    return nullptr;
  return TreePtr(ts_parser_parse_string_encoding(parser.get(), nullptr, text.data(), static_cast<uint32_t>(text.size()),
                                                 TSInputEncodingUTF8));
}

}  // namespace

TreePtr ParseStatements(std::string_view text, PyScan* scanned) {
  PyScan scan = ScanPython(text);
  if (scanned) *scanned = scan;
  if (!scan.ok || uint64_t{scan.triggered_bytes} * 10 > uint64_t{text.size()} * 9)
    return ThreadPythonParser().Parse(text);
  if (scan.triggered == 0) return ThreadPythonParser().Parse(std::string_view("", 0));
  std::vector<TSRange> ranges;
  ranges.reserve(scan.triggered);
  for (const PyStatement& s : scan.statements) {
    if (!s.trigger) continue;
    // Adjacent statements make one range (tree-sitter wants them apart).
    if (!ranges.empty() && ranges.back().end_byte == s.begin) {
      ranges.back().end_byte = s.end;
      ranges.back().end_point = {s.end_row, 0};
      continue;
    }
    ranges.push_back({{s.row, 0}, {s.end_row, 0}, s.begin, s.end});
  }
  // A last statement without a newline ends inside its line.
  if (ranges.back().end_byte == text.size() && !text.empty() && text.back() != '\n') {
    size_t line = text.rfind('\n', text.size() - 1);
    uint32_t column = static_cast<uint32_t>(text.size() - (line == std::string_view::npos ? 0 : line + 1));
    ranges.back().end_point = {ranges.back().end_point.row, column};
  }
  return ParseRanges(text, ranges);
}

}  // namespace aortalint
