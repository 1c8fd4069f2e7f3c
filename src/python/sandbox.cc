#include "python/sandbox.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <vector>

#include "python/str.h"

namespace aortalint {
namespace {

constexpr size_t kMaxExprLen = 256;               // sandbox.MAX_EXPR_LEN
constexpr uint64_t kMaxIntConstant = 1000000000;  // sandbox.MAX_INT_CONSTANT

// A refusal: the reason, in the words of aorta's SandboxError where one fits.
struct Refused {
  std::string why;
};

enum class Tok { kName, kNumber, kString, kOp, kNewline, kEnd };

struct Token {
  Tok kind;
  std::string text;      // name, operator, or the number's spelling
  bool big_int = false;  // an int literal of magnitude >= 10**9
  bool is_int = false;   // an int literal (not float or imaginary)
  bool bytes = false;    // a bytes literal
  bool fstring = false;  // an f-string (a JoinedStr node: forbidden)
};

bool IdStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool IdChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

bool IsKeyword(std::string_view s) {
  static constexpr std::array<std::string_view, 35> kKeywords = {
      "False", "None",     "True",  "and",    "as",   "assert", "async",  "await",    "break",
      "class", "continue", "def",   "del",    "elif", "else",   "except", "finally",  "for",
      "from",  "global",   "if",    "import", "in",   "is",     "lambda", "nonlocal", "not",
      "or",    "pass",     "raise", "return", "try",  "while",  "with",   "yield"};
  for (std::string_view k : kKeywords)
    if (k == s) return true;
  return false;
}

class Lexer {
 public:
  explicit Lexer(std::string_view s) : s_(s) {}

  std::vector<Token> Run() {
    std::vector<Token> out;
    while (true) {
      SkipBlank(out);
      if (i_ >= s_.size()) break;
      char c = s_[i_];
      if (IdStart(c) || (c & 0x80)) {
        if (c & 0x80) throw Refused{"syntax error: non-ASCII character outside a string"};
        size_t j = i_;
        while (j < s_.size() && IdChar(s_[j])) ++j;
        std::string word(s_.substr(i_, j - i_));
        if (j < s_.size() && (s_[j] == '\'' || s_[j] == '"') && IsStringPrefix(word)) {
          i_ = j;
          out.push_back(String(word));
          continue;
        }
        if (j < s_.size() && (s_[j] & 0x80)) throw Refused{"syntax error: non-ASCII character in a name"};
        i_ = j;
        out.push_back({Tok::kName, word});
        continue;
      }
      if (std::isdigit(static_cast<unsigned char>(c)) ||
          (c == '.' && i_ + 1 < s_.size() && std::isdigit(static_cast<unsigned char>(s_[i_ + 1])))) {
        out.push_back(Number());
        continue;
      }
      if (c == '\'' || c == '"') {
        out.push_back(String(""));
        continue;
      }
      out.push_back(Op());
    }
    out.push_back({Tok::kEnd, ""});
    return out;
  }

 private:
  // Whitespace, comments, line continuations, and newlines (significant only
  // outside brackets, where they end the expression).
  void SkipBlank(std::vector<Token>& out) {
    while (i_ < s_.size()) {
      char c = s_[i_];
      if (c == ' ' || c == '\t' || c == '\f') {
        ++i_;
      } else if (c == '#') {
        while (i_ < s_.size() && s_[i_] != '\n' && s_[i_] != '\r') ++i_;
      } else if (c == '\\') {
        size_t j = i_ + 1;
        if (j < s_.size() && s_[j] == '\r') ++j;
        if (j < s_.size() && s_[j] == '\n') ++j;
        if (j == i_ + 1) throw Refused{"syntax error: unexpected character after line continuation character"};
        if (j >= s_.size()) throw Refused{"syntax error: unexpected EOF while parsing"};
        i_ = j;
      } else if (c == '\n' || c == '\r') {
        ++i_;
        if (c == '\r' && i_ < s_.size() && s_[i_] == '\n') ++i_;
        if (depth_ == 0 && !out.empty() && out.back().kind != Tok::kNewline) out.push_back({Tok::kNewline, ""});
      } else {
        return;
      }
    }
  }

  static bool IsStringPrefix(std::string_view w) {
    std::string l;
    for (char c : w) l += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (std::string_view p : {"r", "u", "b", "br", "rb", "f", "fr", "rf"})
      if (l == p) return true;
    return false;
  }

