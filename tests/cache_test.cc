// The result cache: a second run gives the same report from the cache, and
// a change to any file the analysis read (even one nobody named: a module
// PAY003 followed) brings the fresh result back.
#include <doctest/doctest.h>

#include <chrono>
#include <cstdio>
#include <functional>
#include <random>
#include <thread>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "base/file_reader.h"
#include "base/json_text.h"
#include "base/source_file.h"
#include "driver/kept_launch.h"
#include "engine/cache.h"
#include "engine/cache_format.h"
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

// A payload alone that holds no finding was either checked (an entry point importing Proton) or
// not: the entry says which, so a warm run warns "nothing to lint" exactly when a cold run does,
// without parsing the payloads again (it parsed every one of them on each warm run before).
TEST_CASE("a warm run knows which payloads alone were checked, without reading them") {
  auto dir = TempDir("aortalint-cache-checked");
  WriteFile(dir / "lib/.git/HEAD", "ref: refs/heads/main\n");
  WriteFile(dir / "lib/helpers.py", "import torch\n\n\ndef f():\n    return torch.ones(1)\n");
  WriteFile(dir / "app/.git/HEAD", "ref: refs/heads/main\n");
  WriteFile(dir / "app/main.py",
            "import triton.profiler as proton\nimport torch\n\n\ndef main():\n    proton.start(\"run\")\n"
            "    torch.ones(1)\n    proton.finalize()\n\n\nif __name__ == \"__main__\":\n    main()\n");
  for (const char* repo : {"lib", "app"}) {
    CAPTURE(repo);
    std::string run = "cd " + ShellQuote((dir / repo).string()) +
                      " && AORTALINT_CACHE_DIR=" + ShellQuote((dir / "cache").string()) + " " +
                      ShellQuote(AORTALINT_BINARY) + " check -v --format concise . 2>&1";
    CommandResult cold = RunShell(run), warm = RunShell(run);
    bool lib = std::string(repo) == "lib";
    CHECK(cold.output.find("cache: 0 hits, 1 miss") != std::string::npos);
    CHECK(warm.output.find("cache: 1 hit, 0 misses") != std::string::npos);
    for (const std::string& out : {cold.output, warm.output}) {
      CHECK((out.find("nothing to lint under '.'") != std::string::npos) == lib);
      CHECK((out.find("1 file linted") != std::string::npos) == !lib);
    }
  }
  std::filesystem::remove_all(dir);
}

