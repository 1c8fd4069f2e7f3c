// A Python payload: its source, its tree-sitter tree, and the facts every PAY
// rule shares, computed in one walk when it is loaded (load/payload_loader.h).
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <tree_sitter/api.h>

#include "base/source_file.h"
#include "model/python_tree.h"

namespace aortalint {

/// One name of an import statement: `a.b` in `import a.b as x`, `n` in `from M import n`.
struct ImportedName {
  std::string name;
  std::string alias;  // empty when not renamed
};

/// One import statement, with the module paths aorta's import-order guard
/// derives from it (reference/aorta.md §6.1).
struct ImportStmt {
  Span span;              // the whole statement
  uint32_t line = 0;      // 1-based line of the statement (Python's lineno)
  uint32_t end_line = 0;  // its last line
  int level = 0;          // leading dots of a relative import
  std::string from;       // `from X import ...`: X without its dots (`__future__` too); empty for `import ...`
  std::vector<ImportedName> names;   // `*` for a wildcard
  std::vector<std::string> modules;  // level 0 only: `import a.b` -> a.b; `from M import n` -> M, M.n
  bool certain = true;               // runs whenever the module loads (§6.1)
  bool in_function = false;          // inside a function body: runs only when called
  bool top_level = false;            // a direct statement of the module
  bool type_checking = false;        // under `if TYPE_CHECKING:`: never runs (a name for type checkers only)
  size_t block = 0;                  // index in Payload::imports of the first import of its sorter block:
                                     // adjacent sibling imports, not split by code or a `# isort: split` comment
  bool proton = false;               // a path string-prefixed by triton.profiler or triton._C.libproton
  bool torch = false;                // a path that is `torch` or starts with `torch.`
};

/// A call whose callee is a name or a dotted attribute chain.
struct CallSite {
  std::string callee;  // "proton.start", "os.environ.get"
  Span span;           // the whole call
  uint32_t line = 0;
  bool in_function = false;
  TSNode node;  // the call node (valid while the payload lives)
};

/// The `__main__` guard: the first `if` whose test mentions `__name__`, at top level or in
/// module-level control flow (a top-level `try:`, `with` or `else`), which runs at load all the same.
struct MainGuard {
  TSNode node;  // if_statement
  TSNode body;  // its block
  Span span;
  bool nested = false;  // in module-level control flow (`try:`, `with`, `else`), not a statement of the module
};

/// A write to the process environment: `os.environ[K] = v`, `setdefault`, `putenv`, `update`.
struct EnvWrite {
  std::string variable;
  Span span;
  uint32_t line = 0;
};

struct SyntaxProblem {
  Span span;
  std::string missing;  // a MISSING node's kind (`)`, `:`); empty for an ERROR node
  std::string refused;  // why the statement was left unparsed (load/python_shape.h); empty for the parser's own
  std::string help;     // what to do about `refused`, when its cause has advice of its own (a coding cookie)
};

/// Where one top-level statement's facts lie in its payload's vectors. Tree-sitter keeps a subtree whose
/// text an edit left alone, so a statement with the same subtree in the next tree has the same facts, moved:
/// an edit re-walks only the statements it changed (load/payload_loader.cc).
struct StatementFacts {
  struct Range {
    uint32_t first = 0;
    uint32_t count = 0;
  };
  TSNode node{};  // the statement, in its payload's tree
  Range imports, calls, strings, string_literals, decorators, string_tails, env_writes, syntax_problems;
  std::optional<MainGuard> guard;  // the first `__main__` guard in it
  bool work_at_load = false;       // a top-level statement doing work at load (Payload::module_call_line)...
  std::string calls_own;           // ...when it calls this module function (empty: it works in any case)
  std::string defines;             // the function a top-level `def` defines
};

struct Payload {
  SourcePtr source;
  TreePtr tree;            // null when the file could not be read
  std::string read_error;  // why not (SYN003)
  std::string read_help;   // what to do about it

  std::vector<ImportStmt> imports;  // every import statement, in source order
  std::vector<CallSite> calls;      // in source order
  std::optional<MainGuard> main_guard;
  uint32_t module_call_line = 0;                 // first top-level statement doing work at load (a bare
                                                 // call, or `x = f(...)` of a module's own `def f`); 0: none
  std::vector<std::string> strings;              // constant strings, resolved; docstrings left out
  std::vector<TSNode> string_literals;           // the string literals those come from, docstrings left out
  std::vector<TSNode> decorators;                // every `@...` line, in source order
  std::vector<std::string> string_tails;         // constant tails of f-strings whose head did not resolve
  std::map<std::string, std::string> constants;  // module-level NAME = "string"
  std::vector<EnvWrite> env_writes;
  std::vector<SyntaxProblem> syntax_problems;

  // Names that refer to Proton (from the imports): modules bound to
  // triton.profiler, to triton.profiler.language, and functions imported by name.
  std::set<std::string> proton_modules;
  std::set<std::string> language_modules;
  std::map<std::string, std::string> proton_functions;  // local name -> Proton's name

  std::vector<StatementFacts> statements;  // in source order (the walk's, for the next edit)
  // The clean lines (offset, row) of the text's shape scan (load/python_shape.h), for the next edit's scan;
  // empty when it left anything out.
  std::vector<std::pair<uint32_t, uint32_t>> clean_lines;
  size_t statements_walked = 0;  // of those, walked for this parse (the others' facts were reused)

  bool ok() const { return tree != nullptr; }
  const std::string& path() const { return source->path(); }
  TSNode root() const { return ts_tree_root_node(tree.get()); }
  std::string_view Text(TSNode node) const;
  Span SpanOf(TSNode node) const;

  /// Imports Proton anywhere, function bodies included (not under TYPE_CHECKING).
  bool UsesProton() const;
  /// aorta's P: the first certain Proton import, else the last conditional one.
  const ImportStmt* DecisiveProtonImport() const;
  /// aorta's T: the first torch import that runs at load.
  const ImportStmt* FirstTorchImport() const;
  /// The Proton function a callee names ("start", "finalize", "scope",
  /// "enter_scope"), or empty when it is not Proton's.
  std::string ProtonFunction(std::string_view callee) const;
};

}  // namespace aortalint
