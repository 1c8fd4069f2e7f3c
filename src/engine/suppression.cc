#include "engine/suppression.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <map>

#include <fmt/format.h>

#include "base/edit_distance.h"
#include "base/strings.h"
#include "engine/rule.h"
#include "engine/selection.h"

namespace aortalint {
namespace {

constexpr std::array<std::string_view, 11> kFamilies = {"ATT", "CNF", "COL", "HIP", "MET", "SAN",
                                                        "PAY", "RCP", "SUP", "SYN", "VER"};

struct Comment {
  Span span;              // from `#` to the end of the line
  uint32_t line = 0;      // 1-based
  bool own_line = false;  // only whitespace before it
};

bool IsSpace(char c) { return c == ' ' || c == '\t'; }

// YAML comments: a `#` at the start of a line or after whitespace, outside
// quoted scalars (which may span lines) and outside block scalars (`|`, `>`).
std::vector<Comment> YamlComments(std::string_view text) {
  std::vector<Comment> out;
  char quote = 0;         // the open flow quote, across lines
  int block_parent = -1;  // indentation of the line that opened a block scalar
  uint32_t line = 0;
  for (size_t start = 0; start < text.size();) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    ++line;
    std::string_view row = text.substr(start, end - start);
    if (!row.empty() && row.back() == '\r') row.remove_suffix(1);
    size_t indent = 0;
    while (indent < row.size() && row[indent] == ' ') ++indent;
    bool blank = row.find_first_not_of(" \t") == std::string_view::npos;
    if (block_parent >= 0 && !quote && (blank || static_cast<int>(indent) > block_parent)) {
      start = end + 1;
      continue;
    }
    block_parent = -1;
    size_t content_end = row.size();
    char prev = 0;  // last non-space character before the cursor on this line
    for (size_t j = quote ? 0 : indent; j < row.size(); ++j) {
      char c = row[j];
      if (quote == '"') {
        if (c == '\\')
          ++j;
        else if (c == '"')
          quote = 0;
        continue;
      }
      if (quote == '\'') {
        if (c == '\'' && j + 1 < row.size() && row[j + 1] == '\'')
          ++j;
        else if (c == '\'')
          quote = 0;
        continue;
      }
      if (c == '#' && (j == 0 || IsSpace(row[j - 1]))) {
        out.push_back(
            {{static_cast<uint32_t>(start + j), static_cast<uint32_t>(start + row.size())}, line, j == indent});
        content_end = j;
        break;
      }
      if ((c == '"' || c == '\'') &&
          (prev == 0 || std::string_view("[{,").find(row[j - 1]) != std::string_view::npos ||
           (IsSpace(row[j - 1]) && std::string_view(":-[{,?").find(prev) != std::string_view::npos))) {
        quote = c;
        continue;
      }
      if (!IsSpace(c)) prev = c;
    }
    if (!quote) {
      // A block scalar header ends the content: `key: |`, `- >-`, `key: |2+`.
      std::string_view content = row.substr(0, content_end);
      while (!content.empty() && IsSpace(content.back())) content.remove_suffix(1);
      size_t token = content.find_last_of(" \t");
      std::string_view last = content.substr(token == std::string_view::npos ? 0 : token + 1);
      if (!last.empty() && (last[0] == '|' || last[0] == '>') &&
          last.find_first_not_of("|>+-0123456789", 1) == std::string_view::npos && token != std::string_view::npos)
        block_parent = static_cast<int>(indent);
    }
    start = end + 1;
  }
  return out;
}

// Python comments: `#` outside string literals (single, triple, any prefix;
// a backslash always escapes the next character for tokenising). The bytes
// between those that matter are skipped through a table: this runs over every
// payload that mentions `noqa`.
std::vector<Comment> PythonComments(std::string_view text) {
  static constexpr std::array<bool, 256> kCode = [] {
    std::array<bool, 256> t{};
    for (unsigned char c : {'\n', '#', '"', '\''}) t[c] = true;
    return t;
  }();
  static constexpr std::array<bool, 256> kInString = [] {
    std::array<bool, 256> t{};
    for (unsigned char c : {'\n', '\\', '"', '\''}) t[c] = true;
    return t;
  }();
  auto skip = [&](size_t i, const std::array<bool, 256>& stop) {
    while (i < text.size() && !stop[static_cast<unsigned char>(text[i])]) ++i;
    return i;
  };
  std::vector<Comment> out;
  uint32_t line = 1;
  size_t line_start = 0;
  for (size_t i = skip(0, kCode); i < text.size(); i = skip(i + 1, kCode)) {
    char c = text[i];
    if (c == '\n') {
      ++line;
      line_start = i + 1;
    } else if (c == '#') {
      size_t end = text.find('\n', i);
      if (end == std::string_view::npos) end = text.size();
      size_t stop = end > i && text[end - 1] == '\r' ? end - 1 : end;
      bool own = text.substr(line_start, i - line_start).find_first_not_of(" \t") == std::string_view::npos;
      out.push_back({{static_cast<uint32_t>(i), static_cast<uint32_t>(stop)}, line, own});
      i = end - 1;
    } else {
      bool triple = text.substr(i, 3) == std::string(3, c);
      size_t j = skip(i + (triple ? 3 : 1), kInString);
      for (; j < text.size(); j = skip(j + 1, kInString)) {
        if (text[j] == '\\') {
          if (j + 1 < text.size() && text[j + 1] == '\n') ++line, line_start = j + 2;
          ++j;
        } else if (text[j] == '\n') {
          if (!triple) break;  // an unterminated string ends at the line break
          ++line;
          line_start = j + 1;
        } else if (text[j] == c && (!triple || text.substr(j, 3) == std::string(3, c))) {
          j += triple ? 2 : 0;
          break;
        }
      }
      i = j < text.size() && text[j] == '\n' ? j - 1 : j;
    }
  }
  return out;
}

// C and C++ (HIP payloads): `//` comments outside string and character
// literals; the directive is the comment's text after the slashes.
std::vector<Comment> CppComments(std::string_view text) {
  std::vector<Comment> out;
  uint32_t line = 1;
  size_t line_start = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\n') {
      ++line;
      line_start = i + 1;
    } else if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
      size_t end = text.find('\n', i);
      if (end == std::string_view::npos) end = text.size();
      size_t stop = end > i && text[end - 1] == '\r' ? end - 1 : end;
      bool own = text.substr(line_start, i - line_start).find_first_not_of(" \t") == std::string_view::npos;
      out.push_back({{static_cast<uint32_t>(i), static_cast<uint32_t>(stop)}, line, own});
      i = end - 1;
    } else if (c == '/' && i + 1 < text.size() && text[i + 1] == '*') {
      size_t end = text.find("*/", i + 2);
      end = end == std::string_view::npos ? text.size() : end + 2;
      for (size_t j = i; j < end; ++j)
        if (text[j] == '\n') ++line, line_start = j + 1;
      i = end - 1;
    } else if (c == '"' || c == '\'') {
      size_t j = i + 1;
      for (; j < text.size() && text[j] != c && text[j] != '\n'; ++j)
        if (text[j] == '\\') ++j;
      i = j < text.size() && text[j] == '\n' ? j - 1 : j;
    }
  }
  return out;
}

