// The result cache: a second run gives the same report from the cache, and
// a change to any file the analysis read (even one nobody named: a module
// PAY003 followed) brings the fresh result back.
#include <doctest/doctest.h>

#include <chrono>
#include <cstdio>
#include <functional>
#include <random>
#include <thread>

#include <nlohmann/json.hpp>

#include "base/file_reader.h"
#include "base/json_text.h"
#include "base/source_file.h"
#include "engine/cache.h"
#include "test_util.h"

namespace aortalint::testing {
namespace {

TEST_CASE("the result cache is invisible except in speed") {
  auto dir = TempDir("aortalint-cache");
  WriteFile(dir / "repo/recipe.yaml",
            "#   aorta sweep run --recipe recipe.yaml -- python payload.py\n"
            "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
            "collect:\n  proton: {mode: cli, backend: cupti}\n");
  WriteFile(dir / "repo/payload.py",
            "import helpers\nimport triton.profiler as proton  # isort: skip  # noqa: I001\n\n\ndef main():\n"
            "    return 0\n\n\nif __name__ == \"__main__\":\n    code = main()\n    if code:\n"
            "        raise SystemExit(code)\n");
  WriteFile(dir / "repo/helpers.py", "import torch\n");
  WriteFile(dir / "repo/.git/HEAD", "ref: refs/heads/main\n");
  std::string run = "cd " + ShellQuote((dir / "repo").string()) +
                    " && AORTALINT_CACHE_DIR=" + ShellQuote((dir / "cache").string()) + " " +
                    ShellQuote(AORTALINT_BINARY) + " check --format concise . 2>&1";

  CommandResult first = RunShell(run);
  CHECK(first.exit_code == 1);
  CHECK(first.output.find("PAY003") != std::string::npos);
  CHECK(std::filesystem::exists(dir / "cache"));
  CommandResult second = RunShell(run);
  CHECK(second.output == first.output);
  CHECK(second.output.find("; import triton.profiler first [PAY003]") != std::string::npos);  // the help is kept
  CHECK(second.exit_code == first.exit_code);

  // helpers.py was never named; the cache still knows the result depended on it.
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  WriteFile(dir / "repo/helpers.py", "import json\n");
  CommandResult third = RunShell(run);
  CHECK(third.output.find("PAY003") == std::string::npos);
  CHECK(third.exit_code == 0);

  CommandResult uncached = RunShell(run + " --no-cache");
  CHECK(uncached.output == third.output);
  std::filesystem::remove_all(dir);
}

// What /proc/self/io says this process has read so far, in bytes (the read of it included).
uint64_t BytesRead() {
  std::string io = ReadFile("/proc/self/io");
  size_t at = io.find("rchar: ");
  REQUIRE(at != std::string::npos);
  return std::stoull(io.substr(at + 7));
}

// Waits until a file written now has settled: its last change older than the timestamp slack.
void WaitPastTheSlack() {
  std::this_thread::sleep_for(std::chrono::nanoseconds(kTimestampSlackNs) + std::chrono::milliseconds(150));
}

TEST_CASE("a file changed within the timestamp slack is told apart by its contents, an older one by its times") {
  auto dir = TempDir("aortalint-identity");
  std::string path = (dir / "payload.py").string();
  WriteFile(path, std::string(8000, 'x'));
  FileIdentity fresh = IdentityOf(path);
  CHECK(fresh.exists);
  CHECK(fresh.hash != 0);  // just written: a second edit in the same tick of the clock would keep its times
  CHECK(ReadTextFile(path).identity == fresh);
  WaitPastTheSlack();
  uint64_t before = BytesRead();
  FileIdentity settled = IdentityOf(path);
  CHECK(BytesRead() - before < 8000);  // stat'ed, not read
  CHECK(settled.hash == 0);
  CHECK(settled.ctime_ns == fresh.ctime_ns);
  CHECK(settled.size == fresh.size);
  CHECK(ReadTextFile(path).identity == settled);  // the same, whichever way it is taken
  // A same-size edit with its mtime put back: a new ctime, and recent again, so hashed.
  auto mtime = std::filesystem::last_write_time(path);
  WriteFile(path, std::string(8000, 'y'));
  std::filesystem::last_write_time(path, mtime);
  FileIdentity edited = IdentityOf(path);
  CHECK(edited.mtime_ns == settled.mtime_ns);
  CHECK(edited != settled);
  CHECK(edited.hash != 0);
  CHECK_FALSE(IdentityOf((dir / "absent.py").string()).exists);
  std::filesystem::remove_all(dir);
}

TEST_CASE("a cached result over settled files is served, and a same-size edit with its mtime put back is not") {
  auto dir = TempDir("aortalint-settled");
  WriteFile(dir / "repo/recipe.yaml",
            "#   aorta sweep run --recipe recipe.yaml -- python payload.py\n"
            "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
            "collect:\n  proton: {mode: cli, backend: cupti}\n");
  std::string clean =
      "import triton.profiler as proton\nimport torch\n\n\ndef main():\n    return 0\n\n\n"
      "if __name__ == \"__main__\":\n    code = main()\n    if code:\n        raise SystemExit(code)\n";
  std::string late = clean;  // the same size, with Proton imported after torch (PAY001)
  late.replace(0, 48, "import torch\nimport triton.profiler as proton\n\n\n");
  REQUIRE(late.size() == clean.size());
  WriteFile(dir / "repo/payload.py", clean);
  WriteFile(dir / "repo/.git/HEAD", "ref: refs/heads/main\n");
  std::string run = "cd " + ShellQuote((dir / "repo").string()) +
                    " && AORTALINT_CACHE_DIR=" + ShellQuote((dir / "cache").string()) + " " +
                    ShellQuote(AORTALINT_BINARY) + " check --verbose --format concise --fail-level info . 2>&1";
  WaitPastTheSlack();  // (under mode: cli, PAY001 is an info)
  CommandResult first = RunShell(run);
  CHECK(first.exit_code == 0);
  CHECK(first.output.find("1 miss") != std::string::npos);
  CommandResult second = RunShell(run);
  CHECK(second.output.find("1 hit, 0 misses") != std::string::npos);
  // The payload's size and mtime put back: its ctime tells the edit apart.
  auto mtime = std::filesystem::last_write_time(dir / "repo/payload.py");
  WriteFile(dir / "repo/payload.py", late);
  std::filesystem::last_write_time(dir / "repo/payload.py", mtime);
  CommandResult third = RunShell(run);
  CHECK(third.exit_code == 1);
  CHECK(third.output.find("PAY001") != std::string::npos);
  CHECK(third.output.find("0 hits, 1 miss") != std::string::npos);
  std::filesystem::remove_all(dir);
}

// Hits are read from the shard's text, entry by entry; a shard written some
// other way (on one line, indented) is parsed whole and still serves, and an entry of
// another shape is a miss, never a wrong hit, while the rest still serve.
TEST_CASE("the result cache reads entries from the shard's text, and any other shape whole or as a miss") {
  auto dir = TempDir("aortalint-cache-text");
  WriteFile(dir / "repo/.git/HEAD", "ref: refs/heads/main\n");
  for (int i = 0; i < 6; ++i)
    WriteFile(dir / ("repo/r" + std::to_string(i) + ".yaml"),
              "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
              "collect:\n  rocprof:\n    stats: " +
                  std::to_string(i) + "\n");
  std::string run = "cd " + ShellQuote((dir / "repo").string()) +
                    " && AORTALINT_CACHE_DIR=" + ShellQuote((dir / "cache").string()) + " " +
                    ShellQuote(AORTALINT_BINARY) + " check -v --format concise . 2>&1";
  auto stats = [](const std::string& out) {
    size_t at = out.find("cache: ");
    return at == std::string::npos ? std::string("(none)") : out.substr(at, out.find('\n', at) - at);
  };
  auto report = [](std::string out) {  // the findings, without the -v line
    size_t at = out.find("aortalint: ");
    REQUIRE(at != std::string::npos);
    return out.erase(at, out.find('\n', at) + 1 - at);
  };
  auto shards = [&] {
    std::vector<std::filesystem::path> out;
    for (const auto& e : std::filesystem::recursive_directory_iterator(dir / "cache"))
      if (e.path().extension() == ".json") out.push_back(e.path());
    return out;
  };

  CommandResult first = RunShell(run);
  REQUIRE(stats(first.output) == "cache: 0 hits, 6 misses");
  CHECK(first.output.find("[COL003]") != std::string::npos);
  CommandResult second = RunShell(run);
  CHECK(stats(second.output) == "cache: 6 hits, 0 misses");
  CHECK(report(second.output) == report(first.output));
  CHECK(report(first.output).find("6 errors in 6 files") != std::string::npos);

  // Indented, as another writer might leave it: parsed whole, every entry still served.
  for (const auto& shard : shards()) WriteFile(shard, nlohmann::json::parse(ReadFile(shard)).dump(2));
  CommandResult indented = RunShell(run);
  CHECK(stats(indented.output) == "cache: 6 hits, 0 misses");
  CHECK(report(indented.output) == report(first.output));

  // Written as the cache writes it (an entry a line, its diagnostics last), on one line, and indented.
  auto dump = [](const nlohmann::json& entries, int indent) {
    return indent == 0 ? CacheLines(entries) : entries.dump(indent);
  };
  // One entry's dependencies become a string, another's diagnostics an object, a third's list of
  // dependencies is empty: those three miss (served, the second would drop its finding), read from
  // the text and parsed whole alike.
  for (int indent : {0, -1, 2}) {
    int damaged = 0;
    for (const auto& shard : shards()) {
      nlohmann::json entries = nlohmann::json::parse(ReadFile(shard));
      for (auto& [key, entry] : entries.items()) {
        if (damaged == 0) entry["read"] = "r0.yaml";
        if (damaged == 1) entry["diagnostics"] = nlohmann::json::object();
        if (damaged == 2) entry["read"] = nlohmann::json::array();
        ++damaged;
      }
      WriteFile(shard, dump(entries, indent));
    }
    REQUIRE(damaged == 6);
    CommandResult mixed = RunShell(run);
    CHECK(stats(mixed.output) == "cache: 3 hits, 3 misses");
    CHECK(report(mixed.output) == report(first.output));
    CHECK(stats(RunShell(run).output) == "cache: 6 hits, 0 misses");  // rewritten by the misses
  }
  std::filesystem::remove_all(dir);
}

// R33: whoever can write the cache (a cache restored from another CI run, a shared
// directory) could edit an entry to hold no findings. Entries are signed with a
// secret kept outside the cache: an edited entry, or one signed with another
// secret, is recomputed and rewritten; a valid one is still a hit.
TEST_CASE("an entry edited to hide its findings is recomputed, never served") {
  auto dir = TempDir("aortalint-cache-poison");
  WriteFile(dir / "repo/.git/HEAD", "ref: refs/heads/main\n");
  WriteFile(dir / "repo/r.yaml",
            "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
            "collect:\n  rocprof:\n    stats: 1\n");
  const std::filesystem::path state = dir / "state", cache = dir / "cache";
  auto run = [&](const std::filesystem::path& state_home) {
    return RunShell("cd " + ShellQuote((dir / "repo").string()) + " && AORTALINT_CACHE_DIR=" +
                    ShellQuote(cache.string()) + " XDG_STATE_HOME=" + ShellQuote(state_home.string()) + " " +
                    ShellQuote(AORTALINT_BINARY) + " check -v --format concise . 2>&1")
        .output;
  };
  auto shard = [&] {
    for (const auto& e : std::filesystem::recursive_directory_iterator(cache))
      if (e.path().extension() == ".json") return e.path();
    return std::filesystem::path();
  };
  // Every entry of the shard rewritten by `edit`, as the cache writes it (an entry a line).
  auto edit_entries = [&](const std::function<void(const std::string&, nlohmann::json&)>& edit) {
    nlohmann::json entries = nlohmann::json::parse(ReadFile(shard()));
    for (auto& [key, entry] : entries.items()) edit(key, entry);
    WriteFile(shard(), CacheLines(entries));
  };
  std::string first = run(state);
  REQUIRE(first.find("cache: 0 hits, 1 miss") != std::string::npos);
  REQUIRE(first.find("[COL003]") != std::string::npos);
  const std::filesystem::path secret = state / "aortalint/cache-secret";
  CHECK(std::filesystem::file_size(secret) == 32);
  CHECK((std::filesystem::status(secret).permissions() & std::filesystem::perms::all) ==
        (std::filesystem::perms::owner_read | std::filesystem::perms::owner_write));
  CHECK(run(state).find("cache: 1 hit, 0 misses") != std::string::npos);

  // Edited to hold no findings: a miss, the finding back, and the entry rewritten (a hit again).
  edit_entries([](const std::string&, nlohmann::json& entry) { entry["diagnostics"] = nlohmann::json::array(); });
  std::string poisoned = run(state);
  CHECK(poisoned.find("cache: 0 hits, 1 miss") != std::string::npos);
  CHECK(poisoned.find("[COL003]") != std::string::npos);
  std::string again = run(state);
  CHECK(again.find("cache: 1 hit, 0 misses") != std::string::npos);
  CHECK(again.find("[COL003]") != std::string::npos);

  // Signed again by someone with another secret: still a miss.
  edit_entries([](const std::string& key, nlohmann::json& entry) {
    entry["diagnostics"] = nlohmann::json::array();
    entry["mac"] = EntryMac(std::string(32, 'k'), key, entry["bin"].get<std::string>(), entry["read"].dump(), "[]");
  });
  CHECK(run(state).find("cache: 0 hits, 1 miss") != std::string::npos);
  // No MAC at all (an entry of an older build's shape): a miss.
  edit_entries([](const std::string&, nlohmann::json& entry) { entry.erase("mac"); });
  CHECK(run(state).find("cache: 0 hits, 1 miss") != std::string::npos);
  CHECK(run(state).find("cache: 1 hit, 0 misses") != std::string::npos);

  // A secret that others can read, or one inside the cache: the cache is off for the run, and says why.
  std::filesystem::permissions(secret, std::filesystem::perms::group_read, std::filesystem::perm_options::add);
  std::string readable = run(state);
  CHECK(readable.find("aortalint: cache disabled: the cache secret '" + secret.string() + "' is not a 32-byte file") !=
        std::string::npos);
  CHECK(readable.find("cache: 0 hits, 0 misses") != std::string::npos);
  CHECK(readable.find("[COL003]") != std::string::npos);
  std::string inside = run(cache / "state");
  CHECK(inside.find("lies inside the cache") != std::string::npos);
  CHECK(inside.find("cache: 0 hits, 0 misses") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(cache / "state"));
  std::filesystem::remove_all(dir);
}

// What Get gave, comparable: every field of every diagnostic, or "miss".
std::string Served(const std::optional<std::vector<Diagnostic>>& hit) {
  if (!hit) return "miss";
  auto at = [](const Location& where) {
    return where.path() + ":" + std::to_string(where.span.begin) + "-" + std::to_string(where.span.end);
  };
  std::string out;
  for (const Diagnostic& d : *hit) {
    out += d.rule + " " + std::to_string(static_cast<int>(d.severity)) + " " + at(d.where) + " " + d.message;
    for (const Note& n : d.notes) out += " | note " + at(n.where) + " " + n.message;
    out += " | help " + d.help;
    if (d.fix) {
      out += " | fix " + d.fix->title + (d.fix->applicability == Applicability::kSafe ? " safe" : " unsafe");
      for (const Edit& e : d.fix->edits)
        out +=
            " " + e.path + ":" + std::to_string(e.span.begin) + "-" + std::to_string(e.span.end) + "=" + e.replacement;
    }
    out += ";\n";
  }
  return out;
}

// `text` written to `path` and read back as a run reads it (with the identity the cache judges it by).
// Written, then left to settle (kTimestampSlackNs): a file still recent has its contents in its identity
// and a settled one not, so one that settled halfway through a long test would change identity there.
SourcePtr WrittenSource(const std::string& path, const std::string& text) {
  WriteFile(path, text);
  WaitPastTheSlack();
  ReadResult read = ReadTextFile(path);
  REQUIRE(read.ok);
  return std::make_shared<const SourceFile>(path, read.text, read.identity);
}

// `diagnostics` stored under `key` in the cache at `cache_dir` (which holds no other entry), computed
// from `files`: the shard file that holds them.
std::filesystem::path Stored(const std::string& cache_dir, const std::string& key,
                             const std::vector<std::pair<std::string, FileIdentity>>& files,
                             const std::vector<Diagnostic>& diagnostics) {
  {
    ResultCache cache(cache_dir);
    cache.Put(key, files, diagnostics);
    cache.Save();
  }
  std::filesystem::path shard;
  for (const auto& e : std::filesystem::recursive_directory_iterator(cache_dir))
    if (e.path().extension() == ".json") shard = e.path();
  return shard;
}

// The line an entry is read from, damaged a byte at a time: wherever nlohmann
// can still parse the shard, the entry is served exactly as its parse
// serves it; where it cannot, the line is a miss or serves what was stored.
TEST_CASE("an entry read from its line answers as its parse does, however it is damaged") {
  auto dir = TempDir("aortalint-cache-lines");
  std::string recipe = (dir / "r.yaml").string(), absent = (dir / "gone.py").string();
  SourcePtr source = WrittenSource(recipe, "schema_version: 1\n");
  Diagnostic d;
  d.rule = "COL001";
  d.where = {source, {0, 14}};
  d.message = "unknown collector 'rocprf'";
  d.help = "did you mean 'rocprof'?";
  Note note;
  note.where = {source, {2, 3}};
  note.message = "a note";
  d.notes.push_back(note);
  d.fix = Fix{"quote it", Applicability::kUnsafe, {{recipe, {1, 2}, "\"x\""}}};
  const std::string key = CacheKey().Add("unit").Hex(), cache_dir = (dir / "cache").string();
  const std::filesystem::path shard =
      Stored(cache_dir, key, {{recipe, source->identity()}, {absent, FileIdentity()}}, {d});
  const std::string stored = ReadFile(shard);
  const std::string fresh = Served(ResultCache(cache_dir).Get(key, {}));
  REQUIRE(fresh != "miss");
  const std::string edits = "{}[],:\"\\ 0123456789-.enul\x01\xC3x/";
  std::mt19937 rng(15);
  size_t parsed = 0;
  for (int i = 0; i < 1500; ++i) {
    std::string text = stored;
    size_t at = 2 + rng() % (text.size() - 4);  // inside the entry's line
    if (i % 2 == 0)
      text[at] = edits[rng() % edits.size()];
    else
      text.erase(at, 1);
    WriteFile(shard, text);
    std::string from_line = Served(ResultCache(cache_dir).Get(key, {}));
    if (nlohmann::json::accept(text)) {
      ++parsed;
      WriteFile(shard, CacheLines(nlohmann::json::parse(text), "diagnostics"));  // another shape: read parsed
      CHECK_MESSAGE(from_line == Served(ResultCache(cache_dir).Get(key, {})), text);
    } else {
      CHECK_MESSAGE((from_line == "miss" || from_line == fresh), text);
    }
  }
  CHECK(parsed > 100);
  std::filesystem::remove_all(dir);
}

// A file's times are nanoseconds, past 2^53: written as a float that rounds to the same double
// (1796225410334993362 as 1.7962254103349934e+18), a state is not the file's, read from its line
// or from the whole parse (which compared JSON numbers, and took them for equal).
TEST_CASE("a file's time written as a float that rounds to it is not that time") {
  auto dir = TempDir("aortalint-cache-float");
  std::string recipe = (dir / "r.yaml").string();
  SourcePtr source = WrittenSource(recipe, "schema_version: 1\n");
  const std::string key = CacheKey().Add("unit").Hex(), cache_dir = (dir / "cache").string();
  const std::filesystem::path shard = Stored(cache_dir, key, {{recipe, source->identity()}}, {});
  REQUIRE(Served(ResultCache(cache_dir).Get(key, {})) != "miss");
  std::string exact = std::to_string(source->identity().mtime_ns);
  std::string text = ReadFile(shard);
  REQUIRE(text.find(exact) != std::string::npos);
  char rounded[40];
  std::snprintf(rounded, sizeof rounded, "%.17g", static_cast<double>(source->identity().mtime_ns));
  text.replace(text.find(exact), exact.size(), rounded);
  WriteFile(shard, text);
  CHECK(Served(ResultCache(cache_dir).Get(key, {})) == "miss");  // from its line
  WriteFile(shard, CacheLines(nlohmann::json::parse(text), "diagnostics"));
  CHECK(Served(ResultCache(cache_dir).Get(key, {})) == "miss");  // from the whole parse
  std::filesystem::remove_all(dir);
}

// Diagnostics of every shape an entry can hold (notes, help, fixes, escapes,
// non-ASCII text, spans past the file, a file outside the entry, bad rule IDs
// and severities): stored, the entry is what nlohmann would dump, and read
// from its line they are what the entry's parse gives. Text that is not UTF-8
// is not stored.
TEST_CASE("entries are written as nlohmann dumps them, and read from their line as their parse reads them") {
  auto dir = TempDir("aortalint-cache-shapes");
  std::string recipe = (dir / "r.yaml").string(), other = (dir / "other.yaml").string();
  SourcePtr source = WrittenSource(recipe, "schema_version: 1\nmode: probe\n");
  auto stranger = std::make_shared<const SourceFile>(other, "x\n");  // not a file of the entry
  std::mt19937 rng(16);
  // Mostly what the text path reads; now and then what it leaves to the whole parse (\u escapes, UTF-8).
  const std::vector<std::string> words = {"plain",      "quote \" and \\ slash", "tab\tnew\nline", "", "/a/b",
                                          "{\"j\":[1]}"};
  const std::vector<std::string> rare = {"ctl \x01", "caf\xC3\xA9", "del \x7F", "not UTF-8 \xFF"};
  auto utf8 = [](const std::string& s) {
    try {
      return !nlohmann::json(s).dump().empty();
    } catch (const nlohmann::json::type_error&) {
      return false;
    }
  };
  bool* all_utf8 = nullptr;
  auto word = [&] {
    std::string w = rng() % 40 == 0 ? rare[rng() % rare.size()] : words[rng() % words.size()];
    *all_utf8 = *all_utf8 && utf8(w);
    return w;
  };
  auto span = [&] {
    uint32_t a = rng() % 40, b = rng() % 5 == 0 ? 4000000000u : a + rng() % 10;
    return Span{a, b};
  };
  const std::string cache_dir = (dir / "cache").string();
  size_t hits = 0;
  size_t unstorable = 0;
  for (int i = 0; i < 300; ++i) {
    std::vector<Diagnostic> stored;
    bool storable = true;  // JSON holds every string
    bool servable = true;  // every rule ID is one, every file the entry's
    all_utf8 = &storable;
    for (int n = rng() % 4; n > 0; --n) {
      Diagnostic d;
      d.rule = rng() % 10 == 0 ? "BAD RULE" : "COL00" + std::to_string(rng() % 10);
      d.severity = static_cast<Severity>(rng() % 3);
      d.where = {rng() % 20 == 0 ? stranger : source, span()};
      d.message = word();
      for (int k = rng() % 3; k > 0; --k) d.notes.push_back({{source, span()}, word()});
      if (rng() % 2) d.help = word();
      if (rng() % 3 == 0) {
        d.fix = Fix{word(), rng() % 2 ? Applicability::kSafe : Applicability::kUnsafe, {}};
        for (int k = rng() % 3; k > 0; --k) d.fix->edits.push_back({recipe, span(), word()});
      }
      servable = servable && d.rule != "BAD RULE" && d.where.file != stranger;
      stored.push_back(std::move(d));
    }
    std::filesystem::remove_all(cache_dir);
    const std::string key = CacheKey().Add("unit " + std::to_string(i)).Hex();
    std::filesystem::path shard = Stored(cache_dir, key, {{recipe, source->identity()}}, stored);
    std::string from_line = Served(ResultCache(cache_dir).Get(key, {}));
    if (!storable) {  // not cached, never a crash or a wrong hit
      ++unstorable;
      CHECK(from_line == "miss");
      CHECK(ReadFile(shard) == "{\n}");
      continue;
    }
    // Served as stored, and written byte for byte as nlohmann dumps the entry.
    CHECK(from_line == (servable ? Served(stored) : "miss"));
    const std::string text = ReadFile(shard);
    CHECK(text == CacheLines(nlohmann::json::parse(text)));
    WriteFile(shard, CacheLines(nlohmann::json::parse(text), "diagnostics"));  // another shape: read parsed
    CHECK(from_line == Served(ResultCache(cache_dir).Get(key, {})));
    hits += from_line != "miss";
  }
  CHECK(hits > 100);
  CHECK(unstorable > 3);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace aortalint::testing

namespace aortalint {
namespace {

// Both parsers' verdict on `text`: the value with its types (dump), or that it threw.
std::string Verdict(const std::function<nlohmann::json()>& parse) {
  try {
    return parse().dump();
  } catch (const std::exception&) {
    return "(throws)";
  }
}

// Any bytes, as nlohmann's compact dump writes them as a string, or refuses them (not UTF-8).
TEST_CASE("strings are written as nlohmann dumps them") {
  std::mt19937 rng(17);
  // Every class of byte: printable, escaped, controls, DEL; whole characters of two to four bytes;
  // lead and continuation bytes alone, overlong leads, a surrogate's, past U+10FFFF.
  const std::vector<std::string> pieces = {"a",
                                           "/",
                                           "\"",
                                           "\\",
                                           "\b",
                                           "\f",
                                           "\n",
                                           "\r",
                                           "\t",
                                           std::string(1, '\0'),
                                           "\x01",
                                           "\x1f",
                                           "\x7f",
                                           "\xC3\xA9",
                                           "\xE4\xB8\xAD",
                                           "\xF0\x9F\x98\x80",
                                           "\xEF\xBF\xBF",
                                           "\xF4\x8F\xBF\xBF",
                                           "\xC0",
                                           "\xC1",
                                           "\xC2",
                                           "\xDF",
                                           "\xE0",
                                           "\xED",
                                           "\xEF",
                                           "\xF0",
                                           "\xF4",
                                           "\xF5",
                                           "\xFF",
                                           "\x80",
                                           "\x8F",
                                           "\x90",
                                           "\x9F",
                                           "\xA0",
                                           "\xBF"};
  size_t refused = 0, written = 0;
  for (int i = 0; i < 30000; ++i) {
    std::string text;
    for (int n = rng() % 6; n > 0; --n) text += pieces[rng() % pieces.size()];
    std::string expected;
    try {
      expected = nlohmann::json(text).dump();
    } catch (const nlohmann::json::type_error&) {
    }
    std::string out;
    bool ok = AppendJsonString(out, text);
    CHECK_MESSAGE(ok == !expected.empty(),
                  nlohmann::json(text).dump(-1, ' ', true, nlohmann::json::error_handler_t::replace));
    if (ok) CHECK(out == expected);
    ++(ok ? written : refused);
  }
  CHECK(written > 3000);
  CHECK(refused > 3000);
}

TEST_CASE("shard files read as nlohmann::json::parse reads them, whatever they hold") {
  std::mt19937 rng(14);
  // Values of every kind the cache writes and some it never does (floats, \u escapes, UTF-8, big numbers).
  std::function<nlohmann::json(int)> value = [&](int depth) -> nlohmann::json {
    switch (rng() % (depth > 3 ? 6 : 8)) {
      case 0:
        return static_cast<uint64_t>(rng()) << (rng() % 33);
      case 1:
        return -static_cast<int64_t>(rng() % 100000);
      case 2: {
        const char* strings[] = {"COL001",
                                 "team00/r.yaml",
                                 "quote \" and \\ and /",
                                 "tab\tnl\ncr\r",
                                 "caf\xC3\xA9",
                                 "\x01",
                                 "",
                                 "unknown collector 'rocprf'; did you mean 'rocprof'?"};
        return strings[rng() % 8];
      }
      case 3:
        return rng() % 2 == 0;
      case 4:
        return nullptr;
      case 5:
        return 0.5 * (rng() % 10);
      case 6: {
        nlohmann::json a = nlohmann::json::array();
        for (int n = rng() % 5; n > 0; --n) a.push_back(value(depth + 1));
        return a;
      }
      default: {
        nlohmann::json o = nlohmann::json::object();
        for (int n = rng() % 5; n > 0; --n) o[std::to_string(rng() % 7)] = value(depth + 1);
        return o;
      }
    }
  };
  const std::string edits = "{}[],:\"\\ 0-9eE.tfnu\xC3\x01x";
  size_t fast_equal = 0;
  for (int i = 0; i < 4000; ++i) {
    std::string text = value(0).dump(rng() % 3 == 0 ? 1 : -1);
    // A third of them damaged: a byte changed, dropped or cut.
    if (i % 3 == 1 && !text.empty()) text[rng() % text.size()] = edits[rng() % edits.size()];
    if (i % 3 == 2 && !text.empty()) text.erase(rng() % text.size(), 1 + rng() % 3);
    std::string expected = Verdict([&] { return nlohmann::json::parse(text); });
    CHECK_MESSAGE(Verdict([&] { return ParseShard(text); }) == expected, text);
    fast_equal += expected != "(throws)";
  }
  CHECK(fast_equal > 1000);
  // Numbers at the edges of 64 bits, leading zeros, repeated keys, deep nesting.
  for (const std::string& text : std::vector<std::string>{
           "18446744073709551615", "18446744073709551616", "-9223372036854775808", "-9223372036854775809", "-0", "01",
           "[1,]", "{\"a\":1,\"a\":2}", "{\"a\" 1}", " [ ] ", "", "[\"\\u00e9\"]", "[1e3]",
           std::string(100, '[') + std::string(100, ']'), "truex", "nul"})
    CHECK_MESSAGE(Verdict([&] { return ParseShard(text); }) == Verdict([&] { return nlohmann::json::parse(text); }),
                  text);
}

}  // namespace
}  // namespace aortalint
