#include "python/regex.h"

#include <cctype>
#include <cstdint>
#include <map>
#include <mutex>
#include <regex>

#include <set>
#include <unordered_map>
#include <vector>
#include "base/regex_bounds.h"
#include "python/unicode_tables.h"

namespace aortalint {
namespace {

// Not modelled: the width of a look-behind that holds a backreference or a
// conditional group (their condition is only checked to name a group), the
// names \N{...} gives (Python looks them up in its Unicode database), and the
// Unicode properties of \w and friends. Python's own errors that std::regex
// would not raise (bad escapes, group names, inline flags and where they
// stand, look-behinds of no fixed width) are checked here; std::regex then
// compiles the rest, look-arounds as plain groups, and only its syntax
// errors count (its size limits are not Python's).

bool IsFlag(char c) { return std::string_view("aiLmsux").find(c) != std::string_view::npos; }

// How many characters a part of the pattern matches: at least lo, at most hi.
struct Width {
  uint64_t lo = 0, hi = 0;
};
enum class Around { kNone, kAhead, kBehind };  // a look-around group, and which way
// An open group: where it starts, its number (0: not capturing), and the widths of its branches.
struct Frame {
  size_t at;
  int group;
  Around around;
  bool known = true;  // no backreference or conditional inside: the widths are exact
  bool any_alt = false;
  Width alts;                 // the branches closed so far: the least and the most of them
  Width seq;                  // the branch being read, up to its last item
  std::optional<Width> last;  // its last item, which a repeat applies to
};

class Translator {
 public:
  explicit Translator(std::string_view p) : p_(p) {}

  std::optional<std::string> Run() {
    if (auto err = LeadingFlags()) return err;
    while (i_ < p_.size()) {
      if (auto err = Step()) return err;
    }
    if (!open_.empty()) return "missing ), unterminated subpattern at position " + std::to_string(open_.back().at);
    return std::nullopt;
  }
  const std::string& out() const { return out_; }
  bool icase() const { return icase_; }

 private:
  std::optional<std::string> LeadingFlags() {
    bool ascii = false, unicode = false;
    while (i_ + 2 < p_.size() && p_.compare(i_, 2, "(?") == 0) {
      size_t j = i_ + 2;
      while (j < p_.size() && IsFlag(p_[j])) ++j;
      if (j == i_ + 2 || j >= p_.size() || p_[j] != ')') break;
      if (auto err = FlagsError(i_ + 2, j)) return err;
      for (size_t k = i_ + 2; k < j; ++k) {
        if (p_[k] == 'i') icase_ = true;
        if (p_[k] == 'x') verbose_ = true;
        ascii |= p_[k] == 'a';
        unicode |= p_[k] == 'u';
      }
      i_ = j + 1;
    }
    if (ascii && unicode) return "ASCII and UNICODE flags are incompatible";
    return std::nullopt;
  }

  // sre_parse's checks of the flags in p_[begin, end): those turned on, then after `-` those turned
  // off (a scoped group, ended by `:`), as Python words them and places them.
  std::optional<std::string> FlagsError(size_t begin, size_t end) {
    auto at = [](size_t pos) { return " at position " + std::to_string(pos); };
    char type = 0;  // the a/u flag turned on
    std::string on, off;
    bool turning_off = false;
    for (size_t k = begin; k < end; ++k) {
      char f = p_[k];
      if (f == '-') {
        turning_off = true;
        if (k + 1 >= end || !IsFlag(p_[k + 1])) return "missing flag" + at(k + 1);
        continue;
      }
      if (f == 'L') return "bad inline flags: cannot use 'L' flag with a str pattern" + at(k + 1);
      if (turning_off) {
        if (f == 'a' || f == 'u') return "bad inline flags: cannot turn off flags 'a', 'u' and 'L'" + at(k + 1);
        off += f;
        continue;
      }
      if ((f == 'a' || f == 'u') && type && type != f)
        return "bad inline flags: flags 'a', 'u' and 'L' are incompatible" + at(k + 1);
      if (f == 'a' || f == 'u') type = f;
      on += f;
    }
    for (char f : off)
      if (on.find(f) != std::string::npos) return "bad inline flags: flag turned on and off" + at(end);
    return std::nullopt;
  }

