#include "load/python_parser.h"
#include <cstdint>

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

TreePtr PythonParser::Parse(std::string_view text, const TSTree* old_tree) {
  if (!parser_) return nullptr;
  // A byte order mark is no Python token: parse from after it, offsets unchanged.
  if (text.size() >= 3 && text.compare(0, 3, "\xEF\xBB\xBF") == 0) {
    TSRange range{{0, 3}, {UINT32_MAX, UINT32_MAX}, 3, UINT32_MAX};
    ts_parser_set_included_ranges(parser_.get(), &range, 1);
  } else {
    ts_parser_set_included_ranges(parser_.get(), nullptr, 0);
  }
  return TreePtr(ts_parser_parse_string_encoding(parser_.get(), old_tree, text.data(),
                                                 static_cast<uint32_t>(text.size()), TSInputEncodingUTF8));
}

PythonParser& ThreadPythonParser() {
  thread_local PythonParser parser;
  return parser;
}

}  // namespace aortalint
