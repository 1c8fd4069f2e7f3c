#include "lsp/protocol.h"

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>

namespace aortalint::lsp {

std::string_view EncodingName(PositionEncoding encoding) {
  return encoding == PositionEncoding::kUtf8 ? "utf-8" : "utf-16";
}

PositionEncoding NegotiateEncoding(const Json& client_capabilities) {
  const Json* offered = nullptr;
  if (client_capabilities.is_object()) {
    auto general = client_capabilities.find("general");
    if (general != client_capabilities.end() && general->is_object()) {
      auto encodings = general->find("positionEncodings");
      if (encodings != general->end() && encodings->is_array()) offered = &*encodings;
    }
  }
  if (offered)
    for (const Json& e : *offered)
      if (e == "utf-8") return PositionEncoding::kUtf8;
  return PositionEncoding::kUtf16;
}

namespace {

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

bool Unreserved(unsigned char c) { return std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~' || c == '/'; }

}  // namespace

std::string UriToPath(std::string_view uri) {
  constexpr std::string_view kScheme = "file://";
  if (!uri.starts_with(kScheme)) return std::string(uri);
  uri.remove_prefix(kScheme.size());
  size_t slash = uri.find('/');  // skip an authority ("localhost")
  if (slash != std::string_view::npos) uri.remove_prefix(slash);
  std::string out;
  for (size_t i = 0; i < uri.size(); ++i) {
    if (uri[i] == '%' && i + 2 < uri.size()) {
      int hi = HexValue(uri[i + 1]), lo = HexValue(uri[i + 2]);
      if (hi >= 0 && lo >= 0) {
        out += static_cast<char>(hi * 16 + lo);
        i += 2;
        continue;
      }
    }
    out += uri[i];
  }
  return out;
}

std::string PathToUri(std::string_view path) {
  if (path.find("://") != std::string_view::npos) return std::string(path);
  static constexpr char kHex[] = "0123456789ABCDEF";
  // A URI names an absolute path: a relative one is taken from the working directory.
  std::string absolute = std::filesystem::absolute(std::filesystem::path(path)).lexically_normal().string();
  std::string out = "file://";
  for (unsigned char c : absolute) {
    if (Unreserved(c)) {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

Json ToPosition(const SourceFile& file, uint32_t offset, PositionEncoding encoding) {
  offset = std::min<uint32_t>(offset, static_cast<uint32_t>(file.text().size()));
  uint32_t line = file.Locate(offset).line;
  uint32_t character = encoding == PositionEncoding::kUtf16 ? file.Utf16Column(offset) : offset - file.LineStart(line);
  return Json{{"line", line - 1}, {"character", character}};
}

Json ToRange(const SourceFile& file, Span span, PositionEncoding encoding) {
  return Json{{"start", ToPosition(file, span.begin, encoding)}, {"end", ToPosition(file, span.end, encoding)}};
}

uint32_t FromPosition(const SourceFile& file, const Json& position, PositionEncoding encoding) {
  // A uinteger as LSP defines it; anything else (a float such as 1e30, a
  // negative or a string) is clamped here, never converted with undefined behaviour.
  auto uinteger = [&](const char* key) -> uint32_t {
    auto it = position.find(key);
    if (it == position.end()) return 0;
    if (it->is_number_unsigned()) return static_cast<uint32_t>(std::min<uint64_t>(it->get<uint64_t>(), UINT32_MAX));
    if (it->is_number_integer()) {
      int64_t v = it->get<int64_t>();
      return v <= 0 ? 0 : static_cast<uint32_t>(std::min<int64_t>(v, UINT32_MAX));
    }
    if (it->is_number_float()) {
      double v = it->get<double>();
      return v > 0 && v < 4294967295.0 ? static_cast<uint32_t>(v) : (v >= 4294967295.0 ? UINT32_MAX : 0);
    }
    return 0;
  };
  uint32_t line = uinteger("line");
  uint32_t character = uinteger("character");
  uint32_t offset = file.OffsetOf(line, character, encoding == PositionEncoding::kUtf16);
  // A UTF-8 column inside a character means the character's start.
  std::string_view text = file.text();
  while (offset > 0 && offset < text.size() && (static_cast<unsigned char>(text[offset]) & 0xC0) == 0x80) --offset;
  return offset;
}

Span FromRange(const SourceFile& file, const Json& range, PositionEncoding encoding) {
  uint32_t begin = FromPosition(file, range.at("start"), encoding);
  uint32_t end = FromPosition(file, range.at("end"), encoding);
  return Span{begin, std::max(begin, end)};
}

std::string ApplyChange(const std::string& path, std::string text, const Json& change, PositionEncoding encoding,
                        Span* changed, const SourceFile* indexed) {
  std::string replacement = change.value("text", std::string());
  auto range = change.find("range");
  if (range == change.end() || range->is_null()) {
    if (changed) *changed = Span{0, static_cast<uint32_t>(text.size())};
    return replacement;
  }
  std::optional<SourceFile> own;
  if (!indexed) indexed = &own.emplace(path, text);
  Span span = FromRange(*indexed, *range, encoding);
  if (changed) *changed = span;
  text.replace(span.begin, span.end - span.begin, replacement);
  return text;
}

Json ToLspDiagnostic(const Diagnostic& d, PositionEncoding encoding, const DocUrlFn& doc_url) {
  // LSP: 1 error, 2 warning, 3 information.
  int severity = d.severity == Severity::kError ? 1 : d.severity == Severity::kWarning ? 2 : 3;
  Json out{{"range", ToRange(*d.where.file, d.where.span, encoding)},
           {"severity", severity},
           {"code", d.rule},
           {"source", "aortalint"},
           {"message", MessageAndHelp(d, "\nhelp: ")}};
  if (doc_url) {
    std::string href = doc_url(d.rule);
    if (!href.empty()) out["codeDescription"] = Json{{"href", href}};
  }
  if (!d.notes.empty()) {
    Json related = Json::array();
    for (const Note& note : d.notes)
      related.push_back(Json{
          {"location",
           {{"uri", PathToUri(note.where.path())}, {"range", ToRange(*note.where.file, note.where.span, encoding)}}},
          {"message", note.message}});
    out["relatedInformation"] = std::move(related);
  }
  return out;
}

Json ToWorkspaceEdit(const std::vector<Edit>& edits, PositionEncoding encoding, const SourceLookup& lookup) {
  std::map<std::string, Json> by_path;
  std::map<std::string, SourcePtr> sources;
  for (const Edit& edit : edits) {
    SourcePtr& source = sources[edit.path];
    if (!source) source = lookup(edit.path);
    if (!source) continue;
    Json& list = by_path[edit.path];
    if (list.is_null()) list = Json::array();
    list.push_back(Json{{"range", ToRange(*source, edit.span, encoding)}, {"newText", edit.replacement}});
  }
  Json changes = Json::object();
  for (auto& [path, list] : by_path) changes[PathToUri(path)] = std::move(list);
  return Json{{"changes", std::move(changes)}};
}

}  // namespace aortalint::lsp