  Token String(std::string_view prefix) {
    Token t{Tok::kString, ""};
    bool raw = false;
    for (char c : prefix) {
      char l = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      raw |= l == 'r';
      t.bytes |= l == 'b';
      t.fstring |= l == 'f';
    }
    char q = s_[i_];
    bool triple = s_.compare(i_, 3, std::string(3, q)) == 0;
    i_ += triple ? 3 : 1;
    while (true) {
      if (i_ >= s_.size()) throw Refused{"syntax error: unterminated string literal"};
      char c = s_[i_];
      if (triple ? s_.compare(i_, 3, std::string(3, q)) == 0 : c == q) {
        i_ += triple ? 3 : 1;
        return t;
      }
      if (!triple && (c == '\n' || c == '\r')) throw Refused{"syntax error: unterminated string literal"};
      if ((c & 0x80) && t.bytes) throw Refused{"syntax error: bytes can only contain ASCII literal characters"};
      if (c == '\\') {
        if (i_ + 1 >= s_.size()) throw Refused{"syntax error: unterminated string literal"};
        if (!raw)
          Escape(t.bytes);
        else
          i_ += 2;
        continue;
      }
      ++i_;
    }
  }

  // A backslash escape in a non-raw literal; i_ is at the backslash.
  void Escape(bool bytes) {
    char e = s_[i_ + 1];
    i_ += 2;
    if (e == '\r' && i_ < s_.size() && s_[i_] == '\n') ++i_;  // a continued line inside the literal
    auto hex = [&](size_t n, std::string_view what) {
      for (size_t k = 0; k < n; ++k)
        if (i_ + k >= s_.size() || !std::isxdigit(static_cast<unsigned char>(s_[i_ + k])))
          throw Refused{"syntax error: (unicode error) truncated " + std::string(what) + " escape"};
      uint64_t v = std::stoull(std::string(s_.substr(i_, n)), nullptr, 16);
      if (n == 8 && v > 0x10FFFF) throw Refused{"syntax error: (unicode error) illegal Unicode character"};
      i_ += n;
    };
    if (e == 'x') {
      hex(2, "\\xXX");
    } else if (bytes) {
      return;  // \u, \U and \N are not escapes in bytes
    } else if (e == 'u') {
      hex(4, "\\uXXXX");
    } else if (e == 'U') {
      hex(8, "\\UXXXXXXXX");
    } else if (e == 'N') {
      size_t close = i_ < s_.size() && s_[i_] == '{' ? s_.find('}', i_) : std::string_view::npos;
      bool shaped = close != std::string_view::npos && close > i_ + 1;
      for (size_t k = i_ + 1; shaped && k < close; ++k) {
        char c = s_[k];
        shaped = std::isalnum(static_cast<unsigned char>(c)) || c == ' ' || c == '-';
      }
      if (!shaped) throw Refused{"syntax error: (unicode error) malformed \\N character escape"};
      i_ = close + 1;
    }
  }

