#include "driver/kept_launch.h"

#include <algorithm>
#include <map>
#include <tuple>

#include "base/bytes.h"
#include "engine/cache_format.h"

namespace aortalint {

namespace {

// Past this many, only this run's are kept (a bound on what runs over other trees leave behind).
constexpr size_t kMaxKept = 200'000;

uint32_t IndexAt(std::string_view indices, size_t k) {
  ByteReader r(indices.substr(4 * k, 4));
  return r.Int<uint32_t>();
}

void WriteWords(ByteWriter& w, const std::vector<std::string>& words) {
  w.Int(static_cast<uint32_t>(words.size()));
  for (const std::string& word : words) w.Str(word);
}

// Fills `words` when given; else only reads past them.
void ReadWords(ByteReader& r, std::vector<std::string>* words) {
  for (uint32_t n = r.Count(4); n > 0 && r.ok(); --n) {
    std::string_view word = r.Str();
    if (words) words->emplace_back(word);
  }
}

// The parts of a launch that are kept; the rest (the header command, what is missing or outside) is
// found again from the recipe's text by a unit that is analysed.
void WriteKeptParts(ByteWriter& w, const Launch& launch) {
  w.Int(static_cast<uint8_t>(launch.pairing.source));
  w.Str(launch.pairing.base_dir);
  WriteWords(w, launch.pairing.argv);
  WriteWords(w, launch.files);
  WriteWords(w, launch.hip_files);
  WriteWords(w, launch.pairing.sidecars);
}

std::string Tail(const FoundLaunch& found) {
  std::string out;
  ByteWriter w(out);
  w.Int(static_cast<uint8_t>(found.recipe));
  w.Str(found.why);
  w.Int(static_cast<uint8_t>(found.launch.has_value()));
  if (found.launch) WriteKeptParts(w, *found.launch);
  return out;
}

// The tail into `found` (when given); false for bytes Tail did not write.
bool ReadTail(std::string_view tail, FoundLaunch* found) {
  ByteReader r(tail);
  bool recipe = r.Bool();
  std::string_view why = r.Str();
  Launch launch;
  bool has_launch = r.Bool();
  if (has_launch) {
    uint8_t source = r.Int<uint8_t>();
    if (source > static_cast<uint8_t>(LaunchSource::kDirectory)) return false;
    launch.pairing.source = static_cast<LaunchSource>(source);
    std::string_view base_dir = r.Str();
    if (found) launch.pairing.base_dir = base_dir;
    for (std::vector<std::string>* words :
         {&launch.pairing.argv, &launch.files, &launch.hip_files, &launch.pairing.sidecars})
      ReadWords(r, found ? words : nullptr);
  }
  if (!r.done()) return false;
  if (found) {
    found->recipe = recipe;
    found->why = why;
    if (has_launch) found->launch = std::move(launch);
  }
  return true;
}

// Everything besides the file system and the recipe's text that a role and a launch are found from.
std::string Context(const Candidate& file, const Config& config, bool ask_role) {
  CacheKey key;
  key.Add(file.root).Add(ask_role ? "role asked" : "named").Add(config.path).Add(config.dir);
  for (const PairSpec& pair : config.pairs) {
    key.Add("pair").Add(pair.recipe).Add(pair.command).Add(std::to_string(pair.sources.size()));
    for (const std::string& source : pair.sources) key.Add(source);
  }
  return key.Hex();
}

std::string KeptParts(const Launch& launch) {
  std::string out;
  ByteWriter w(out);
  WriteKeptParts(w, launch);
  return out;
}

}  // namespace

bool SameKeptParts(const Launch& a, const Launch& b) { return KeptParts(a) == KeptParts(b); }

std::atomic<uint64_t> KeptLaunches::instances_{0};

const std::string& KeptLaunches::ContextOf(const Candidate& file, const Config& config, bool ask_role) const {
  // A run's recipes share a few configs: each thread keeps its last answer (for this instance only: a
  // later one may see another config at the same address).
  thread_local struct {
    uint64_t instance = 0;
    const Config* config = nullptr;
    std::string root;
    bool ask_role = false;
    std::string context;
  } last;
  if (last.instance != instance_ || last.config != &config || last.root != file.root || last.ask_role != ask_role)
    last = {instance_, &config, file.root, ask_role, Context(file, config, ask_role)};
  return last.context;
}

std::unique_ptr<const KeptLaunches::Stored> KeptLaunches::Decode(std::string body) {
  auto kept = std::make_unique<Stored>();
  Stored& stored = *kept;
  stored.bytes = std::move(body);  // a few MB on a large tree: moved, not copied
  ByteReader r(stored.bytes);
  for (uint32_t n = r.Count(4 + 4 + 8); n > 0 && r.ok(); --n) {
    Stored::Answer& a = stored.answers.emplace_back();
    a.dir = r.Str();
    a.name = r.Str();
    a.answer = r.Int<uint64_t>();
    if (!a.dir.starts_with('/') || a.name.find('/') != std::string_view::npos) return nullptr;
  }
  constexpr size_t kEntryBytes = 4 + 4 + 1 + 6 * 8 + 4 + 4;
  for (uint32_t n = r.Count(kEntryBytes); n > 0 && r.ok(); --n) {
    Stored::Entry& e = stored.entries.emplace_back();
    e.path = r.Str();
    e.context = r.Str();
    e.identity = ReadIdentity(r);
    e.answers = r.Str();
    e.tail = r.Str();
    if (!r.ok() || e.answers.size() % 4 || !ReadTail(e.tail, nullptr)) return nullptr;
    for (size_t k = 0; k < e.answers.size() / 4; ++k)
      if (IndexAt(e.answers, k) >= stored.answers.size()) return nullptr;
    // In path order, each once: found by a binary search.
    if (stored.entries.size() > 1 && !(stored.entries[stored.entries.size() - 2].path < e.path)) return nullptr;
  }
  if (!r.done()) return nullptr;
  return kept;
}

KeptLaunches::KeptLaunches(ResultCache& cache, bool on) : cache_(cache), on_(on && cache.enabled()) {
  if (!on_) return;
  std::optional<std::string> body = cache_.ReadKept(ResultCache::Kept::kLaunches);
  if (!body || !(earlier_ = Decode(std::move(*body)))) return;
  answer_state_ = std::make_unique<std::atomic<uint8_t>[]>(earlier_->answers.size());
  stale_ = std::make_unique<std::atomic<bool>[]>(earlier_->entries.size());
}

KeptLaunches::~KeptLaunches() = default;

std::optional<FoundLaunch> KeptLaunches::Find(const Candidate& file, const Config& config, bool ask_role) {
  if (!earlier_) return std::nullopt;
  const std::vector<Stored::Entry>& entries = earlier_->entries;
  auto it = std::lower_bound(entries.begin(), entries.end(), file.path,
                             [](const Stored::Entry& e, const std::string& path) { return e.path < path; });
  if (it == entries.end() || it->path != file.path) return std::nullopt;
  auto changed = [&] {
    stale_[it - entries.begin()] = true;
    any_stale_ = true;
    return std::nullopt;
  };
  if (it->context != ContextOf(file, config, ask_role)) return changed();
  // Each answer is judged once a run, however many recipes asked it (whether their project root is one).
  for (size_t k = 0; k < it->answers.size() / 4; ++k) {
    uint32_t index = IndexAt(it->answers, k);
    std::atomic<uint8_t>& state = answer_state_[index];
    if (state == 0) {
      const Stored::Answer& then = earlier_->answers[index];
      state = ListedAnswer(std::string(then.dir), then.name) == then.answer ? 1 : 2;
    }
    if (state == 2) return changed();
  }
  FoundLaunch found;
  found.identity = IdentityOf(file.path);
  if (!found.identity.exists || found.identity != it->identity || !ReadTail(it->tail, &found)) return changed();
  return found;
}

void KeptLaunches::Keep(const Candidate& file, const Config& config, bool ask_role, const FoundLaunch& found,
                        const ScopedListingLog* consulted) {
  if (!on_ || !found.identity.exists || (consulted && consulted->unlisted())) return;
  std::string entry;
  ByteWriter w(entry);
  w.Str(ContextOf(file, config, ask_role));
  WriteIdentity(w, found.identity);
  static const std::vector<std::pair<std::string, std::string>> kNone;
  const auto& asked = consulted ? consulted->asked() : kNone;
  w.Int(static_cast<uint32_t>(asked.size()));
  for (const auto& [dir, name] : asked) {
    // The run's listings answer as they answered the pairing: each directory is listed once a run.
    std::optional<uint64_t> answer = ListedAnswer(dir, name);
    if (!answer) return;
    w.Str(dir);
    w.Str(name);
    w.Int(*answer);
  }
  w.Str(Tail(found));
  std::lock_guard lock(mutex_);
  fresh_[file.path] = std::move(entry);
}

void KeptLaunches::Save() {
  if (!on_ || (fresh_.empty() && !any_stale_)) return;
  // Each entry as (path, context, identity, answers, tail), old and new alike.
  struct Entry {
    std::string_view path, context;
    FileIdentity identity;
    std::vector<Stored::Answer> answers;
    std::string_view tail;
  };
  std::vector<Entry> all;
  for (const auto& [path, bytes] : fresh_) {
    ByteReader r(bytes);
    Entry& e = all.emplace_back();
    e.path = path;
    e.context = r.Str();
    e.identity = ReadIdentity(r);
    for (uint32_t n = r.Int<uint32_t>(); n > 0; --n) {
      Stored::Answer& a = e.answers.emplace_back();
      a.dir = r.Str();
      a.name = r.Str();
      a.answer = r.Int<uint64_t>();
    }
    e.tail = r.Str();
  }
  // The earlier ones this run neither found changed nor found again (a run over part of the tree).
  if (earlier_ && earlier_->entries.size() + fresh_.size() <= kMaxKept)
    for (size_t i = 0; i < earlier_->entries.size(); ++i) {
      const Stored::Entry& old = earlier_->entries[i];
      if (stale_[i] || fresh_.count(std::string(old.path))) continue;
      Entry& e = all.emplace_back();
      e.path = old.path;
      e.context = old.context;
      e.identity = old.identity;
      for (size_t k = 0; k < old.answers.size() / 4; ++k)
        e.answers.push_back(earlier_->answers[IndexAt(old.answers, k)]);
      e.tail = old.tail;
    }
  std::sort(all.begin(), all.end(), [](const Entry& a, const Entry& b) { return a.path < b.path; });

  // Each answer once (whether a project root holds `.git` is every recipe's question below it).
  std::map<std::tuple<std::string_view, std::string_view, uint64_t>, uint32_t> index;
  std::vector<Stored::Answer> answers;
  std::vector<std::string> entry_answers(all.size());
  for (size_t i = 0; i < all.size(); ++i) {
    ByteWriter w(entry_answers[i]);
    for (const Stored::Answer& a : all[i].answers) {
      auto [at, added] = index.try_emplace({a.dir, a.name, a.answer}, static_cast<uint32_t>(answers.size()));
      if (added) answers.push_back(a);
      w.Int(at->second);
    }
  }
  std::string body;
  ByteWriter w(body);
  w.Int(static_cast<uint32_t>(answers.size()));
  for (const Stored::Answer& a : answers) {
    w.Str(a.dir);
    w.Str(a.name);
    w.Int(a.answer);
  }
  w.Int(static_cast<uint32_t>(all.size()));
  for (size_t i = 0; i < all.size(); ++i) {
    w.Str(all[i].path);
    w.Str(all[i].context);
    WriteIdentity(w, all[i].identity);
    w.Str(entry_answers[i]);
    w.Str(all[i].tail);
  }
  cache_.WriteKept(ResultCache::Kept::kLaunches, body);
}

}  // namespace aortalint
