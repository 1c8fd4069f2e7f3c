// What every rule, loader and check produces: a diagnostic with a position,
// notes at related positions, and an optional fix made of byte-range edits.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/source_file.h"

namespace aortalint {

enum class Severity { kInfo, kWarning, kError };

std::string_view SeverityName(Severity severity);  // "info" | "warning" | "error"
std::optional<Severity> ParseSeverity(std::string_view name);

/// A span in a file; the file is kept so emitters can show the source line.
struct Location {
  SourcePtr file;
  Span span;

  const std::string& path() const { return file->path(); }
  LineCol start() const { return file->Locate(span.begin); }
  LineCol end() const { return file->Locate(span.end); }
};

struct Note {
  Location where;
  std::string message;
};

/// Replace the bytes of `span` in `path` with `replacement` (insert: empty span).
struct Edit {
  std::string path;
  Span span;
  std::string replacement;
};

enum class Applicability { kSafe, kUnsafe };

struct Fix {
  std::string title;  // imperative: "quote the value"
  Applicability applicability = Applicability::kSafe;
  std::vector<Edit> edits;
};

struct Diagnostic {
  std::string rule;  // "COL003"
  Severity severity = Severity::kError;
  Location where;
  std::string message;  // what is wrong: one short line, lowercase, no trailing period
  std::vector<Note> notes;
  std::optional<Fix> fix;
  std::string help;  // what to do instead, when there is something to say (rustc's and ruff's `help:`)
};

/// The message with its help after `joiner`, for outputs that have one text field.
std::string MessageAndHelp(const Diagnostic& d, std::string_view joiner);

/// Orders by path, line, column, rule (the order every emitter prints).
bool DiagnosticLess(const Diagnostic& a, const Diagnostic& b);

}  // namespace aortalint