  std::optional<std::string> Step() {
    char c = p_[i_];
    if (verbose_ && std::isspace(static_cast<unsigned char>(c))) {
      ++i_;
      return std::nullopt;
    }
    if (verbose_ && c == '#') {
      while (i_ < p_.size() && p_[i_] != '\n') ++i_;
      return std::nullopt;
    }
    // sre_parse refuses a repeat of a repeat ("multiple repeat"): a*+ and a*?
    // are one repeat with its suffix, a** or a*{2} or a?*? are two.
    bool after_repeat = after_repeat_;
    after_repeat_ = false;
    switch (c) {
      case '\\': {
        escape_width_ = Width{1, 1};
        if (auto err = Escape(false)) return err;
        escape_width_ ? Atom(*escape_width_) : Unknown();
        return std::nullopt;
      }
      case '[':
        if (auto err = Class()) return err;
        Atom({1, 1});
        return std::nullopt;
      case '(':
        return Group();
      case ')':
        if (open_.empty()) return "unbalanced parenthesis at position " + std::to_string(i_);
        if (open_.back().group) closed_.insert(open_.back().group);
        out_ += ')';
        ++i_;
        return Close();
      case '{':
        return Brace(after_repeat);
      case '}':
        out_ += "\\}";
        ++i_;
        Atom({1, 1});
        return std::nullopt;
      case '*':
      case '+':
      case '?':
        if (after_repeat) return "multiple repeat at position " + std::to_string(i_);
        out_ += c;
        ++i_;
        Repeat(c == '+' ? 1 : 0, c == '?' ? 1 : kUnbounded);
        Suffix();
        return std::nullopt;
      case '|':
        out_ += c;
        ++i_;
        Alternate();
        return std::nullopt;
      default:
        out_ += c;
        ++i_;
        Atom(c == '^' || c == '$' ? Width{0, 0} : Width{1, 1});
        return std::nullopt;
    }
  }

  // After a repeat: Python 3.11's possessive suffix (a*+, read as greedy) or
  // the lazy one (a*?). Either ends the repeat; another quantifier after it
  // is a second repeat.
  void Suffix() {
    if (i_ < p_.size() && p_[i_] == '+') {
      ++i_;
    } else if (i_ < p_.size() && p_[i_] == '?') {
      out_ += '?';
      ++i_;
    }
    after_repeat_ = true;
  }

  std::optional<std::string> Brace(bool after_repeat) {
    size_t j = i_ + 1;
    std::string lo, hi;
    while (j < p_.size() && std::isdigit(static_cast<unsigned char>(p_[j]))) lo += p_[j++];
    bool comma = j < p_.size() && p_[j] == ',';
    if (comma) {
      ++j;
      while (j < p_.size() && std::isdigit(static_cast<unsigned char>(p_[j]))) hi += p_[j++];
    }
    if (j < p_.size() && p_[j] == '}' && (!lo.empty() || (comma && !hi.empty()))) {
      if (after_repeat) return "multiple repeat at position " + std::to_string(i_);
      if (!lo.empty() && !hi.empty() && std::stoull(lo) > std::stoull(hi))
        return "min repeat greater than max repeat at position " + std::to_string(i_);
      out_ += "{" + (lo.empty() ? std::string("0") : lo) + (comma ? "," + hi : "") + "}";
      i_ = j + 1;
      auto count = [](const std::string& digits) {
        return digits.size() > 12 ? kUnbounded : std::stoull(digits);  // past MAXREPEAT: Python's own limit
      };
      uint64_t min = lo.empty() ? 0 : count(lo);
      Repeat(min, !comma ? min : hi.empty() ? kUnbounded : count(hi));
      Suffix();
      return std::nullopt;
    }
    out_ += "\\{";  // not a quantifier: Python reads a literal brace
    ++i_;
    Atom({1, 1});
    return std::nullopt;
  }