  // Python's number literals; the token records whether it is an int and
  // whether its magnitude reaches 10**9.
  Token Number() {
    size_t start = i_;
    Token t{Tok::kNumber, ""};
    auto digits = [&](auto is_digit) {  // digit (["_"] digit)*
      size_t n = 0;
      while (i_ < s_.size()) {
        if (is_digit(s_[i_])) {
          ++i_;
          ++n;
        } else if (s_[i_] == '_' && n > 0 && i_ + 1 < s_.size() && is_digit(s_[i_ + 1])) {
          ++i_;
        } else {
          break;
        }
      }
      return n;
    };
    auto dec = [](char c) { return c >= '0' && c <= '9'; };
    auto value_of = [&](size_t from, size_t to, int base) {
      uint64_t v = 0;
      for (size_t k = from; k < to; ++k) {
        char c = s_[k];
        if (c == '_') continue;
        int d = std::isdigit(static_cast<unsigned char>(c)) ? c - '0' : std::tolower(c) - 'a' + 10;
        v = v * base + d;
        if (v >= kMaxIntConstant) return kMaxIntConstant;
      }
      return v;
    };
    if (s_[i_] == '0' && i_ + 1 < s_.size() && std::string_view("xXoObB").find(s_[i_ + 1]) != std::string_view::npos) {
      char b = static_cast<char>(std::tolower(static_cast<unsigned char>(s_[i_ + 1])));
      int base = b == 'x' ? 16 : b == 'o' ? 8 : 2;
      i_ += 2;
      if (i_ < s_.size() && s_[i_] == '_') ++i_;
      size_t from = i_;
      auto ok = [base](char c) {
        if (base == 16) return std::isxdigit(static_cast<unsigned char>(c)) != 0;
        return c >= '0' && c < static_cast<char>('0' + base);
      };
      if (digits(ok) == 0) throw Refused{"syntax error: invalid number literal"};
      t.is_int = true;
      t.big_int = value_of(from, i_, base) >= kMaxIntConstant;
    } else {
      size_t int_from = i_;
      size_t int_digits = digits(dec);
      size_t int_to = i_;
      bool is_float = false;
      if (i_ < s_.size() && s_[i_] == '.') {
        ++i_;
        is_float = true;
        size_t frac = digits(dec);
        if (int_digits == 0 && frac == 0) throw Refused{"syntax error: invalid number literal"};
      }
      if (i_ < s_.size() && (s_[i_] == 'e' || s_[i_] == 'E')) {
        size_t save = i_++;
        if (i_ < s_.size() && (s_[i_] == '+' || s_[i_] == '-')) ++i_;
        if (digits(dec) == 0) {
          i_ = save;
          throw Refused{"syntax error: invalid decimal literal"};
        }
        is_float = true;
      }
      bool imaginary = i_ < s_.size() && (s_[i_] == 'j' || s_[i_] == 'J');
      if (imaginary) ++i_;
      if (!is_float && !imaginary) {
        // "leading zeros in decimal integer literals are not permitted"
        std::string_view lit = s_.substr(int_from, int_to - int_from);
        if (lit.size() > 1 && lit[0] == '0' && lit.find_first_not_of("0_") != std::string_view::npos)
          throw Refused{"syntax error: leading zeros in decimal integer literals are not permitted"};
        t.is_int = true;
        t.big_int = value_of(int_from, int_to, 10) >= kMaxIntConstant;
      }
    }
    // A letter right after a number: Python 3.11 lets a keyword through
    // (1if x else 2) and refuses anything else as an invalid literal.
    if (i_ < s_.size() && IdChar(s_[i_])) {
      size_t j = i_;
      while (j < s_.size() && IdChar(s_[j])) ++j;
      std::string_view w = s_.substr(i_, j - i_);
      bool allowed = false;
      for (std::string_view k : {"and", "else", "for", "if", "in", "is", "not", "or"}) allowed |= w == k;
      if (!allowed) throw Refused{"syntax error: invalid decimal literal"};
    }
    t.text = std::string(s_.substr(start, i_ - start));
    return t;
  }

  Token Op() {
    static constexpr std::array<std::string_view, 47> kOps = {
        "**=", "//=", ">>=", "<<=", "...", "!=", "%=", "&=", "**", "*=", "+=", "-=", "->", "//", "/=", ":=",
        "<<",  "<=",  "==",  ">=",  ">>",  "@=", "^=", "|=", "(",  ")",  "*",  "+",  ",",  "-",  ".",  "/",
        ":",   ";",   "<",   "=",   ">",   "@",  "[",  "]",  "^",  "{",  "|",  "}",  "~",  "%",  "&"};
    for (std::string_view op : kOps) {
      if (s_.compare(i_, op.size(), op) != 0) continue;
      i_ += op.size();
      if (op == "(" || op == "[" || op == "{") ++depth_;
      if ((op == ")" || op == "]" || op == "}") && depth_ > 0) --depth_;
      return {Tok::kOp, std::string(op)};
    }
    throw Refused{"syntax error: invalid character '" + std::string(1, s_[i_]) + "'"};
  }

  std::string_view s_;
  size_t i_ = 0;
  int depth_ = 0;
};

// The allowed subset of Python's expression grammar, with the sandbox's
// per-node checks made while parsing. Anything else refuses.
class Parser {
 public:
  explicit Parser(std::vector<Token> t) : t_(std::move(t)) {}

  void Run() {
    Expr();
    while (Peek().kind == Tok::kNewline) ++p_;
    if (Peek().kind != Tok::kEnd) Fail();
  }

 private:
  // What an expression is, as far as the checks on Attribute, Subscript and
  // Call need to know.
  struct Shape {
    std::string name;          // a bare Name's id
    std::string dotted;        // ast.unparse() of a Name or of math.isnan / math.isinf
    bool str_literal = false;  // a str Constant: the only index capture[...] takes
  };

