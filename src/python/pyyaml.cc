// A port of PyYAML 6.0 (reader.py, scanner.py, parser.py, composer.py and the
// checks of SafeConstructor) that finds the first error safe_load raises. The
// structure follows PyYAML's closely, function for function, so that the two
// can be compared line by line; see pyyaml.h.
#include "python/pyyaml.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <map>
#include <memory>
#include <set>
#include <unordered_map>
#include <vector>

#include <fmt/format.h>

#include "base/strings.h"

namespace aortalint {
namespace {

using Char = char32_t;
using namespace std::string_view_literals;

struct Mark {
  size_t index = 0;
  int line = 0;
  int column = 0;
};

struct Failure {
  std::string context;
  std::optional<Mark> context_mark;
  std::string problem;
  std::optional<Mark> problem_mark;
};

bool In(Char ch, std::u32string_view set) { return set.find(ch) != std::u32string_view::npos; }
// Python's `ch in '\0 \t\r\n\x85\u2028\u2029'` and friends (peek past the end gives '\0').
// Written out rather than searched for: the scanner asks them of almost every character.
bool IsBreak(Char c) { return c == '\n' || c == '\r' || c == 0x85 || c == 0x2028 || c == 0x2029; }
bool IsBreakZ(Char c) { return c == 0 || IsBreak(c); }
bool IsBlankZ(Char c) { return c == ' ' || c == '\t' || IsBreakZ(c); }
bool IsSpaceOrEnd(Char c) { return c == ' ' || IsBreakZ(c); }
// What no plain scalar starts with: a blank, or one of YAML's indicators.
bool IsIndicatorZ(Char c) {
  constexpr std::string_view kIndicators = "-?:,[]{}#&*!|>'\"%@`";
  return IsBlankZ(c) || (c < 0x80 && kIndicators.find(static_cast<char>(c)) != std::string_view::npos);
}
// What ends a run of plain characters in a quoted scalar.
bool IsQuotedStop(Char c) { return c == '\'' || c == '"' || c == '\\' || IsBlankZ(c); }
bool IsAlnumDash(Char c) {
  return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '-' || c == '_';
}
bool IsHex(Char c) { return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'F') || (c >= 'a' && c <= 'f'); }

// Python's repr() of a one-character string, as PyYAML's messages print it.
std::string Repr(Char c) {
  switch (c) {
    case 0:
      return "'\\x00'";
    case '\t':
      return "'\\t'";
    case '\n':
      return "'\\n'";
    case '\r':
      return "'\\r'";
    case '\'':
      return "\"'\"";
    case '\\':
      return "'\\\\'";
    default:
      break;
  }
  if (c < 0x20 || c == 0x7F || (c >= 0x80 && c <= 0xA0) || c == 0xAD)
    return fmt::format("'\\x{:02x}'", static_cast<uint32_t>(c));
  if (c == 0x2028 || c == 0x2029 || c == 0xFEFF || (c >= 0xD800 && c <= 0xDFFF))
    return fmt::format("'\\u{:04x}'", static_cast<uint32_t>(c));
  std::string out = "'";
  AppendUtf8(out, c);
  return out + "'";
}

std::string ReprStr(std::string_view s) {
  std::string out = "'";
  for (char c : s) out += (c == '\'' ? std::string("\\'") : std::string(1, c));
  return out + "'";
}

// ---- Reader ----
class Reader {
 public:
  explicit Reader(std::string_view text) : text_(text), size_(text.size()) {
    // ASCII (most recipes): a character is its byte, and its index its offset; nothing to decode.
    if (std::all_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; })) return;
    // UTF-8 decoding; the loader has already refused invalid UTF-8.
    buffer_.reserve(text.size());
    bytes_.reserve(text.size() + 1);
    for (size_t i = 0; i < text.size();) {
      unsigned char b = static_cast<unsigned char>(text[i]);
      size_t n = b < 0x80 ? 1 : (b >> 5) == 6 ? 2 : (b >> 4) == 14 ? 3 : (b >> 3) == 30 ? 4 : 1;
      if (i + n > text.size()) n = 1;
      Char c = n == 1 ? b : n == 2 ? (b & 0x1F) : n == 3 ? (b & 0x0F) : (b & 0x07);
      for (size_t k = 1; k < n; ++k) c = (c << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
      buffer_.push_back(c);
      bytes_.push_back(i);
      i += n;
    }
    bytes_.push_back(text.size());
    size_ = buffer_.size();
  }

  Char Peek(size_t k = 0) const { return At(index_ + k); }
  // The next k characters (fewer at the end) as UTF-8, a view of the text: scanned values are
  // kept as UTF-8 (what the tree holds), so copying them takes no conversion.
  std::string_view Prefix(size_t k) const {
    size_t begin = std::min(index_, size_), end = std::min(index_ + k, size_);
    return text_.substr(ByteOffset(begin), ByteOffset(end) - ByteOffset(begin));
  }
  void Forward(size_t k = 1) {
    while (k-- && index_ < size_) {
      Char ch = At(index_++);
      if (ch == '\n' || ch == 0x85 || ch == 0x2028 || ch == 0x2029 || (ch == '\r' && At(index_) != '\n')) {
        ++line_;
        column_ = 0;
      } else if (ch != 0xFEFF) {
        ++column_;
      }
    }
  }
  Mark GetMark() const { return {index_, line_, column_}; }
  size_t ByteOffset(const Mark& m) const { return ByteOffset(m.index); }
  size_t index() const { return index_; }
  int line() const { return line_; }
  int column() const { return column_; }

 private:
  // The character at `index`, or '\0' past the end (as PyYAML's reader pads the text).
  Char At(size_t index) const {
    if (index >= size_) return 0;
    return buffer_.empty() ? static_cast<unsigned char>(text_[index]) : buffer_[index];
  }
  size_t ByteOffset(size_t index) const {
    return bytes_.empty() ? std::min(index, text_.size()) : bytes_[std::min(index, bytes_.size() - 1)];
  }

  std::string_view text_;
  size_t size_;                // in characters
  std::vector<Char> buffer_;   // the characters, decoded; empty for ASCII text
  std::vector<size_t> bytes_;  // each character's byte offset, and the text's size; empty for ASCII text
  size_t index_ = 0;
  int line_ = 0;
  int column_ = 0;
};

// ---- Tokens ----
enum class Tok {
  kStreamStart,
  kStreamEnd,
  kDirective,
  kDocumentStart,
  kDocumentEnd,
  kBlockSequenceStart,
  kBlockMappingStart,
  kBlockEnd,
  kFlowSequenceStart,
  kFlowMappingStart,
  kFlowSequenceEnd,
  kFlowMappingEnd,
  kKey,
  kValue,
  kBlockEntry,
  kFlowEntry,
  kAlias,
  kAnchor,
  kTag,
  kScalar,
};

const char* TokenId(Tok t) {
  switch (t) {
    case Tok::kStreamStart:
      return "'<stream start>'";
    case Tok::kStreamEnd:
      return "'<stream end>'";
    case Tok::kDirective:
      return "'<directive>'";
    case Tok::kDocumentStart:
      return "'<document start>'";
    case Tok::kDocumentEnd:
      return "'<document end>'";
    case Tok::kBlockSequenceStart:
      return "'<block sequence start>'";
    case Tok::kBlockMappingStart:
      return "'<block mapping start>'";
    case Tok::kBlockEnd:
      return "'<block end>'";
    case Tok::kFlowSequenceStart:
      return "'['";
    case Tok::kFlowMappingStart:
      return "'{'";
    case Tok::kFlowSequenceEnd:
      return "']'";
    case Tok::kFlowMappingEnd:
      return "'}'";
    case Tok::kKey:
      return "'?'";
    case Tok::kValue:
      return "':'";
    case Tok::kBlockEntry:
      return "'-'";
    case Tok::kFlowEntry:
      return "','";
    case Tok::kAlias:
      return "'<alias>'";
    case Tok::kAnchor:
      return "'<anchor>'";
    case Tok::kTag:
      return "'<tag>'";
    case Tok::kScalar:
      return "'<scalar>'";
  }
  return "'?'";
}

// Texts in tokens, events and nodes are views (UTF-8) of the document, of literals, or of
// what the scanner keeps (Scanner::Keep), all of which outlive the parse: tokens and events
// are then plain values, moved without allocating.
struct Token {
  Tok type;
  Mark start, end;
  std::string_view value;   // scalar text, anchor/alias name, directive name
  std::string_view handle;  // tag handle ("" when none)
  bool has_handle = false;
  std::string_view suffix;      // tag suffix
  char style = 0;               // a scalar's: 0 plain, '\'', '"', '|' or '>'
  int yaml_major = 0;           // %YAML directive
  std::string_view tag_prefix;  // %TAG directive
};

// A value as it is scanned. Most are one piece of the document (a key, a word, a quoted
// string without escapes): those stay a view of it. A value of several pieces (folded lines,
// escapes) is built.
class Chunks {
 public:
  // A piece that outlives the parse: a view of the document, or a literal.
  void Add(std::string_view piece) {
    if (piece.empty()) return;
    if (!built_ && view_.empty()) {
      view_ = piece;
      return;
    }
    Build();
    text_ += piece;
  }
  // A piece that does not: it is copied.
  void AddCopy(std::string_view piece) {
    if (piece.empty()) return;
    Build();
    text_ += piece;
  }
  void AddChar(Char c) {
    Build();
    AppendUtf8(text_, c);
  }
  std::string_view str() const { return built_ ? std::string_view(text_) : view_; }
  bool empty() const { return str().empty(); }
  // The value, built ones kept in `kept` (a deque: its strings never move).
  std::string_view Into(std::deque<std::string>& kept) && {
    return built_ ? std::string_view(kept.emplace_back(std::move(text_))) : view_;
  }

 private:
  void Build() {
    if (built_) return;
    text_.assign(view_);
    built_ = true;
  }
  bool built_ = false;
  std::string_view view_;
  std::string text_;
};

struct SimpleKey {
  int level;  // the flow level it was saved at
  size_t token_number;
  bool required;
  size_t index;
  int line;
  int column;
  Mark mark;
};

