#include "engine/cache.h"

#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <optional>
#include <set>
#include <stdexcept>

#include <fmt/compile.h>
#include <fmt/format.h>

#include "base/file_reader.h"
#include "base/json_text.h"
#include "base/sha256.h"
#include "base/strings.h"
#include "load/hip_loader.h"

namespace aortalint {
namespace fs = std::filesystem;
namespace {

// What a file was like: [size, mtime ns, ctime ns, inode, content hash], or
// null when it does not exist (a module looked for and absent is a dependency too).
nlohmann::json StateJson(const FileIdentity& id) {
  if (!id.exists) return nullptr;
  return {id.size, id.mtime_ns, id.ctime_ns, id.inode, id.hash};
}
nlohmann::json FileState(const std::string& path) { return StateJson(IdentityOf(path)); }
// StateJson(id).dump(), written to `out` without building the JSON (compiled: a
// warm run formats one per file it judges, and a cold run one per file it stores).
template <typename Out>
Out FormatState(Out out, const FileIdentity& id) {
  if (!id.exists) return fmt::format_to(out, FMT_COMPILE("null"));
  return fmt::format_to(out, FMT_COMPILE("[{},{},{},{},{}]"), id.size, id.mtime_ns, id.ctime_ns, id.inode, id.hash);
}
// Whether `text` is StateJson(id).dump(), without building the JSON or a string.
bool IdentityTextIs(const FileIdentity& id, std::string_view text) {
  // On the stack: five 64-bit numbers take at most 5 * 20 digits and 6 more characters.
  char buffer[128];
  char* end = FormatState(buffer, id);
  return text == std::string_view(buffer, static_cast<size_t>(end - buffer));
}

// Days since the epoch: when an entry was last used, for eviction.
int64_t Today() { return static_cast<int64_t>(std::time(nullptr) / 86400); }

// A rule ID as rules write them (COL003, SYN001, ...): anything else is not ours.
bool IsRuleId(const std::string& s) {
  return !s.empty() && s.size() <= 32 && std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
  });
}

// Sources by path: those in memory, then files read on demand. Only the
// files the entry was computed from may be read: a cached path is never
// trusted to open anything else (a poisoned entry could point at any file).
class Sources {
 public:
  Sources(const std::map<std::string, SourcePtr>& known, std::vector<std::string> allowed)
      : known_(known), allowed_(std::move(allowed)) {}
  SourcePtr Get(const std::string& path) {
    if (std::find(allowed_.begin(), allowed_.end(), path) == allowed_.end())
      throw std::runtime_error("cached diagnostic names a file outside its entry");
    if (auto it = known_.find(path); it != known_.end()) return it->second;
    if (auto it = read_.find(path); it != read_.end()) return it->second;
    // As the loaders do: an unreadable file keeps its readable prefix, so its diagnostic keeps its line.
    // A C/C++ source as the HIP loader read it (bytes that are not UTF-8 replaced).
    ReadResult r = HasHipExtension(path) ? ReadSourceFile(path) : ReadTextFile(path);
    std::string text = r.ok ? std::move(r.text) : r.text.substr(0, std::min(r.error_offset, r.text.size()));
    return read_.emplace(path, std::make_shared<SourceFile>(path, std::move(text))).first->second;
  }

 private:
  const std::map<std::string, SourcePtr>& known_;  // the run's sources, outliving this
  std::map<std::string, SourcePtr> read_;          // the others, read here
  std::vector<std::string> allowed_;               // an entry's few files: a list is quicker to build than a set
};

// A diagnostic as an entry holds it, before its files are looked up and its
// values checked: what the JSON path (FromJson) and the text path
// (DiagnosticsReader) both make, so both are judged by one Build.
struct RawLocation {
  std::string path;
  uint32_t begin = 0, end = 0;
};
struct RawEdit {
  RawLocation at;
  std::string replacement;
};
struct RawFix {
  std::string title;
  bool safe = false;
  std::vector<RawEdit> edits;
};
struct RawDiagnostic {
  std::string rule;
  int severity = 0;
  RawLocation at;
  std::string message;
  std::vector<std::pair<RawLocation, std::string>> notes;
  std::optional<std::string> help;
  std::optional<RawFix> fix;
};