// What a cache holds is read only as this build wrote it: a shard of another
// format (the text shards of earlier builds) or cut short loses the entries
// it cannot give, never the others, and is rewritten by the next run.
TEST_CASE("a shard of another format, or cut short, loses only what it cannot give") {
  auto dir = TempDir("aortalint-cache-torn");
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
  CommandResult first = RunShell(run);
  REQUIRE(stats(first.output) == "cache: 0 hits, 6 misses");
  CHECK(report(first.output).find("6 errors in 6 files") != std::string::npos);
  CommandResult second = RunShell(run);
  CHECK(stats(second.output) == "cache: 6 hits, 0 misses");
  CHECK(report(second.output) == report(first.output));

  // Each shard cut short by one byte: its last entry is lost, the ones before it still serve.
  std::vector<std::filesystem::path> shards = CacheShards(dir / "cache");
  size_t entries = 0;
  for (const auto& shard : shards) {
    std::string bytes = ReadFile(shard);
    RecordIndex records;
    REQUIRE(IndexShard(bytes, records));
    entries += records.size();
    WriteFile(shard, bytes.substr(0, bytes.size() - 1));
  }
  REQUIRE(entries == 6);
  CommandResult torn = RunShell(run);
  const size_t lost = shards.size(), kept = 6 - lost;
  CHECK(stats(torn.output) ==
        fmt::format("cache: {} hit{}, {} miss{}", kept, kept == 1 ? "" : "s", lost, lost == 1 ? "" : "es"));
  CHECK(report(torn.output) == report(first.output));
  CHECK(stats(RunShell(run).output) == "cache: 6 hits, 0 misses");  // rewritten

  // Text where the binary format belongs (an earlier build's shard, renamed): all misses, then rewritten.
  for (const auto& shard : CacheShards(dir / "cache")) WriteFile(shard, "{\n}");
  CommandResult text = RunShell(run);
  CHECK(stats(text.output) == "cache: 0 hits, 6 misses");
  CHECK(report(text.output) == report(first.output));
  CHECK(stats(RunShell(run).output) == "cache: 6 hits, 0 misses");
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
  std::string first = run(state);
  REQUIRE(first.find("cache: 0 hits, 1 miss") != std::string::npos);
  REQUIRE(first.find("[COL003]") != std::string::npos);
  const std::filesystem::path secret = state / "aortalint/cache-secret";
  CHECK(std::filesystem::file_size(secret) == 32);
  CHECK((std::filesystem::status(secret).permissions() & std::filesystem::perms::all) ==
        (std::filesystem::perms::owner_read | std::filesystem::perms::owner_write));
  CHECK(run(state).find("cache: 1 hit, 0 misses") != std::string::npos);

  // Edited to hold no findings: a miss, the finding back, and the entry rewritten (a hit again).
  EditCacheEntries(cache, [](CacheEntry& entry) { entry.body.diagnostics.clear(); });
  std::string poisoned = run(state);
  CHECK(poisoned.find("cache: 0 hits, 1 miss") != std::string::npos);
  CHECK(poisoned.find("[COL003]") != std::string::npos);
  std::string again = run(state);
  CHECK(again.find("cache: 1 hit, 0 misses") != std::string::npos);
  CHECK(again.find("[COL003]") != std::string::npos);

  // Signed again by someone with another secret: still a miss.
  EditCacheEntries(cache, [](CacheEntry& entry) {
    entry.body.diagnostics.clear();
    entry.mac = EntryMac(std::string(32, 'k'), entry.key, entry.bin, EncodeBody(entry.body));
  });
  CHECK(run(state).find("cache: 0 hits, 1 miss") != std::string::npos);
  // No MAC at all: a miss.
  EditCacheEntries(cache, [](CacheEntry& entry) { entry.mac.clear(); });
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

// The record of a file kept beside the shards (one record, under its key).
CacheRecord KeptRecord(const std::string& bytes, const std::string& key = "listings") {
  RecordIndex records;
  REQUIRE(IndexShard(bytes, records));
  REQUIRE(records.count(key));
  std::optional<CacheRecord> r = DecodeRecord(records.at(key));
  REQUIRE(r);
  return *r;
}

// A listings file with its body replaced and signed under `secret` (empty: the old MAC kept).
void RewriteListings(const std::filesystem::path& file, const std::string& body, const std::string& secret) {
  std::string bytes = ReadFile(file);
  CacheRecord r = KeptRecord(bytes);
  std::string mac = secret.empty() ? std::string(r.mac) : EntryMac(secret, r.key, r.bin, body);
  WriteFile(file, EncodeShard({EncodeRecord({r.key, r.bin, mac, r.used, body})}));
}

TEST_CASE("directory listings kept between runs: a settled tree is not listed again, and every change to it is seen") {
  namespace fs = std::filesystem;
  auto dir = TempDir("aortalint-listings");
  const fs::path repo = dir / "repo", cache = dir / "cache";
  WriteFile(repo / ".git/HEAD", "ref: refs/heads/main\n");
  WriteFile(repo / "a/recipe.yaml",
            "#   aorta sweep run --recipe a/recipe.yaml -- python a/payload.py\n"
            "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
            "collect:\n  proton: {mode: cli, backend: cupti}\n");
  // PAY003 only once helpers.py exists and imports torch: the module probe decides the finding.
  WriteFile(repo / "a/payload.py",
            "import helpers\nimport triton.profiler as proton  # isort: skip  # noqa: I001\n\n\ndef main():\n"
            "    return 0\n\n\nif __name__ == \"__main__\":\n    code = main()\n    if code:\n"
            "        raise SystemExit(code)\n");
  const std::string bad_recipe =
      "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\n"
      "diagnostic_axis: [none]\ncollect:\n  rocprof:\n    stats: 1\n";
  WriteFile(repo / "c/quiet.txt", "not a recipe\n");
  const std::string env = "cd " + ShellQuote(repo.string()) + " && AORTALINT_CACHE_DIR=" + ShellQuote(cache.string());
  auto run = [&](const std::string& flags = "") {
    return RunShell(env + " " + ShellQuote(AORTALINT_BINARY) + " check --format concise " + flags + " . 2>&1").output;
  };
  // Each warm run reports what a run without the cache reports.
  auto check_run = [&] {
    std::string warm = run();
    CHECK(warm == run("--no-cache"));
    return warm;
  };
  WaitPastTheSlack();  // listings of directories changed within the slack are not kept
  std::string cold = check_run();
  CHECK(cold.find("PAY003") == std::string::npos);
  fs::path listings;
  for (const auto& e : fs::recursive_directory_iterator(cache))
    if (e.path().filename() == "listings.bin") listings = e.path();
  REQUIRE_FALSE(listings.empty());
  // Nothing changed: every listing is the kept one, so the file is not written again.
  auto kept_at = fs::last_write_time(listings);
  CHECK(check_run() == cold);
  CHECK(fs::last_write_time(listings) == kept_at);

  // A module appears beside the payload: its directory's stamp changed, so it is listed again.
  WriteFile(repo / "a/helpers.py", "import torch\n");
  CHECK(check_run().find("PAY003") != std::string::npos);
  // A recipe appears in a directory kept as it was listed: found.
  WriteFile(repo / "b/r.yaml", bad_recipe);
  CHECK(check_run().find("b/r.yaml") != std::string::npos);
  // A file added with its directory's mtime put back: the ctime still tells, as no one can set it.
  WaitPastTheSlack();
  check_run();  // keeps c/ as it is now
  auto c_mtime = fs::last_write_time(repo / "c");
  WriteFile(repo / "c/r.yaml", bad_recipe);
  fs::last_write_time(repo / "c", c_mtime);
  CHECK(check_run().find("c/r.yaml") != std::string::npos);
  // Gone again: not reported from a kept listing.
  fs::remove(repo / "c/r.yaml");
  fs::remove(repo / "b/r.yaml");
  CHECK(check_run().find("r.yaml:") == std::string::npos);

  // A listing edited to leave the recipe out, unsigned or signed with another secret: never trusted.
  WaitPastTheSlack();
  std::string settled = check_run();
  REQUIRE(settled.find("a/payload.py:1:1: error:") != std::string::npos);
  std::string bytes = ReadFile(listings);
  std::optional<KeptListings> kept = DecodeListings(KeptRecord(bytes).body);
  REQUIRE(kept);
  auto a = kept->find((fs::canonical(repo) / "a").string());
  REQUIRE(a != kept->end());
  a->second.entries.clear();
  // Each is replaced by the run's own, as one of another build is.
  auto replaced = [&](const std::string& planted) {
    CHECK(check_run() == settled);
    std::string now = ReadFile(listings);
    std::optional<KeptListings> fresh = DecodeListings(KeptRecord(now).body);
    return now != planted && fresh && !fresh->at(a->first).entries.empty();
  };
  for (const std::string& secret : {std::string(), std::string(32, 'k')}) {
    RewriteListings(listings, EncodeListings(*kept), secret);
    CHECK(replaced(ReadFile(listings)));
  }
  // Not even a shard: ignored.
  WriteFile(listings, "aortalint listings\n");
  CHECK(replaced("aortalint listings\n"));
  // `clean` removes it with the shards.
  RunShell(env + " " + ShellQuote(AORTALINT_BINARY) + " clean");
  CHECK_FALSE(fs::exists(listings));
  fs::remove_all(dir);
}

TEST_CASE("recipes' launches kept between runs: reused while nothing they were found from changed, never forged") {
  namespace fs = std::filesystem;
  auto dir = TempDir("aortalint-launches");
  const fs::path repo = dir / "repo", cache = dir / "cache", state = dir / "state";
  const std::string recipe =
      "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
      "collect:\n  proton: {mode: cli, backend: cupti}\n";
  const std::string torch_first = "import torch\nimport triton.profiler as proton\n";
  WriteFile(repo / ".git/HEAD", "ref: refs/heads/main\n");
  // A header command naming a script that is not there yet, and one in a directory that is not either.
  WriteFile(repo / "h/r.yaml", "#   aorta sweep run --recipe h/r.yaml -- python h/run.py\n" + recipe);
  WriteFile(repo / "m/r.yaml", "#   aorta sweep run --recipe m/r.yaml -- python m/later/run.py\n" + recipe);
  // The directory convention: every .py beside recipe.yaml.
  WriteFile(repo / "d/recipe.yaml", recipe);
  WriteFile(repo / "d/a.py", "import triton.profiler as proton\n");
  // A payload that is a link: followed past the listings, so never kept.
  WriteFile(repo / "l/recipe.yaml", recipe);
  fs::create_symlink("../d/a.py", repo / "l/link.py");
  WriteFile(repo / "n/cfg.yaml", "name: not a recipe\n");
  // Its header's paths resolve from the project root: the repository's top, until sub/ is one.
  WriteFile(repo / "sub/x/r.yaml", "#   aorta sweep run --recipe x/r.yaml -- python x/p.py\n" + recipe);
  WriteFile(repo / "sub/x/p.py", torch_first);
  WriteFile(repo / "x/p.py", "import triton.profiler as proton\n");
  const std::string env = "cd " + ShellQuote(repo.string()) + " && AORTALINT_CACHE_DIR=" + ShellQuote(cache.string()) +
                          " XDG_STATE_HOME=" + ShellQuote(state.string()) + " ";
  auto run = [&](const std::string& flags) {
    return RunShell(env + ShellQuote(AORTALINT_BINARY) + " check --format concise " + flags + " . 2>&1").output;
  };
  // Each run with the cache reports what a run without it reports; gives its pairing counts.
  auto check_run = [&] {
    std::string out = run("-v"), findings;
    std::string uncached = run("--no-cache");
    size_t at = out.find("recipes paired: ");
    REQUIRE(at != std::string::npos);
    for (size_t line = 0; line < out.size(); line = out.find('\n', line) + 1)
      if (out.compare(line, 11, "aortalint: ") != 0) findings += out.substr(line, out.find('\n', line) + 1 - line);
    CHECK(findings == uncached);
    return out.substr(at, out.find(';', at) - at);
  };
  WaitPastTheSlack();  // what changed within the slack is not kept
  CHECK(check_run() == "recipes paired: 0 as kept, 5 afresh");
  CHECK(check_run() == "recipes paired: 4 as kept, 1 afresh");  // all but l/, whose payload is a link
  fs::path file;
  for (const auto& e : fs::recursive_directory_iterator(cache))
    if (e.path().filename() == "launches.bin") file = e.path();
  REQUIRE_FALSE(file.empty());
  auto written_at = fs::last_write_time(file);
  CHECK(check_run() == "recipes paired: 4 as kept, 1 afresh");
  CHECK(fs::last_write_time(file) == written_at);  // nothing changed: not written again
  // A file added at the top changes no answer a pairing was given (whether the top holds .git).
  WriteFile(repo / "NOTES.txt", "notes\n");
  CHECK(check_run() == "recipes paired: 4 as kept, 1 afresh");

  // Each change is seen by the recipe it concerns: the scripts appear (one with its directory), a
  // payload is added beside recipe.yaml, the link leads elsewhere, the file becomes a recipe, sub/
  // becomes a project root.
  WriteFile(repo / "h/run.py", torch_first);
  WriteFile(repo / "m/later/run.py", torch_first);
  WriteFile(repo / "d/b.py", "x = 1\n");
  fs::remove(repo / "l/link.py");
  fs::create_symlink("../sub/x/p.py", repo / "l/link.py");
  WriteFile(repo / "n/cfg.yaml",
            "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\n"
            "diagnostic_axis: [none]\ncollect:\n  rocprof:\n    stats: 1\n");
  fs::create_directory(repo / "sub/.git");
  WaitPastTheSlack();  // n/cfg.yaml settled: its identity no longer holds a hash of its text
  CHECK(check_run() == "recipes paired: 0 as kept, 6 afresh");
  std::string changed = run("--no-cache");
  for (const char* now : {"h/run.py:1:1", "m/later/run.py:1:1", "d/b.py:1:1", "l/link.py:1:1: info", "n/cfg.yaml:8:12",
                          "sub/x/p.py:1:1: info"})
    CHECK_MESSAGE(changed.find(now) != std::string::npos, now);
  CHECK(check_run() == "recipes paired: 5 as kept, 1 afresh");

  // The file edited to pair d/recipe.yaml with another payload: trusted only when signed with the
  // user's secret (which the test can read, and which shows the edit would matter).
  std::string bytes = ReadFile(file);
  CacheRecord record = KeptRecord(bytes, "launches");
  std::string body(record.body);
  size_t at = body.find("d/a.py");
  REQUIRE(at != std::string::npos);
  body.replace(at, 6, "d/z.py");
  auto plant = [&](const std::string& secret) {
    WriteFile(file, EncodeShard({EncodeRecord(
                        {record.key, record.bin, EntryMac(secret, record.key, record.bin, body), record.used, body})}));
  };
  plant(ReadFile(state / "aortalint/cache-secret"));
  CHECK(run("").find("d/z.py") != std::string::npos);
  for (const std::string& other : {std::string(32, 'k'), std::string()}) {
    plant(other);
    CHECK(check_run() == "recipes paired: 0 as kept, 6 afresh");
    CHECK(check_run() == "recipes paired: 5 as kept, 1 afresh");
  }
  // `clean` removes it with the shards.
  RunShell(env + ShellQuote(AORTALINT_BINARY) + " clean");
  CHECK_FALSE(fs::exists(file));
  fs::remove_all(dir);
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
  std::vector<std::filesystem::path> shards = CacheShards(cache_dir);
  REQUIRE(shards.size() == 1);
  return shards[0];
}

// A result stored while its files were recent (their contents hashed: two edits within one tick of
// the clock keep their times) is judged again once they have settled: the same times and the same
// contents are the same file, as git's second look at a racy entry. The entry is then stored with the
// settled identities, so the next run does not read the file again. (Before, every file written
// within two seconds of a run was analysed twice: 1,044 of aiter's 1,082 units on the third run.)
TEST_CASE("a result stored while its files were recent is served once they have settled, and only then") {
  auto dir = TempDir("aortalint-settling");
  std::string recipe = (dir / "r.yaml").string();
  WriteFile(recipe, "schema_version: 1\n");
  ReadResult read = ReadTextFile(recipe);
  REQUIRE(read.ok);
  const FileIdentity recent = read.identity;
  REQUIRE(recent.hash != 0);
  auto source = std::make_shared<const SourceFile>(recipe, read.text, recent);
  Diagnostic d;
  d.rule = "COL001";
  d.where = {source, {0, 14}};
  d.message = "a finding";
  const std::string key = CacheKey().Add("unit").Hex(), cache_dir = (dir / "cache").string();
  const std::filesystem::path shard = Stored(cache_dir, key, {{recipe, recent}}, {d});
  WaitPastTheSlack();
  const FileIdentity settled = IdentityOf(recipe);
  REQUIRE(settled.hash == 0);
  CHECK(SettledSince(recent, settled, recipe));
  FileIdentity other_contents = recent;
  other_contents.hash ^= 1;  // what a same-tick edit stored: the times match, the contents do not
  CHECK_FALSE(SettledSince(other_contents, settled, recipe));
  CHECK_FALSE(SettledSince(settled, settled, recipe));  // nothing to look at again

  {
    ResultCache cache(cache_dir);
    CHECK(Served(cache.Get(key, {})) == Served(std::vector<Diagnostic>{d}));
    cache.Save();
  }
  // Stored again with the settled identity.
  RecordIndex records;
  std::string bytes = ReadFile(shard);
  REQUIRE(IndexShard(bytes, records));
  std::optional<EntryBody> body = DecodeBody(DecodeRecord(records.at(key))->body);
  REQUIRE(body);
  CHECK(body->files[0].second == settled);
  CHECK(Served(ResultCache(cache_dir).Get(key, {})) == Served(std::vector<Diagnostic>{d}));

  // Stored recent with contents that were not these (an edit in the same tick): a miss, however settled.
  std::filesystem::remove_all(cache_dir);
  Stored(cache_dir, key, {{recipe, other_contents}}, {d});
  CHECK(Served(ResultCache(cache_dir).Get(key, {})) == "miss");
  std::filesystem::remove_all(dir);
}

// Bytes of a shard damaged one at a time, as a disk or an attacker without the
// secret might leave them, and (with the secret, as a bug in this build might)
// entries whose body is damaged and signed again: never a crash, and never a
// hit that names a file outside the entry or a value no run stores.
TEST_CASE("a damaged entry is a miss or what was stored, and a damaged body signed again is never trusted blindly") {
  auto dir = TempDir("aortalint-cache-damage");
  std::string recipe = (dir / "r.yaml").string(), absent = (dir / "gone.py").string();
  SourcePtr source = WrittenSource(recipe, "schema_version: 1\n");
  Diagnostic d;
  d.rule = "COL001";
  d.where = {source, {0, 14}};
  d.message = "unknown collector 'rocprf'";
  d.help = "did you mean 'rocprof'?";
  Note note;  // (built apart: GCC 12 takes a braced Note's shared_ptr for uninitialised)
  note.where = {source, {2, 3}};
  note.message = "a note";
  d.notes.push_back(note);
  d.fix = Fix{"quote it", Applicability::kUnsafe, {{recipe, {1, 2}, "\"x\""}}};
  const std::string key = CacheKey().Add("unit").Hex(), cache_dir = (dir / "cache").string();
  const std::filesystem::path shard =
      Stored(cache_dir, key, {{recipe, source->identity()}, {absent, FileIdentity()}}, {d});
  const std::string stored = ReadFile(shard);
  const std::string fresh = Served(ResultCache(cache_dir).Get(key, {}));
  REQUIRE(fresh == Served(std::vector<Diagnostic>{d}));
  const std::string secret = ReadFile(ResultCache::SecretPath());
  REQUIRE(secret.size() == 32);
  std::mt19937 rng(15);
  size_t misses = 0, resigned_hits = 0;
  for (int i = 0; i < 3000; ++i) {
    std::string bytes = stored;
    size_t at = kShardMagic.size() + rng() % (bytes.size() - kShardMagic.size());
    if (i % 3 == 0)
      bytes[at] = static_cast<char>(rng());
    else if (i % 3 == 1)
      bytes.erase(at, 1 + rng() % 4);
    else
      bytes.insert(at, 1, static_cast<char>(rng()));
    WriteFile(shard, bytes);
    std::string served = Served(ResultCache(cache_dir).Get(key, {}));
    CHECK_MESSAGE((served == "miss" || served == fresh), i);
    misses += served == "miss";
  }
  CHECK(misses > 2900);  // a byte of the key, the tag or the MAC left alone is all a damage can miss
  // The body damaged and signed again with the user's secret.
  RecordIndex records;
  REQUIRE(IndexShard(stored, records));
  CacheRecord record = *DecodeRecord(records.at(key));
  for (int i = 0; i < 3000; ++i) {
    std::string body(record.body);
    size_t at = rng() % body.size();
    if (i % 2 == 0)
      body[at] = static_cast<char>(rng());
    else
      body.erase(at, 1 + rng() % 4);
    std::string mac = EntryMac(secret, key, record.bin, body);
    WriteFile(shard, EncodeShard({EncodeRecord({record.key, record.bin, mac, record.used, body})}));
    std::optional<std::vector<Diagnostic>> hit = ResultCache(cache_dir).Get(key, {});
    if (!hit) continue;
    ++resigned_hits;
    for (const Diagnostic& got : *hit) {
      CHECK((got.where.path() == recipe || got.where.path() == absent));
      CHECK(static_cast<int>(got.severity) <= static_cast<int>(Severity::kError));
      if (got.fix)
        for (const Edit& e : got.fix->edits) CHECK(e.span.begin <= e.span.end);
    }
  }
  CHECK(resigned_hits > 100);  // a changed byte of a message or a span still decodes
  std::filesystem::remove_all(dir);
}

// The format as documented, written by another program: the fuzz seeds' body,
// made by tests/fuzz/make_cache_seeds.py from cache_format.h's description,
// decodes to what the script wrote and encodes back to the same bytes.
TEST_CASE("an entry body written from the format's description decodes as written") {
  std::string seed = ReadFile(std::string(AORTALINT_TESTS_DIR) + "/fuzz/corpus/cache/body-full");
  REQUIRE(seed.starts_with('B'));
  std::string_view bytes = std::string_view(seed).substr(1);
  std::optional<EntryBody> body = DecodeBody(bytes);
  REQUIRE(body);
  REQUIRE(body->files.size() == 2);
  CHECK(body->files[1].first == "/nonexistent/aortalint-fuzz/b.py");
  CHECK(body->files[1].second == FileIdentity());
  CHECK(body->texts == std::vector<std::string>{"rocprof: stats\n", ""});
  REQUIRE(body->diagnostics.size() == 2);
  const StoredDiagnostic& col = body->diagnostics[0];
  CHECK(col.rule == "COL003");
  CHECK(col.severity == 2);
  CHECK((col.at.file == 0 && col.at.span.begin == 0 && col.at.span.end == 14));
  REQUIRE(col.notes.size() == 1);
  CHECK(col.notes[0].first.file == 1);
  CHECK(col.help == "write true");
  REQUIRE(col.fix);
  CHECK(col.fix->safe);
  REQUIRE(col.fix->edits.size() == 2);
  CHECK(col.fix->edits[0].second == "\"x\"");
  CHECK(body->diagnostics[1].message == std::string("caf\xc3\xa9 \0 bytes", 13));
  CHECK(body->diagnostics[1].at.span.end == 4000000000u);
  CHECK(body->flags == 1);
  CHECK(EncodeBody(*body) == bytes);
}

TEST_CASE("kept listings written from the format's description decode as written, and damaged ones not at all") {
  auto seed = [](const std::string& name) {
    std::string bytes = ReadFile(std::string(AORTALINT_TESTS_DIR) + "/fuzz/corpus/cache/" + name);
    REQUIRE(bytes.starts_with('L'));
    return bytes.substr(1);
  };
  std::optional<KeptListings> two = DecodeListings(seed("listings-two"));
  REQUIRE(two);
  REQUIRE(two->size() == 2);
  const KeptListing& fuzz = two->at("/nonexistent/aortalint-fuzz");
  CHECK(fuzz.stamp == DirectoryStamp{1, 2, 3, 4});
  REQUIRE(fuzz.entries.size() == 3);
  CHECK(fuzz.entries[2] == std::pair<std::string, unsigned char>("c", 10));  // DT_LNK: resolved when asked
  CHECK(two->at("/").entries.empty());
  CHECK(DecodeListings(EncodeListings(*two)).value().at("/nonexistent/aortalint-fuzz").entries == fuzz.entries);
  for (const char* damaged : {"listings-unsorted", "listings-slash-in-name", "listings-relative-directory"})
    CHECK_MESSAGE(!DecodeListings(seed(damaged)), damaged);
  CHECK_FALSE(DecodeListings(seed("listings-two").substr(0, 20)));
}

TEST_CASE("kept launches written from the format's description decode as written, and damaged ones not at all") {
  auto seed = [](const std::string& name) {
    std::string bytes = ReadFile(std::string(AORTALINT_TESTS_DIR) + "/fuzz/corpus/cache/" + name);
    REQUIRE(bytes.starts_with('K'));
    return bytes.substr(1);
  };
  std::unique_ptr<const KeptLaunches::Stored> two = KeptLaunches::Decode(seed("launches-two"));
  REQUIRE(two);
  REQUIRE(two->answers.size() == 2);
  CHECK(two->answers[0].name.empty());  // a whole listing
  CHECK(two->answers[0].answer == 1234);
  CHECK(two->answers[1].dir == "/nonexistent");
  CHECK(two->answers[1].name == ".git");
  CHECK(two->answers[1].answer == 4);  // DT_DIR
  REQUIRE(two->entries.size() == 2);
  CHECK(two->entries[0].path == "/nonexistent/aortalint-fuzz/a.yaml");
  CHECK(two->entries[0].identity.inode == 7);
  CHECK(two->entries[0].answers.size() == 8);  // two u32 indices
  CHECK(two->entries[1].tail.find("no recipe key") != std::string_view::npos);
  for (const char* damaged : {"launches-unsorted", "launches-index-out-of-range", "launches-bad-source",
                              "launches-relative-directory", "launches-slash-in-name", "launches-huge-counts"})
    CHECK_MESSAGE(!KeptLaunches::Decode(seed(damaged)), damaged);
  CHECK_FALSE(KeptLaunches::Decode(seed("launches-two").substr(0, 60)));
}

// Diagnostics of every shape an entry can hold (notes, help, fixes, any bytes
// in any string, spans past the file, a file outside the entry, bad rule IDs
// and severities): each stored entry is served exactly as stored, or is a miss
// where no run could have made it.
TEST_CASE("every diagnostic a run makes is served as it was stored") {
  auto dir = TempDir("aortalint-cache-shapes");
  std::string recipe = (dir / "r.yaml").string(), other = (dir / "other.yaml").string();
  SourcePtr source = WrittenSource(recipe, "schema_version: 1\nmode: probe\n");
  auto stranger = std::make_shared<const SourceFile>(other, "x\n");  // not a file of the entry
  std::mt19937 rng(16);
  const std::vector<std::string> words = {"plain",          "quote \" and \\ slash",
                                          "tab\tnew\nline", "",
                                          "/a/b",           "{\"j\":[1]}",
                                          "ctl \x01",       "caf\xC3\xA9",
                                          "not UTF-8 \xFF", std::string("nul \0 inside", 12)};
  auto word = [&] { return words[rng() % words.size()]; };
  auto span = [&] {
    uint32_t a = rng() % 40, b = rng() % 5 == 0 ? 4000000000u : a + rng() % 10;
    return Span{a, b};
  };
  const std::string cache_dir = (dir / "cache").string();
  size_t hits = 0, unstorable = 0;
  for (int i = 0; i < 300; ++i) {
    std::vector<Diagnostic> stored;
    bool storable = true;  // every file the entry's
    bool servable = true;  // and every rule ID one
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
      storable = storable && d.where.file != stranger;
      servable = servable && d.rule != "BAD RULE";
      stored.push_back(std::move(d));
    }
    std::filesystem::remove_all(cache_dir);
    const std::string key = CacheKey().Add("unit " + std::to_string(i)).Hex();
    std::filesystem::path shard = Stored(cache_dir, key, {{recipe, source->identity()}}, stored);
    std::string served = Served(ResultCache(cache_dir).Get(key, {}));
    if (!storable) {  // not cached, never a crash or a wrong hit
      ++unstorable;
      CHECK(served == "miss");
      CHECK(ReadFile(shard) == kShardMagic);
      continue;
    }
    CHECK(served == (servable ? Served(stored) : "miss"));
    hits += served != "miss";
  }
  CHECK(hits > 100);
  CHECK(unstorable > 3);
  std::filesystem::remove_all(dir);
}