// ---- Scanner ----
class Scanner {
 public:
  explicit Scanner(Reader& r) : r_(r) { FetchStreamStart(); }

  bool CheckToken(std::initializer_list<Tok> choices) {
    while (NeedMoreTokens()) FetchMoreTokens();
    if (tokens_.empty()) return false;
    if (choices.size() == 0) return true;
    for (Tok t : choices)
      if (tokens_.front().type == t) return true;
    return false;
  }
  const Token& PeekToken() {
    while (NeedMoreTokens()) FetchMoreTokens();
    return tokens_.front();
  }
  Token GetToken() {
    while (NeedMoreTokens()) FetchMoreTokens();
    Token t = tokens_.front();
    tokens_.pop_front();
    ++tokens_taken_;
    return t;
  }
  // Keeps a text built during the parse for as long as the scanner.
  std::string_view Keep(std::string text) { return kept_.emplace_back(std::move(text)); }

 private:
  [[noreturn]] void Fail(std::string context, std::optional<Mark> cm, std::string problem, Mark pm) {
    throw Failure{std::move(context), cm, std::move(problem), pm};
  }

  bool NeedMoreTokens() {
    if (done_) return false;
    if (tokens_.empty()) return true;
    StalePossibleSimpleKeys();
    auto next = NextPossibleSimpleKey();
    return next && *next == tokens_taken_;
  }

  void FetchMoreTokens() {
    ScanToNextToken();
    StalePossibleSimpleKeys();
    UnwindIndent(r_.column());
    Char ch = r_.Peek();
    if (ch == 0) return FetchStreamEnd();
    if (ch == '%' && CheckDirective()) return FetchDirective();
    if (ch == '-' && CheckDocumentStart()) return FetchDocumentIndicator(Tok::kDocumentStart);
    if (ch == '.' && CheckDocumentEnd()) return FetchDocumentIndicator(Tok::kDocumentEnd);
    if (ch == '[') return FetchFlowCollectionStart(Tok::kFlowSequenceStart);
    if (ch == '{') return FetchFlowCollectionStart(Tok::kFlowMappingStart);
    if (ch == ']') return FetchFlowCollectionEnd(Tok::kFlowSequenceEnd);
    if (ch == '}') return FetchFlowCollectionEnd(Tok::kFlowMappingEnd);
    if (ch == ',') return FetchFlowEntry();
    if (ch == '-' && CheckBlockEntry()) return FetchBlockEntry();
    if (ch == '?' && CheckKey()) return FetchKey();
    if (ch == ':' && CheckValue()) return FetchValue();
    if (ch == '*') return FetchAnchor(Tok::kAlias);
    if (ch == '&') return FetchAnchor(Tok::kAnchor);
    if (ch == '!') return FetchTag();
    if (ch == '|' && !flow_level_) return FetchBlockScalar(false);
    if (ch == '>' && !flow_level_) return FetchBlockScalar(true);
    if (ch == '\'') return FetchFlowScalar(false);
    if (ch == '"') return FetchFlowScalar(true);
    if (CheckPlain()) return FetchPlain();
    Fail("while scanning for the next token", std::nullopt,
         fmt::format("found character {} that cannot start any token", Repr(ch)), r_.GetMark());
  }

  std::optional<size_t> NextPossibleSimpleKey() {
    std::optional<size_t> min;
    for (const SimpleKey& key : possible_simple_keys_)
      if (!min || key.token_number < *min) min = key.token_number;
    return min;
  }

  void StalePossibleSimpleKeys() {
    for (auto it = possible_simple_keys_.begin(); it != possible_simple_keys_.end();) {
      const SimpleKey& key = *it;
      if (key.line != r_.line() || r_.index() - key.index > 1024) {
        if (key.required) Fail("while scanning a simple key", key.mark, "could not find expected ':'", r_.GetMark());
        it = possible_simple_keys_.erase(it);
      } else {
        ++it;
      }
    }
  }

  void SavePossibleSimpleKey() {
    bool required = !flow_level_ && indent_ == r_.column();
    if (allow_simple_key_) {
      RemovePossibleSimpleKey();
      size_t token_number = tokens_taken_ + tokens_.size();
      possible_simple_keys_.insert(KeyAt(flow_level_), SimpleKey{flow_level_, token_number, required, r_.index(),
                                                                 r_.line(), r_.column(), r_.GetMark()});
    }
  }

  void RemovePossibleSimpleKey() {
    auto it = KeyAt(flow_level_);
    if (it != possible_simple_keys_.end() && it->level == flow_level_) {
      if (it->required) Fail("while scanning a simple key", it->mark, "could not find expected ':'", r_.GetMark());
      possible_simple_keys_.erase(it);
    }
  }

  // Where the key of `level` is, or would go, in possible_simple_keys_.
  std::vector<SimpleKey>::iterator KeyAt(int level) {
    return std::lower_bound(possible_simple_keys_.begin(), possible_simple_keys_.end(), level,
                            [](const SimpleKey& key, int l) { return key.level < l; });
  }

  void UnwindIndent(int column) {
    if (flow_level_) return;
    while (indent_ > column) {
      Mark m = r_.GetMark();
      indent_ = indents_.back();
      indents_.pop_back();
      Push(Tok::kBlockEnd, m, m);
    }
  }

  bool AddIndent(int column) {
    if (indent_ < column) {
      indents_.push_back(indent_);
      indent_ = column;
      return true;
    }
    return false;
  }

  void Push(Tok t, Mark s, Mark e) { tokens_.push_back(Token{t, s, e}); }

  void FetchStreamStart() {
    Mark m = r_.GetMark();
    Push(Tok::kStreamStart, m, m);
  }

  void FetchStreamEnd() {
    UnwindIndent(-1);
    RemovePossibleSimpleKey();
    allow_simple_key_ = false;
    possible_simple_keys_.clear();
    Mark m = r_.GetMark();
    Push(Tok::kStreamEnd, m, m);
    done_ = true;
  }

  void FetchDirective() {
    UnwindIndent(-1);
    RemovePossibleSimpleKey();
    allow_simple_key_ = false;
    tokens_.push_back(ScanDirective());
  }

  void FetchDocumentIndicator(Tok t) {
    UnwindIndent(-1);
    RemovePossibleSimpleKey();
    allow_simple_key_ = false;
    Mark s = r_.GetMark();
    r_.Forward(3);
    Push(t, s, r_.GetMark());
  }

  void FetchFlowCollectionStart(Tok t) {
    SavePossibleSimpleKey();
    ++flow_level_;
    allow_simple_key_ = true;
    Mark s = r_.GetMark();
    r_.Forward();
    Push(t, s, r_.GetMark());
  }

  void FetchFlowCollectionEnd(Tok t) {
    RemovePossibleSimpleKey();
    --flow_level_;
    allow_simple_key_ = false;
    Mark s = r_.GetMark();
    r_.Forward();
    Push(t, s, r_.GetMark());
  }

  void FetchFlowEntry() {
    allow_simple_key_ = true;
    RemovePossibleSimpleKey();
    Mark s = r_.GetMark();
    r_.Forward();
    Push(Tok::kFlowEntry, s, r_.GetMark());
  }

  void FetchBlockEntry() {
    if (!flow_level_) {
      if (!allow_simple_key_) Fail("", std::nullopt, "sequence entries are not allowed here", r_.GetMark());
      if (AddIndent(r_.column())) {
        Mark m = r_.GetMark();
        Push(Tok::kBlockSequenceStart, m, m);
      }
    }
    allow_simple_key_ = true;
    RemovePossibleSimpleKey();
    Mark s = r_.GetMark();
    r_.Forward();
    Push(Tok::kBlockEntry, s, r_.GetMark());
  }

  void FetchKey() {
    if (!flow_level_) {
      if (!allow_simple_key_) Fail("", std::nullopt, "mapping keys are not allowed here", r_.GetMark());
      if (AddIndent(r_.column())) {
        Mark m = r_.GetMark();
        Push(Tok::kBlockMappingStart, m, m);
      }
    }
    allow_simple_key_ = !flow_level_;
    RemovePossibleSimpleKey();
    Mark s = r_.GetMark();
    r_.Forward();
    Push(Tok::kKey, s, r_.GetMark());
  }

  void FetchValue() {
    auto it = KeyAt(flow_level_);
    if (it != possible_simple_keys_.end() && it->level == flow_level_) {
      SimpleKey key = *it;
      possible_simple_keys_.erase(it);
      tokens_.insert(tokens_.begin() + static_cast<long>(key.token_number - tokens_taken_),
                     Token{Tok::kKey, key.mark, key.mark});
      if (!flow_level_ && AddIndent(key.column))
        tokens_.insert(tokens_.begin() + static_cast<long>(key.token_number - tokens_taken_),
                       Token{Tok::kBlockMappingStart, key.mark, key.mark});
      allow_simple_key_ = false;
    } else {
      if (!flow_level_ && !allow_simple_key_)
        Fail("", std::nullopt, "mapping values are not allowed here", r_.GetMark());
      if (!flow_level_ && AddIndent(r_.column())) {
        Mark m = r_.GetMark();
        Push(Tok::kBlockMappingStart, m, m);
      }
      allow_simple_key_ = !flow_level_;
      RemovePossibleSimpleKey();
    }
    Mark s = r_.GetMark();
    r_.Forward();
    Push(Tok::kValue, s, r_.GetMark());
  }

  void FetchAnchor(Tok t) {
    SavePossibleSimpleKey();
    allow_simple_key_ = false;
    tokens_.push_back(ScanAnchor(t));
  }

  void FetchTag() {
    SavePossibleSimpleKey();
    allow_simple_key_ = false;
    tokens_.push_back(ScanTag());
  }

  void FetchBlockScalar(bool folded) {
    allow_simple_key_ = true;
    RemovePossibleSimpleKey();
    tokens_.push_back(ScanBlockScalar(folded));
  }

  void FetchFlowScalar(bool double_quoted) {
    SavePossibleSimpleKey();
    allow_simple_key_ = false;
    tokens_.push_back(ScanFlowScalar(double_quoted));
  }