// Every field is checked: an entry that does not hold what NewEntryText writes is dropped.
Diagnostic Build(RawDiagnostic raw, Sources& sources) {
  auto location = [&sources](const RawLocation& at) { return Location{sources.Get(at.path), {at.begin, at.end}}; };
  Diagnostic d;
  if (!IsRuleId(raw.rule)) throw std::runtime_error("bad rule ID");
  d.rule = std::move(raw.rule);
  if (raw.severity < static_cast<int>(Severity::kInfo) || raw.severity > static_cast<int>(Severity::kError))
    throw std::runtime_error("bad severity");
  d.severity = static_cast<Severity>(raw.severity);
  d.where = location(raw.at);
  d.message = std::move(raw.message);
  for (auto& [at, message] : raw.notes) d.notes.push_back({location(at), std::move(message)});
  if (raw.help) d.help = std::move(*raw.help);
  if (raw.fix) {
    Fix fix{std::move(raw.fix->title), raw.fix->safe ? Applicability::kSafe : Applicability::kUnsafe, {}};
    for (RawEdit& e : raw.fix->edits) {
      sources.Get(e.at.path);  // an edit may only touch a file of the entry
      if (e.at.begin > e.at.end) throw std::runtime_error("reversed edit");
      fix.edits.push_back({std::move(e.at.path), {e.at.begin, e.at.end}, std::move(e.replacement)});
    }
    d.fix = std::move(fix);
  }
  return d;
}

RawLocation LocationFrom(const nlohmann::json& j) {
  if (!j.is_array() || j.size() != 3) throw std::runtime_error("bad location");
  return {j.at(0).get<std::string>(), j.at(1).get<uint32_t>(), j.at(2).get<uint32_t>()};
}

Diagnostic FromJson(const nlohmann::json& j, Sources& sources) {
  RawDiagnostic raw;
  raw.rule = j.at("rule").get<std::string>();
  raw.severity = j.at("severity").get<int>();
  raw.at = LocationFrom(j.at("at"));
  raw.message = j.at("message").get<std::string>();
  for (const nlohmann::json& n : j.at("notes"))
    raw.notes.emplace_back(LocationFrom(n.at("at")), n.at("message").get<std::string>());
  if (j.contains("help")) raw.help = j["help"].get<std::string>();
  if (j.contains("fix")) {
    const nlohmann::json& f = j["fix"];
    raw.fix = RawFix{f.at("title").get<std::string>(), f.at("safe").get<bool>(), {}};
    for (const nlohmann::json& e : f.at("edits"))
      raw.fix->edits.push_back(
          {{e.at(0).get<std::string>(), e.at(1).get<uint32_t>(), e.at(2).get<uint32_t>()}, e.at(3).get<std::string>()});
  }
  return Build(std::move(raw), sources);
}

std::vector<Diagnostic> FromJsonList(const nlohmann::json& diagnostics, Sources& sources) {
  // Iterating an object would give no diagnostics: a hit that silently drops findings.
  if (!diagnostics.is_array()) throw std::runtime_error("diagnostics are not a list");
  std::vector<Diagnostic> out;
  for (const nlohmann::json& j : diagnostics) out.push_back(FromJson(j, sources));
  return out;
}

// The pieces of the JSON the cache writes, read without nlohmann's lexer
// (which copies every byte into two token buffers): ASCII strings with the
// short escapes, and integers. Anything else (a float, a \u escape, a
// non-ASCII byte) fails, and the reader's caller leaves the text to
// nlohmann::json::parse, so the result (or the exception) is always the one it gives.
class JsonScanner {
 protected:
  explicit JsonScanner(std::string_view text) : text_(text) {}

  // An integer as nlohmann holds it: unsigned, or negative and signed.
  struct Integer {
    bool negative = false;
    uint64_t magnitude = 0;
    // What nlohmann's get<T>() makes of it: a cast of the value it holds.
    template <typename T>
    T As() const {
      return negative ? static_cast<T>(Signed()) : static_cast<T>(magnitude);
    }
    int64_t Signed() const {
      return magnitude == static_cast<uint64_t>(INT64_MAX) + 1 ? INT64_MIN : -static_cast<int64_t>(magnitude);
    }
  };

