#include "engine/cache_format.h"

#include <algorithm>
#include <type_traits>

namespace aortalint {
namespace {

// Appends fixed-width integers and sized strings.
class Writer {
 public:
  explicit Writer(std::string& out) : out_(out) {}
  template <typename T>
  void Int(T value) {
    static_assert(std::is_integral_v<T>);
    char bytes[sizeof(T)];
    for (size_t i = 0; i < sizeof(T); ++i) bytes[i] = static_cast<char>(static_cast<uint64_t>(value) >> (8 * i));
    out_.append(bytes, sizeof(T));
  }
  void Str(std::string_view s) {
    Int(static_cast<uint32_t>(s.size()));
    out_.append(s);
  }

 private:
  std::string& out_;
};

// Reads what Writer wrote; any read past the end turns the reader bad for good.
class Reader {
 public:
  explicit Reader(std::string_view in) : in_(in) {}
  bool ok() const { return ok_; }
  bool done() const { return ok_ && in_.empty(); }
  template <typename T>
  T Int() {
    if (!Need(sizeof(T))) return T{};
    uint64_t value = 0;
    for (size_t i = 0; i < sizeof(T); ++i) value |= uint64_t{static_cast<unsigned char>(in_[i])} << (8 * i);
    in_.remove_prefix(sizeof(T));
    return static_cast<T>(value);
  }
  std::string_view Str() {
    uint32_t size = Int<uint32_t>();
    if (!Need(size)) return {};
    std::string_view s = in_.substr(0, size);
    in_.remove_prefix(size);
    return s;
  }
  // A count of items that each take at least `min_bytes`: larger than what is left is damage.
  uint32_t Count(size_t min_bytes) {
    uint32_t n = Int<uint32_t>();
    if (n > in_.size() / min_bytes) ok_ = false;
    return ok_ ? n : 0;
  }
  bool Bool() {
    uint8_t b = Int<uint8_t>();
    if (b > 1) ok_ = false;
    return b == 1;
  }

 private:
  bool Need(size_t n) {
    if (!ok_ || in_.size() < n) ok_ = false;
    return ok_;
  }
  std::string_view in_;
  bool ok_ = true;
};

constexpr size_t kSpanBytes = 12;

void PutSpan(Writer& w, const StoredSpan& at) {
  w.Int(at.file);
  w.Int(at.span.begin);
  w.Int(at.span.end);
}
StoredSpan GetSpan(Reader& r) {
  StoredSpan s;
  s.file = r.Int<uint32_t>();
  s.span.begin = r.Int<uint32_t>();
  s.span.end = r.Int<uint32_t>();
  return s;
}

}  // namespace

std::string EncodeRecord(const CacheRecord& record) {
  std::string out;
  Writer w(out);
  w.Str(record.key);
  w.Str(record.bin);
  w.Str(record.mac);
  w.Int(record.used);
  w.Str(record.body);
  return out;
}

std::optional<CacheRecord> DecodeRecord(std::string_view bytes) {
  Reader r(bytes);
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
  Reader r(shard.substr(kShardMagic.size()));
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
  Writer w(out);
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
  for (const Diagnostic& d : diagnostics) {
    StoredDiagnostic& s = body.diagnostics.emplace_back();
    s.rule = d.rule;
    s.severity = static_cast<uint8_t>(d.severity);
    s.at = at(d.where.path(), d.where.span);
    s.message = d.message;
    for (const Note& n : d.notes) s.notes.emplace_back(at(n.where.path(), n.where.span), n.message);
    s.help = d.help;
    if (!d.fix) continue;
    s.fix = StoredFix{d.fix->title, d.fix->applicability == Applicability::kSafe, {}};
    for (const Edit& e : d.fix->edits) s.fix->edits.emplace_back(at(e.path, e.span), e.replacement);
  }
  if (!ok) return std::nullopt;
  return body;
}

std::string EncodeBody(const EntryBody& body) {
  std::string out;
  Writer w(out);
  w.Int(static_cast<uint32_t>(body.files.size()));
  for (const auto& [path, id] : body.files) {
    w.Str(path);
    w.Int(static_cast<uint8_t>(id.exists));
    w.Int(id.size);
    w.Int(id.mtime_ns);
    w.Int(id.ctime_ns);
    w.Int(id.inode);
    w.Int(id.device);
    w.Int(id.hash);
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
  Reader r(bytes);
  EntryBody body;
  constexpr size_t kFileBytes = 4 + 1 + 6 * 8;
  for (uint32_t n = r.Count(kFileBytes); n > 0 && r.ok(); --n) {
    auto& [path, id] = body.files.emplace_back();
    path = r.Str();
    id.exists = r.Bool();
    id.size = r.Int<int64_t>();
    id.mtime_ns = r.Int<int64_t>();
    id.ctime_ns = r.Int<int64_t>();
    id.inode = r.Int<uint64_t>();
    id.device = r.Int<uint64_t>();
    id.hash = r.Int<uint64_t>();
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
  Reader r(bytes);
  if (r.Int<uint32_t>() == 0) return std::nullopt;
  std::string_view path = r.Str();
  if (!r.ok()) return std::nullopt;
  return std::string(path);
}

std::string EncodeListings(const KeptListings& listings) {
  std::string out;
  Writer w(out);
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
  Reader r(bytes);
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