  void FetchPlain() {
    SavePossibleSimpleKey();
    allow_simple_key_ = false;
    tokens_.push_back(ScanPlain());
  }

  bool CheckDirective() { return r_.column() == 0; }
  bool CheckDocumentStart() { return r_.column() == 0 && r_.Prefix(3) == "---" && IsBlankZ(r_.Peek(3)); }
  bool CheckDocumentEnd() { return r_.column() == 0 && r_.Prefix(3) == "..." && IsBlankZ(r_.Peek(3)); }
  bool CheckBlockEntry() { return IsBlankZ(r_.Peek(1)); }
  bool CheckKey() { return flow_level_ || IsBlankZ(r_.Peek(1)); }
  bool CheckValue() { return flow_level_ || IsBlankZ(r_.Peek(1)); }
  bool CheckPlain() {
    Char ch = r_.Peek();
    return !IsIndicatorZ(ch) || (!IsBlankZ(r_.Peek(1)) && (ch == '-' || (!flow_level_ && (ch == '?' || ch == ':'))));
  }

  void ScanToNextToken() {
    if (r_.index() == 0 && r_.Peek() == 0xFEFF) r_.Forward();
    bool found = false;
    while (!found) {
      while (r_.Peek() == ' ') r_.Forward();
      if (r_.Peek() == '#')
        while (!IsBreakZ(r_.Peek())) r_.Forward();
      if (!ScanLineBreak().empty()) {
        if (!flow_level_) allow_simple_key_ = true;
      } else {
        found = true;
      }
    }
  }

  Token ScanDirective() {
    Mark start = r_.GetMark();
    r_.Forward();
    Token t{Tok::kDirective, start, start};
    t.value = ScanDirectiveName(start);
    if (t.value == "YAML") {
      while (r_.Peek() == ' ') r_.Forward();
      t.yaml_major = ScanYamlDirectiveNumber(start);
      if (r_.Peek() != '.')
        Fail("while scanning a directive", start, fmt::format("expected a digit or '.', but found {}", Repr(r_.Peek())),
             r_.GetMark());
      r_.Forward();
      ScanYamlDirectiveNumber(start);
      if (!IsSpaceOrEnd(r_.Peek()))
        Fail("while scanning a directive", start, fmt::format("expected a digit or ' ', but found {}", Repr(r_.Peek())),
             r_.GetMark());
    } else if (t.value == "TAG") {
      while (r_.Peek() == ' ') r_.Forward();
      t.handle = ScanTagHandle("directive", start);
      if (r_.Peek() != ' ')
        Fail("while scanning a directive", start, fmt::format("expected ' ', but found {}", Repr(r_.Peek())),
             r_.GetMark());
      while (r_.Peek() == ' ') r_.Forward();
      t.tag_prefix = ScanTagUri("directive", start);
      if (!IsSpaceOrEnd(r_.Peek()))
        Fail("while scanning a directive", start, fmt::format("expected ' ', but found {}", Repr(r_.Peek())),
             r_.GetMark());
    } else {
      while (!IsBreakZ(r_.Peek())) r_.Forward();
    }
    t.end = r_.GetMark();
    // scan_directive_ignored_line
    while (r_.Peek() == ' ') r_.Forward();
    if (r_.Peek() == '#')
      while (!IsBreakZ(r_.Peek())) r_.Forward();
    if (!IsBreakZ(r_.Peek()))
      Fail("while scanning a directive", start,
           fmt::format("expected a comment or a line break, but found {}", Repr(r_.Peek())), r_.GetMark());
    ScanLineBreak();
    return t;
  }

  std::string_view ScanDirectiveName(Mark start) {
    size_t length = 0;
    while (IsAlnumDash(r_.Peek(length))) ++length;
    if (!length)
      Fail("while scanning a directive", start,
           fmt::format("expected alphabetic or numeric character, but found {}", Repr(r_.Peek(length))), r_.GetMark());
    std::string_view value = r_.Prefix(length);
    r_.Forward(length);
    if (!IsSpaceOrEnd(r_.Peek()))
      Fail("while scanning a directive", start,
           fmt::format("expected alphabetic or numeric character, but found {}", Repr(r_.Peek())), r_.GetMark());
    return value;
  }

  int ScanYamlDirectiveNumber(Mark start) {
    Char ch = r_.Peek();
    if (!(ch >= '0' && ch <= '9'))
      Fail("while scanning a directive", start, fmt::format("expected a digit, but found {}", Repr(ch)), r_.GetMark());
    size_t length = 0;
    int value = 0;
    while (r_.Peek(length) >= '0' && r_.Peek(length) <= '9') {
      value = std::min(value * 10 + static_cast<int>(r_.Peek(length) - '0'), 1000000);
      ++length;
    }
    r_.Forward(length);
    return value;
  }

  Token ScanAnchor(Tok type) {
    Mark start = r_.GetMark();
    const char* name = r_.Peek() == '*' ? "alias" : "anchor";
    r_.Forward();
    size_t length = 0;
    while (IsAlnumDash(r_.Peek(length))) ++length;
    if (!length)
      Fail(fmt::format("while scanning an {}", name), start,
           fmt::format("expected alphabetic or numeric character, but found {}", Repr(r_.Peek(length))), r_.GetMark());
    Token t{type, start, start};
    t.value = r_.Prefix(length);
    r_.Forward(length);
    static constexpr std::u32string_view kAfter = U"\0 \t\r\n\x85\u2028\u2029?:,]}%@`"sv;
    if (!In(r_.Peek(), kAfter))
      Fail(fmt::format("while scanning an {}", name), start,
           fmt::format("expected alphabetic or numeric character, but found {}", Repr(r_.Peek())), r_.GetMark());
    t.end = r_.GetMark();
    return t;
  }

  Token ScanTag() {
    Mark start = r_.GetMark();
    Token t{Tok::kTag, start, start};
    Char ch = r_.Peek(1);
    if (ch == '<') {
      r_.Forward(2);
      t.suffix = ScanTagUri("tag", start);
      if (r_.Peek() != '>')
        Fail("while parsing a tag", start, fmt::format("expected '>', but found {}", Repr(r_.Peek())), r_.GetMark());
      r_.Forward();
    } else if (IsBlankZ(ch)) {
      t.suffix = "!";
      r_.Forward();
    } else {
      size_t length = 1;
      bool use_handle = false;
      while (!IsSpaceOrEnd(ch)) {
        if (ch == '!') {
          use_handle = true;
          break;
        }
        ++length;
        ch = r_.Peek(length);
      }
      t.has_handle = true;
      if (use_handle) {
        t.handle = ScanTagHandle("tag", start);
      } else {
        t.handle = "!";
        r_.Forward();
      }
      t.suffix = ScanTagUri("tag", start);
    }
    if (!IsSpaceOrEnd(r_.Peek()))
      Fail("while scanning a tag", start, fmt::format("expected ' ', but found {}", Repr(r_.Peek())), r_.GetMark());
    t.end = r_.GetMark();
    return t;
  }

  Token ScanBlockScalar(bool folded) {
    Mark start = r_.GetMark();
    r_.Forward();
    // scan_block_scalar_indicators
    std::optional<bool> chomping;
    std::optional<int> increment;
    Char ch = r_.Peek();
    auto zero = [&] {
      Fail("while scanning a block scalar", start, "expected indentation indicator in the range 1-9, but found 0",
           r_.GetMark());
    };
    if (ch == '+' || ch == '-') {
      chomping = ch == '+';
      r_.Forward();
      ch = r_.Peek();
      if (ch >= '0' && ch <= '9') {
        increment = static_cast<int>(ch - '0');
        if (*increment == 0) zero();
        r_.Forward();
      }
    } else if (ch >= '0' && ch <= '9') {
      increment = static_cast<int>(ch - '0');
      if (*increment == 0) zero();
      r_.Forward();
      ch = r_.Peek();
      if (ch == '+' || ch == '-') {
        chomping = ch == '+';
        r_.Forward();
      }
    }
    if (!IsSpaceOrEnd(r_.Peek()))
      Fail("while scanning a block scalar", start,
           fmt::format("expected chomping or indentation indicators, but found {}", Repr(r_.Peek())), r_.GetMark());
    // scan_block_scalar_ignored_line
    while (r_.Peek() == ' ') r_.Forward();
    if (r_.Peek() == '#')
      while (!IsBreakZ(r_.Peek())) r_.Forward();
    if (!IsBreakZ(r_.Peek()))
      Fail("while scanning a block scalar", start,
           fmt::format("expected a comment or a line break, but found {}", Repr(r_.Peek())), r_.GetMark());
    ScanLineBreak();

    int min_indent = std::max(indent_ + 1, 1);
    int indent;
    Chunks chunks;
    std::string breaks;
    Mark end = r_.GetMark();
    if (!increment) {
      // scan_block_scalar_indentation
      int max_indent = 0;
      while (r_.Peek() == ' ' || IsBreak(r_.Peek())) {
        if (r_.Peek() != ' ') {
          breaks += ScanLineBreak();
          end = r_.GetMark();
        } else {
          r_.Forward();
          max_indent = std::max(max_indent, r_.column());
        }
      }
      indent = std::max(min_indent, max_indent);
    } else {
      indent = min_indent + *increment - 1;
      end = ScanBlockScalarBreaks(indent, breaks);
    }
    std::string_view line_break;
    while (r_.column() == indent && r_.Peek() != 0) {
      chunks.AddCopy(breaks);
      bool leading_non_space = r_.Peek() != ' ' && r_.Peek() != '\t';
      size_t length = 0;
      while (!IsBreakZ(r_.Peek(length))) ++length;
      chunks.Add(r_.Prefix(length));
      r_.Forward(length);
      line_break = ScanLineBreak();
      breaks.clear();
      end = ScanBlockScalarBreaks(indent, breaks);
      if (!(r_.column() == indent && r_.Peek() != 0)) break;
      // PyYAML's folding: a break between two lines that start with text becomes a space.
      if (folded && line_break == "\n" && leading_non_space && r_.Peek() != ' ' && r_.Peek() != '\t') {
        if (breaks.empty()) chunks.Add(" ");
      } else {
        chunks.Add(line_break);
      }
    }
    // Chomping: strip (-) drops the last break, keep (+) keeps the trailing empty lines too.
    if (chomping != false) chunks.Add(line_break);
    if (chomping == true) chunks.AddCopy(breaks);
    Token t{Tok::kScalar, start, end};
    t.value = std::move(chunks).Into(kept_);
    t.style = folded ? '>' : '|';
    return t;
  }