  void Space() {
    while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\n' || text_[at_] == '\r' || text_[at_] == '\t'))
      ++at_;
  }
  bool String(std::string& out) {
    if (at_ >= text_.size() || text_[at_] != '"') return false;
    ++at_;  // the opening quote
    size_t run = at_;
    while (at_ < text_.size()) {
      unsigned char c = static_cast<unsigned char>(text_[at_]);
      if (c == '"') {
        out.append(text_.substr(run, at_ - run));
        ++at_;
        return true;
      }
      if (c < 0x20 || c >= 0x80) return false;
      if (c != '\\') {
        ++at_;
        continue;
      }
      out.append(text_.substr(run, at_ - run));
      if (++at_ >= text_.size()) return false;
      std::optional<char> escaped = JsonShortEscape(text_[at_]);
      if (!escaped) return false;  // \u and unknown escapes: nlohmann decides
      out += *escaped;
      run = ++at_;
    }
    return false;
  }
  bool Number(Integer& out) {
    out.negative = at_ < text_.size() && text_[at_] == '-';
    if (out.negative) ++at_;
    size_t start = at_;
    uint64_t value = 0;
    while (at_ < text_.size() && text_[at_] >= '0' && text_[at_] <= '9') {
      unsigned digit = static_cast<unsigned>(text_[at_] - '0');
      if (value > (UINT64_MAX - digit) / 10) return false;  // past 64 bits: nlohmann makes it a float
      value = value * 10 + digit;
      ++at_;
    }
    size_t digits = at_ - start;
    if (digits == 0 || (digits > 1 && text_[start] == '0')) return false;
    if (at_ < text_.size() && (text_[at_] == '.' || text_[at_] == 'e' || text_[at_] == 'E')) return false;
    if (out.negative && value > static_cast<uint64_t>(INT64_MAX) + 1) return false;
    out.magnitude = value;
    return true;
  }
  bool Eat(std::string_view word) {
    if (text_.substr(at_, word.size()) != word) return false;
    at_ += word.size();
    return true;
  }

  std::string_view text_;
  size_t at_ = 0;
};

// Any JSON value, nesting up to kMaxDepth, as nlohmann would make it.
class ShardReader : JsonScanner {
 public:
  explicit ShardReader(std::string_view text) : JsonScanner(text) {}
  std::optional<nlohmann::json> Read() {
    nlohmann::json out;
    if (!Value(out, 0)) return std::nullopt;
    Space();
    if (at_ != text_.size()) return std::nullopt;
    return out;
  }

 private:
  static constexpr int kMaxDepth = 64;
  bool Value(nlohmann::json& out, int depth) {
    Space();
    if (at_ >= text_.size()) return false;
    char c = text_[at_];
    if (c == '"') {
      std::string s;
      if (!String(s)) return false;
      out = std::move(s);
      return true;
    }
    if (c == '-' || (c >= '0' && c <= '9')) {
      Integer n;
      if (!Number(n)) return false;
      out = n.negative ? nlohmann::json(n.Signed()) : nlohmann::json(n.magnitude);
      return true;
    }
    if (c == 't') return Eat("true") && (out = true, true);
    if (c == 'f') return Eat("false") && (out = false, true);
    if (c == 'n') return Eat("null") && (out = nullptr, true);
    if (depth >= kMaxDepth || (c != '[' && c != '{')) return false;
    bool object = c == '{';
    out = object ? nlohmann::json::object() : nlohmann::json::array();
    ++at_;
    Space();
    if (at_ < text_.size() && text_[at_] == (object ? '}' : ']')) {
      ++at_;
      return true;
    }
    while (true) {
      if (object) {
        Space();
        std::string key;
        if (!String(key)) return false;
        Space();
        if (at_ >= text_.size() || text_[at_] != ':') return false;
        ++at_;
        nlohmann::json& slot = out[key];  // a repeated key: the last one wins, as in nlohmann
        slot = nullptr;
        if (!Value(slot, depth + 1)) return false;
      } else {
        out.push_back(nullptr);
        if (!Value(out.back(), depth + 1)) return false;
      }
      Space();
      if (at_ >= text_.size()) return false;
      if (text_[at_] == ',') {
        ++at_;
        continue;
      }
      if (text_[at_] != (object ? '}' : ']')) return false;
      ++at_;
      return true;
    }
  }
};

// An entry's diagnostics read straight into RawDiagnostic, in exactly the
// shape NewEntryText writes (members in nlohmann's order, no spaces).
// Any other text, even JSON that FromJson would take, fails here and is
// parsed whole instead: on what it reads, this gives what FromJson gives.
class DiagnosticsReader : JsonScanner {
 public:
  explicit DiagnosticsReader(std::string_view text) : JsonScanner(text) {}
  std::optional<std::vector<RawDiagnostic>> Read() {
    std::vector<RawDiagnostic> out;
    if (!Eat("[")) return std::nullopt;
    if (!Eat("]")) {
      do {
        if (!ReadDiagnostic(out.emplace_back())) return std::nullopt;
      } while (Eat(","));
      if (!Eat("]")) return std::nullopt;
    }
    if (at_ != text_.size()) return std::nullopt;
    return out;
  }

