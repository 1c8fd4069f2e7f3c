#include "engine/fix_guard.h"

#include <memory>
#include <vector>

#include <fmt/format.h>

#include "base/source_file.h"
#include "load/python_parser.h"
#include "load/yaml_loader.h"

namespace aortalint {

std::optional<std::string> PythonIndentationError(std::string_view text) {
  std::vector<size_t> stack = {0};
  int depth = 0;               // open brackets
  char quote = 0;              // inside a string: its quote character
  bool triple = false;         // ... and whether it is triple-quoted
  bool continued = false;      // the previous physical line ended with `\`
  bool expect_indent = false;  // the last logical line ended with ':'
  char last = 0;               // last significant character of the logical line
  size_t line = 1;
  size_t i = 0;
  while (i <= text.size()) {
    // At the start of a physical line.
    bool logical_start = depth == 0 && quote == 0 && !continued;
    continued = false;
    size_t col = 0, j = i;
    for (; j < text.size(); ++j) {
      char c = text[j];
      if (c == ' ')
        ++col;
      else if (c == '\t')
        col = (col / 8 + 1) * 8;
      else if (c == '\f')
        col = 0;
      else
        break;
    }
    bool blank = j >= text.size() || text[j] == '\n' || text[j] == '\r' || text[j] == '#';
    if (logical_start && !blank) {
      if (col > stack.back()) {
        if (!expect_indent) return fmt::format("line {}: unexpected indent", line);
        stack.push_back(col);
      } else {
        if (expect_indent) return fmt::format("line {}: expected an indented block", line);
        while (col < stack.back()) stack.pop_back();
        if (col != stack.back())
          return fmt::format("line {}: unindent does not match any outer indentation level", line);
      }
      expect_indent = false;
      last = 0;
    }
    // The rest of the physical line.
    size_t k = logical_start ? j : i;
    for (; k < text.size() && text[k] != '\n'; ++k) {
      char c = text[k];
      if (quote) {
        if (c == '\\') {
          if (k + 1 < text.size() && text[k + 1] == '\n') {  // escaped newline inside a string
            ++k;
            break;
          }
          ++k;
          continue;
        }
        if (c == quote) {
          if (!triple)
            quote = 0;
          else if (k + 2 < text.size() && text[k + 1] == quote && text[k + 2] == quote) {
            quote = 0;
            k += 2;
          }
          if (quote == 0) last = c;
        }
        continue;
      }
      if (c == '#') {
        while (k < text.size() && text[k] != '\n') ++k;
        break;
      }
      if (c == '\'' || c == '"') {
        quote = c;
        triple = k + 2 < text.size() && text[k + 1] == c && text[k + 2] == c;
        if (triple) k += 2;
        continue;
      }
      if (c == '\\' && (k + 1 == text.size() || text[k + 1] == '\n' ||
                        (text[k + 1] == '\r' && k + 2 < text.size() && text[k + 2] == '\n'))) {
        continued = true;
        if (text[k + 1] == '\r') ++k;
        continue;
      }
      if (c == '(' || c == '[' || c == '{')
        ++depth;
      else if ((c == ')' || c == ']' || c == '}') && depth > 0)
        --depth;
      if (c != ' ' && c != '\t' && c != '\r' && c != '\f') last = c;
    }
    // A single-quoted string ends at the end of its line unless escaped.
    if (quote && !triple && !(k > 0 && k < text.size() && text[k - 1] == '\\')) quote = 0;
    if (depth == 0 && quote == 0 && !continued && last != 0) expect_indent = last == ':';
    if (k >= text.size()) break;
    i = k + 1;
    ++line;
  }
  if (expect_indent) return fmt::format("line {}: expected an indented block", line);
  return std::nullopt;
}

namespace {

bool IsPython(const std::string& path) { return path.size() > 3 && path.compare(path.size() - 3, 3, ".py") == 0; }

std::optional<std::string> SyntaxError(const std::string& path, std::string_view text) {
  if (IsPython(path)) {
    if (auto e = PythonIndentationError(text)) return e;
    TreePtr tree = ThreadPythonParser().Parse(text);
    if (tree && ts_node_has_error(ts_tree_root_node(tree.get())))
      return std::string("the Python parser reports an error");
    return std::nullopt;
  }
  YamlDocument doc = ParseYaml(std::make_shared<const SourceFile>(path, std::string(text)));
  if (doc.failure == YamlDocument::Failure::kSyntax)
    return fmt::format("line {}: {}", doc.source->Locate(doc.failure_span.begin).line, doc.failure_message);
  return std::nullopt;
}

}  // namespace

std::optional<std::string> NewSyntaxError(const std::string& path, std::string_view before, std::string_view after) {
  std::optional<std::string> now = SyntaxError(path, after);
  if (!now || SyntaxError(path, before)) return std::nullopt;
  return now;
}

}  // namespace aortalint
