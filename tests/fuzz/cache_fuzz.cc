// libFuzzer target: arbitrary bytes as a cache shard, read back for a key the
// seeds use (BIN_TAG in them becomes this build's tag, and MAC_OK in the looked-up
// entry its MAC under this run's secret, so inputs reach the diagnostics' readers). A shard is untrusted
// (a cache restored from another CI run): whatever it holds, a lookup may only
// miss or return validated diagnostics about the entry's own files, and never
// crash.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "base/file_reader.h"
#include "engine/cache.h"
#include "scratch.h"

namespace {

constexpr std::string_view kKey = "00000000000000000000000000000000";

// Each `from` in `text` replaced by `to`, left to right (a `to` that holds `from` is not replaced again:
// a signature that failed once replaced MAC_OK with text starting MAC_OK, a hang the fuzzer found).
void ReplaceAll(std::string& text, std::string_view from, const std::string& to) {
  for (size_t at = 0; (at = text.find(from, at)) != std::string::npos; at += to.size())
    text.replace(at, from.size(), to);
}

// MAC_OK in `entry` (the text of the entry looked up) replaced by its MAC, when the entry parses.
void Sign(std::string& entry, const std::string& secret) {
  using namespace aortalint;
  try {
    nlohmann::json e = ParseShard(entry);
    if (!e.is_object() || e.value("mac", std::string()) != "MAC_OK") return;
    std::string mac = EntryMac(secret, kKey, ResultCache::BinaryTag(), e.at("read").dump(), e.at("diagnostics").dump());
    ReplaceAll(entry, "MAC_OK", mac);
  } catch (const std::exception&) {
  }
}

// Signs the looked-up entry, whether the shard holds it a line (as the cache writes it) or in another shape.
void SignShard(std::string& text, const std::string& secret) {
  const std::string line_start = "\"" + std::string(kKey) + "\":";
  std::string out;
  for (size_t at = 0; at < text.size();) {
    size_t eol = std::min(text.find('\n', at), text.size());
    std::string line = text.substr(at, eol - at);
    if (line.starts_with(line_start)) {
      bool comma = line.ends_with(',');
      std::string entry = line.substr(line_start.size(), line.size() - line_start.size() - comma);
      Sign(entry, secret);
      line = line_start + entry + (comma ? "," : "");
    }
    out += line;
    if (eol < text.size()) out += '\n';
    at = eol + 1;
  }
  text = std::move(out);
  try {
    nlohmann::json whole = aortalint::ParseShard(text);
    if (whole.is_object() && whole.contains(kKey)) {
      std::string entry = whole[std::string(kKey)].dump();
      Sign(entry, secret);
      size_t mac = entry.find("\"mac\":\"");
      if (mac != std::string::npos && entry.compare(mac + 7, 6, "MAC_OK") != 0)
        ReplaceAll(text, "MAC_OK", entry.substr(mac + 7, 64));
    }
  } catch (const std::exception&) {
  }
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
  ResultCache cache((root / "c").string());
  if (!cache.enabled()) __builtin_trap();  // no secret: nothing below would be reached
  static const std::string secret = [] {
    std::ifstream in(ResultCache::SecretPath(), std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  }();
  SignShard(text, secret);
  std::ofstream(fs::path(shard_dir) / "00.json", std::ios::binary) << text;
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
