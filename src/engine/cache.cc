#include "engine/cache.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

#include "base/file_reader.h"

namespace aortalint {
namespace fs = std::filesystem;
namespace {

nlohmann::json SpanJson(const Location& where) { return {where.path(), where.span.begin, where.span.end}; }

// What a file looked like: [size, mtime in ns], or null when it does not exist.
nlohmann::json FileState(const std::string& path) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) return nullptr;
  return {static_cast<int64_t>(st.st_size),
          static_cast<int64_t>(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec};
}

// Sources by path: those in memory, then files read on demand.
class Sources {
 public:
  explicit Sources(const std::map<std::string, SourcePtr>& known) : map_(known) {}
  SourcePtr Get(const std::string& path) {
    if (auto it = map_.find(path); it != map_.end()) return it->second;
    // As the loaders do: an unreadable file keeps its readable prefix, so its diagnostic keeps its line.
    ReadResult r = ReadTextFile(path);
    std::string text = r.ok ? std::move(r.text) : r.text.substr(0, std::min(r.error_offset, r.text.size()));
    return map_.emplace(path, std::make_shared<SourceFile>(path, std::move(text))).first->second;
  }

 private:
  std::map<std::string, SourcePtr> map_;
};

Location LocationFrom(const nlohmann::json& j, Sources& sources) {
  return Location{sources.Get(j.at(0).get<std::string>()), {j.at(1).get<uint32_t>(), j.at(2).get<uint32_t>()}};
}

nlohmann::json ToJson(const Diagnostic& d) {
  nlohmann::json j = {{"rule", d.rule}, {"severity", static_cast<int>(d.severity)},
                      {"at", SpanJson(d.where)}, {"message", d.message}, {"notes", nlohmann::json::array()}};
  for (const Note& n : d.notes) j["notes"].push_back({{"at", SpanJson(n.where)}, {"message", n.message}});
  if (d.fix) {
    nlohmann::json edits = nlohmann::json::array();
    for (const Edit& e : d.fix->edits) edits.push_back({e.path, e.span.begin, e.span.end, e.replacement});
    j["fix"] = {{"title", d.fix->title}, {"safe", d.fix->applicability == Applicability::kSafe}, {"edits", edits}};
  }
  return j;
}

Diagnostic FromJson(const nlohmann::json& j, Sources& sources) {
  Diagnostic d;
  d.rule = j.at("rule");
  d.severity = static_cast<Severity>(j.at("severity").get<int>());
  d.where = LocationFrom(j.at("at"), sources);
  d.message = j.at("message");
  for (const nlohmann::json& n : j.at("notes")) d.notes.push_back({LocationFrom(n.at("at"), sources), n.at("message")});
  if (j.contains("fix")) {
    const nlohmann::json& f = j["fix"];
    Fix fix{f.at("title"), f.at("safe").get<bool>() ? Applicability::kSafe : Applicability::kUnsafe, {}};
    for (const nlohmann::json& e : f.at("edits"))
      fix.edits.push_back({e.at(0), {e.at(1).get<uint32_t>(), e.at(2).get<uint32_t>()}, e.at(3)});
    d.fix = std::move(fix);
  }
  return d;
}

}  // namespace

CacheKey& CacheKey::Add(std::string_view bytes) {
  for (unsigned char c : bytes) {
    a_ = (a_ ^ c) * 0x100000001b3ull;
    b_ = (b_ ^ (c + 0x9e)) * 0x100000001b3ull;
  }
  // A separator, so ("ab", "c") and ("a", "bc") differ.
  a_ = (a_ ^ 0xff) * 0x100000001b3ull;
  b_ = (b_ ^ 0x1ff) * 0x100000001b3ull;
  return *this;
}

std::string CacheKey::Hex() const { return fmt::format("{:016x}{:016x}", a_, b_); }