  std::optional<std::string> Escape(bool in_class) {
    size_t at = i_;
    if (i_ + 1 >= p_.size()) return std::string("bad escape (end of pattern) at position ") + std::to_string(at);
    char c = p_[i_ + 1];
    i_ += 2;
    auto hex = [&](size_t n) -> std::optional<std::string> {
      for (size_t k = 0; k < n; ++k)
        if (i_ + k >= p_.size() || !std::isxdigit(static_cast<unsigned char>(p_[i_ + k])))
          return "incomplete escape \\" + std::string(1, c) + " at position " + std::to_string(at);
      i_ += n;
      out_ += "\\x01";  // the character itself does not matter for compiling
      return std::nullopt;
    };
    if (std::isdigit(static_cast<unsigned char>(c))) {
      size_t j = i_ - 1;
      std::string digits;
      while (j < p_.size() && digits.size() < 3 && std::isdigit(static_cast<unsigned char>(p_[j]))) digits += p_[j++];
      bool octal = c == '0' || (digits.size() == 3 && digits.find_first_of("89") == std::string::npos);
      if (octal || in_class) {
        if (!octal && in_class) return "bad escape \\" + digits.substr(0, 1) + " at position " + std::to_string(at);
        size_t len = c == '0' ? std::min<size_t>(3, digits.size()) : 3;
        i_ = i_ - 1 + len;
        out_ += "\\x01";
        return std::nullopt;
      }
      std::string ref = digits.substr(0, 2);
      i_ = i_ - 1 + ref.size();
      int n = std::stoi(ref);
      if (n > groups_) return "invalid group reference " + ref + " at position " + std::to_string(at);
      if (!closed_.count(n)) return "cannot refer to an open group at position " + std::to_string(at);
      out_ += "\\" + ref;
      escape_width_.reset();  // as wide as what the group matched: not judged here
      return std::nullopt;
    }
    if (!std::isalpha(static_cast<unsigned char>(c)) || static_cast<unsigned char>(c) > 127) {
      if (static_cast<unsigned char>(c) > 127)
        out_ += c;
      else
        out_ += std::string("\\") + c;
      return std::nullopt;
    }
    switch (c) {
      case 'd':
      case 'D':
      case 's':
      case 'S':
      case 'w':
      case 'W':
      case 'f':
      case 'n':
      case 'r':
      case 't':
      case 'v':
        out_ += std::string("\\") + c;
        return std::nullopt;
      case 'a':
        out_ += "\\x07";
        return std::nullopt;
      case 'x':
        return hex(2);
      case 'u':
        return hex(4);
      case 'U':
        return hex(8);
      case 'N':
        if (i_ < p_.size() && p_[i_] == '{') {
          size_t close = p_.find('}', i_);
          if (close != std::string_view::npos && close > i_ + 1) {
            i_ = close + 1;
            out_ += "\\x01";
            return std::nullopt;
          }
        }
        return "missing {name} after \\N at position " + std::to_string(at);
      default:
        break;
    }
    if (in_class) {
      if (c == 'b') {
        out_ += "\\x08";
        return std::nullopt;
      }
    } else {
      switch (c) {
        case 'b':
        case 'B':
          out_ += std::string("\\") + c;
          escape_width_ = Width{0, 0};
          return std::nullopt;
        case 'A':
          out_ += '^';
          escape_width_ = Width{0, 0};
          return std::nullopt;
        case 'Z':
          out_ += '$';
          escape_width_ = Width{0, 0};
          return std::nullopt;
        default:
          break;
      }
    }
    return "bad escape \\" + std::string(1, c) + " at position " + std::to_string(at);
  }

  std::optional<std::string> Class() {
    size_t at = i_;
    out_ += '[';
    ++i_;
    if (i_ < p_.size() && p_[i_] == '^') {
      out_ += '^';
      ++i_;
    }
    bool first = true;
    while (i_ < p_.size()) {
      char c = p_[i_];
      if (c == ']' && !first) {
        out_ += ']';
        ++i_;
        return std::nullopt;
      }
      first = false;
      if (c == '\\') {
        if (auto err = Escape(true)) return err;
        continue;
      }
      if (c == ']' || c == '[')
        out_ += std::string("\\") + c;
      else
        out_ += c;
      ++i_;
    }
    return "unterminated character set at position " + std::to_string(at);
  }