  // scan_block_scalar_breaks: the line breaks before the next line at `indent`, appended to `breaks`.
  Mark ScanBlockScalarBreaks(int indent, std::string& breaks) {
    Mark end = r_.GetMark();
    while (r_.column() < indent && r_.Peek() == ' ') r_.Forward();
    while (IsBreak(r_.Peek())) {
      breaks += ScanLineBreak();
      end = r_.GetMark();
      while (r_.column() < indent && r_.Peek() == ' ') r_.Forward();
    }
    return end;
  }

  Token ScanFlowScalar(bool double_quoted) {
    Mark start = r_.GetMark();
    Char quote = r_.Peek();
    r_.Forward();
    Chunks chunks;
    ScanFlowScalarNonSpaces(double_quoted, start, chunks);
    while (r_.Peek() != quote) {
      ScanFlowScalarSpaces(double_quoted, start, chunks);
      ScanFlowScalarNonSpaces(double_quoted, start, chunks);
    }
    r_.Forward();
    Token t{Tok::kScalar, start, r_.GetMark()};
    t.value = std::move(chunks).Into(kept_);
    t.style = double_quoted ? '"' : '\'';
    return t;
  }

  void ScanFlowScalarNonSpaces(bool dq, Mark start, Chunks& chunks) {
    while (true) {
      size_t length = 0;
      while (!IsQuotedStop(r_.Peek(length))) ++length;
      if (length) {
        chunks.Add(r_.Prefix(length));
        r_.Forward(length);
      }
      Char ch = r_.Peek();
      if (!dq && ch == '\'' && r_.Peek(1) == '\'') {
        chunks.Add("'");
        r_.Forward(2);
      } else if ((dq && ch == '\'') || (!dq && (ch == '"' || ch == '\\'))) {
        chunks.AddChar(ch);
        r_.Forward();
      } else if (dq && ch == '\\') {
        r_.Forward();
        ch = r_.Peek();
        static const std::unordered_map<Char, Char> kEscapes = {
            {'0', 0},     {'a', 7},   {'b', 8},    {'t', 9},    {'\t', 9},     {'n', 10},
            {'v', 11},    {'f', 12},  {'r', 13},   {'e', 27},   {' ', ' '},    {'"', '"'},
            {'\\', '\\'}, {'/', '/'}, {'N', 0x85}, {'_', 0xA0}, {'L', 0x2028}, {'P', 0x2029}};
        if (auto it = kEscapes.find(ch); it != kEscapes.end() && ch != 0) {
          chunks.AddChar(it->second);
          r_.Forward();
        } else if (ch == 'x' || ch == 'u' || ch == 'U') {
          size_t n = ch == 'x' ? 2 : ch == 'u' ? 4 : 8;
          r_.Forward();
          for (size_t k = 0; k < n; ++k)
            if (!IsHex(r_.Peek(k)))
              Fail("while scanning a double-quoted scalar", start,
                   fmt::format("expected escape sequence of {} hexadecimal numbers, but found {}", n, Repr(r_.Peek(k))),
                   r_.GetMark());
          uint64_t code = std::strtoull(std::string(r_.Prefix(n)).c_str(), nullptr, 16);
          if (code > 0x10FFFF)  // Python's chr() raises ValueError
            Fail("while scanning a double-quoted scalar", start,
                 fmt::format("chr() arg not in range(0x110000): escape \\{}{}", static_cast<char>(ch),
                             std::string(r_.Prefix(n))),
                 r_.GetMark());
          chunks.AddChar(static_cast<Char>(code));
          r_.Forward(n);
        } else if (IsBreak(ch)) {
          ScanLineBreak();
          ScanFlowScalarBreaks(start, chunks);
        } else {
          Fail("while scanning a double-quoted scalar", start,
               fmt::format("found unknown escape character {}", Repr(ch)), r_.GetMark());
        }
      } else {
        return;
      }
    }
  }

  void ScanFlowScalarSpaces(bool, Mark start, Chunks& chunks) {
    size_t length = 0;
    while (r_.Peek(length) == ' ' || r_.Peek(length) == '\t') ++length;
    std::string_view whitespaces = r_.Prefix(length);
    r_.Forward(length);
    Char ch = r_.Peek();
    if (ch == 0) {
      Fail("while scanning a quoted scalar", start, "found unexpected end of stream", r_.GetMark());
    } else if (IsBreak(ch)) {
      std::string_view line_break = ScanLineBreak();
      Chunks breaks;
      ScanFlowScalarBreaks(start, breaks);
      if (line_break != "\n")
        chunks.Add(line_break);
      else if (breaks.empty())
        chunks.Add(" ");
      chunks.AddCopy(breaks.str());
    } else {
      chunks.Add(whitespaces);
    }
  }

  void ScanFlowScalarBreaks(Mark start, Chunks& chunks) {
    while (true) {
      std::string_view prefix = r_.Prefix(3);
      if ((prefix == "---" || prefix == "...") && IsBlankZ(r_.Peek(3)))
        Fail("while scanning a quoted scalar", start, "found unexpected document separator", r_.GetMark());
      while (r_.Peek() == ' ' || r_.Peek() == '\t') r_.Forward();
      if (IsBreak(r_.Peek()))
        chunks.Add(ScanLineBreak());
      else
        return;
    }
  }

  Token ScanPlain() {
    Chunks chunks;
    Mark start = r_.GetMark();
    Mark end = start;
    int indent = indent_ + 1;
    std::string spaces;
    while (true) {
      size_t length = 0;
      if (r_.Peek() == '#') break;
      while (true) {
        Char ch = r_.Peek(length);
        if (IsBlankZ(ch) ||
            (ch == ':' && (IsBlankZ(r_.Peek(length + 1)) || (flow_level_ && In(r_.Peek(length + 1), U",[]{}"sv)))) ||
            (flow_level_ && In(ch, U",?[]{}"sv)))
          break;
        ++length;
      }
      if (length == 0) break;
      allow_simple_key_ = false;
      chunks.AddCopy(spaces);
      chunks.Add(r_.Prefix(length));
      r_.Forward(length);
      end = r_.GetMark();
      bool any = false;
      spaces = ScanPlainSpaces(&any);
      if (!any || r_.Peek() == '#' || (!flow_level_ && r_.column() < indent)) break;
    }
    Token t{Tok::kScalar, start, end};
    t.value = std::move(chunks).Into(kept_);  // style 0: plain
    return t;
  }

  // Returns the chunks; *any is false where PyYAML's scan_plain_spaces returns
  // an empty list or None (which end the scalar).
  std::string ScanPlainSpaces(bool* any) {
    std::string chunks;
    size_t length = 0;
    while (r_.Peek(length) == ' ') ++length;
    std::string_view whitespaces = r_.Prefix(length);
    r_.Forward(length);
    Char ch = r_.Peek();
    *any = false;
    if (IsBreak(ch)) {
      std::string_view line_break = ScanLineBreak();
      allow_simple_key_ = true;
      auto separator = [&] {
        std::string_view prefix = r_.Prefix(3);
        return (prefix == "---" || prefix == "...") && IsBlankZ(r_.Peek(3));
      };
      if (separator()) return chunks;
      std::string breaks;
      while (r_.Peek() == ' ' || IsBreak(r_.Peek())) {
        if (r_.Peek() == ' ') {
          r_.Forward();
        } else {
          breaks += ScanLineBreak();
          if (separator()) return chunks;
        }
      }
      if (line_break != "\n")
        chunks += line_break;
      else if (breaks.empty())
        chunks += ' ';
      chunks += breaks;
      *any = true;  // a line break always yields a chunk
    } else if (!whitespaces.empty()) {
      chunks += whitespaces;
      *any = true;
    }
    return chunks;
  }

  std::string_view ScanTagHandle(const char* name, Mark start) {
    Char ch = r_.Peek();
    if (ch != '!')
      Fail(fmt::format("while scanning a {}", name), start, fmt::format("expected '!', but found {}", Repr(ch)),
           r_.GetMark());
    size_t length = 1;
    ch = r_.Peek(length);
    if (ch != ' ') {
      while (IsAlnumDash(ch)) {
        ++length;
        ch = r_.Peek(length);
      }
      if (ch != '!') {
        r_.Forward(length);
        Fail(fmt::format("while scanning a {}", name), start, fmt::format("expected '!', but found {}", Repr(ch)),
             r_.GetMark());
      }
      ++length;
    }
    std::string_view value = r_.Prefix(length);
    r_.Forward(length);
    return value;
  }

  std::string_view ScanTagUri(const char* name, Mark start) {
    Chunks chunks;
    size_t length = 0;
    Char ch = r_.Peek(length);
    auto uri_char = [](Char c) { return IsAlnumDash(c) || In(c, U";/?:@&=+$,.!~*'()[]%"sv); };
    bool any = false;
    while (uri_char(ch)) {
      if (ch == '%') {
        chunks.Add(r_.Prefix(length));
        r_.Forward(length);
        length = 0;
        // scan_uri_escapes
        std::string bytes;
        Mark mark = r_.GetMark();
        while (r_.Peek() == '%') {
          r_.Forward();
          for (size_t k = 0; k < 2; ++k)
            if (!IsHex(r_.Peek(k)))
              Fail(fmt::format("while scanning a {}", name), start,
                   fmt::format("expected URI escape sequence of 2 hexadecimal numbers, but found {}", Repr(r_.Peek(k))),
                   r_.GetMark());
          bytes += static_cast<char>(std::strtoul(std::string(r_.Prefix(2)).c_str(), nullptr, 16));
          r_.Forward(2);
        }
        if (!ValidUtf8(bytes))
          Fail(fmt::format("while scanning a {}", name), start, "'utf-8' codec can't decode the escaped bytes", mark);
        chunks.Add("%");  // the decoded text is never needed
        any = true;
      } else {
        ++length;
      }
      ch = r_.Peek(length);
    }
    if (length) {
      chunks.Add(r_.Prefix(length));
      r_.Forward(length);
      any = true;
    }
    if (!any)
      Fail(fmt::format("while parsing a {}", name), start, fmt::format("expected URI, but found {}", Repr(ch)),
           r_.GetMark());
    return std::move(chunks).Into(kept_);
  }