  const Token& Peek(size_t ahead = 0) const { return t_[std::min(p_ + ahead, t_.size() - 1)]; }
  bool IsOp(std::string_view op, size_t ahead = 0) const {
    return Peek(ahead).kind == Tok::kOp && Peek(ahead).text == op;
  }
  bool IsWord(std::string_view w) const { return Peek().kind == Tok::kName && Peek().text == w; }
  [[noreturn]] void Fail() const {
    const Token& t = Peek();
    std::string at = t.kind == Tok::kEnd ? "the end" : t.kind == Tok::kNewline ? "a line break" : "'" + t.text + "'";
    throw Refused{"syntax error or a construct outside the sandbox at " + at};
  }
  void Expect(std::string_view op) {
    if (!IsOp(op)) Fail();
    ++p_;
  }

  Shape Expr() {
    if (IsWord("lambda")) throw Refused{"forbidden AST node: Lambda"};
    Shape s = OrTest();
    if (IsWord("if")) {
      ++p_;
      OrTest();
      if (!IsWord("else")) Fail();
      ++p_;
      Expr();
      return {};
    }
    return s;
  }
  Shape OrTest() {
    Shape s = AndTest();
    while (IsWord("or")) {
      ++p_;
      AndTest();
      s = {};
    }
    return s;
  }
  Shape AndTest() {
    Shape s = NotTest();
    while (IsWord("and")) {
      ++p_;
      NotTest();
      s = {};
    }
    return s;
  }
  Shape NotTest() {
    if (IsWord("not")) {
      ++p_;
      NotTest();
      return {};
    }
    return Comparison();
  }
  Shape Comparison() {
    Shape s = Arith();
    while (true) {
      if (IsWord("in") || IsWord("is") || (IsWord("not") && Peek(1).kind == Tok::kName && Peek(1).text == "in"))
        throw Refused{std::string("forbidden AST node: ") + (IsWord("is") ? "Is" : IsWord("in") ? "In" : "NotIn")};
      bool cmp = false;
      for (std::string_view op : {"==", "!=", "<", "<=", ">", ">="}) cmp |= IsOp(op);
      if (!cmp) return s;
      ++p_;
      Arith();
      s = {};
    }
  }
  Shape Arith() {
    Shape s = Term();
    while (IsOp("+") || IsOp("-")) {
      ++p_;
      Term();
      s = {};
    }
    return s;
  }
  Shape Term() {
    Shape s = Factor();
    while (true) {
      // * and % repeat or format strings into huge buffers: aorta has no Mult, Mod.
      if (IsOp("@")) throw Refused{"forbidden AST node: MatMult"};
      if (IsOp("*")) throw Refused{"forbidden AST node: Mult"};
      if (IsOp("%")) throw Refused{"forbidden AST node: Mod"};
      if (!(IsOp("/") || IsOp("//"))) return s;
      ++p_;
      Factor();
      s = {};
    }
  }
  Shape Factor() {
    if (IsOp("~")) throw Refused{"forbidden AST node: Invert"};
    if (IsOp("+") || IsOp("-")) {
      ++p_;
      Factor();
      return {};
    }
    Shape s = Primary();
    if (IsOp("**")) throw Refused{"forbidden AST node: Pow"};
    for (std::string_view op : {"<<", ">>", "&", "|", "^"})
      if (IsOp(op)) throw Refused{"forbidden AST node: BinOp " + std::string(op)};
    return s;
  }
  Shape Primary() {
    Shape s = Atom();
    while (true) {
      if (IsOp(".")) {
        ++p_;
        if (Peek().kind != Tok::kName || IsKeyword(Peek().text)) Fail();
        std::string attr = Peek().text;
        ++p_;
        if (s.name != "math" || (attr != "isnan" && attr != "isinf"))
          throw Refused{"forbidden attribute access: " + (s.dotted.empty() ? std::string("...") : s.dotted) + "." +
                        attr};
        s = {"", "math." + attr};
      } else if (IsOp("(")) {
        ++p_;
        Args();
        static constexpr std::array<std::string_view, 5> kCalls = {"float", "int", "len", "math.isnan", "math.isinf"};
        if (std::find(kCalls.begin(), kCalls.end(), s.dotted) == kCalls.end())
          throw Refused{"forbidden call: " + (s.dotted.empty() ? std::string("an expression") : s.dotted)};
        s = {};
      } else if (IsOp("[")) {
        ++p_;
        if (s.name != "capture") throw Refused{"subscript only allowed on capture[...]"};
        if (IsOp("]")) Fail();
        bool literal = Expr().str_literal;
        if (IsOp(":")) throw Refused{"forbidden AST node: Slice"};
        if (IsOp(",")) throw Refused{"forbidden AST node: Tuple"};
        Expect("]");
        if (!literal) throw Refused{"capture[...] index must be a string literal"};
        s = {};
      } else {
        return s;
      }
    }
  }
  void Args() {
    while (!IsOp(")")) {
      if (IsOp("*") || IsOp("**")) throw Refused{"forbidden AST node: Starred"};
      if (Peek().kind == Tok::kName && IsOp("=", 1)) throw Refused{"forbidden AST node: keyword"};
      Expr();
      if (IsWord("for") || IsWord("async")) throw Refused{"forbidden AST node: GeneratorExp"};
      if (IsOp(":=")) throw Refused{"forbidden AST node: NamedExpr"};
      if (IsOp(",")) {
        ++p_;
        continue;
      }
      if (!IsOp(")")) Fail();
    }
    ++p_;
  }
  Shape Atom() {
    const Token& t = Peek();
    if (t.kind == Tok::kNumber) {
      if (t.big_int)
        throw Refused{"integer constant magnitude " + t.text +
                      " >= 1000000000 (rejected to prevent resource exhaustion)"};
      ++p_;
      return {};
    }
    if (t.kind == Tok::kString) {
      bool bytes = t.bytes;
      while (Peek().kind == Tok::kString) {
        if (Peek().fstring) throw Refused{"forbidden AST node: JoinedStr"};
        if (Peek().bytes != bytes) throw Refused{"syntax error: cannot mix bytes and nonbytes literals"};
        ++p_;
      }
      return {"", "", !bytes};
    }
    if (t.kind == Tok::kName) {
      if (t.text == "True" || t.text == "False" || t.text == "None") {
        ++p_;
        return {};
      }
      if (t.text == "await") throw Refused{"forbidden AST node: Await"};
      if (t.text == "yield") throw Refused{"forbidden AST node: Yield"};
      if (IsKeyword(t.text)) Fail();
      static constexpr std::array<std::string_view, 8> kNames = {
          "capture", "exit_code", "walltime_sec", "peak_vram_mib", "math", "float", "int", "len"};
      if (std::find(kNames.begin(), kNames.end(), t.text) == kNames.end()) throw Refused{"forbidden name: " + t.text};
      ++p_;
      if (IsOp(":=")) throw Refused{"forbidden AST node: NamedExpr"};
      return {t.text, t.text};
    }
    if (IsOp("...")) {
      ++p_;
      return {};
    }
    if (IsOp("(")) {
      ++p_;
      if (IsOp(")")) throw Refused{"forbidden AST node: Tuple"};
      if (IsOp("*")) throw Refused{"forbidden AST node: Starred"};
      if (IsWord("yield")) throw Refused{"forbidden AST node: Yield"};
      Shape s = Expr();
      if (IsOp(",")) throw Refused{"forbidden AST node: Tuple"};
      if (IsWord("for") || IsWord("async")) throw Refused{"forbidden AST node: GeneratorExp"};
      if (IsOp(":=")) throw Refused{"forbidden AST node: NamedExpr"};
      Expect(")");
      return s;  // parentheses leave no node: (float)(x) is a call of float
    }
    if (IsOp("[")) throw Refused{"forbidden AST node: List"};
    if (IsOp("{")) throw Refused{"forbidden AST node: Dict or Set"};
    Fail();
  }

  std::vector<Token> t_;
  size_t p_ = 0;
};

size_t CodePoints(std::string_view s) {
  size_t n = 0;
  for (char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

}  // namespace

std::optional<std::string> SandboxConditionError(std::string_view expr) {
  std::string_view stripped = PyStrip(expr);
  if (stripped.empty()) return "condition: expression must be non-empty";
  if (size_t n = CodePoints(stripped); n > kMaxExprLen)
    return "condition: expression length " + std::to_string(n) + " exceeds the " + std::to_string(kMaxExprLen) +
           "-character cap";
  if (stripped.find('\0') != std::string_view::npos) return "condition: source code string cannot contain null bytes";
  try {
    Parser(Lexer(stripped).Run()).Run();
  } catch (const Refused& r) {
    return "condition: " + r.why;
  }
  return std::nullopt;
}

}  // namespace aortalint