 private:
  template <typename T>
  bool Int(T& out) {
    Integer n;
    if (!Number(n)) return false;
    out = n.As<T>();
    return true;
  }
  // `path,begin,end`: a location's array, and the start of an edit's.
  bool ReadSpanOf(RawLocation& at) { return String(at.path) && Eat(",") && Int(at.begin) && Eat(",") && Int(at.end); }
  bool ReadLocation(RawLocation& at) { return Eat("[") && ReadSpanOf(at) && Eat("]"); }
  bool ReadFix(RawFix& fix) {
    if (!Eat("{\"edits\":[")) return false;
    if (!Eat("]")) {
      do {
        RawEdit& e = fix.edits.emplace_back();
        if (!Eat("[") || !ReadSpanOf(e.at) || !Eat(",") || !String(e.replacement) || !Eat("]")) return false;
      } while (Eat(","));
      if (!Eat("]")) return false;
    }
    if (!Eat(",\"safe\":")) return false;
    if (Eat("true")) {
      fix.safe = true;
    } else if (!Eat("false")) {
      return false;
    }
    return Eat(",\"title\":") && String(fix.title) && Eat("}");
  }
  bool ReadDiagnostic(RawDiagnostic& d) {
    if (!Eat("{\"at\":") || !ReadLocation(d.at) || !Eat(",")) return false;
    if (Eat("\"fix\":") && (!ReadFix(d.fix.emplace()) || !Eat(","))) return false;
    if (Eat("\"help\":") && (!String(d.help.emplace()) || !Eat(","))) return false;
    if (!Eat("\"message\":") || !String(d.message) || !Eat(",\"notes\":[")) return false;
    if (!Eat("]")) {
      do {
        auto& [at, message] = d.notes.emplace_back();
        if (!Eat("{\"at\":") || !ReadLocation(at) || !Eat(",\"message\":") || !String(message) || !Eat("}"))
          return false;
      } while (Eat(","));
      if (!Eat("]")) return false;
    }
    return Eat(",\"rule\":") && String(d.rule) && Eat(",\"severity\":") && Int(d.severity) && Eat("}");
  }
};

}  // namespace

std::string EntryMac(std::string_view secret, std::string_view key, std::string_view bin, std::string_view read,
                     std::string_view diagnostics) {
  std::string message;
  for (std::string_view part : {key, bin, read, diagnostics})
    message.append(std::to_string(part.size())).append(1, ':').append(part);
  return HmacSha256Hex(secret, message);
}

