#include "engine/cache.h"

#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>
#include <algorithm>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>

#include <fmt/format.h>

#include "base/dir_index.h"
#include "base/file_reader.h"
#include "base/hmac.h"
#include "base/paths.h"
#include "base/strings.h"
#include "engine/cache_format.h"
#include "load/hip_loader.h"

namespace aortalint {
namespace fs = std::filesystem;
namespace {

// The shard of the keys starting with the two hex digits `prefix`.
std::string ShardName(std::string_view prefix) { return std::string(prefix) + ".bin"; }

// The files of what is kept between runs besides results, each one record under its key: the
// directory listings, the recipes' launches.
struct KeptFileName {
  std::string_view file, key;
};
constexpr KeptFileName kKeptFiles[] = {{"listings.bin", "listings"}, {"launches.bin", "launches"}};
const KeptFileName& NameOf(ResultCache::Kept what) { return kKeptFiles[static_cast<size_t>(what)]; }

// A shard's file name, or its temporary file's: xx.bin, or xx.json of the text format before it;
// or a kept file's.
bool IsCacheFileName(std::string_view name) {
  for (const KeptFileName& kept : kKeptFiles)
    if (name.starts_with(kept.file)) {
      std::string_view rest = name.substr(kept.file.size());
      return rest.empty() || rest.starts_with(".tmp");
    }
  if (name.size() < 2 || !std::isxdigit(static_cast<unsigned char>(name[0])) ||
      !std::isxdigit(static_cast<unsigned char>(name[1])))
    return false;
  std::string_view rest = name.substr(2);
  for (std::string_view extension : {".bin", ".json"})
    if (rest.starts_with(extension)) {
      rest.remove_prefix(extension.size());
      return rest.empty() || rest.starts_with(".tmp");
    }
  return false;
}

// Days since the epoch: when an entry was last used, for eviction.
int64_t Today() { return static_cast<int64_t>(std::time(nullptr) / 86400); }

// A rule ID as rules write them (COL003, SYN001, ...): anything else is not ours.
bool IsRuleId(std::string_view s) {
  return !s.empty() && s.size() <= 32 && std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
  });
}

// An entry's files as sources: those in memory, else read on demand (only to
// show a diagnostic's lines). An entry names its files by index, so a cached
// result can never make a run open a file the entry was not computed from.
class Sources {
 public:
  Sources(const std::map<std::string, SourcePtr>& known, EntryBody& body)
      : known_(known), files_(body.files), texts_(body.texts) {
    read_.resize(files_.size());
  }
  const std::string& Path(uint32_t index) const { return files_[index].first; }
  SourcePtr Get(uint32_t index) {
    if (read_[index]) return read_[index];
    const std::string& path = files_[index].first;
    if (auto it = known_.find(path); it != known_.end()) return read_[index] = it->second;
    // The lines the entry kept: the file is as it was then (its identity was just compared).
    if (!texts_[index].empty()) return read_[index] = std::make_shared<SourceFile>(path, std::move(texts_[index]));
    // As the loaders do: an unreadable file keeps its readable prefix, so its diagnostic keeps its line.
    // A C/C++ source as the HIP loader read it (bytes that are not UTF-8 replaced).
    ReadResult r = HasHipExtension(path) ? ReadSourceFile(path) : ReadTextFile(path);
    std::string text = r.ok ? std::move(r.text) : r.text.substr(0, std::min(r.error_offset, r.text.size()));
    return read_[index] = std::make_shared<SourceFile>(path, std::move(text));
  }

 private:
  const std::map<std::string, SourcePtr>& known_;  // the run's sources, outliving this
  const FileStates& files_;                        // the entry's files
  std::vector<std::string>& texts_;                // and the lines it kept of each, taken when used
  std::vector<SourcePtr> read_;                    // by index, once looked up
};

