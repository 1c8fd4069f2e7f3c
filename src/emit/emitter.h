// Output formats. Each emitter writes a whole run's diagnostics (sorted) to a stream.
#pragma once

#include <ostream>
#include <span>
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "model/diagnostic.h"

namespace aortalint {

/// `path:line:col: severity: message [ID]`, the source line, a caret under
/// the span, notes and the fix title below; `concise` prints the first line only.
void EmitText(std::span<const Diagnostic> diagnostics, std::ostream& out, bool color, bool concise);
/// A JSON array; positions are 1-based, columns in code points.
void EmitJson(std::span<const Diagnostic> diagnostics, std::ostream& out);
/// The array EmitJson writes, for a report that holds findings (`explain`).
nlohmann::json DiagnosticsJson(std::span<const Diagnostic> diagnostics);

/// SARIF 2.1.0 (one run; columns in UTF-16 code units, SARIF's default).
void EmitSarif(std::span<const Diagnostic> diagnostics, std::ostream& out);
/// GitHub Actions annotations: `::error file=...,line=...,col=...,endLine=...,endColumn=...,title=aortalint ID
/// (slug)::message`.
void EmitGithub(std::span<const Diagnostic> diagnostics, std::ostream& out);

/// GitLab CI code quality (Code Climate subset): a JSON array of issues.
void EmitGitlab(std::span<const Diagnostic> diagnostics, std::ostream& out);

/// JUnit XML: a test suite per file, a failed test case per finding (a passed one when there is none).
void EmitJunit(std::span<const Diagnostic> diagnostics, std::ostream& out);
/// reviewdog's rdjson: one DiagnosticResult; columns are UTF-8 byte counts from 1, ends exclusive.
void EmitRdjson(std::span<const Diagnostic> diagnostics, std::ostream& out);
/// pylint's parseable lines: `path:line: [ID] message; help`.
void EmitPylint(std::span<const Diagnostic> diagnostics, std::ostream& out);
/// Azure Pipelines logging commands: `##vso[task.logissue type=...;sourcepath=...;...]message`.
void EmitAzure(std::span<const Diagnostic> diagnostics, std::ostream& out);

/// `n word`, with the word's plural when n is not 1 ("1 file", "2 misses").
std::string Plural(size_t n, std::string_view word);

/// The directory reports are relative to: the repository's top (the nearest
/// directory above the working directory that holds .git), else the working directory.
std::string ReportRoot();
/// `path` relative to ReportRoot() with '/' separators; absolute when outside it.
std::string ReportPath(const std::string& path);

/// One line summary for the text formats: "3 errors, 1 warning in 2 files".
std::string Summary(std::span<const Diagnostic> diagnostics);

}  // namespace aortalint
