// tree-sitter-python behind RAII wrappers. The grammar's ABI is checked once
// (Debian's libtree-sitter 0.20.7 loads ABI 13-14 only, and says so only
// through a false return); a parse can start from an edited old tree so the
// LSP server re-parses incrementally.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include <tree_sitter/api.h>

#include "load/python_shape.h"
#include "model/python_tree.h"

namespace aortalint {

/// The tree-sitter-python language; nullptr when it cannot be used.
const TSLanguage* PythonLanguage();

/// Why the grammar does not load in this libtree-sitter, or nullopt when it
/// does. Call at start-up; a Python parse is impossible when it fails.
std::optional<std::string> CheckPythonGrammar();

/// One TSParser. Not thread-safe: use one per thread (ThreadPythonParser()).
class PythonParser {
 public:
  PythonParser();
  PythonParser(const PythonParser&) = delete;
  PythonParser& operator=(const PythonParser&) = delete;

  bool ok() const { return parser_ != nullptr; }

  /// Parses `text` (UTF-8). With `old_tree` (already ts_tree_edit()ed to match
  /// `text`), unchanged subtrees are reused. What ShapePython leaves out is
  /// not parsed (`shape`: the text's, when the caller has it). Null only when
  /// the grammar failed.
  TreePtr Parse(std::string_view text, const TSTree* old_tree = nullptr, const PythonShape* shape = nullptr);

 private:
  struct ParserDeleter {
    void operator()(TSParser* p) const { ts_parser_delete(p); }
  };
  std::unique_ptr<TSParser, ParserDeleter> parser_;
};

/// The calling thread's parser (the worker pool parses without locking).
PythonParser& ThreadPythonParser();

}  // namespace aortalint