// Every value is checked: an entry holding what no run stores is dropped (Get's miss).
Diagnostic Build(StoredDiagnostic stored, Sources& sources) {
  auto location = [&sources](const StoredSpan& at) { return Location{sources.Get(at.file), at.span}; };
  if (!IsRuleId(stored.rule)) throw std::runtime_error("bad rule ID");
  if (stored.severity > static_cast<uint8_t>(Severity::kError)) throw std::runtime_error("bad severity");
  Diagnostic d;
  d.rule = std::move(stored.rule);
  d.severity = static_cast<Severity>(stored.severity);
  d.where = location(stored.at);
  d.message = std::move(stored.message);
  for (auto& [at, message] : stored.notes) d.notes.push_back({location(at), std::move(message)});
  d.help = std::move(stored.help);
  if (stored.fix) {
    Fix fix{std::move(stored.fix->title), stored.fix->safe ? Applicability::kSafe : Applicability::kUnsafe, {}};
    for (auto& [at, replacement] : stored.fix->edits) {
      if (at.span.begin > at.span.end) throw std::runtime_error("reversed edit");
      fix.edits.push_back({sources.Path(at.file), at.span, std::move(replacement)});
    }
    d.fix = std::move(fix);
  }
  return d;
}

}  // namespace

std::string EntryMac(std::string_view secret, std::string_view key, std::string_view bin, std::string_view body) {
  std::string sizes[3] = {std::to_string(key.size()) + ':', std::to_string(bin.size()) + ':',
                          std::to_string(body.size()) + ':'};
  return HmacSha256Hex(secret, {sizes[0], key, sizes[1], bin, sizes[2], body});
}