  std::optional<std::string> GroupName(char end, std::string& name) {
    size_t close = p_.find(end, i_);
    if (close == std::string_view::npos) return "missing " + std::string(1, end) + ", unterminated name";
    name = std::string(p_.substr(i_, close - i_));
    if (name.empty()) return "missing group name at position " + std::to_string(i_);
    // str.isidentifier() by Python's own tables: `(?P<é>x)` names a group, `(?P<1a>x)` does not.
    if (!PyIsIdentifier(name)) return "bad character in group name '" + name + "'";
    i_ = close + 1;
    return std::nullopt;
  }

  std::optional<std::string> Group() {
    size_t at = i_;
    if (p_.compare(i_, 2, "(?") != 0) {
      Open(true);
      ++i_;
      return std::nullopt;
    }
    i_ += 2;
    if (i_ >= p_.size()) return "unexpected end of pattern at position " + std::to_string(at);
    char c = p_[i_];
    auto rest = p_.substr(i_);
    // A look-around is compiled as a plain group: its body is checked the same, and Python repeats
    // one (`(?=a)*`), where std::regex refuses it.
    if (c == ':' || c == '=' || c == '!') {
      out_ += "(?:";
      ++i_;
      Open(false, c == ':' ? Around::kNone : Around::kAhead);
      return std::nullopt;
    }
    if (rest.starts_with("<=") || rest.starts_with("<!")) {
      out_ += "(?:";
      i_ += 2;
      Open(false, Around::kBehind);
      return std::nullopt;
    }
    if (c == '>') {
      out_ += "(?:";
      ++i_;
      Open(false);
      return std::nullopt;
    }
    if (c == '#') {
      size_t close = p_.find(')', i_);
      if (close == std::string_view::npos) return "missing ), unterminated comment at position " + std::to_string(at);
      i_ = close + 1;
      return std::nullopt;
    }
    if (rest.starts_with("P<")) {
      i_ += 2;
      std::string name;
      if (auto err = GroupName('>', name)) return err;
      if (names_.count(name)) return "redefinition of group name '" + name + "' at position " + std::to_string(at);
      Open(true);
      names_[name] = groups_;
      return std::nullopt;
    }
    if (rest.starts_with("P=")) {
      i_ += 2;
      std::string name;
      if (auto err = GroupName(')', name)) return err;
      auto it = names_.find(name);
      if (it == names_.end()) return "unknown group name '" + name + "' at position " + std::to_string(at);
      if (!closed_.count(it->second)) return "cannot refer to an open group at position " + std::to_string(at);
      out_ += "\\" + std::to_string(it->second);
      Unknown();
      return std::nullopt;
    }
    if (c == '(') {  // a conditional: (?(1)yes|no) or (?(name)yes|no)
      size_t close = p_.find(')', i_);
      if (close == std::string_view::npos) return "missing ), unterminated name at position " + std::to_string(at);
      std::string ref(p_.substr(i_ + 1, close - i_ - 1));
      i_ = close + 1;
      bool numeric = !ref.empty() && ref.size() < 9 && ref.find_first_not_of("0123456789") == std::string::npos;
      if (numeric ? std::stoi(ref) > groups_ : !names_.count(ref))
        return "invalid group reference '" + ref + "' at position " + std::to_string(at);
      out_ += "(?:";
      Open(false);
      open_.back().known = false;  // its width is one branch's or the other's
      return std::nullopt;
    }
    if (IsFlag(c) || c == '-') {
      size_t j = i_;
      while (j < p_.size() && (IsFlag(p_[j]) || p_[j] == '-')) ++j;
      if (j < p_.size() && p_[j] == ':') {
        if (auto err = FlagsError(i_, j)) return err;
        out_ += "(?:";
        i_ = j + 1;
        Open(false);
        return std::nullopt;
      }
      if (j < p_.size() && p_[j] == ')')
        return "global flags not at the start of the expression at position " + std::to_string(at);
      return "missing -, : or ) at position " + std::to_string(j);
    }
    return "unknown extension ?" + std::string(1, c) + " at position " + std::to_string(at);
  }

  void Open(bool capturing, Around around = Around::kNone) {
    if (capturing) {
      ++groups_;
      out_ += '(';
    }
    Commit();
    open_.push_back({i_, capturing ? groups_ : 0, around});
  }