// A hit's findings show their lines from the entry, not from a read of the file (a warm run read
// 3,030 recipes of 10,000 to show theirs): what the entry kept is what was analysed, the file being
// unchanged. A finding past kMaxKeptText has its file read, as before.
TEST_CASE("a hit shows the lines its findings point into from the entry, and reads only a file shown past them") {
  auto dir = TempDir("aortalint-cache-shown");
  const std::string recipe = (dir / "r.yaml").string(), cache_dir = (dir / "cache").string();
  SourcePtr on_disk = WrittenSource(recipe, std::string(5000, 'x') + "\n");
  // As analysed: other bytes under the same identity, so the test can tell where a hit's text came from.
  auto analysed = std::make_shared<const SourceFile>(recipe, "one: 1\ntwo: 2\nthree: 3\n" + std::string(5000, '#'),
                                                     on_disk->identity());
  auto finding = [&](uint32_t begin, uint32_t end) {
    Diagnostic d;
    d.rule = "COL001";
    d.where = {analysed, {begin, end}};
    d.message = "m";
    return d;
  };
  const std::string key = CacheKey().Add("shown").Hex();
  Stored(cache_dir, key, {{recipe, on_disk->identity()}}, {finding(7, 13)});  // in the second line
  std::optional<std::vector<Diagnostic>> hit = ResultCache(cache_dir).Get(key, {});
  REQUIRE((hit && hit->size() == 1));
  CHECK(hit->front().where.file->text() == "one: 1\ntwo: 2\n");
  CHECK(hit->front().where.start().line == 2);

  std::filesystem::remove_all(cache_dir);
  Stored(cache_dir, key, {{recipe, on_disk->identity()}}, {finding(5010, 5011)});  // past what an entry keeps
  hit = ResultCache(cache_dir).Get(key, {});
  REQUIRE((hit && hit->size() == 1));
  CHECK(hit->front().where.file->text() == on_disk->text());
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace aortalint::testing

namespace aortalint {
namespace {

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

}  // namespace
}  // namespace aortalint