bool IsCodeToken(std::string_view token) {
  size_t letters = 0;
  while (letters < token.size() && std::isupper(static_cast<unsigned char>(token[letters]))) ++letters;
  return letters > 0 && letters < token.size() && std::all_of(token.begin() + letters, token.end(), [](char c) {
           return std::isdigit(static_cast<unsigned char>(c));
         });
}

// Splits `text[list]` into codes at commas and whitespace; for noqa, stops at
// the first word that is not a code (the rest is prose).
std::vector<SuppressionCode> ParseCodes(std::string_view text, Span& list, bool noqa) {
  std::vector<SuppressionCode> codes;
  size_t i = list.begin;
  uint32_t last_end = list.begin;
  while (i < list.end) {
    while (i < list.end && (text[i] == ',' || IsSpace(text[i]))) ++i;
    size_t j = i;
    while (j < list.end && text[j] != ',' && !IsSpace(text[j])) ++j;
    if (j == i) break;
    std::string token(text.substr(i, j - i));
    std::string upper = NormalizeSelector(token);  // IDs are case-insensitive, as on the command line
    if (noqa && !IsCodeToken(upper)) break;
    // In noqa, a code of one of our families is ours even when misnumbered (PAY0001: SUP002).
    bool ours = !noqa || std::find(kFamilies.begin(), kFamilies.end(), upper.substr(0, 3)) != kFamilies.end();
    codes.push_back({ours ? upper : token, {static_cast<uint32_t>(i), static_cast<uint32_t>(j)}, ours});
    last_end = static_cast<uint32_t>(j);
    i = j;
  }
  if (noqa) list.end = last_end;
  return codes;
}