namespace {

// A descriptor closed when it goes out of scope.
struct Fd {
  int fd = -1;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

// Writes `text` as `name` in `dir`, never through a link (a cache restored from elsewhere may plant one
// to have a run overwrite a user's files): the directory is created and opened with O_NOFOLLOW, and a
// new temporary file in it (O_EXCL) is renamed into place relative to that descriptor. False when
// anything fails; nothing is left behind.
bool WriteInDirectory(const fs::path& dir, const std::string& name, std::string_view text) {
  std::error_code ec;
  fs::create_directories(dir.parent_path(), ec);  // the cache root: the user's (or AORTALINT_CACHE_DIR's) choice
  Fd parent{::open(dir.parent_path().c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC)};
  if (parent.fd < 0) return false;
  std::string sub = dir.filename().string();
  ::mkdirat(parent.fd, sub.c_str(), 0700);
  Fd here{::openat(parent.fd, sub.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)};
  if (here.fd < 0) return false;
  std::string tmp;
  Fd out;
  for (int attempt = 0; attempt < 100 && out.fd < 0; ++attempt) {
    tmp = fmt::format("{}.tmp{}-{}", name, ::getpid(), std::rand());
    out.fd = ::openat(here.fd, tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (out.fd < 0 && errno != EEXIST) return false;
  }
  if (out.fd < 0) return false;
  for (size_t done = 0; done < text.size();) {
    ssize_t n = ::write(out.fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      ::unlinkat(here.fd, tmp.c_str(), 0);
      return false;
    }
    done += static_cast<size_t>(n);
  }
  if (::renameat(here.fd, tmp.c_str(), here.fd, name.c_str()) != 0) {
    ::unlinkat(here.fd, tmp.c_str(), 0);
    return false;
  }
  return true;
}

constexpr size_t kSecretBytes = 32;

// A new secret at `path`: random bytes in a file of mode 0600, linked into
// place (a run beside this one may make its own at the same time: the first
// link wins, and both read that one).
std::string CreateSecret(const fs::path& path) {
  std::error_code ec;
  fs::create_directories(path.parent_path(), ec);
  char bytes[kSecretBytes];
  for (size_t got = 0; got < kSecretBytes;) {
    ssize_t n = ::getrandom(bytes + got, kSecretBytes - got, 0);
    if (n < 0 && errno != EINTR) return std::string("no random bytes: ") + std::strerror(errno);
    if (n > 0) got += static_cast<size_t>(n);
  }
  std::string tmp = fmt::format("{}.tmp{}", path.string(), ::getpid());
  Fd out{::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600)};
  if (out.fd < 0) return fmt::format("cannot create '{}': {}", tmp, std::strerror(errno));
  bool written = ::write(out.fd, bytes, kSecretBytes) == static_cast<ssize_t>(kSecretBytes);
  int linked = written ? ::link(tmp.c_str(), path.c_str()) : -1;
  int link_errno = errno;
  ::unlink(tmp.c_str());
  if (!written) return fmt::format("cannot write '{}'", tmp);
  if (linked != 0 && link_errno != EEXIST)
    return fmt::format("cannot create '{}': {}", path.string(), std::strerror(link_errno));
  return "";
}

// The user's cache secret, made on first use; an error when it cannot be had
// or lies inside the cache at `cache_root` (whoever can edit the cache could read it).
std::string ReadSecret(const std::string& cache_root, std::string& secret) {
  std::string path = ResultCache::SecretPath();
  if (path.empty()) return "no place for the cache secret: set XDG_STATE_HOME or HOME";
  std::error_code ec;
  fs::path inside =
      fs::absolute(path, ec).lexically_normal().lexically_relative(fs::absolute(cache_root, ec).lexically_normal());
  if (!inside.empty() && *inside.begin() != "..")
    return fmt::format("the cache secret '{}' lies inside the cache '{}'; set XDG_STATE_HOME to a directory outside it",
                       path, cache_root);
  Fd in{::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)};
  if (in.fd < 0 && errno == ENOENT) {
    if (std::string why = CreateSecret(path); !why.empty()) return "cannot make the cache secret: " + why;
    in.fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  }
  if (in.fd < 0) return fmt::format("cannot open the cache secret '{}': {}", path, std::strerror(errno));
  struct stat st;
  char bytes[kSecretBytes];
  if (::fstat(in.fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != ::geteuid() || (st.st_mode & 077) != 0 ||
      st.st_size != static_cast<off_t>(kSecretBytes) ||
      ::read(in.fd, bytes, kSecretBytes) != static_cast<ssize_t>(kSecretBytes))
    return fmt::format(
        "the cache secret '{}' is not a {}-byte file of yours that only you can read (mode 0600); "
        "remove it and a new one is made",
        path, kSecretBytes);
  secret.assign(bytes, kSecretBytes);
  return "";
}

}  // namespace

CacheKey& CacheKey::Add(std::string_view bytes) {
  // Eight bytes a step on each lane (a byte at a time was a unit key's whole
  // cost on a warm run); each step is a bijection of the lane, the two lanes
  // mix differently. The length last: ("ab", "c") and ("a", "bc") differ, and
  // so do "a" and "a\0", which pad to the same word.
  auto mix = [this](uint64_t word) {
    a_ = (a_ ^ word) * 0xff51afd7ed558ccdull;
    a_ ^= a_ >> 32;
    b_ = (b_ ^ (word + 0x9e3779b97f4a7c15ull)) * 0xc4ceb9fe1a85ec53ull;
    b_ ^= b_ >> 29;
  };
  ForEachWord(bytes, mix);
  mix(bytes.size());
  return *this;
}

std::string CacheKey::Hex() const {
  std::string hex(32, '0');  // a_ then b_, 16 digits each
  for (int i = 0; i < 16; ++i) {
    hex[15 - i] = "0123456789abcdef"[(a_ >> (4 * i)) & 15];
    hex[31 - i] = "0123456789abcdef"[(b_ >> (4 * i)) & 15];
  }
  return hex;
}

std::string ResultCache::DefaultDir() {
  if (const char* dir = std::getenv("AORTALINT_CACHE_DIR")) return dir;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return std::string(xdg) + "/aortalint";
  if (const char* home = std::getenv("HOME"); home && *home) return std::string(home) + "/.cache/aortalint";
  return "";
}

std::string ResultCache::SecretPath() {
  if (const char* state = std::getenv("XDG_STATE_HOME"); state && *state == '/')
    return std::string(state) + "/aortalint/cache-secret";
  if (const char* home = std::getenv("HOME"); home && *home)
    return std::string(home) + "/.local/state/aortalint/cache-secret";
  return "";
}

std::string ResultCache::BinaryStamp() {
  static const std::string stamp = [] {
    FileIdentity id = IdentityOf("/proc/self/exe");
    return fmt::format("{},{},{},{},{} {}", id.size, id.mtime_ns, id.ctime_ns, id.inode, id.hash, AORTALINT_VERSION);
  }();
  return stamp;
}

ResultCache::ResultCache(const std::string& dir) {
  static std::atomic<uint64_t> runs{0};
  run_ = ++runs;
  if (dir.empty()) return;
  std::error_code ec;
  dir_ = (fs::path(dir) / CacheKey().Add(fs::current_path(ec).string()).Hex()).string();
  if (fs::is_symlink(dir_, ec)) dir_.clear();  // planted: neither read through nor written through
  if (std::string why = ReadSecret(dir, secret_); !why.empty()) {
    note_ = "cache disabled: " + why;
    dir_.clear();
  }
}

namespace {

// The identity `files` hold for `path`, or null.
const FileIdentity* IdentityIn(const FileStates& files, const std::string& path) {
  for (const auto& file : files)
    if (file.first == path) return &file.second;
  return nullptr;
}

// The shard of a key (hex digits): its first two.
size_t ShardIndex(std::string_view key) {
  auto digit = [](char c) { return static_cast<size_t>(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10) & 15; };
  return key.size() < 2 ? 0 : digit(key[0]) * 16 + digit(key[1]);
}

}  // namespace

ResultCache::Shard& ResultCache::ShardOf(const std::string& key) const {
  Shard& shard = shards_[ShardIndex(key)];
  if (shard.loaded) return shard;
  shard.loaded = true;
  // Never blocks on a FIFO or a device planted in the cache directory; read whole, then indexed in memory.
  ReadResult read = ReadRegularFile((fs::path(dir_) / ShardName(key.substr(0, 2))).string(), kMaxShardBytes);
  if (!read.ok) return shard;
  shard.bytes = std::move(read.text);
  // Another format, or torn: the entries indexed so far; the rest is rewritten on Save().
  IndexShard(shard.bytes, shard.records);
  return shard;
}

std::optional<std::vector<Diagnostic>> ResultCache::Get(const std::string& key,
                                                        const std::map<std::string, SourcePtr>& known, uint8_t* flags,
                                                        const FileStates& stated) {
  if (!enabled()) return std::nullopt;
  std::string_view record;
  {
    // A record's bytes never change or move once stored: a Put elsewhere
    // stores new bytes for its key. A shard is loaded once, under the unique lock.
    std::shared_lock shared(mutex_);
    const Shard* shard = &shards_[ShardIndex(key)];
    std::unique_lock unique(mutex_, std::defer_lock);
    if (!shard->loaded) {
      shared.unlock();
      unique.lock();
      shard = &ShardOf(key);
    }
    auto found = shard->records.find(key);
    if (found == shard->records.end()) return std::nullopt;
    record = found->second;
  }
  try {
    return FromRecord(key, record, known, flags, stated);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

std::optional<std::vector<Diagnostic>> ResultCache::FromRecord(const std::string& key, std::string_view bytes,
                                                               const std::map<std::string, SourcePtr>& known,
                                                               uint8_t* flags, const FileStates& stated) {
  std::optional<CacheRecord> record = DecodeRecord(bytes);
  if (!record || record->bin != BinaryTag()) return std::nullopt;
  // Signed as written: anything else (an entry edited to hold no findings) is recomputed.
  if (record->mac != EntryMac(secret_, key, record->bin, record->body)) return std::nullopt;
  std::optional<EntryBody> body = DecodeBody(record->body);
  // An entry without the files it was computed from could never go stale.
  if (!body || body->files.empty()) return std::nullopt;
  // Each file as the run knows it now; one stored while recent (contents hashed) and settled since is
  // looked at again, and the entry stored anew with what it is now (no second look next time).
  FileStates now;
  bool settled = false;
  for (const auto& [path, as_stored] : body->files) {
    const FileIdentity* taken = IdentityIn(stated, path);
    FileIdentity id = taken ? *taken : IdentityNow(path, known, !as_stored.exists);
    if (id != as_stored) {
      if (!SettledSince(as_stored, id, path)) return std::nullopt;
      settled = true;
    }
    now.emplace_back(path, id);
  }
  Sources sources(known, *body);
  std::vector<Diagnostic> out;
  for (StoredDiagnostic& d : body->diagnostics) out.push_back(Build(std::move(d), sources));
  if (settled)
    Put(key, now, out, body->flags);
  else
    NoteUse(key, record->used);
  if (flags) *flags = body->flags;
  return out;
}

FileIdentity ResultCache::IdentityNow(const std::string& path, const std::map<std::string, SourcePtr>& known,
                                      bool was_absent) const {
  // A file this run has read is judged as it was read; the others once per run.
  if (auto it = known.find(path); it != known.end() && it->second && it->second->identity().exists)
    return it->second->identity();
  // Each thread's files as they are now, in slots by the path's hash: a file that every unit reads (a
  // config) is looked at once a thread, and the rest (a unit's own files) take no lock and no allocation.
  struct LookedAt {
    uint64_t run = 0;
    std::string path;
    FileIdentity identity;
  };
  thread_local std::array<LookedAt, 256> looked_at;
  LookedAt& slot = looked_at[std::hash<std::string_view>()(path) % looked_at.size()];
  if (slot.run == run_ && slot.path == path) return slot.identity;
  // A module probe's answer is in the run's listings, when its directory was listed: no stat. A file
  // that was there is stat'ed whatever the listing says (its identity is what is compared).
  FileIdentity id = was_absent && ListedAbsent(path) ? FileIdentity{} : IdentityOf(path);
  slot.run = run_;
  slot.path = path;
  slot.identity = id;
  return id;
}

void ResultCache::NoteUse(const std::string& key, int64_t used) const {
  if (used == Today()) return;
  std::lock_guard lock(mutex_);
  used_today_.insert(key);
}

namespace {

// Each file once, however it was named: a rule that probes `/abs/dir/recipe.yaml` for the recipe the
// unit read as `dir/recipe.yaml` makes every warm run look at one file twice. A later spelling is
// dropped only when no finding names it and it was seen as the same file (its identity then).
FileStates Distinct(const FileStates& files, const std::vector<Diagnostic>& diagnostics) {
  std::unordered_set<std::string_view> named;
  for (const Diagnostic& d : diagnostics) {
    named.insert(d.where.path());
    for (const Note& n : d.notes) named.insert(n.where.path());
    if (d.fix)
      for (const Edit& e : d.fix->edits) named.insert(e.path);
  }
  FileStates out;
  std::unordered_map<std::string, FileIdentity> seen;  // by absolute, lexically normal path
  for (const auto& [path, id] : files) {
    if (HasDotDot(path)) {  // where a `..` after a link leads is the file system's to say
      out.emplace_back(path, id);
      continue;
    }
    auto [at, first] = seen.try_emplace(AbsoluteNormal(path), id);
    if (first || at->second != id || named.count(path)) out.emplace_back(path, id);
  }
  return out;
}

}  // namespace

void ResultCache::Put(const std::string& key, const FileStates& dependencies,
                      const std::vector<Diagnostic>& diagnostics, uint8_t flags) {
  if (!enabled()) return;
  // Each file as the analysis read it, not as it is now: a file edited during
  // the run differs from that state (its ctime at least), so the entry is never served.
  // Nothing stored for a finding in a file the unit did not read (never servable), or without a MAC.
  std::string record;
  if (std::optional<EntryBody> body = MakeBody(Distinct(dependencies, diagnostics), diagnostics, flags)) {
    std::string bytes = EncodeBody(*body);
    const std::string& bin = BinaryTag();
    try {
      record = EncodeRecord({key, bin, EntryMac(secret_, key, bin, bytes), Today(), bytes});
    } catch (const std::runtime_error&) {
    }
  }
  std::lock_guard lock(mutex_);
  Shard& shard = ShardOf(key);
  shard.dirty = true;
  if (record.empty()) {
    shard.records.erase(key);
    return;
  }
  std::string_view stored = shard.added.emplace_back(std::move(record));
  shard.records[DecodeRecord(stored)->key] = stored;  // the key's bytes live as long as the record's
}

std::optional<std::string> ResultCache::ReadKept(Kept what) const {
  if (!enabled()) return std::nullopt;
  const KeptFileName& name = NameOf(what);
  ReadResult read = ReadRegularFile((fs::path(dir_) / name.file).string(), kMaxShardBytes);
  RecordIndex records;
  if (!read.ok || !IndexShard(read.text, records)) return std::nullopt;
  auto found = records.find(name.key);
  if (found == records.end()) return std::nullopt;
  std::optional<CacheRecord> record = DecodeRecord(found->second);
  // Signed as entries are: a listing edited to leave a file out would hide it from every later run.
  if (!record || record->bin != BinaryTag() || record->mac != EntryMac(secret_, name.key, record->bin, record->body))
    return std::nullopt;
  return std::string(record->body);
}

void ResultCache::WriteKept(Kept what, std::string_view body) {
  if (!enabled()) return;
  const KeptFileName& name = NameOf(what);
  const std::string& bin = BinaryTag();
  try {
    std::string record = EncodeRecord({name.key, bin, EntryMac(secret_, name.key, bin, body), Today(), body});
    WriteInDirectory(dir_, std::string(name.file), EncodeShard({record}));
  } catch (const std::runtime_error&) {  // too large to sign: the next run finds everything afresh
  }
}

std::optional<KeptListings> ResultCache::Listings() const {
  if (!enabled()) return std::nullopt;
  std::optional<std::string> body = ReadKept(Kept::kListings);
  if (!body) return KeptListings{};  // none kept: this run's are
  return DecodeListings(*body).value_or(KeptListings{});
}

void ResultCache::KeepListings(const KeptListings& listings) { WriteKept(Kept::kListings, EncodeListings(listings)); }

std::string ResultCache::BinaryTag() {
  static const std::string tag = CacheKey().Add(BinaryStamp()).Hex();
  return tag;
}

void ResultCache::Save() {
  const int64_t today = Today();
  for (const std::string& key : used_today_) ShardOf(key).dirty = true;  // its day of use is rewritten
  for (size_t i = 0; i < shards_.size(); ++i) {
    Shard& shard = shards_[i];
    if (!shard.dirty) continue;
    // Kept: this build's entries, used within kMaxIdleDays, whose own file (the first read) is still there.
    std::vector<std::pair<std::string_view, std::string>> kept;  // key, record
    std::vector<std::pair<int64_t, size_t>> by_use;              // day of use, index in `kept`
    std::error_code ec;
    for (const auto& [key, bytes] : shard.records) {
      std::optional<CacheRecord> record = DecodeRecord(bytes);
      if (!record || record->bin != BinaryTag() || today - record->used > kMaxIdleDays) continue;
      std::optional<std::string> own = FirstFile(record->body);  // not read: IdentityOf would hash it
      if (!own || !fs::exists(*own, ec)) continue;
      if (used_today_.count(key)) record->used = today;
      by_use.emplace_back(record->used, kept.size());
      kept.emplace_back(key, EncodeRecord(*record));
    }
    // A cap per shard, least recently used out first (other settings' entries
    // live on only while they are used).
    if (by_use.size() > kMaxEntriesPerShard) {
      std::sort(by_use.begin(), by_use.end());
      for (size_t k = 0; k < by_use.size() - kMaxEntriesPerShard; ++k) kept[by_use[k].second].second.clear();
    }
    std::sort(kept.begin(), kept.end());
    std::vector<std::string_view> records;
    for (const auto& [key, record] : kept)
      if (!record.empty()) records.push_back(record);
    // Write then rename, so a concurrent reader never sees half a shard.
    if (WriteInDirectory(dir_, ShardName(fmt::format("{:02x}", i)), EncodeShard(records))) shard.dirty = false;
  }
}

int ResultCache::Clean(const std::string& dir, std::ostream& out, std::ostream& err) {
  if (dir.empty()) {
    err << "aortalint: no cache directory: set AORTALINT_CACHE_DIR, XDG_CACHE_HOME or HOME\n";
    return 2;
  }
  std::error_code ec;
  if (!fs::exists(dir, ec)) {
    out << "aortalint: no cache at '" << dir << "'\n";
    return 0;
  }
  // Only what the cache itself writes: <32 hex digits>/<shard or kept file>. $AORTALINT_CACHE_DIR
  // may name a directory that holds other things; those are never touched.
  auto hex = [](const std::string& s) {
    return std::all_of(s.begin(), s.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); });
  };
  size_t files = 0, failed = 0;
  auto remove = [&](const fs::path& path) {
    std::error_code rec;
    if (fs::remove(path, rec))
      ++files;
    else
      ++failed, err << "aortalint: cannot remove '" << path.string() << "': " << rec.message() << "\n";
  };
  for (const fs::directory_entry& sub : fs::directory_iterator(dir, ec)) {
    std::string name = sub.path().filename().string();
    if (name.size() != 32 || !hex(name) || sub.is_symlink(ec) || !sub.is_directory(ec)) continue;
    for (const fs::directory_entry& f : fs::directory_iterator(sub.path(), ec)) {
      std::string fname = f.path().filename().string();
      if (!IsCacheFileName(fname) || !f.is_regular_file(ec)) continue;
      remove(f.path());
    }
    fs::remove(sub.path(), ec);  // only when now empty
  }
  // The HIP parses' precompiled preludes: hip-pch/prelude-<hex>.pch (and their temporary files).
  for (const fs::directory_entry& f : fs::directory_iterator(fs::path(dir) / "hip-pch", ec)) {
    std::string fname = f.path().filename().string();
    if (fname.rfind("prelude-", 0) == 0 && fname.find(".pch") != std::string::npos && f.is_regular_file(ec))
      remove(f.path());
  }
  fs::remove(fs::path(dir) / "hip-pch", ec);  // only when now empty
  out << "aortalint: removed " << files << " cache file" << (files == 1 ? "" : "s") << " from '" << dir << "'\n";
  return failed ? 2 : 0;
}

}  // namespace aortalint