  static bool ValidUtf8(const std::string& s) {
    for (size_t i = 0; i < s.size();) {
      unsigned char b = static_cast<unsigned char>(s[i]);
      size_t n = b < 0x80 ? 1 : (b >> 5) == 6 ? 2 : (b >> 4) == 14 ? 3 : (b >> 3) == 30 ? 4 : 0;
      if (n == 0 || i + n > s.size()) return false;
      for (size_t k = 1; k < n; ++k)
        if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return false;
      i += n;
    }
    return true;
  }

  // The break as the scalar keeps it: "\n" for CR, LF, CRLF and NEL; LS and PS as they are.
  std::string_view ScanLineBreak() {
    Char ch = r_.Peek();
    if (ch == '\r' || ch == '\n' || ch == 0x85) {
      if (r_.Prefix(2) == "\r\n")
        r_.Forward(2);
      else
        r_.Forward();
      return "\n";
    }
    if (ch == 0x2028 || ch == 0x2029) {
      r_.Forward();
      return ch == 0x2028 ? "\xE2\x80\xA8" : "\xE2\x80\xA9";  // U+2028, U+2029 in UTF-8
    }
    return "";
  }

  Reader& r_;
  bool done_ = false;
  int flow_level_ = 0;
  std::deque<Token> tokens_;
  size_t tokens_taken_ = 0;
  int indent_ = -1;
  std::vector<int> indents_;
  bool allow_simple_key_ = true;
  // PyYAML's dict of possible simple keys by flow level, as a vector in level order: few are
  // open at once, and a map would allocate for every scalar.
  std::vector<SimpleKey> possible_simple_keys_;
  std::deque<std::string> kept_;  // the values built while scanning (Chunks::Into)
};

// ---- Events and the parser ----
enum class Ev {
  kStreamStart,
  kStreamEnd,
  kDocumentStart,
  kDocumentEnd,
  kAlias,
  kScalar,
  kSeqStart,
  kSeqEnd,
  kMapStart,
  kMapEnd
};

struct Event {
  Ev type;
  Mark start, end;
  std::string_view anchor;
  bool has_anchor = false;
  std::string_view tag;  // resolved with the tag handles; "" when none
  bool has_tag = false;
  bool plain_implicit = false;  // implicit[0] of a scalar
  char style = 0;               // a scalar's token style (see Token)
  bool flow = false;            // a flow collection
  std::string_view value;
};

class Parser {
 public:
  explicit Parser(Scanner& s) : s_(s) {}

  Event GetEvent() {
    if (!current_) current_ = Next();
    Event e = *current_;
    current_.reset();
    return e;
  }
  const Event& PeekEvent() {
    if (!current_) current_ = Next();
    return *current_;
  }

 private:
  enum class St {
    kStreamStart,
    kImplicitDocumentStart,
    kDocumentStart,
    kDocumentEnd,
    kDocumentContent,
    kBlockNode,
    kBlockSequenceFirstEntry,
    kBlockSequenceEntry,
    kIndentlessSequenceEntry,
    kBlockMappingFirstKey,
    kBlockMappingKey,
    kBlockMappingValue,
    kFlowSequenceFirstEntry,
    kFlowSequenceEntry,
    kFlowSequenceEntryMappingKey,
    kFlowSequenceEntryMappingValue,
    kFlowSequenceEntryMappingEnd,
    kFlowMappingFirstKey,
    kFlowMappingKey,
    kFlowMappingValue,
    kFlowMappingEmptyValue,
    kEnd,
  };

  [[noreturn]] void Fail(std::string context, std::optional<Mark> cm, std::string problem, Mark pm) {
    throw Failure{std::move(context), cm, std::move(problem), pm};
  }

  St Pop() {
    St st = states_.back();
    states_.pop_back();
    return st;
  }

  Event Next() {
    switch (state_) {
      case St::kStreamStart: {
        Token t = s_.GetToken();
        state_ = St::kImplicitDocumentStart;
        return Event{Ev::kStreamStart, t.start, t.end};
      }
      case St::kImplicitDocumentStart:
        if (!s_.CheckToken({Tok::kDirective, Tok::kDocumentStart, Tok::kStreamEnd})) {
          tag_handles_ = {{"!", "!"}, {"!!", "tag:yaml.org,2002:"}};
          Mark m = s_.PeekToken().start;
          states_.push_back(St::kDocumentEnd);
          state_ = St::kBlockNode;
          return Event{Ev::kDocumentStart, m, m};
        }
        return DocumentStart();
      case St::kDocumentStart:
        return DocumentStart();
      case St::kDocumentEnd: {
        Mark start = s_.PeekToken().start;
        Mark end = start;
        if (s_.CheckToken({Tok::kDocumentEnd})) end = s_.GetToken().end;
        state_ = St::kDocumentStart;
        return Event{Ev::kDocumentEnd, start, end};
      }
      case St::kDocumentContent:
        if (s_.CheckToken({Tok::kDirective, Tok::kDocumentStart, Tok::kDocumentEnd, Tok::kStreamEnd})) {
          Event e = EmptyScalar(s_.PeekToken().start);
          state_ = Pop();
          return e;
        }
        return ParseNode(true, false);
      case St::kBlockNode:
        return ParseNode(true, false);
      case St::kBlockSequenceFirstEntry:
        marks_.push_back(s_.GetToken().start);
        [[fallthrough]];
      case St::kBlockSequenceEntry: {
        if (s_.CheckToken({Tok::kBlockEntry})) {
          Token t = s_.GetToken();
          if (!s_.CheckToken({Tok::kBlockEntry, Tok::kBlockEnd})) {
            states_.push_back(St::kBlockSequenceEntry);
            return ParseNode(true, false);
          }
          state_ = St::kBlockSequenceEntry;
          return EmptyScalar(t.end);
        }
        if (!s_.CheckToken({Tok::kBlockEnd})) {
          const Token& t = s_.PeekToken();
          Fail("while parsing a block collection", marks_.back(),
               fmt::format("expected <block end>, but found {}", TokenId(t.type)), t.start);
        }
        Token t = s_.GetToken();
        state_ = Pop();
        marks_.pop_back();
        return Event{Ev::kSeqEnd, t.start, t.end};
      }
      case St::kIndentlessSequenceEntry: {
        if (s_.CheckToken({Tok::kBlockEntry})) {
          Token t = s_.GetToken();
          if (!s_.CheckToken({Tok::kBlockEntry, Tok::kKey, Tok::kValue, Tok::kBlockEnd})) {
            states_.push_back(St::kIndentlessSequenceEntry);
            return ParseNode(true, false);
          }
          state_ = St::kIndentlessSequenceEntry;
          return EmptyScalar(t.end);
        }
        Mark m = s_.PeekToken().start;
        state_ = Pop();
        return Event{Ev::kSeqEnd, m, m};
      }
      case St::kBlockMappingFirstKey:
        marks_.push_back(s_.GetToken().start);
        [[fallthrough]];
      case St::kBlockMappingKey: {
        if (s_.CheckToken({Tok::kKey})) {
          Token t = s_.GetToken();
          if (!s_.CheckToken({Tok::kKey, Tok::kValue, Tok::kBlockEnd})) {
            states_.push_back(St::kBlockMappingValue);
            return ParseNode(true, true);
          }
          state_ = St::kBlockMappingValue;
          return EmptyScalar(t.end);
        }
        if (!s_.CheckToken({Tok::kBlockEnd})) {
          const Token& t = s_.PeekToken();
          Fail("while parsing a block mapping", marks_.back(),
               fmt::format("expected <block end>, but found {}", TokenId(t.type)), t.start);
        }
        Token t = s_.GetToken();
        state_ = Pop();
        marks_.pop_back();
        return Event{Ev::kMapEnd, t.start, t.end};
      }
      case St::kBlockMappingValue: {
        if (s_.CheckToken({Tok::kValue})) {
          Token t = s_.GetToken();
          if (!s_.CheckToken({Tok::kKey, Tok::kValue, Tok::kBlockEnd})) {
            states_.push_back(St::kBlockMappingKey);
            return ParseNode(true, true);
          }
          state_ = St::kBlockMappingKey;
          return EmptyScalar(t.end);
        }
        state_ = St::kBlockMappingKey;
        return EmptyScalar(s_.PeekToken().start);
      }
      case St::kFlowSequenceFirstEntry:
        marks_.push_back(s_.GetToken().start);
        return FlowSequenceEntry(true);
      case St::kFlowSequenceEntry:
        return FlowSequenceEntry(false);
      case St::kFlowSequenceEntryMappingKey: {
        Token t = s_.GetToken();
        if (!s_.CheckToken({Tok::kValue, Tok::kFlowEntry, Tok::kFlowSequenceEnd})) {
          states_.push_back(St::kFlowSequenceEntryMappingValue);
          return ParseNode(false, false);
        }
        state_ = St::kFlowSequenceEntryMappingValue;
        return EmptyScalar(t.end);
      }
      case St::kFlowSequenceEntryMappingValue: {
        if (s_.CheckToken({Tok::kValue})) {
          Token t = s_.GetToken();
          if (!s_.CheckToken({Tok::kFlowEntry, Tok::kFlowSequenceEnd})) {
            states_.push_back(St::kFlowSequenceEntryMappingEnd);
            return ParseNode(false, false);
          }
          state_ = St::kFlowSequenceEntryMappingEnd;
          return EmptyScalar(t.end);
        }
        state_ = St::kFlowSequenceEntryMappingEnd;
        return EmptyScalar(s_.PeekToken().start);
      }
      case St::kFlowSequenceEntryMappingEnd: {
        state_ = St::kFlowSequenceEntry;
        Mark m = s_.PeekToken().start;
        return Event{Ev::kMapEnd, m, m};
      }
      case St::kFlowMappingFirstKey:
        marks_.push_back(s_.GetToken().start);
        return FlowMappingKey(true);
      case St::kFlowMappingKey:
        return FlowMappingKey(false);
      case St::kFlowMappingValue: {
        if (s_.CheckToken({Tok::kValue})) {
          Token t = s_.GetToken();
          if (!s_.CheckToken({Tok::kFlowEntry, Tok::kFlowMappingEnd})) {
            states_.push_back(St::kFlowMappingKey);
            return ParseNode(false, false);
          }
          state_ = St::kFlowMappingKey;
          return EmptyScalar(t.end);
        }
        state_ = St::kFlowMappingKey;
        return EmptyScalar(s_.PeekToken().start);
      }
      case St::kFlowMappingEmptyValue:
        state_ = St::kFlowMappingKey;
        return EmptyScalar(s_.PeekToken().start);
      case St::kEnd:
        break;
    }
    Mark m;
    return Event{Ev::kStreamEnd, m, m};
  }