std::string JoinIds(const std::vector<const SuppressionCode*>& codes) {
  return JoinWith(codes, ", ", [](const SuppressionCode* c) { return c->id; });
}

// Whether `text` holds `noqa` in any case, looked for from each `q` and `Q`
// with memchr: most payloads hold no directive, and are read to the end.
bool HoldsNoqa(std::string_view text) {
  for (char q : {'q', 'Q'})
    for (size_t at = text.find(q, 2); at != std::string_view::npos; at = text.find(q, at + 1))
      if (StartsWithNoCase(text.substr(at - 2), "noqa")) return true;
  return false;
}

// The IDs of ours written in `words` (`ignore COL001, pay002`), upper-cased.
std::vector<std::string> OurCodesIn(std::string_view words) {
  std::vector<std::string> ids;
  std::string word;
  for (size_t i = 0; i <= words.size(); ++i) {
    char c = i < words.size() ? words[i] : ' ';
    if (std::isalnum(static_cast<unsigned char>(c))) {
      word += c;
      continue;
    }
    if (IsOurCode(NormalizeSelector(word))) ids.push_back(NormalizeSelector(word));
    word.clear();
  }
  return ids;
}

// The directive that says what an ineffective comment means: `# aortalint: ignore[COL001]`.
std::string IgnoreDirective(bool cpp, bool file_wide, const std::vector<std::string>& ids) {
  return fmt::format("{} aortalint: {}[{}]", cpp ? "//" : "#", file_wide ? "ignore-file" : "ignore",
                     ids.empty() ? "ID" : Join(ids, ","));
}

}  // namespace