namespace {

// An entry as EntryText writes it, in parts: its build's tag, its MAC, each
// file it depends on with the file's state as text (and the text of that
// list), the day it was used and the text of its diagnostics (the rest of the
// entry). Nothing else: any other shape, or a path with an escape, is left to
// the whole entry's parse.
struct EntryParts {
  std::string_view bin, mac, read_text, used, diagnostics;
  std::vector<std::pair<std::string_view, std::string_view>> read;  // path, state
};
std::optional<EntryParts> SplitEntry(std::string_view raw) {
  EntryParts parts;
  auto eat = [&raw](std::string_view prefix) {
    if (!raw.starts_with(prefix)) return false;
    raw.remove_prefix(prefix.size());
    return true;
  };
  // Up to `stop` (which stays in `raw`); a string's text up to its quote holds no escape.
  auto until = [&raw](char stop, std::string_view& out) {
    size_t end = raw.find(stop);
    if (end == std::string_view::npos) return false;
    out = raw.substr(0, end);
    raw.remove_prefix(end);
    return stop != '"' || out.find('\\') == std::string_view::npos;
  };
  if (!eat("{\"bin\":\"") || !until('"', parts.bin) || !eat("\",\"mac\":\"") || !until('"', parts.mac) ||
      !eat("\",\"read\":"))
    return std::nullopt;
  const char* read_begin = raw.data();
  if (!eat("[")) return std::nullopt;
  if (!eat("]")) {
    do {
      // ["path",state]: a state is null or a flat list of integers.
      std::string_view path, state;
      if (!eat("[\"") || !until('"', path) || !eat("\",")) return std::nullopt;
      if (eat("null")) {
        state = "null";
      } else {
        size_t close = raw.find(']');
        if (!raw.starts_with('[') || close == std::string_view::npos) return std::nullopt;
        state = raw.substr(0, close + 1);
        raw.remove_prefix(close + 1);
      }
      if (!eat("]")) return std::nullopt;
      parts.read.emplace_back(path, state);
    } while (eat(","));
    if (!eat("]")) return std::nullopt;
  }
  parts.read_text = std::string_view(read_begin, static_cast<size_t>(raw.data() - read_begin));
  if (!eat(",\"used\":") || !until(',', parts.used) || parts.used.empty() ||
      parts.used.find_first_not_of("0123456789") != std::string_view::npos || !eat(",\"diagnostics\":") ||
      !raw.ends_with('}'))
    return std::nullopt;
  parts.diagnostics = raw.substr(0, raw.size() - 1);  // ParseShard throws (a miss) if that is not one value
  return parts;
}

// A shard as Save writes it: `{`, then one `"key":entry` a line (each but the
// last followed by `,`), then `}`, each on its own line. A compact dump never
// holds a line break, so the lines are the entries: `raw` gets each entry's
// text without reading it. False for any other shape (parsed whole instead).
// An entry's own text is checked when it is read: a line that is not one
// value is a miss, never a wrong hit.
bool IndexLines(std::string_view text, std::unordered_map<std::string, std::string_view>& raw) {
  if (text == "{\n}") return true;  // no entries
  if (text.size() < 4 || !text.starts_with("{\n") || !text.ends_with("\n}")) return false;
  std::string_view body = text.substr(2, text.size() - 4);
  while (!body.empty()) {
    size_t eol = body.find('\n');
    std::string_view line = body.substr(0, eol);
    body = eol == std::string_view::npos ? std::string_view() : body.substr(eol + 1);
    if (!body.empty()) {
      if (!line.ends_with(',')) return false;
      line.remove_suffix(1);
    }
    size_t quote = line.find('"', 1);  // the key's end: keys hold no escapes
    if (!line.starts_with('"') || quote == std::string_view::npos || quote + 2 >= line.size() || line[quote + 1] != ':')
      return false;
    std::string_view key = line.substr(1, quote - 1);
    if (key.find('\\') != std::string_view::npos) return false;
    raw[std::string(key)] = line.substr(quote + 2);  // a repeated key: the last one, as nlohmann keeps
  }
  return true;
}

// An entry as JSON, its diagnostics last (the other members in nlohmann's
// order: bin, read, used): a lookup reads the members it compares and takes
// the rest as the diagnostics, without skimming them.
std::string EntryText(const nlohmann::json& entry) {
  if (!entry.is_object() || !entry.contains("diagnostics")) return entry.dump();
  std::string out = "{";
  for (const auto& [name, value] : entry.items())
    if (name != "diagnostics") out += nlohmann::json(name).dump() + ":" + value.dump() + ",";
  return out + "\"diagnostics\":" + entry["diagnostics"].dump() + "}";
}

// The text EntryText gives for the entry Put stores, written directly
// (building nlohmann values and dumping them was an eighth of a cold run):
// each file once, as the analysis read it, and each diagnostic with its
// members in nlohmann's order, signed for `key` with `secret`. nullopt when a
// string is not UTF-8: JSON cannot hold it.
std::optional<std::string> NewEntryText(std::string_view key, std::string_view secret, const FileStates& dependencies,
                                        const std::vector<Diagnostic>& diagnostics, int64_t used) {
  std::string out;
  bool ok = true;
  auto text = [&](std::string_view s) { ok = ok && AppendJsonString(out, s); };
  auto number = [&](auto n) { fmt::format_to(std::back_inserter(out), FMT_COMPILE("{}"), n); };
  auto member = [&](std::string_view name, std::string_view value) {  // "name":"value"
    out += '"';
    out += name;
    out += "\":";
    text(value);
  };
  auto span = [&](const std::string& path, Span at) {
    out += '[';
    text(path);
    out += ',';
    number(at.begin);
    out += ',';
    number(at.end);
  };
  out += "{\"bin\":\"" + ResultCache::BinaryTag() + "\",\"read\":";
  const size_t read_begin = out.size();
  out += '[';
  std::vector<std::string_view> seen;
  for (const auto& [path, as_read] : dependencies) {
    if (std::find(seen.begin(), seen.end(), path) != seen.end()) continue;
    out += seen.empty() ? "[" : ",[";
    seen.push_back(path);
    text(path);
    // Each file as the analysis read it, not as it is now: a file edited during
    // the run differs from that state (its ctime at least), so the entry is never served.
    out += ',';
    FormatState(std::back_inserter(out), as_read);
    out += ']';
  }
  out += ']';
  const size_t read_end = out.size();
  out += ",\"used\":";
  number(used);
  out += ",\"diagnostics\":";
  const size_t diagnostics_begin = out.size();
  out += '[';
  for (const Diagnostic& d : diagnostics) {
    out += &d == diagnostics.data() ? "{\"at\":" : ",{\"at\":";
    span(d.where.path(), d.where.span);
    out += "],";
    if (d.fix) {
      out += "\"fix\":{\"edits\":[";
      for (const Edit& e : d.fix->edits) {
        if (&e != d.fix->edits.data()) out += ',';
        span(e.path, e.span);
        out += ',';
        text(e.replacement);
        out += ']';
      }
      out += d.fix->applicability == Applicability::kSafe ? "],\"safe\":true," : "],\"safe\":false,";
      member("title", d.fix->title);
      out += "},";
    }
    if (!d.help.empty()) {
      member("help", d.help);
      out += ',';
    }
    member("message", d.message);
    out += ",\"notes\":[";
    for (const Note& n : d.notes) {
      out += &n == d.notes.data() ? "{\"at\":" : ",{\"at\":";
      span(n.where.path(), n.where.span);
      out += "],";
      member("message", n.message);
      out += '}';
    }
    out += "],";
    member("rule", d.rule);
    out += ",\"severity\":";
    number(static_cast<int>(d.severity));
    out += '}';
  }
  out += "]}";
  if (!ok) return std::nullopt;
  std::string_view written = out;
  std::string mac = EntryMac(secret, key, ResultCache::BinaryTag(), written.substr(read_begin, read_end - read_begin),
                             written.substr(diagnostics_begin, out.size() - 1 - diagnostics_begin));
  out.insert(read_begin - 7, "\"mac\":\"" + mac + "\",");  // before "read":
  return out;
}

// What Save keeps of a stored entry: its text, with `today` as its day of use
// when it was used this run, and that day.
struct SavedEntry {
  std::string text;
  int64_t used = 0;
};
// nullopt for an entry that can never be used again: not one at all, of
// another build (the key holds the binary's stamp), whose own file is gone,
// or unused for kMaxIdleDays.
std::optional<SavedEntry> Saved(std::string_view text, bool used_now, int64_t today) {
  SavedEntry saved{std::string(text), today};
  std::string bin, own;  // the entry's build, and its own file (the first it read)
  if (std::optional<EntryParts> parts = SplitEntry(text)) {
    if (parts->read.empty()) return std::nullopt;
    bin = parts->bin;
    own = parts->read[0].first;
    if (used_now)
      saved.text.replace(static_cast<size_t>(parts->used.data() - text.data()), parts->used.size(),
                         std::to_string(today));
    else if (std::from_chars(parts->used.data(), parts->used.data() + parts->used.size(), saved.used).ec != std::errc())
      return std::nullopt;
  } else {
    // Another shape (a path with an escape): judged parsed.
    try {
      nlohmann::json entry = ParseShard(text);
      if (!entry.is_object() || !entry.contains("read") || !entry["read"].is_array() || entry["read"].empty() ||
          !entry["read"][0].is_array() || entry["read"][0].empty() || !entry["read"][0][0].is_string())
        return std::nullopt;
      bin = entry.value("bin", std::string());
      own = entry["read"][0][0].get<std::string>();
      if (used_now) {
        entry["used"] = today;
        saved.text = EntryText(entry);
      } else {
        saved.used = entry.value("used", int64_t{0});
      }
    } catch (const std::exception&) {
      return std::nullopt;
    }
  }
  std::error_code ec;  // the own file is not read: IdentityOf would hash it
  if (bin != ResultCache::BinaryTag() || today - saved.used > ResultCache::kMaxIdleDays || !fs::exists(own, ec))
    return std::nullopt;
  return saved;
}

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

nlohmann::json ParseShard(std::string_view text) {
  if (std::optional<nlohmann::json> fast = ShardReader(text).Read()) return std::move(*fast);
  return nlohmann::json::parse(text);
}

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
  static const std::string stamp = FileState("/proc/self/exe").dump() + AORTALINT_VERSION;
  return stamp;
}