  Event DocumentStart() {
    while (s_.CheckToken({Tok::kDocumentEnd})) s_.GetToken();
    if (!s_.CheckToken({Tok::kStreamEnd})) {
      Mark start = s_.PeekToken().start;
      ProcessDirectives();
      if (!s_.CheckToken({Tok::kDocumentStart})) {
        const Token& t = s_.PeekToken();
        Fail("", std::nullopt, fmt::format("expected '<document start>', but found {}", TokenId(t.type)), t.start);
      }
      Token t = s_.GetToken();
      states_.push_back(St::kDocumentEnd);
      state_ = St::kDocumentContent;
      return Event{Ev::kDocumentStart, start, t.end};
    }
    Token t = s_.GetToken();
    state_ = St::kEnd;
    return Event{Ev::kStreamEnd, t.start, t.end};
  }

  void ProcessDirectives() {
    bool have_version = false;
    tag_handles_.clear();
    while (s_.CheckToken({Tok::kDirective})) {
      Token t = s_.GetToken();
      if (t.value == "YAML") {
        if (have_version) Fail("", std::nullopt, "found duplicate YAML directive", t.start);
        if (t.yaml_major != 1)
          Fail("", std::nullopt, "found incompatible YAML document (version 1.* is required)", t.start);
        have_version = true;
      } else if (t.value == "TAG") {
        if (tag_handles_.count(t.handle))
          Fail("", std::nullopt, fmt::format("duplicate tag handle {}", ReprStr(t.handle)), t.start);
        tag_handles_[t.handle] = t.tag_prefix;
      }
    }
    tag_handles_.emplace("!", "!");
    tag_handles_.emplace("!!", "tag:yaml.org,2002:");
  }

  Event ParseNode(bool block, bool indentless_sequence) {
    if (s_.CheckToken({Tok::kAlias})) {
      Token t = s_.GetToken();
      Event e{Ev::kAlias, t.start, t.end};
      e.anchor = t.value;
      e.has_anchor = true;
      state_ = Pop();
      return e;
    }
    Event e{Ev::kScalar, {}, {}};
    std::optional<Mark> start, end, tag_mark;
    std::optional<Token> tag;
    if (s_.CheckToken({Tok::kAnchor})) {
      Token t = s_.GetToken();
      start = t.start;
      end = t.end;
      e.anchor = t.value;
      e.has_anchor = true;
      if (s_.CheckToken({Tok::kTag})) {
        Token tt = s_.GetToken();
        tag_mark = tt.start;
        end = tt.end;
        tag = std::move(tt);
      }
    } else if (s_.CheckToken({Tok::kTag})) {
      Token tt = s_.GetToken();
      start = tag_mark = tt.start;
      end = tt.end;
      tag = std::move(tt);
      if (s_.CheckToken({Tok::kAnchor})) {
        Token t = s_.GetToken();
        end = t.end;
        e.anchor = t.value;
        e.has_anchor = true;
      }
    }
    if (tag) {
      e.has_tag = true;
      if (tag->has_handle) {
        auto it = tag_handles_.find(tag->handle);
        if (it == tag_handles_.end())
          Fail("while parsing a node", start, fmt::format("found undefined tag handle {}", ReprStr(tag->handle)),
               *tag_mark);
        e.tag = s_.Keep(std::string(it->second) + std::string(tag->suffix));
      } else {
        e.tag = tag->suffix;
      }
    }
    if (!start) start = end = s_.PeekToken().start;
    e.start = *start;
    e.end = *end;
    bool implicit = !e.has_tag || e.tag == "!";
    if (indentless_sequence && s_.CheckToken({Tok::kBlockEntry})) {
      e.type = Ev::kSeqStart;
      state_ = St::kIndentlessSequenceEntry;
      return e;
    }
    if (s_.CheckToken({Tok::kScalar})) {
      Token t = s_.GetToken();
      e.end = t.end;
      e.type = Ev::kScalar;
      e.plain_implicit = (t.style == 0 && !e.has_tag) || (e.has_tag && e.tag == "!");
      e.style = t.style;
      e.value = t.value;
      state_ = Pop();
      return e;
    }
    (void)implicit;
    if (s_.CheckToken({Tok::kFlowSequenceStart})) {
      e.type = Ev::kSeqStart;
      e.flow = true;
      state_ = St::kFlowSequenceFirstEntry;
      return e;
    }
    if (s_.CheckToken({Tok::kFlowMappingStart})) {
      e.type = Ev::kMapStart;
      e.flow = true;
      state_ = St::kFlowMappingFirstKey;
      return e;
    }
    if (block && s_.CheckToken({Tok::kBlockSequenceStart})) {
      e.type = Ev::kSeqStart;
      state_ = St::kBlockSequenceFirstEntry;
      return e;
    }
    if (block && s_.CheckToken({Tok::kBlockMappingStart})) {
      e.type = Ev::kMapStart;
      state_ = St::kBlockMappingFirstKey;
      return e;
    }
    if (e.has_anchor || e.has_tag) {
      e.type = Ev::kScalar;
      e.plain_implicit = implicit;
      state_ = Pop();
      return e;
    }
    const Token& t = s_.PeekToken();
    Fail(fmt::format("while parsing a {} node", block ? "block" : "flow"), *start,
         fmt::format("expected the node content, but found {}", TokenId(t.type)), t.start);
  }

  Event FlowSequenceEntry(bool first) {
    if (!s_.CheckToken({Tok::kFlowSequenceEnd})) {
      if (!first) {
        if (s_.CheckToken({Tok::kFlowEntry})) {
          s_.GetToken();
        } else {
          const Token& t = s_.PeekToken();
          Fail("while parsing a flow sequence", marks_.back(),
               fmt::format("expected ',' or ']', but got {}", TokenId(t.type)), t.start);
        }
      }
      if (s_.CheckToken({Tok::kKey})) {
        const Token& t = s_.PeekToken();
        state_ = St::kFlowSequenceEntryMappingKey;
        Event pair{Ev::kMapStart, t.start, t.end};  // `[a: b]`: a one-pair flow mapping
        pair.flow = true;
        return pair;
      }
      if (!s_.CheckToken({Tok::kFlowSequenceEnd})) {
        states_.push_back(St::kFlowSequenceEntry);
        return ParseNode(false, false);
      }
    }
    Token t = s_.GetToken();
    state_ = Pop();
    marks_.pop_back();
    return Event{Ev::kSeqEnd, t.start, t.end};
  }

  Event FlowMappingKey(bool first) {
    if (!s_.CheckToken({Tok::kFlowMappingEnd})) {
      if (!first) {
        if (s_.CheckToken({Tok::kFlowEntry})) {
          s_.GetToken();
        } else {
          const Token& t = s_.PeekToken();
          Fail("while parsing a flow mapping", marks_.back(),
               fmt::format("expected ',' or '}}', but got {}", TokenId(t.type)), t.start);
        }
      }
      if (s_.CheckToken({Tok::kKey})) {
        Token t = s_.GetToken();
        if (!s_.CheckToken({Tok::kValue, Tok::kFlowEntry, Tok::kFlowMappingEnd})) {
          states_.push_back(St::kFlowMappingValue);
          return ParseNode(false, false);
        }
        state_ = St::kFlowMappingValue;
        return EmptyScalar(t.end);
      }
      if (!s_.CheckToken({Tok::kFlowMappingEnd})) {
        states_.push_back(St::kFlowMappingEmptyValue);
        return ParseNode(false, false);
      }
    }
    Token t = s_.GetToken();
    state_ = Pop();
    marks_.pop_back();
    return Event{Ev::kMapEnd, t.start, t.end};
  }

  static Event EmptyScalar(Mark m) {
    Event e{Ev::kScalar, m, m};
    e.plain_implicit = true;
    return e;
  }

  Scanner& s_;
  std::optional<Event> current_;
  St state_ = St::kStreamStart;
  std::vector<St> states_;
  std::vector<Mark> marks_;
  std::map<std::string_view, std::string_view> tag_handles_;
};

// ---- Composer (nodes, anchors) and the constructor's checks ----
constexpr std::string_view kTagPrefix = "tag:yaml.org,2002:";
// The tags the resolver gives, shared by every node that has one (no string per node).
const std::string kStrTag = "tag:yaml.org,2002:str";
const std::string kSeqTag = "tag:yaml.org,2002:seq";
const std::string kMapTag = "tag:yaml.org,2002:map";
const std::string kMergeTag = "tag:yaml.org,2002:merge";
const std::string kValueTag = "tag:yaml.org,2002:value";
const std::string kTimestampTag = "tag:yaml.org,2002:timestamp";

struct PNode {
  enum Kind { kScalar, kSeq, kMap } kind;
  const std::string* tag = nullptr;  // one of the above, or an explicit tag the composer keeps
  bool checked = false;              // CheckConstruction has been here (an alias repeats a node)
  std::string_view value;
  Mark start;
  std::vector<PNode*> items;                     // sequence
  std::vector<std::pair<PNode*, PNode*>> pairs;  // mapping
};

bool IsDigitC(Char c) { return c >= '0' && c <= '9'; }