bool IsOurCode(std::string_view id) {
  return id.size() == 6 && std::find(kFamilies.begin(), kFamilies.end(), id.substr(0, 3)) != kFamilies.end() &&
         std::all_of(id.begin() + 3, id.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

bool IsCodePrefix(std::string_view prefix) {
  if (prefix.empty() || prefix.size() >= 6) return false;
  std::string_view family = prefix.substr(0, std::min<size_t>(3, prefix.size()));
  bool known = std::any_of(kFamilies.begin(), kFamilies.end(),
                           [&](std::string_view f) { return f.substr(0, family.size()) == family; });
  return known && (prefix.size() <= 3 || IsOurCode(std::string(prefix) + std::string(6 - prefix.size(), '0')));
}

std::vector<Suppression> FindSuppressions(const SourceFile& file) {
  std::string_view text = file.text();
  const std::string& path = file.path();
  bool python = path.size() >= 3 && path.compare(path.size() - 3, 3, ".py") == 0;
  bool cpp = false;  // HIP/C++ payloads
  for (std::string_view ext : {".hip", ".cu", ".cpp", ".cc", ".cxx", ".h", ".hpp"})
    cpp |= path.size() > ext.size() && std::string_view(path).ends_with(ext);
  // Every directive holds `aortalint` (or, in Python, `noqa` in any case): a file with neither has
  // none, and its comments need not be found (a whole-file tokenisation per unit otherwise).
  if (text.find("aortalint") == std::string_view::npos && !HoldsNoqa(text)) return {};
  std::vector<Comment> comments = python ? PythonComments(text) : cpp ? CppComments(text) : YamlComments(text);

  // The leading comment block ends at the first line holding anything else.
  uint32_t first_code_line = file.line_count() + 1;
  {
    size_t k = 0;
    for (uint32_t line = 1; line <= file.line_count(); ++line) {
      std::string_view row = file.LineText(line);
      if (row.find_first_not_of(" \t\r") == std::string_view::npos) continue;
      while (k < comments.size() && comments[k].line < line) ++k;
      if (k < comments.size() && comments[k].line == line && comments[k].own_line) continue;
      first_code_line = line;
      break;
    }
  }

  std::vector<Suppression> out;
  for (const Comment& comment : comments) {
    // Segments: `# a  # b` holds two directives; each runs to the next `#`.
    std::vector<uint32_t> starts;
    if (cpp) starts.push_back(comment.span.begin);  // `// aortalint: ignore[...]`: one directive
    for (uint32_t i = comment.span.begin; !cpp && i < comment.span.end; ++i)
      if (text[i] == '#' && (i == comment.span.begin || IsSpace(text[i - 1]))) starts.push_back(i);
    for (size_t s = 0; s < starts.size(); ++s) {
      uint32_t begin = starts[s];
      uint32_t end = s + 1 < starts.size() ? starts[s + 1] : comment.span.end;
      while (end > begin && IsSpace(text[end - 1])) --end;
      size_t i = begin + (cpp ? 2 : 1);
      while (i < end && IsSpace(text[i])) ++i;
      std::string_view body = text.substr(i, end - i);
      Suppression sup;
      sup.line = comment.line;
      sup.directive = {begin, end};
      if (body.rfind("aortalint:", 0) == 0) {
        size_t k = i + 10;
        while (k < end && IsSpace(text[k])) ++k;
        std::string_view rest = text.substr(k, end - k);
        size_t open = rest.rfind("ignore-file[", 0) == 0 ? 12 : rest.rfind("ignore[", 0) == 0 ? 7 : 0;
        size_t close = rest.find(']');
        if (open == 0 || close == std::string_view::npos) {
          // `aortalint: ignore`, `ignore COL001`, `disable[...]`: meant for aortalint, read by nothing.
          sup.kind = Suppression::Kind::kIneffective;
          sup.instead = IgnoreDirective(cpp, rest.rfind("ignore-file", 0) == 0, OurCodesIn(rest));
        } else {
          sup.kind = open == 12 ? Suppression::Kind::kFile : Suppression::Kind::kLine;
          sup.list = {static_cast<uint32_t>(k + open), static_cast<uint32_t>(k + close)};
          sup.codes = ParseCodes(text, sup.list, false);
          sup.misplaced = sup.kind == Suppression::Kind::kFile && comment.line >= first_code_line;
        }
      } else if (!python && StartsWithNoCase(body, "noqa:")) {
        // Python's noqa in YAML or C++: aortalint reads it in payloads only.
        std::vector<std::string> ids = OurCodesIn(body.substr(5));
        if (ids.empty()) continue;  // another tool's
        sup.kind = Suppression::Kind::kIneffective;
        sup.instead = IgnoreDirective(cpp, false, ids);
      } else if (python && StartsWithNoCase(body, "noqa") && (body.size() == 4 || IsSpace(body[4]))) {
        sup.kind = Suppression::Kind::kBareNoqa;
      } else if (python && StartsWithNoCase(body, "noqa") && body.size() > 4 && body[4] == ':') {
        size_t k = i + 5;
        while (k < end && IsSpace(text[k])) ++k;
        sup.kind = Suppression::Kind::kNoqa;
        sup.list = {static_cast<uint32_t>(k), end};
        sup.codes = ParseCodes(text, sup.list, true);
        if (std::none_of(sup.codes.begin(), sup.codes.end(), [](const SuppressionCode& c) { return c.ours; }))
          continue;  // another tool's noqa
      } else {
        continue;
      }
      // Removing the directive: the whole line when it is all there is; the
      // segment and the spaces before it when it trails; up to the next segment when it leads.
      if (starts.size() == 1 && comment.own_line) {
        uint32_t line_start = file.LineStart(comment.line);
        uint32_t next =
            comment.line < file.line_count() ? file.LineStart(comment.line + 1) : static_cast<uint32_t>(text.size());
        sup.removal = {line_start, next};
      } else if (s == 0 && starts.size() > 1) {
        sup.removal = {begin, starts[1]};
      } else {
        uint32_t from = begin;
        while (from > 0 && IsSpace(text[from - 1])) --from;
        sup.removal = {from, end};
      }
      out.push_back(std::move(sup));
    }
  }
  return out;
}

namespace {

// SUP003: a comment meant for aortalint that it does not read. A bare `# noqa` is
// said only where it was meant for one of aortalint's findings: on their line.
template <typename Report>
void ReportIneffective(const Suppression& s, const SourcePtr& file, const std::vector<Diagnostic>& reported,
                       Report& report) {
  const RuleMeta* sup003 = FindRule("SUP003");
  std::string written(file->Slice(s.directive));
  if (s.kind == Suppression::Kind::kIneffective) {
    report(sup003, file, s.directive,
           fmt::format("'{}' is not a suppression aortalint reads: it silences nothing", written),
           fmt::format("write '{}'{}", s.instead,
                       s.instead.find("[ID]") != std::string::npos ? ", naming the rules it silences" : ""));
    return;
  }
  std::vector<std::string> ids;
  for (const Diagnostic& d : reported)
    if (d.where.path() == file->path() && d.where.start().line == s.line && d.rule.rfind("SUP", 0) != 0 &&
        std::find(ids.begin(), ids.end(), d.rule) == ids.end())
      ids.push_back(d.rule);
  if (ids.empty()) return;
  report(sup003, file, s.directive,
         fmt::format("'{}' without codes does not silence aortalint: {} is still reported on this line", written,
                     Join(ids, ", ")),
         fmt::format("name the rules: '# noqa: {}' (other tools' codes can stand beside them)", Join(ids, ", ")));
}

}  // namespace

std::vector<Diagnostic> ApplySuppressions(std::vector<Diagnostic> diagnostics, std::span<const SourcePtr> files,
                                          const SuppressionSettings& settings) {
  struct FileSuppressions {
    SourcePtr file;
    bool own = false;  // one of `files`: its suppressions are judged here
    std::vector<Suppression> list;
    std::vector<std::vector<bool>> used;  // per suppression, per code
  };
  std::map<std::string, FileSuppressions> by_path;
  auto add = [&](const SourcePtr& file, bool own) {
    if (!file) return;
    auto [it, fresh] = by_path.try_emplace(file->path());
    it->second.own |= own;
    if (!fresh) return;
    it->second.file = file;
    it->second.list = FindSuppressions(*file);
    for (const Suppression& s : it->second.list) it->second.used.emplace_back(s.codes.size(), false);
  };
  for (const SourcePtr& file : files) add(file, true);
  // A finding may land in a file another unit owns (a payload paired twice):
  // its suppressions apply, and that unit judges them.
  for (const Diagnostic& d : diagnostics) add(d.where.file, false);

  // True when a suppression in the diagnostic's file covers it; marks what matched.
  auto covered = [&](const Diagnostic& d, bool mark) {
    auto it = by_path.find(d.where.path());
    if (it == by_path.end()) return false;
    FileSuppressions& fs = it->second;
    uint32_t line = d.where.start().line;
    bool hit = false;
    for (size_t i = 0; i < fs.list.size(); ++i) {
      const Suppression& s = fs.list[i];
      bool applies = s.kind == Suppression::Kind::kFile   ? !s.misplaced
                     : s.kind == Suppression::Kind::kNoqa ? s.line == line
                                                          : s.line == line || s.line + 1 == line;
      if (!applies) continue;
      for (size_t k = 0; k < s.codes.size(); ++k)
        if (s.codes[k].ours && s.codes[k].id == d.rule) {
          hit = true;
          if (mark) fs.used[i][k] = true;
        }
    }
    return hit;
  };

  std::vector<Diagnostic> out;
  if (settings.allowed) {
    for (Diagnostic& d : diagnostics)
      if (!covered(d, true)) out.push_back(std::move(d));
  } else {
    out = std::move(diagnostics);
  }

  auto enabled = [&](std::string_view id) { return !settings.selection || settings.selection->Enabled(id); };
  const RuleMeta* sup001 = FindRule("SUP001");
  const RuleMeta* sup002 = FindRule("SUP002");
  const RuleMeta* sup003 = FindRule("SUP003");
  std::vector<Diagnostic> own;
  auto report = [&](const RuleMeta* meta, const SourcePtr& file, Span span, std::string message,
                    std::string help) -> Diagnostic& {
    Diagnostic d;
    d.rule = meta ? std::string(meta->id) : "";
    d.severity = meta ? meta->severity : Severity::kWarning;
    d.where = {file, span};
    d.message = std::move(message);
    d.help = std::move(help);
    own.push_back(std::move(d));
    return own.back();
  };
  std::vector<std::string> ids;  // every rule's ID, for a suggestion: listed when one is needed

  for (auto& [path, fs] : by_path) {
    if (!fs.own) continue;
    for (size_t i = 0; i < fs.list.size(); ++i) {
      const Suppression& s = fs.list[i];
      if (s.kind == Suppression::Kind::kIneffective || s.kind == Suppression::Kind::kBareNoqa) {
        if (sup003 && enabled("SUP003")) ReportIneffective(s, fs.file, out, report);
        continue;
      }
      if (sup002 && enabled("SUP002"))
        for (const SuppressionCode& c : s.codes) {
          if (!c.ours || FindRule(c.id)) continue;
          if (ids.empty())
            for (const RuleMeta* m : AllRuleMetas()) ids.emplace_back(m->id);
          std::optional<std::string> near = Suggest(c.id, ids);
          Diagnostic& d = report(sup002, fs.file, c.span, fmt::format("unknown rule '{}' in suppression", c.id),
                                 near ? "did you mean '" + *near + "'?" : "remove it");
          if (near) d.fix = Fix{"replace with " + *near, Applicability::kUnsafe, {{path, c.span, *near}}};
        }
      if (!sup001 || !enabled("SUP001")) continue;
      if (!settings.allowed) {
        std::string where = settings.config_path.empty() ? "the config" : settings.config_path;
        report(sup001, fs.file, s.directive,
               fmt::format("inline suppressions are disallowed ('allow-suppressions: false' in {})", where),
               "fix the finding instead");
        continue;
      }
      if (s.misplaced) {
        report(sup001, fs.file, s.directive, "'ignore-file' only works in the file's leading comment block",
               "move it to the top of the file");
        continue;
      }
      // Unused: a known, enabled, non-SUP code that matched nothing.
      std::vector<const SuppressionCode*> unused;
      bool keeps_any = false;
      for (size_t k = 0; k < s.codes.size(); ++k) {
        const SuppressionCode& c = s.codes[k];
        bool judged = c.ours && FindRule(c.id) && c.id.rfind("SUP", 0) != 0 && enabled(c.id);
        if (judged && !fs.used[i][k])
          unused.push_back(&c);
        else
          keeps_any = true;
      }
      if (unused.empty()) continue;
      std::string list = JoinIds(unused);
      const char* scope = s.kind == Suppression::Kind::kFile ? "in this file" : "here";
      Span span = keeps_any ? Span{unused.front()->span.begin, unused.back()->span.end} : s.directive;
      Diagnostic& d =
          report(sup001, fs.file, span, fmt::format("unused suppression: {} reported nothing {}", list, scope),
                 unused.size() == 1 && keeps_any ? "remove it from the list" : "remove it");
      if (keeps_any) {
        std::string rest;
        for (const SuppressionCode& c : s.codes)
          if (std::find(unused.begin(), unused.end(), &c) == unused.end()) rest += (rest.empty() ? "" : ", ") + c.id;
        d.fix = Fix{"remove " + list + " from the suppression", Applicability::kSafe, {{path, s.list, rest}}};
      } else {
        d.fix = Fix{"remove the unused suppression", Applicability::kSafe, {{path, s.removal, ""}}};
      }
    }
  }

  // The SUP rules can themselves be silenced by a suppression naming them.
  for (Diagnostic& d : own)
    if (!settings.allowed || !covered(d, false)) out.push_back(std::move(d));
  return out;
}

}  // namespace aortalint
