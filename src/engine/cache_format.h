// The result cache's file format: binary, read without parsing text. A shard
// file is a header line, then its entries back to back, each after its size,
// so a run indexes a shard by walking sizes and decodes only the entries it
// looks up. Integers are little-endian; strings are their byte length, then
// their bytes (a path need not be UTF-8). Nothing read is trusted: every
// decode is bounds-checked and gives nothing for bytes it did not write.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "base/bytes.h"
#include "base/dir_index.h"
#include "base/file_reader.h"
#include "model/diagnostic.h"

namespace aortalint {

/// The first bytes of every shard file; a file without them is not a shard of this format.
inline constexpr std::string_view kShardMagic = "aortalint results 1\n";

/// One entry of a shard: a unit's result under `key`, computed by the build
/// tagged `bin`, signed by `mac` over key, bin and body, last used on day
/// `used` (not signed: a run that serves the entry rewrites it).
struct CacheRecord {
  std::string_view key, bin, mac;
  int64_t used = 0;
  std::string_view body;  // EncodeBody's bytes
};

/// The bytes of `record` as a shard holds them (without the size before it).
std::string EncodeRecord(const CacheRecord& record);
/// The record in `bytes`, pointing into them; nothing for bytes EncodeRecord did not write.
std::optional<CacheRecord> DecodeRecord(std::string_view bytes);

/// Records by key, both pointing into the bytes that hold them.
using RecordIndex = std::unordered_map<std::string_view, std::string_view>;
/// Each record of `shard` (the whole file) by key; false when it is not a shard.
bool IndexShard(std::string_view shard, RecordIndex& records);
/// A shard file holding `records` (each EncodeRecord's bytes).
std::string EncodeShard(const std::vector<std::string_view>& records);

/// A file's identity as the cache's files hold it.
void WriteIdentity(ByteWriter& w, const FileIdentity& id);
/// What WriteIdentity wrote (`r` turns bad on anything else).
FileIdentity ReadIdentity(ByteReader& r);

/// A place in one of an entry's files, by its index among them.
struct StoredSpan {
  uint32_t file = 0;
  Span span;
};
struct StoredFix {
  std::string title;
  bool safe = false;
  std::vector<std::pair<StoredSpan, std::string>> edits;  // where, replacement
};
/// A diagnostic as an entry holds it: its files by index, values unchecked.
struct StoredDiagnostic {
  std::string rule;
  uint8_t severity = 0;
  StoredSpan at;
  std::string message;
  std::vector<std::pair<StoredSpan, std::string>> notes;
  std::string help;
  std::optional<StoredFix> fix;
};
/// What a unit's result depends on (each file with its identity as read) and the result: its
/// diagnostics, and what else the unit's run learned (bits the caller defines).
struct EntryBody {
  FileStates files;
  // By file: the lines its diagnostics point into, from the start (a hit then shows them without
  // reading the file, which its identity says is unchanged); empty when none or past kMaxKeptText.
  std::vector<std::string> texts;
  std::vector<StoredDiagnostic> diagnostics;
  uint8_t flags = 0;
};
/// A text longer than this is read from its file on a hit: hashing it into the MAC costs more.
constexpr size_t kMaxKeptText = 4096;

/// A unit's result as an entry holds it: each of `files` once (its path, its identity, then the
/// lines its diagnostics point into, up to kMaxKeptText), then `diagnostics` with their files as
/// indices; nothing when a diagnostic names a file not among `files` (a cached path may only name
/// the entry's own files).
std::optional<EntryBody> MakeBody(const FileStates& files, const std::vector<Diagnostic>& diagnostics, uint8_t flags);
std::string EncodeBody(const EntryBody& body);
/// The body in `bytes`; nothing for bytes EncodeBody did not write, or a file index out of range.
std::optional<EntryBody> DecodeBody(std::string_view bytes);
/// The first file of the body in `bytes` (the unit's own), without decoding the rest.
std::optional<std::string> FirstFile(std::string_view bytes);

/// The body of the record that keeps directory listings between runs (base/dir_index.h).
std::string EncodeListings(const KeptListings& listings);
/// The listings in `bytes`; nothing for bytes EncodeListings did not write.
std::optional<KeptListings> DecodeListings(std::string_view bytes);

}  // namespace aortalint