// YAML 1.1 timestamp (resolver.py); when it matches, whether datetime() accepts it.
std::optional<bool> TimestampValid(std::string_view v) {
  size_t i = 0, n = v.size();
  auto digits = [&](size_t min, size_t max, int* out) {
    size_t k = 0;
    int value = 0;
    while (i < n && k < max && IsDigitC(v[i])) value = value * 10 + static_cast<int>(v[i++] - '0'), ++k;
    if (out) *out = value;
    return k >= min;
  };
  int year, month, day;
  if (!digits(4, 4, &year) || i >= n || v[i++] != '-') return std::nullopt;
  size_t before = i;
  if (!digits(1, 2, &month)) return std::nullopt;
  bool short_month = i - before == 1;
  if (i >= n || v[i++] != '-') return std::nullopt;
  before = i;
  if (!digits(1, 2, &day)) return std::nullopt;
  bool short_day = i - before == 1;
  if (i == n) {
    if (short_month || short_day) return std::nullopt;  // the date-only form needs two digits each
  } else {
    if (v[i] == 'T' || v[i] == 't') {
      ++i;
    } else if (v[i] == ' ' || v[i] == '\t') {
      while (i < n && (v[i] == ' ' || v[i] == '\t')) ++i;
    } else {
      return std::nullopt;
    }
    int hour, minute, second;
    if (!digits(1, 2, &hour) || i >= n || v[i++] != ':' || !digits(2, 2, &minute) || i >= n || v[i++] != ':' ||
        !digits(2, 2, &second))
      return std::nullopt;
    if (i < n && v[i] == '.') {
      ++i;
      while (i < n && IsDigitC(v[i])) ++i;
    }
    while (i < n && (v[i] == ' ' || v[i] == '\t')) ++i;
    if (i < n) {
      if (v[i] == 'Z') {
        ++i;
      } else if (v[i] == '+' || v[i] == '-') {
        ++i;
        if (!digits(1, 2, nullptr)) return std::nullopt;
        if (i < n && v[i] == ':') {
          ++i;
          if (!digits(2, 2, nullptr)) return std::nullopt;
        }
      } else {
        return std::nullopt;
      }
    }
    if (i != n) return std::nullopt;
    if (hour > 23 || minute > 59 || second > 59) return false;
  }
  if (month < 1 || month > 12 || day < 1) return false;
  static const int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  int max_day = kDays[month - 1] + (month == 2 && leap ? 1 : 0);
  return day <= max_day && year >= 1;
}

// The implicit tag PyYAML's resolver gives a plain scalar, for the tags that matter to construction.
const std::string* ResolveImplicit(std::string_view v) {
  if (v == "<<") return &kMergeTag;
  if (v == "=") return &kValueTag;
  if (!v.empty() && IsDigitC(v[0]) && TimestampValid(v)) return &kTimestampTag;
  return &kStrTag;  // str, int, float, bool, null: all construct
}

class Composer {
 public:
  Composer(Parser& p, const Reader& r, const NodeEventSink& sink) : p_(p), r_(r), sink_(sink) {}

  // get_single_node: the document's root, or null for an empty stream.
  PNode* SingleNode() {
    p_.GetEvent();  // stream start
    PNode* document = nullptr;
    Mark doc_start;
    if (p_.PeekEvent().type != Ev::kStreamEnd) {
      doc_start = p_.PeekEvent().start;
      document = ComposeDocument();
    }
    if (p_.PeekEvent().type != Ev::kStreamEnd) {
      Event e = p_.GetEvent();
      throw Failure{"expected a single document in the stream", document ? document->start : doc_start,
                    "but found another document", e.start};
    }
    p_.GetEvent();
    return document;
  }

 private:
  PNode* ComposeDocument() {
    p_.GetEvent();  // document start
    PNode* root = ComposeNode();
    p_.GetEvent();  // document end
    anchors_.clear();
    return root;
  }

  PNode* New(PNode::Kind kind, const Event& e) {
    PNode* n = &nodes_.emplace_back();
    n->kind = kind;
    n->start = e.start;
    return n;
  }

  // compose_node, without recursion: an explicit stack of open collections.
  PNode* ComposeNode() {
    struct Open {
      PNode* node;
      PNode* pending_key = nullptr;
      bool have_key = false;
    };
    std::vector<Open> stack;
    PNode* result = nullptr;
    auto attach = [&](PNode* n) {
      if (stack.empty()) {
        result = n;
        return;
      }
      Open& top = stack.back();
      if (top.node->kind == PNode::kSeq) {
        top.node->items.push_back(n);
      } else if (!top.have_key) {
        top.pending_key = n;
        top.have_key = true;
      } else {
        top.node->pairs.emplace_back(top.pending_key, n);
        top.have_key = false;
      }
    };
    do {
      if (p_.PeekEvent().type == Ev::kAlias) {
        Event e = p_.GetEvent();
        auto it = anchors_.find(e.anchor);
        if (it == anchors_.end())
          throw Failure{"", std::nullopt, fmt::format("found undefined alias {}", ReprStr(e.anchor)), e.start};
        if (sink_) Emit(NodeEvent::kAlias, e);
        attach(it->second);
        continue;
      }
      const Event& peek = p_.PeekEvent();
      if (peek.type == Ev::kSeqEnd || peek.type == Ev::kMapEnd) {
        if (sink_) Emit(NodeEvent::kCollectionEnd, peek);
        p_.GetEvent();
        PNode* done = stack.back().node;
        stack.pop_back();
        attach(done);
        continue;
      }
      if (peek.has_anchor) {
        auto it = anchors_.find(peek.anchor);
        if (it != anchors_.end())
          throw Failure{fmt::format("found duplicate anchor {}; first occurrence", ReprStr(peek.anchor)),
                        it->second->start, "second occurrence", peek.start};
      }
      Event e = p_.GetEvent();
      if (sink_)
        Emit(e.type == Ev::kScalar     ? NodeEvent::kScalar
             : e.type == Ev::kSeqStart ? NodeEvent::kSequenceStart
                                       : NodeEvent::kMappingStart,
             e);
      if (e.type == Ev::kScalar) {
        PNode* n = New(PNode::kScalar, e);
        n->value = e.value;
        if (!e.has_tag || e.tag == "!")
          n->tag = e.plain_implicit ? ResolveImplicit(n->value) : &kStrTag;
        else
          n->tag = &explicit_tags_.emplace_back(e.tag);
        if (e.has_anchor) anchors_[e.anchor] = n;
        attach(n);
      } else {
        PNode* n = New(e.type == Ev::kSeqStart ? PNode::kSeq : PNode::kMap, e);
        if (!e.has_tag || e.tag == "!")
          n->tag = n->kind == PNode::kSeq ? &kSeqTag : &kMapTag;
        else
          n->tag = &explicit_tags_.emplace_back(e.tag);
        if (e.has_anchor) anchors_[e.anchor] = n;  // before the children: a recursive alias is allowed
        stack.push_back(Open{n});
      }
    } while (!stack.empty());
    return result;
  }

  // The event as the loader's tree builder takes it: byte offsets, UTF-8 text. One event is
  // reused, so its strings keep their capacity.
  void Emit(NodeEvent::Type type, const Event& e) {
    NodeEvent& out = event_;
    out.type = type;
    out.begin = r_.ByteOffset(e.start);
    out.end = r_.ByteOffset(e.end);
    if (e.has_anchor)
      out.anchor.assign(e.anchor);
    else
      out.anchor.clear();
    if (e.has_tag && e.tag != "!")
      out.tag.assign(e.tag);
    else
      out.tag.clear();
    out.implicit = e.plain_implicit;
    out.style = e.style;
    out.flow = e.flow;
    if (type == NodeEvent::kScalar)
      out.value.assign(e.value);
    else
      out.value.clear();
    sink_(out);
  }

  Parser& p_;
  const Reader& r_;
  const NodeEventSink& sink_;
  NodeEvent event_;
  std::deque<PNode> nodes_;                // a deque: nodes never move, and come a block at a time
  std::deque<std::string> explicit_tags_;  // what PNode::tag points to for them
  std::map<std::string_view, PNode*> anchors_;
};

const char* KindId(PNode::Kind k) { return k == PNode::kScalar ? "scalar" : k == PNode::kSeq ? "sequence" : "mapping"; }