ResultCache::ResultCache(const std::string& dir) {
  if (dir.empty()) return;
  std::error_code ec;
  dir_ = (fs::path(dir) / CacheKey().Add(fs::current_path(ec).string()).Hex()).string();
  if (fs::is_symlink(dir_, ec)) dir_.clear();  // planted: neither read through nor written through
  if (std::string why = ReadSecret(dir, secret_); !why.empty()) {
    note_ = "cache disabled: " + why;
    dir_.clear();
  }
}

ResultCache::Shard& ResultCache::ShardOf(const std::string& key) const {
  Shard& shard = shards_[std::stoul(key.substr(0, 2), nullptr, 16)];
  if (shard.loaded) return shard;
  shard.loaded = true;
  // Never blocks on a FIFO or a device planted in the cache directory; read whole, then parsed from memory.
  ReadResult read = ReadRegularFile((fs::path(dir_) / (key.substr(0, 2) + ".json")).string(), kMaxShardBytes);
  if (!read.ok) return shard;
  shard.text = std::move(read.text);
  if (IndexLines(shard.text, shard.entries)) return shard;
  // Another shape (indented, on one line): parsed whole, each entry written out as Save writes it.
  shard.entries.clear();
  try {
    nlohmann::json stored = ParseShard(shard.text);
    if (stored.is_object())
      for (const auto& [name, entry] : stored.items()) {
        try {
          shard.entries[name] = shard.texts.emplace_back(EntryText(entry));
        } catch (const nlohmann::json::type_error&) {
          // Not UTF-8 (written by some other program): not an entry of ours.
        }
      }
  } catch (const std::exception&) {
    // A torn or foreign file is an empty shard; it is rewritten on Save().
  }
  return shard;
}

