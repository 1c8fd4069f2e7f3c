#include "load/python_parser.h"
#include <algorithm>
#include <cstdint>
#include <vector>

#include <fmt/format.h>

extern "C" const TSLanguage* tree_sitter_python(void);

namespace aortalint {

static_assert(TREE_SITTER_LANGUAGE_VERSION >= 14, "tree-sitter-python 0.23 needs a libtree-sitter with ABI 14");

std::optional<std::string> CheckPythonGrammar() {
  const TSLanguage* language = tree_sitter_python();
  uint32_t abi = ts_language_version(language);
  if (abi < TREE_SITTER_MIN_COMPATIBLE_LANGUAGE_VERSION || abi > TREE_SITTER_LANGUAGE_VERSION)
    return fmt::format(
        "the tree-sitter-python grammar has ABI {}, but this libtree-sitter loads ABI {} to {}; "
        "rebuild with the grammar pinned in grammars/VERSION",
        abi, TREE_SITTER_MIN_COMPATIBLE_LANGUAGE_VERSION, TREE_SITTER_LANGUAGE_VERSION);
  TSParser* parser = ts_parser_new();
  bool loaded = ts_parser_set_language(parser, language);
  ts_parser_delete(parser);
  if (!loaded)
    return fmt::format(
        "libtree-sitter refused the tree-sitter-python grammar (ABI {}); "
        "rebuild with the grammar pinned in grammars/VERSION",
        abi);
  return std::nullopt;
}

const TSLanguage* PythonLanguage() {
  static const TSLanguage* language = CheckPythonGrammar() ? nullptr : tree_sitter_python();
  return language;
}

PythonParser::PythonParser() {
  const TSLanguage* language = PythonLanguage();
  if (!language) return;
  parser_.reset(ts_parser_new());
  if (!ts_parser_set_language(parser_.get(), language)) parser_.reset();
}

namespace {

// The row and column of each offset in `at` (ascending).
std::vector<TSPoint> PointsAt(std::string_view text, const std::vector<uint32_t>& at) {
  std::vector<TSPoint> out;
  uint32_t row = 0, line = 0, i = 0;
  for (uint32_t offset : at) {
    for (; i < offset && i < text.size(); ++i)
      if (text[i] == '\n') {
        ++row;
        line = i + 1;
      }
    out.push_back({row, offset - line});
  }
  return out;
}

// The text less what `shape` leaves out (a byte order mark is no Python token either), as tree-sitter's
// included ranges: every offset, row and column stays that of the whole text.
std::vector<TSRange> IncludedRanges(std::string_view text, const PythonShape& shape) {
  uint32_t begin = text.size() >= 3 && text.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;
  // Nearly always: all of it (the end is open, so no point need be counted).
  if (shape.plain() && begin < text.size()) return {{{0, begin}, {UINT32_MAX, UINT32_MAX}, begin, UINT32_MAX}};
  std::vector<Span> out = shape.skipped;
  for (const PythonRefusal& r : shape.refused) out.push_back(r.statement);
  std::sort(out.begin(), out.end(), [](const Span& a, const Span& b) { return a.begin < b.begin; });
  std::vector<uint32_t> bounds{begin};
  for (const Span& s : out) {
    if (s.end <= bounds.back()) continue;
    bounds.push_back(std::max(s.begin, bounds.back()));
    bounds.push_back(s.end);
  }
  bounds.push_back(static_cast<uint32_t>(text.size()));
  std::vector<TSPoint> points = PointsAt(text, bounds);
  std::vector<TSRange> ranges;
  for (size_t i = 0; i + 1 < bounds.size(); i += 2)
    if (bounds[i] < bounds[i + 1]) ranges.push_back({points[i], points[i + 1], bounds[i], bounds[i + 1]});
  if (ranges.empty()) return {{points[0], points[0], begin, begin}};  // all of it left out
  if (ranges.back().end_byte == text.size()) {
    ranges.back().end_point = {UINT32_MAX, UINT32_MAX};
    ranges.back().end_byte = UINT32_MAX;
  }
  return ranges;
}

}  // namespace

TreePtr PythonParser::Parse(std::string_view text, const TSTree* old_tree, const PythonShape* shape) {
  if (!parser_) return nullptr;
  PythonShape own;
  if (!shape) {
    own = ShapePython(text);
    shape = &own;
  }
  if (!shape->plain()) old_tree = nullptr;  // its ranges are not the ones parsed
  std::vector<TSRange> ranges = IncludedRanges(text, *shape);
  ts_parser_set_included_ranges(parser_.get(), ranges.data(), static_cast<uint32_t>(ranges.size()));
  return TreePtr(ts_parser_parse_string_encoding(parser_.get(), old_tree, text.data(),
                                                 static_cast<uint32_t>(text.size()), TSInputEncodingUTF8));
}

PythonParser& ThreadPythonParser() {
  thread_local PythonParser parser;
  return parser;
}

}  // namespace aortalint