// SafeConstructor: flatten_mapping's merge rules, unhashable keys, and tags it has no constructor for.
void CheckConstruction(PNode* root) {
  if (!root) return;
  std::vector<PNode*> todo{root};
  // The pairs a mapping has once its merge keys are flattened (merged pairs first, as PyYAML puts them).
  // Each mapping is flattened once (PyYAML keeps the result in the node), and a pair that comes again
  // is checked once: `m2: {<<: [*m1, *m1]}` chains would otherwise double at every level (a 1 KB
  // document, 2^40 pairs).
  using Pairs = std::vector<std::pair<PNode*, PNode*>>;
  std::unordered_map<PNode*, Pairs> flattened_once;  // node-based: a reference to a value stays valid
  auto flatten = [&](PNode* map, auto&& self, std::vector<PNode*>& chain) -> const Pairs& {
    if (auto it = flattened_once.find(map); it != flattened_once.end()) return it->second;
    if (std::find(chain.begin(), chain.end(), map) != chain.end())
      throw Failure{"while constructing a mapping", map->start,
                    "maximum recursion depth exceeded (a merge key refers back to a mapping that contains it)",
                    map->start};
    // Python's own limit (1000 frames, some of them PyYAML's): only merges nested inline come near, as
    // mappings are checked in document order, an anchored one before the merges that name it.
    if (chain.size() > 980)
      throw Failure{"while constructing a mapping", map->start, "maximum recursion depth exceeded", map->start};
    chain.push_back(map);
    std::vector<std::pair<PNode*, PNode*>> merged, own;
    size_t sources = 0;  // mappings merged: pairs can come again only from two or more
    for (auto& [k, v] : map->pairs) {
      if (*k->tag == kMergeTag) {
        if (v->kind == PNode::kMap) {
          const Pairs& sub = self(v, self, chain);
          merged.insert(merged.end(), sub.begin(), sub.end());
          ++sources;
        } else if (v->kind == PNode::kSeq) {
          std::vector<const Pairs*> subs;
          for (PNode* item : v->items) {
            if (item->kind != PNode::kMap)
              throw Failure{"while constructing a mapping", map->start,
                            fmt::format("expected a mapping for merging, but found {}", KindId(item->kind)),
                            item->start};
            subs.push_back(&self(item, self, chain));
          }
          for (auto it = subs.rbegin(); it != subs.rend(); ++it)
            merged.insert(merged.end(), (*it)->begin(), (*it)->end());
          sources += subs.size();
        } else {
          throw Failure{
              "while constructing a mapping", map->start,
              fmt::format("expected a mapping or list of mappings for merging, but found {}", KindId(v->kind)),
              v->start};
        }
      } else {
        own.emplace_back(k, v);
      }
    }
    chain.pop_back();
    merged.insert(merged.end(), own.begin(), own.end());
    if (sources > 1) {  // one merge (a chain of 5,000 links) brings each pair once
      std::set<std::pair<PNode*, PNode*>> seen;
      std::erase_if(merged, [&](const std::pair<PNode*, PNode*>& kv) { return !seen.insert(kv).second; });
    }
    return flattened_once[map] = std::move(merged);
  };
  auto is_scalar_tag = [](std::string_view suffix) {
    for (std::string_view t : {"str", "int", "null", "bool", "float", "timestamp", "binary"})
      if (suffix == t) return true;
    return false;
  };
  while (!todo.empty()) {
    PNode* n = todo.back();
    todo.pop_back();
    if (n->checked) continue;
    n->checked = true;
    // The resolver's str, seq and map tags always fit their node (most nodes have one); the
    // others are checked by the name after "tag:yaml.org,2002:" (`suffix`).
    std::string_view suffix;
    if (n->tag != &kStrTag && n->tag != &kSeqTag && n->tag != &kMapTag) {
      std::string_view tag = *n->tag;
      suffix = tag.substr(0, kTagPrefix.size()) == kTagPrefix ? tag.substr(kTagPrefix.size()) : "";
      bool scalar_tag = is_scalar_tag(suffix);
      bool known =
          scalar_tag || suffix == "seq" || suffix == "map" || suffix == "set" || suffix == "omap" || suffix == "pairs";
      if (!known)
        throw Failure{"", std::nullopt,
                      fmt::format("could not determine a constructor for the tag {}", ReprStr(*n->tag)), n->start};
      if (scalar_tag && n->kind != PNode::kScalar)
        throw Failure{"", std::nullopt, fmt::format("expected a scalar node, but found {}", KindId(n->kind)), n->start};
      if ((suffix == "seq" || suffix == "omap" || suffix == "pairs") && n->kind != PNode::kSeq)
        throw Failure{"", std::nullopt, fmt::format("expected a sequence node, but found {}", KindId(n->kind)),
                      n->start};
      if ((suffix == "map" || suffix == "set") && n->kind != PNode::kMap)
        throw Failure{"", std::nullopt, fmt::format("expected a mapping node, but found {}", KindId(n->kind)),
                      n->start};
      if (n->kind == PNode::kScalar && suffix == "timestamp" && TimestampValid(n->value) == false)
        throw Failure{"", std::nullopt, "day, month or hour is out of range for a date (datetime refuses it)",
                      n->start};
    }
    // Children are pushed last first, so they are checked in document order as PyYAML constructs them.
    if (n->kind == PNode::kSeq) {
      for (PNode* item : n->items)
        if ((suffix == "omap" || suffix == "pairs") && (item->kind != PNode::kMap || item->pairs.size() != 1))
          throw Failure{fmt::format("while constructing an ordered map"), n->start, "expected a mapping of length 1",
                        item->start};
      todo.insert(todo.end(), n->items.rbegin(), n->items.rend());
    } else if (n->kind == PNode::kMap) {
      // Flattened only when there is a merge key: most mappings have none.
      bool merges = std::any_of(n->pairs.begin(), n->pairs.end(), [](auto& kv) { return *kv.first->tag == kMergeTag; });
      std::vector<PNode*> chain;
      const Pairs& pairs = merges ? flatten(n, flatten, chain) : n->pairs;
      for (auto& [k, v] : pairs) {
        if (k->kind != PNode::kScalar)
          throw Failure{"while constructing a mapping", n->start, "found unhashable key", k->start};
        if (*k->tag == kValueTag) k->tag = &kStrTag;  // flatten_mapping turns a `=` key into a str
      }
      for (auto pair = pairs.rbegin(); pair != pairs.rend(); ++pair) {
        todo.push_back(pair->second);
        todo.push_back(pair->first);
      }
    }
  }
}

}  // namespace

std::optional<PyYamlError> CheckAsPyYaml(std::string_view text, const NodeEventSink& sink) {
  Reader reader(text);
  Scanner scanner(reader);
  Parser parser(scanner);
  Composer composer(parser, reader, sink);
  try {
    CheckConstruction(composer.SingleNode());
  } catch (const Failure& f) {
    PyYamlError e;
    e.context = f.context;
    e.problem = f.problem;
    if (f.context_mark) e.context_offset = reader.ByteOffset(*f.context_mark);
    const std::optional<Mark>& at = f.problem_mark ? f.problem_mark : f.context_mark;
    e.offset = at ? reader.ByteOffset(*at) : 0;
    return e;
  }
  return std::nullopt;
}

namespace {

std::string Advice(const PyYamlError& e) {
  const std::string& p = e.problem;
  auto has = [&](const char* s) { return p.find(s) != std::string::npos; };
  if (has("'\\t'")) return "use spaces: PyYAML allows a tab only inside quotes, comments and block scalars";
  if (has("could not find expected ':'"))
    return "end the key with ': ' on its own line: join the broken line, or quote a value that holds ': '";
  if (has("mapping values are not allowed here"))
    return "quote a value that contains ': ', or put the key on its own line";
  if (has("expected ',' or '}'") || has("expected ',' or ']'"))
    return "separate the entries with ', ' and close the collection";
  if (has("expected the node content, but found ','"))
    return "remove the extra comma, or write the empty entry as null or ''";
  if (has("expected the node content")) return "write a value here, or remove the stray indicator";
  if (has("expected <block end>")) return "check this line's indentation against the lines above";
  if (has("unhashable key")) return "make the key a plain value: quote it, or move the collection into the value";
  if (has("undefined alias")) return "define the anchor (&name) before the alias (*name) uses it";
  if (has("constructor for the tag")) return "remove the tag";
  if (has("merging")) return "give the '<<' merge key an alias of a mapping (or a list of them)";
  if (has("escape")) return "write a valid escape, or use single quotes";
  if (has("not allowed here")) return "check this line's indentation and the indicator it starts with";
  return "fix the YAML here";
}

}  // namespace

PyYamlMessage DescribePyYamlError(const PyYamlError& e, std::string_view text) {
  auto char_at = [&](size_t at) { return at < text.size() ? text[at] : '?'; };
  const std::string& p = e.problem;
  const std::string& c = e.context;
  if (c.find("first occurrence") != std::string::npos) {
    size_t line = 1;
    for (size_t k = 0; e.context_offset && k < *e.context_offset && k < text.size(); ++k) line += text[k] == '\n';
    return {fmt::format("{} (aorta's PyYAML refuses a repeated anchor; the first is on line {})",
                        c.substr(0, c.find(';')), line),
            "rename the second one", e.offset};
  }
  if (p == "found unexpected end of stream" && e.context_offset) {
    char q = char_at(*e.context_offset);
    return {fmt::format("{} found unexpected end of stream: this {} is never closed", c,
                        q == '"' ? "double quote" : "single quote"),
            fmt::format("add the closing {}", q), *e.context_offset};
  }
  if (p.find("'<stream end>'") != std::string::npos && c.rfind("while parsing a flow", 0) == 0 && e.context_offset) {
    char open = char_at(*e.context_offset);
    return {fmt::format("this '{}' is never closed ({})", open, p),
            fmt::format("add the matching '{}'", open == '[' ? ']' : '}'), *e.context_offset};
  }
  if (c.rfind("while parsing a flow", 0) == 0 && e.context_offset &&
      text.substr(*e.context_offset, e.offset - std::min(e.offset, *e.context_offset)).find('\n') !=
          std::string_view::npos) {
    // The collection runs on past the line it opened on: point at its opening bracket.
    char open = char_at(*e.context_offset);
    size_t line = 1;
    for (size_t k = 0; k < e.offset && k < text.size(); ++k) line += text[k] == '\n';
    return {fmt::format(
                "this '{}' is not closed before line {}, where PyYAML {}", open, line,
                p.rfind("expected", 0) == 0 ? "expected ',' or '" + std::string(1, open == '[' ? ']' : '}') + "'" : p),
            fmt::format("add the matching '{}'", open == '[' ? ']' : '}'), *e.context_offset};
  }
  if (p == "could not find expected ':'" && e.context_offset)
    return {fmt::format("could not find expected ':' after this key ({})", c), Advice(e), *e.context_offset};
  for (const char* tag : {"value", "merge"})
    if (p.find(std::string("'tag:yaml.org,2002:") + tag + "'") != std::string::npos) {
      const char* plain = std::string_view(tag) == "value" ? "=" : "<<";
      return {fmt::format("{} (PyYAML reads a plain '{}' as a tag)", p, plain), fmt::format("quote it: '{}'", plain),
              e.offset};
    }
  if (c == "expected a single document in the stream")
    return {"a second YAML document starts here, and a recipe is one document (aorta reads it with safe_load)",
            "remove the '---' line and what follows, or move it to its own recipe", e.offset};
  if (p.find("that cannot start any token") != std::string::npos && p.find("'\\t'") == std::string::npos) {
    char ch = char_at(e.offset);
    return {p, fmt::format("quote the value (\"{}...\" or '{}...')", ch, ch), e.offset};
  }
  if (c.empty()) return {p, Advice(e), e.offset};
  return {fmt::format("{} ({})", p, c), Advice(e), e.offset};
}

}  // namespace aortalint
