#include "engine/cache_format.h"

#include <algorithm>

namespace aortalint {
namespace {

constexpr size_t kSpanBytes = 12;

void PutSpan(ByteWriter& w, const StoredSpan& at) {
  w.Int(at.file);
  w.Int(at.span.begin);
  w.Int(at.span.end);
}
StoredSpan GetSpan(ByteReader& r) {
  StoredSpan s;
  s.file = r.Int<uint32_t>();
  s.span.begin = r.Int<uint32_t>();
  s.span.end = r.Int<uint32_t>();
  return s;
}

}  // namespace

void WriteIdentity(ByteWriter& w, const FileIdentity& id) {
  w.Int(static_cast<uint8_t>(id.exists));
  w.Int(id.size);
  w.Int(id.mtime_ns);
  w.Int(id.ctime_ns);
  w.Int(id.inode);
  w.Int(id.device);
  w.Int(id.hash);
}

FileIdentity ReadIdentity(ByteReader& r) {
  FileIdentity id;
  id.exists = r.Bool();
  id.size = r.Int<int64_t>();
  id.mtime_ns = r.Int<int64_t>();
  id.ctime_ns = r.Int<int64_t>();
  id.inode = r.Int<uint64_t>();
  id.device = r.Int<uint64_t>();
  id.hash = r.Int<uint64_t>();
  return id;
}

std::string EncodeRecord(const CacheRecord& record) {
  std::string out;
  ByteWriter w(out);
  w.Str(record.key);
  w.Str(record.bin);
  w.Str(record.mac);
  w.Int(record.used);
  w.Str(record.body);
  return out;
}

std::optional<CacheRecord> DecodeRecord(std::string_view bytes) {
  ByteReader r(bytes);
  CacheRecord record;
  record.key = r.Str();
  record.bin = r.Str();
  record.mac = r.Str();
  record.used = r.Int<int64_t>();
  record.body = r.Str();
  if (!r.done()) return std::nullopt;
  return record;
}

bool IndexShard(std::string_view shard, RecordIndex& records) {
  if (!shard.starts_with(kShardMagic)) return false;
  // Sized once for what the file holds (records run 500 bytes to a few KB): every record of every
  // shard is indexed on a warm run, and growing the table record by record rehashes it a dozen times.
  records.reserve(records.size() + shard.size() / 512);
  ByteReader r(shard.substr(kShardMagic.size()));
  while (!r.done()) {
    std::string_view record = r.Str();
    if (!r.ok()) return false;  // torn: what was indexed so far stays (each record is checked when used)
    if (std::optional<CacheRecord> decoded = DecodeRecord(record))
      records[decoded->key] = record;  // a repeated key: the last one
  }
  return true;
}

std::string EncodeShard(const std::vector<std::string_view>& records) {
  std::string out(kShardMagic);
  ByteWriter w(out);
  for (std::string_view record : records) w.Str(record);
  return out;
}

std::optional<EntryBody> MakeBody(const FileStates& files, const std::vector<Diagnostic>& diagnostics, uint8_t flags) {
  EntryBody body;
  body.flags = flags;
  for (const auto& file : files)
    if (std::none_of(body.files.begin(), body.files.end(), [&](const auto& f) { return f.first == file.first; }))
      body.files.push_back(file);
  bool ok = true;
  auto at = [&](const std::string& path, Span span) {
    auto found = std::find_if(body.files.begin(), body.files.end(), [&](const auto& f) { return f.first == path; });
    ok = ok && found != body.files.end();
    return StoredSpan{static_cast<uint32_t>(found - body.files.begin()), span};
  };
  // Each file's text up to the end of the last line a diagnostic or note points into.
  std::vector<size_t> text_end(body.files.size(), 0);
  std::vector<const SourceFile*> sources(body.files.size(), nullptr);
  auto shown = [&](const StoredSpan& s, const Location& where) {
    if (!ok || !where.file) return;
    sources[s.file] = where.file.get();
    text_end[s.file] = std::max(text_end[s.file], LineEndAfter(where.file->text(), s.span.end));
  };
  for (const Diagnostic& d : diagnostics) {
    StoredDiagnostic& s = body.diagnostics.emplace_back();
    s.rule = d.rule;
    s.severity = static_cast<uint8_t>(d.severity);
    s.at = at(d.where.path(), d.where.span);
    shown(s.at, d.where);
    s.message = d.message;
    for (const Note& n : d.notes) {
      s.notes.emplace_back(at(n.where.path(), n.where.span), n.message);
      shown(s.notes.back().first, n.where);
    }
    s.help = d.help;
    if (!d.fix) continue;
    s.fix = StoredFix{d.fix->title, d.fix->applicability == Applicability::kSafe, {}};
    for (const Edit& e : d.fix->edits) s.fix->edits.emplace_back(at(e.path, e.span), e.replacement);
  }
  if (!ok) return std::nullopt;
  body.texts.resize(body.files.size());
  for (size_t i = 0; i < body.files.size(); ++i)
    if (sources[i] && text_end[i] <= kMaxKeptText) body.texts[i] = sources[i]->text().substr(0, text_end[i]);
  return body;
}

std::string EncodeBody(const EntryBody& body) {
  std::string out;
  ByteWriter w(out);
  w.Int(static_cast<uint32_t>(body.files.size()));
  for (size_t i = 0; i < body.files.size(); ++i) {
    w.Str(body.files[i].first);
    WriteIdentity(w, body.files[i].second);
    w.Str(i < body.texts.size() ? body.texts[i] : "");
  }
  w.Int(static_cast<uint32_t>(body.diagnostics.size()));
  for (const StoredDiagnostic& d : body.diagnostics) {
    w.Str(d.rule);
    w.Int(d.severity);
    PutSpan(w, d.at);
    w.Str(d.message);
    w.Int(static_cast<uint32_t>(d.notes.size()));
    for (const auto& [at, message] : d.notes) {
      PutSpan(w, at);
      w.Str(message);
    }
    w.Str(d.help);
    w.Int(static_cast<uint8_t>(d.fix.has_value()));
    if (!d.fix) continue;
    w.Str(d.fix->title);
    w.Int(static_cast<uint8_t>(d.fix->safe));
    w.Int(static_cast<uint32_t>(d.fix->edits.size()));
    for (const auto& [at, replacement] : d.fix->edits) {
      PutSpan(w, at);
      w.Str(replacement);
    }
  }
  w.Int(body.flags);
  return out;
}

std::optional<EntryBody> DecodeBody(std::string_view bytes) {
  ByteReader r(bytes);
  EntryBody body;
  constexpr size_t kFileBytes = 4 + 1 + 6 * 8 + 4;
  for (uint32_t n = r.Count(kFileBytes); n > 0 && r.ok(); --n) {
    std::string_view path = r.Str();
    body.files.emplace_back(path, ReadIdentity(r));
    body.texts.emplace_back(r.Str());
  }
  const uint32_t files = static_cast<uint32_t>(body.files.size());
  bool in_range = true;
  auto span = [&] {
    StoredSpan s = GetSpan(r);
    in_range = in_range && s.file < files;
    return s;
  };
  constexpr size_t kDiagnosticBytes = 4 + 1 + kSpanBytes + 4 + 4 + 4 + 1;
  for (uint32_t n = r.Count(kDiagnosticBytes); n > 0 && r.ok(); --n) {
    StoredDiagnostic& d = body.diagnostics.emplace_back();
    d.rule = r.Str();
    d.severity = r.Int<uint8_t>();
    d.at = span();
    d.message = r.Str();
    for (uint32_t k = r.Count(kSpanBytes + 4); k > 0 && r.ok(); --k) {
      StoredSpan at = span();
      d.notes.emplace_back(at, r.Str());
    }
    d.help = r.Str();
    if (!r.Bool()) continue;
    StoredFix& fix = d.fix.emplace();
    fix.title = r.Str();
    fix.safe = r.Bool();
    for (uint32_t k = r.Count(kSpanBytes + 4); k > 0 && r.ok(); --k) {
      StoredSpan at = span();
      fix.edits.emplace_back(at, r.Str());
    }
  }
  body.flags = r.Int<uint8_t>();
  if (!r.done() || !in_range) return std::nullopt;
  return body;
}

std::optional<std::string> FirstFile(std::string_view bytes) {
  ByteReader r(bytes);
  if (r.Int<uint32_t>() == 0) return std::nullopt;
  std::string_view path = r.Str();
  if (!r.ok()) return std::nullopt;
  return std::string(path);
}

std::string EncodeListings(const KeptListings& listings) {
  std::string out;
  ByteWriter w(out);
  w.Int(static_cast<uint32_t>(listings.size()));
  for (const auto& [dir, kept] : listings) {
    w.Str(dir);
    w.Int(kept.stamp.mtime_ns);
    w.Int(kept.stamp.ctime_ns);
    w.Int(kept.stamp.inode);
    w.Int(kept.stamp.device);
    w.Int(static_cast<uint32_t>(kept.entries.size()));
    for (const auto& [name, type] : kept.entries) {
      w.Str(name);
      w.Int(type);
    }
  }
  return out;
}

std::optional<KeptListings> DecodeListings(std::string_view bytes) {
  ByteReader r(bytes);
  KeptListings listings;
  constexpr size_t kDirectoryBytes = 4 + 4 * 8 + 4, kEntryBytes = 4 + 1;
  uint32_t n = r.Count(kDirectoryBytes);
  listings.reserve(n);
  for (; n > 0 && r.ok(); --n) {
    std::string_view dir = r.Str();
    KeptListing kept;
    kept.stamp.mtime_ns = r.Int<int64_t>();
    kept.stamp.ctime_ns = r.Int<int64_t>();
    kept.stamp.inode = r.Int<uint64_t>();
    kept.stamp.device = r.Int<uint64_t>();
    for (uint32_t k = r.Count(kEntryBytes); k > 0 && r.ok(); --k) {
      std::string_view name = r.Str();
      kept.entries.emplace_back(name, r.Int<uint8_t>());
    }
    // In byte order, as listings are searched; a name with a '/' or NUL no directory holds.
    bool sane = std::is_sorted(kept.entries.begin(), kept.entries.end()) &&
                std::none_of(kept.entries.begin(), kept.entries.end(), [](const auto& e) {
                  return e.first.empty() || e.first.find_first_of(std::string_view("/\0", 2)) != std::string::npos;
                });
    if (!sane || !dir.starts_with('/')) return std::nullopt;
    listings.emplace(dir, std::move(kept));
  }
  if (!r.done()) return std::nullopt;
  return listings;
}

}  // namespace aortalint
