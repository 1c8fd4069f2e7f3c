// libFuzzer target: arbitrary bytes as the result cache holds them. A shard is
// untrusted (a cache restored from another CI run): whatever it holds, a lookup
// may only miss or return validated diagnostics about the entry's own files,
// and never crash. The first byte picks what the rest is:
//   'S': a whole shard file, looked up for kKey;
//   'L': the body of the kept directory listings, signed with this run's secret;
//   'K': the body of the kept launches (decoded, then looked up as a run would);
//   anything else: an entry's body, stored under kKey with this build's tag and
//   signed with this run's secret, so the input reaches the body's decoder and
//   the checks of every diagnostic (what a bug in a build could have signed).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <unordered_map>

#include "base/file_reader.h"
#include "driver/kept_launch.h"
#include "engine/cache.h"
#include "engine/cache_format.h"
#include "scratch.h"

namespace {

constexpr std::string_view kKey = "00000000000000000000000000000000";

std::string ReadAll(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  namespace fs = std::filesystem;
  using namespace aortalint;
  static const fs::path root = [] {
    const fs::path& d = FuzzScratch("aortalint-cache-fuzz");
    fs::create_directories(d);
    std::ofstream(d / "r.yaml") << "schema_version: 1\n";
    ::setenv("XDG_STATE_HOME", (d / "state").c_str(), 1);  // the secret the cache signs with, made by the first run
    return d;
  }();
  static const fs::path shard_dir = [] {
    std::error_code ec;
    return root / "c" / CacheKey().Add(fs::current_path(ec).string()).Hex();
  }();
  fs::create_directories(shard_dir);
  ResultCache cache((root / "c").string());
  if (!cache.enabled()) __builtin_trap();  // no secret: nothing below would be reached
  static const std::string secret = ReadAll(ResultCache::SecretPath());
  std::string_view input(reinterpret_cast<const char*>(data), size);
  if (input.starts_with('L')) {
    // Whatever is accepted is what a run could have kept: absolute directories, names in byte
    // order without a slash, and it encodes to what decodes the same.
    std::string_view body = input.substr(1);
    const std::string& bin = ResultCache::BinaryTag();
    std::string record = EncodeRecord({"listings", bin, EntryMac(secret, "listings", bin, body), 0, body});
    std::ofstream(shard_dir / "listings.bin", std::ios::binary) << EncodeShard({record});
    KeptListings kept = cache.Listings().value();
    for (const auto& [dir, listing] : kept) {
      if (!dir.starts_with('/') || !std::is_sorted(listing.entries.begin(), listing.entries.end())) __builtin_trap();
      for (const auto& [name, type] : listing.entries)
        if (name.empty() || name.find('/') != std::string::npos) __builtin_trap();
    }
    std::optional<KeptListings> again = DecodeListings(EncodeListings(kept));
    if (!again || again->size() != kept.size()) __builtin_trap();
    for (const auto& [dir, listing] : kept) {
      auto it = again->find(dir);
      if (it == again->end() || !(it->second.stamp == listing.stamp) || it->second.entries != listing.entries)
        __builtin_trap();
    }
    return 0;
  }
  if (input.starts_with('K')) {
    // Whatever is accepted is in path order with every directory index in range, and a lookup of
    // each recipe it names only finds or misses (their files are absent: a miss).
    std::unique_ptr<const KeptLaunches::Stored> kept = KeptLaunches::Decode(std::string(input.substr(1)));
    if (!kept) return 0;
    for (size_t i = 1; i < kept->entries.size(); ++i)
      if (!(kept->entries[i - 1].path < kept->entries[i].path)) __builtin_trap();
    const std::string& bin = ResultCache::BinaryTag();
    std::string_view body = input.substr(1);
    std::string record = EncodeRecord({"launches", bin, EntryMac(secret, "launches", bin, body), 0, body});
    std::ofstream(shard_dir / "launches.bin", std::ios::binary) << EncodeShard({record});
    KeptLaunches launches(cache, true);
    Config config;
    for (const auto& entry : kept->entries) {
      Candidate file;
      file.path = entry.path;
      if (launches.Find(file, config, true) && !IdentityOf(file.path).exists) __builtin_trap();
    }
    return 0;
  }
  std::string shard;
  if (input.starts_with('S')) {
    shard = input.substr(1);
  } else {
    std::string_view body = input.substr(input.empty() ? 0 : 1);
    // A body is decoded exactly or not at all: what is accepted encodes back to the same bytes.
    if (std::optional<EntryBody> decoded = DecodeBody(body); decoded && EncodeBody(*decoded) != body) __builtin_trap();
    const std::string& bin = ResultCache::BinaryTag();
    shard = EncodeShard({EncodeRecord({kKey, bin, EntryMac(secret, kKey, bin, body), 0, body})});
  }
  std::ofstream(shard_dir / "00.bin", std::ios::binary) << shard;
  const std::string recipe = (root / "r.yaml").string();
  if (std::optional<std::vector<Diagnostic>> hit = cache.Get(std::string(kKey), {}))
    for (const Diagnostic& d : *hit) {
      if (static_cast<int>(d.severity) < 0 || static_cast<int>(d.severity) > 2) __builtin_trap();
      (void)d.where.file->Locate(d.where.span.begin);
      if (d.fix)
        for (const Edit& e : d.fix->edits)
          if (e.span.begin > e.span.end) __builtin_trap();
    }
  // Save judges every entry it keeps (its build, day of use, own file) and
  // rewrites a hit's day of use: what it writes is a shard read back like any.
  cache.Put("00000000000000000000000000000001", {{recipe, IdentityOf(recipe)}}, {});
  cache.Save();
  std::string saved = ReadAll(shard_dir / "00.bin");
  RecordIndex records;
  if (!IndexShard(saved, records)) __builtin_trap();
  if (!ResultCache((root / "c").string()).Get("00000000000000000000000000000001", {})) __builtin_trap();
  return 0;
}
