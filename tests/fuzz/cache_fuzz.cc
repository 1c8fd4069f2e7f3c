// libFuzzer target: arbitrary bytes as a cache shard, read back for a key the
// seeds use (BIN_TAG in them becomes this build's tag). A shard is untrusted
// (a cache restored from another CI run): whatever it holds, a lookup may only
// miss or return validated diagnostics about the entry's own files, and never
// crash.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "base/file_reader.h"
#include "engine/cache.h"
#include "scratch.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  namespace fs = std::filesystem;
  using namespace aortalint;
  static const fs::path root = [] {
    const fs::path& d = FuzzScratch("aortalint-cache-fuzz");
    fs::create_directories(d);
    std::ofstream(d / "r.yaml") << "schema_version: 1\n";
    return d;
  }();
  static const std::string shard_dir = [] {
    std::error_code ec;
    return (root / "c" / CacheKey().Add(fs::current_path(ec).string()).Hex()).string();
  }();
  fs::create_directories(shard_dir);
  // BIN_TAG stands for this build's tag (it changes with every build): with it an
  // input gets past the build check to the files and the diagnostics.
  std::string text(reinterpret_cast<const char*>(data), size);
  for (size_t at = 0; (at = text.find("BIN_TAG", at)) != std::string::npos;)
    text.replace(at, 7, ResultCache::BinaryTag());
  std::ofstream(fs::path(shard_dir) / "00.json", std::ios::binary) << text;
  ResultCache cache((root / "c").string());
  std::optional<std::vector<Diagnostic>> hit = cache.Get("00000000000000000000000000000000", {});
  if (hit)
    for (const Diagnostic& d : *hit) {
      if (static_cast<int>(d.severity) < 0 || static_cast<int>(d.severity) > 2) __builtin_trap();
      (void)d.where.file->Locate(d.where.span.begin);
    }
  // Save judges every entry it keeps (its build, day of use, own file) and
  // rewrites a hit's day of use: what it writes is an entry a line, read back
  // like any shard.
  const std::string recipe = (root / "r.yaml").string();
  cache.Put("00000000000000000000000000000001", {{recipe, IdentityOf(recipe)}}, {});
  cache.Save();
  std::ifstream written(fs::path(shard_dir) / "00.json", std::ios::binary);
  std::string saved((std::istreambuf_iterator<char>(written)), std::istreambuf_iterator<char>());
  if (!saved.starts_with("{\n") || !saved.ends_with("\n}")) __builtin_trap();
  if (!ResultCache((root / "c").string()).Get("00000000000000000000000000000001", {})) __builtin_trap();
  return 0;
}