  // ---- widths, for Python's "look-behind requires fixed-width pattern"

  static constexpr uint64_t kUnbounded = UINT64_MAX;
  static uint64_t Sum(uint64_t a, uint64_t b) { return a > kUnbounded - b ? kUnbounded : a + b; }
  static uint64_t Product(uint64_t a, uint64_t n) {
    if (a == 0 || n == 0) return 0;
    return a > kUnbounded / n ? kUnbounded : a * n;
  }
  Frame& Top() { return open_.empty() ? root_ : open_.back(); }
  void Commit() {
    Frame& f = Top();
    if (f.last) f.seq = {Sum(f.seq.lo, f.last->lo), Sum(f.seq.hi, f.last->hi)};
    f.last.reset();
  }
  void Atom(Width w) {
    Commit();
    Top().last = w;
  }
  void Unknown() {
    Atom({0, 0});
    Top().known = false;
  }
  void Repeat(uint64_t min, uint64_t max) {
    if (std::optional<Width>& last = Top().last) last = Width{Product(last->lo, min), Product(last->hi, max)};
  }
  void Alternate() {
    Commit();
    Frame& f = Top();
    f.alts = f.any_alt ? Width{std::min(f.alts.lo, f.seq.lo), std::max(f.alts.hi, f.seq.hi)} : f.seq;
    f.any_alt = true;
    f.seq = {};
  }
  std::optional<std::string> Close() {
    Alternate();
    Frame f = open_.back();
    open_.pop_back();
    if (f.around == Around::kBehind && f.known && f.alts.lo != f.alts.hi)
      return "look-behind requires fixed-width pattern";
    Atom(f.around == Around::kNone ? f.alts : Width{0, 0});
    Top().known = Top().known && f.known;
    return std::nullopt;
  }

  std::string_view p_;
  size_t i_ = 0;
  std::string out_;
  int groups_ = 0;
  std::set<int> closed_;
  std::vector<Frame> open_;  // the groups open, innermost last
  Frame root_{0, 0, Around::kNone};
  std::optional<Width> escape_width_;  // the last escape's, outside a class; nullopt: not known
  std::map<std::string, int> names_;
  bool icase_ = false;
  bool verbose_ = false;
  bool after_repeat_ = false;
};

}  // namespace

namespace {

std::optional<std::string> Check(std::string_view pattern) {
  // CPython's re parser recurses twice per nested group and fails with
  // RecursionError at about 496 levels (3.11, from a shallow caller).
  if (size_t depth = RegexGroupDepth(pattern); depth > 400)
    return "groups nested " + std::to_string(depth) +
           " deep: Python's re compiler recurses per group and fails with RecursionError (maximum recursion depth "
           "exceeded) at about 500 levels";
  Translator t(pattern);
  if (auto err = t.Run()) return err;
  // Past std::regex's safe bounds only the translator's own checks apply.
  if (!SafeForStdRegex(t.out())) return std::nullopt;
  try {
    auto flags = std::regex::ECMAScript;
    if (t.icase()) flags |= std::regex::icase;
    std::regex compiled(t.out(), flags);
  } catch (const std::regex_error& e) {
    // The NFA's size limits (`.{0,100000}`) are libstdc++'s, not Python's.
    if (e.code() == std::regex_constants::error_space || e.code() == std::regex_constants::error_complexity ||
        e.code() == std::regex_constants::error_stack)
      return std::nullopt;
    return std::string(e.what());
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> PythonRegexError(std::string_view pattern) {
  // A repository's recipes share a handful of patterns; compiling a std::regex
  // costs more than parsing the recipe, so each pattern is judged once.
  static std::mutex mutex;
  static std::unordered_map<std::string, std::optional<std::string>> verdicts;
  std::string key(pattern);
  {
    std::lock_guard lock(mutex);
    if (auto it = verdicts.find(key); it != verdicts.end()) return it->second;
  }
  std::optional<std::string> verdict = Check(pattern);
  std::lock_guard lock(mutex);
  if (verdicts.size() < 4096) verdicts.emplace(std::move(key), verdict);
  return verdict;
}

}  // namespace aortalint