std::string ResultCache::DefaultDir() {
  if (const char* dir = std::getenv("AORTALINT_CACHE_DIR")) return dir;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return std::string(xdg) + "/aortalint";
  if (const char* home = std::getenv("HOME"); home && *home) return std::string(home) + "/.cache/aortalint";
  return "";
}

std::string ResultCache::BinaryStamp() {
  static const std::string stamp = FileState("/proc/self/exe").dump() + AORTALINT_VERSION;
  return stamp;
}

ResultCache::ResultCache(const std::string& dir) {
  if (dir.empty()) return;
  std::error_code ec;
  dir_ = (fs::path(dir) / CacheKey().Add(fs::current_path(ec).string()).Hex()).string();
}

ResultCache::Shard& ResultCache::ShardOf(const std::string& key) const {
  Shard& shard = shards_[std::stoul(key.substr(0, 2), nullptr, 16)];
  if (shard.loaded) return shard;
  shard.loaded = true;
  std::ifstream in(fs::path(dir_) / (key.substr(0, 2) + ".json"), std::ios::binary);
  if (!in) return shard;
  try {
    nlohmann::json stored = nlohmann::json::parse(in);
    if (stored.is_object()) shard.entries = std::move(stored);
  } catch (const std::exception&) {
    // A torn or foreign file is an empty shard; it is rewritten on Save().
  }
  return shard;
}

std::optional<std::vector<Diagnostic>> ResultCache::Get(const std::string& key,
                                                        const std::map<std::string, SourcePtr>& known) const {
  if (!enabled()) return std::nullopt;
  nlohmann::json::const_iterator it;
  {
    // Entries live in a std::map: a Put elsewhere never moves this one.
    std::lock_guard lock(mutex_);
    const Shard& shard = ShardOf(key);
    it = shard.entries.find(key);
    if (it == shard.entries.end()) return std::nullopt;
  }
  try {
    const nlohmann::json& entry = *it;
    for (const nlohmann::json& dep : entry.at("read"))
      if (FileState(dep.at(0).get<std::string>()) != dep.at(1)) return std::nullopt;
    Sources sources(known);
    std::vector<Diagnostic> out;
    for (const nlohmann::json& j : entry.at("diagnostics")) out.push_back(FromJson(j, sources));
    return out;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

void ResultCache::Put(const std::string& key, const std::vector<std::string>& dependencies,
                      const std::vector<Diagnostic>& diagnostics) {
  if (!enabled()) return;
  nlohmann::json read = nlohmann::json::array();
  for (const std::string& path : dependencies) read.push_back({path, FileState(path)});
  nlohmann::json all = nlohmann::json::array();
  for (const Diagnostic& d : diagnostics) all.push_back(ToJson(d));
  std::lock_guard lock(mutex_);
  Shard& shard = ShardOf(key);
  shard.entries[key] = {{"read", std::move(read)}, {"diagnostics", std::move(all)}};
  shard.dirty = true;
}

void ResultCache::Save() {
  std::error_code ec;
  for (size_t i = 0; i < shards_.size(); ++i) {
    Shard& shard = shards_[i];
    if (!shard.dirty) continue;
    // Entries whose own file is gone would only grow the cache.
    for (auto it = shard.entries.begin(); it != shard.entries.end();) {
      const nlohmann::json& read = (*it)["read"];
      bool gone = read.empty() || FileState(read[0][0].get<std::string>()).is_null();
      it = gone ? shard.entries.erase(it) : std::next(it);
    }
    fs::create_directories(dir_, ec);
    // Write then rename, so a concurrent reader never sees half a shard.
    fs::path file = fs::path(dir_) / fmt::format("{:02x}.json", i);
    fs::path tmp = file.string() + ".tmp" + std::to_string(::getpid());
    {
      std::ofstream out(tmp, std::ios::binary);
      out << shard.entries.dump();
      if (!out) continue;
    }
    fs::rename(tmp, file, ec);
    shard.dirty = false;
  }
}

}  // namespace aortalint