std::optional<std::vector<Diagnostic>> ResultCache::Get(const std::string& key,
                                                        const std::map<std::string, SourcePtr>& known) const {
  if (!enabled()) return std::nullopt;
  std::string_view raw;
  {
    // An entry's text never changes or moves once stored: a Put elsewhere
    // stores a new text for its key.
    std::lock_guard lock(mutex_);
    const Shard& shard = ShardOf(key);
    auto found = shard.entries.find(key);
    if (found == shard.entries.end()) return std::nullopt;
    raw = found->second;
  }
  try {
    return FromEntry(key, raw, known);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

namespace {

// A file this run has read is judged as it was read; the others once per run (StateNow).
const FileIdentity* AsRead(const std::string& path, const std::map<std::string, SourcePtr>& known) {
  auto it = known.find(path);
  return it != known.end() && it->second && it->second->identity().exists ? &it->second->identity() : nullptr;
}

}  // namespace

bool ResultCache::StateTextIs(const std::string& path, const std::map<std::string, SourcePtr>& known,
                              std::string_view text) const {
  if (const FileIdentity* read = AsRead(path, known)) return IdentityTextIs(*read, text);
  {
    std::lock_guard lock(mutex_);
    if (auto it = state_texts_.find(path); it != state_texts_.end()) return it->second == text;
  }
  std::string now = StateNow(path).dump();
  std::lock_guard lock(mutex_);
  return state_texts_.emplace(path, std::move(now)).first->second == text;
}

std::optional<std::vector<Diagnostic>> ResultCache::FromEntry(const std::string& key, const nlohmann::json& entry,
                                                              const std::map<std::string, SourcePtr>& known) const {
  if (entry.value("bin", std::string()) != BinaryTag()) return std::nullopt;
  // An entry without the files it was computed from could never go stale.
  if (!entry.at("read").is_array() || entry.at("read").empty()) return std::nullopt;
  // Signed as written: anything else (an entry edited to hold no findings) is recomputed.
  if (entry.value("mac", std::string()) !=
      EntryMac(secret_, key, BinaryTag(), entry.at("read").dump(), entry.at("diagnostics").dump()))
    return std::nullopt;
  std::vector<std::string> files;
  for (const nlohmann::json& dep : entry.at("read")) {
    std::string path = dep.at(0).get<std::string>();
    // As text, as the line path compares it: JSON's == would take a damaged 17962254103349933e2
    // for the nanosecond time 1796225410334993362 (both round to one double).
    if (!StateTextIs(path, known, dep.at(1).dump())) return std::nullopt;
    files.push_back(std::move(path));
  }
  Sources sources(known, std::move(files));
  std::vector<Diagnostic> out = FromJsonList(entry.at("diagnostics"), sources);
  NoteUse(key, entry.value("used", int64_t{0}));
  return out;
}

// The same answer from the entry's text: what it depends on is compared as
// text (StateJson's dump wrote it), and only the diagnostics are parsed.
std::optional<std::vector<Diagnostic>> ResultCache::FromEntry(const std::string& key, std::string_view raw,
                                                              const std::map<std::string, SourcePtr>& known) const {
  std::optional<EntryParts> parts = SplitEntry(raw);
  if (!parts) return FromEntry(key, ParseShard(raw), known);
  if (parts->bin != BinaryTag()) return std::nullopt;
  // Signed over other text than its parse dumps (a space added): judged parsed.
  if (parts->mac != EntryMac(secret_, key, parts->bin, parts->read_text, parts->diagnostics))
    return FromEntry(key, ParseShard(raw), known);
  // A file that changed: a miss.
  std::vector<std::string> files;
  for (const auto& [path, state] : parts->read) {
    std::string name(path);
    if (!StateTextIs(name, known, state)) return std::nullopt;
    files.push_back(std::move(name));
  }
  if (files.empty()) return std::nullopt;
  Sources sources(known, std::move(files));
  std::vector<Diagnostic> out;
  if (std::optional<std::vector<RawDiagnostic>> read = DiagnosticsReader(parts->diagnostics).Read()) {
    for (RawDiagnostic& raw : *read) out.push_back(Build(std::move(raw), sources));
  } else {
    out = FromJsonList(ParseShard(parts->diagnostics), sources);
  }
  NoteUse(key, parts->used == std::to_string(Today()) ? Today() : 0);
  return out;
}

void ResultCache::NoteUse(const std::string& key, int64_t used) const {
  if (used == Today()) return;
  std::lock_guard lock(mutex_);
  used_today_.insert(key);
}

void ResultCache::Put(const std::string& key, const FileStates& dependencies,
                      const std::vector<Diagnostic>& diagnostics) {
  if (!enabled()) return;
  std::optional<std::string> text = NewEntryText(key, secret_, dependencies, diagnostics, Today());
  std::lock_guard lock(mutex_);
  Shard& shard = ShardOf(key);
  if (text)
    shard.entries[key] = shard.texts.emplace_back(std::move(*text));
  else
    shard.entries.erase(key);  // a path that is not UTF-8 (file names are bytes): JSON cannot hold it
  shard.dirty = true;
}

nlohmann::json ResultCache::StateNow(const std::string& path) const {
  {
    std::lock_guard lock(mutex_);
    if (auto it = states_.find(path); it != states_.end()) return it->second;
  }
  nlohmann::json state = FileState(path);
  std::lock_guard lock(mutex_);
  return states_.emplace(path, std::move(state)).first->second;
}

std::string ResultCache::BinaryTag() {
  static const std::string tag = CacheKey().Add(BinaryStamp()).Hex();
  return tag;
}

void ResultCache::Save() {
  int64_t today = Today();
  for (const std::string& key : used_today_) ShardOf(key).dirty = true;  // its day of use is rewritten
  for (size_t i = 0; i < shards_.size(); ++i) {
    Shard& shard = shards_[i];
    if (!shard.dirty) continue;
    std::vector<std::pair<std::string_view, std::string>> kept;  // key, text
    std::vector<std::pair<int64_t, size_t>> by_use;              // day of use, index in `kept`
    for (const auto& [key, text] : shard.entries)
      if (std::optional<SavedEntry> entry = Saved(text, used_today_.count(key) > 0, today)) {
        by_use.emplace_back(entry->used, kept.size());
        kept.emplace_back(key, std::move(entry->text));
      }
    // A cap per shard, least recently used out first (other settings' entries
    // live on only while they are used).
    if (by_use.size() > kMaxEntriesPerShard) {
      std::sort(by_use.begin(), by_use.end());
      for (size_t k = 0; k < by_use.size() - kMaxEntriesPerShard; ++k) kept[by_use[k].second].second.clear();
    }
    std::sort(kept.begin(), kept.end());
    std::string text = "{";
    const char* separator = "\n";
    std::string name;
    for (const auto& [key, entry] : kept) {
      name.clear();
      // Evicted entries out; and a key that needs an escape (not one this cache
      // makes) would have the shard parsed whole on the next read, where one
      // damaged entry loses them all.
      if (entry.empty() || !AppendJsonString(name, key) || name.find('\\') != std::string::npos) continue;
      text.append(separator).append(name).append(1, ':').append(entry);
      separator = ",\n";
    }
    text += "\n}";
    // Write then rename, so a concurrent reader never sees half a shard.
    if (WriteInDirectory(dir_, fmt::format("{:02x}.json", i), text)) shard.dirty = false;
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
  // Only what the cache itself writes: <32 hex digits>/<2 hex digits>.json (and
  // their temporary files). $AORTALINT_CACHE_DIR may name a directory that
  // holds other things; those are never touched.
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
      bool shard = fname.size() >= 7 && hex(fname.substr(0, 2)) && fname.compare(2, 5, ".json") == 0 &&
                   (fname.size() == 7 || fname.compare(7, 4, ".tmp") == 0);
      if (!shard || !f.is_regular_file(ec)) continue;
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
