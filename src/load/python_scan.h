// A byte-level pre-scanner for Python payloads: splits the text into its
// top-level statements and says which of them hold something a rule reads
// (a trigger), so that tree-sitter parses only those (load/payload_loader.h).
//
// It knows Python's lexical structure (strings with every prefix, triple
// quotes, f-strings with nested expressions and format specs, comments,
// brackets, backslash continuations, indentation, decorators and the clauses
// `else`/`elif`/`except`/`finally` that continue a statement) but no grammar.
// Where it meets text it does not model (an unterminated string or bracket, a
// first statement that is indented, a lone CR, a NUL byte, a form feed in
// indentation) it gives up (ok == false) and the caller parses in full.
//
// The triggers are those of the facts the rules read (model/payload.h):
//  - `import`: every import statement (the import-order rules, Proton's names);
//  - `profiler`, and the names that import statements mentioning `profiler`
//    or `proton` bind (aliases, imported names): calls of Proton's functions;
//  - `__name__`: the `__main__` guard;
//  - `environ`, `putenv`: environment writes;
//  - `AORTA`, `PROTON_`, `VISIBLE_DEVICES` in a string, and any f-string:
//    the constant strings and f-string tails PAY006 reads, and module
//    constants bound to such strings (by name, transitively); `.hatchet` in
//    a string: the capture paths PAY012 reads;
//  - every simple top-level statement (not def, class, if, for, while, try,
//    with, async or decorated): the module constants strings resolve through,
//    and the work a module does at load (entry points); and every top-level
//    if, for, while, try and with, whose blocks may call something at load;
//  - a top-level function whose name a simple statement mentions (`out =
//    add(x)` is work at load only for the module's own `def add`);
//  - the statement before a top-level import (it decides the import's sorter
//    block); and a statement's range starts right after the one before, so
//    the comments above it (`# isort: split`) are parsed with it.
// Triggers may over-approximate (a comment that says `import` parses its
// statement); they must never miss: tests/selective_parse_test.cc holds the
// facts and diagnostics of a selective parse equal to a full one.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "load/python_parser.h"

namespace aortalint {

struct PyStatement {
  uint32_t begin = 0;    // first byte of its first line (column 0)
  uint32_t end = 0;      // one past its last line's newline (or the end of the text)
  uint32_t row = 0;      // 0-based line of `begin`
  uint32_t end_row = 0;  // 0-based line of `end` (the line after its last)
  bool trigger = false;
};

struct PyScan {
  bool ok = true;                       // false: the text has a shape the scanner does not model; parse it in full
  std::string why;                      // why not, for tests and --explain-style output
  std::vector<PyStatement> statements;  // in order; blank and comment-only lines between them left out
  size_t triggered = 0;                 // statements with a trigger
  uint32_t triggered_bytes = 0;         // their bytes
};

/// Scans `text` (UTF-8 Python source).
PyScan ScanPython(std::string_view text);

/// The tree of the statements ScanPython marks, parsed as tree-sitter's
/// included ranges (one tree; every node keeps its offset, row and column in
/// the whole text); an empty tree when none is marked; the whole text's tree
/// when the scanner gives up or marks nearly all of it. `text` must be one
/// ShapePython leaves whole (load/python_shape.h). `scanned`, when given,
/// receives the scan. Null only when the grammar failed.
TreePtr ParseStatements(std::string_view text, PyScan* scanned = nullptr);

}  // namespace aortalint
