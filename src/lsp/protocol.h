// LSP 3.17 structures as JSON: positions in the negotiated encoding, URIs,
// diagnostics, text edits. Converts between the model's byte spans and LSP's
// line/character pairs; no language logic.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "base/source_file.h"
#include "lsp/transport.h"
#include "model/diagnostic.h"

namespace aortalint::lsp {

/// LSP's positionEncoding: what `character` counts.
enum class PositionEncoding { kUtf16, kUtf8 };

std::string_view EncodingName(PositionEncoding encoding);  // "utf-16" | "utf-8"
/// utf-8 when the client lists it in general.positionEncodings, else utf-16.
PositionEncoding NegotiateEncoding(const Json& client_capabilities);

/// file:///a%20b/c.yaml <-> /a b/c.yaml. Non-file URIs map to themselves.
std::string UriToPath(std::string_view uri);
std::string PathToUri(std::string_view path);

Json ToPosition(const SourceFile& file, uint32_t offset, PositionEncoding encoding);
Json ToRange(const SourceFile& file, Span span, PositionEncoding encoding);
/// A byte offset for an LSP position; clamped to the line and the text.
uint32_t FromPosition(const SourceFile& file, const Json& position, PositionEncoding encoding);
Span FromRange(const SourceFile& file, const Json& range, PositionEncoding encoding);

/// Applies one TextDocumentContentChangeEvent (full, or with a range) to `text`.
/// `changed` receives the byte range replaced in the old text and the new length.
/// `indexed`: `text` as a SourceFile, when the caller has one (its line index is not built again).
std::string ApplyChange(const std::string& path, std::string text, const Json& change, PositionEncoding encoding,
                        Span* changed = nullptr, const SourceFile* indexed = nullptr);

/// Where a rule's documentation lives, for codeDescription.href.
using DocUrlFn = std::function<std::string(std::string_view rule)>;

/// An LSP Diagnostic: source "aortalint", code the rule ID, notes as
/// relatedInformation.
Json ToLspDiagnostic(const Diagnostic& d, PositionEncoding encoding, const DocUrlFn& doc_url);

/// Resolves the text an edit's path refers to (an open document or the disk).
using SourceLookup = std::function<SourcePtr(const std::string& path)>;

/// A WorkspaceEdit (`changes` form) for `edits`; edits to files that cannot
/// be read are dropped.
Json ToWorkspaceEdit(const std::vector<Edit>& edits, PositionEncoding encoding, const SourceLookup& lookup);

}  // namespace aortalint::lsp
