// Issue 15 item 1: one function builds the analysis settings. `check` and the
// language server must report the same findings for the same files and
// config, one case per setting that changes what the rules say; the result
// cache's key comes from those settings and every config file and knowledge
// table is a dependency of its entries (a hit, then a miss after an edit).
#include <doctest/doctest.h>

#include <chrono>
#include <filesystem>
#include <set>
#include <thread>

#include <nlohmann/json.hpp>

#include "lsp/server.h"
#include "test_util.h"

namespace aortalint::testing {
namespace {

namespace fs = std::filesystem;
using lsp::Json;

// COL003 (stats: true), CNF001 (rocprof beside proton on roctracer), RCP015 (unknown mitigation).
constexpr char kRecipe[] =
    "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none, my_plugin_flag]\ndiagnostic_axis: [none]\n"
    "collect:\n  rocprof:\n    stats: true\n  proton:\n    mode: env\n    backend: roctracer\n";
// VER001 on 3.7.1 (no rocprofiler backend there), unless a knowledge table adds it.
constexpr char kVersioned[] =
    "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
    "collect:\n  proton:\n    mode: cli\n    backend: rocprofiler\n";
constexpr char kTable[] =
    "versions:\n  - version: 3.7.1\n    backends:\n      cupti: [pcsampling, periodic_flushing]\n"
    "      roctracer: [periodic_flushing]\n      rocprofiler: [periodic_flushing]\n      instrumentation: []\n"
    "    auto: {amd: roctracer, nvidia: cupti}\n    forwards_mode: false\n    available_profilers: false\n"
    "    success_exit_lost: true\n    torch_first_hang: false\n    failures: []\n";

// "RULE line:col severity" for every finding in `file`, as `check --format json` reports them.
std::multiset<std::string> FromCli(const fs::path& root, const std::string& file, const std::string& flags) {
  CommandResult r = RunShell("cd " + ShellQuote(root.string()) + " && " + ShellQuote(AORTALINT_BINARY) +
                             " check --no-cache --format json " + flags + " . 2>/dev/null");
  REQUIRE(r.exit_code < 2);
  std::multiset<std::string> out;
  for (const auto& d : nlohmann::json::parse(r.output))
    if (fs::path(d["path"].get<std::string>()).filename() == file)
      out.insert(d["rule"].get<std::string>() + " " + std::to_string(d["line"].get<int>()) + ":" +
                 std::to_string(d["column"].get<int>()) + " " + d["severity"].get<std::string>());
  return out;
}

// The same, from the language server with the file open in an editor.
std::multiset<std::string> FromServer(const fs::path& root, const std::string& file, const Json& settings) {
  lsp::MemoryTransport transport;
  lsp::ServerOptions options;
  options.debounce = std::chrono::milliseconds(0);
  lsp::Server server(transport, options);
  auto send = [&](Json m) {
    m["jsonrpc"] = "2.0";
    transport.Push(m);
    server.Pump();
  };
  Json init{{"processId", nullptr}, {"rootUri", lsp::PathToUri(root.string())}, {"capabilities", Json::object()}};
  if (!settings.is_null()) init["initializationOptions"] = settings;
  send({{"id", 1}, {"method", "initialize"}, {"params", init}});
  send({{"method", "initialized"}, {"params", Json::object()}});
  fs::path path = fs::absolute(root / file);
  std::string text = ReadFile(path);
  send({{"method", "textDocument/didOpen"},
        {"params",
         {{"textDocument",
           {{"uri", lsp::PathToUri(path.string())}, {"languageId", "yaml"}, {"version", 1}, {"text", text}}}}}});
  server.Flush();
  std::optional<Json> last;
  for (const Json& m : transport.TakeSent())
    if (m.value("method", "") == "textDocument/publishDiagnostics" &&
        m["params"]["uri"] == lsp::PathToUri(path.string()))
      last = m["params"]["diagnostics"];
  std::multiset<std::string> out;
  const char* names[] = {"", "error", "warning", "info", "info"};
  // Columns: the text is ASCII, so UTF-16 characters are bytes; LSP counts from 0.
  if (last)
    for (const Json& d : *last)
      out.insert(d["code"].get<std::string>() + " " + std::to_string(d["range"]["start"]["line"].get<int>() + 1) + ":" +
                 std::to_string(d["range"]["start"]["character"].get<int>() + 1) + " " +
                 names[d["severity"].get<int>()]);
  return out;
}

struct Case {
  const char* setting;
  const char* config;                    // .aortalint.yaml
  const char* file;                      // the recipe compared
  const char* cli_flags;                 // the same request made on the command line ...
  const char* lsp_settings;              // ... and as the editor's settings (JSON), or ""
  const char* must_differ_from_default;  // a finding the setting removes, or "" when it adds one
  const char* base_config = "";          // the config the case is compared against
};

TEST_CASE("settings: check and the language server agree, one setting at a time") {
  const Case cases[] = {
      {"select", "select: [COL]\n", "r.yaml", "", "", "CNF001"},
      {"extend-select", "select: [COL]\nextend-select: [cnf001]\n", "r.yaml", "", "", "RCP015"},
      {"ignore", "ignore: [CNF001]\n", "r.yaml", "", "", "CNF001"},
      {"extend-ignore", "extend-ignore: [RCP015]\n", "r.yaml", "", "", "RCP015"},
      {"severity", "severity: {COL003: warning}\n", "r.yaml", "", "", "COL003 8:12 error"},
      {"per-file-ignores", "per-file-ignores:\n  \"r.yaml\": [COL003]\n", "r.yaml", "", "", "COL003"},
      {"mitigations", "mitigations: [my_plugin_flag]\n", "r.yaml", "", "", "RCP015"},
      {"exclude", "exclude: [r.yaml]\n", "r.yaml", "", "", "COL003"},
      {"allow-suppressions", "allow-suppressions: false\n", "s.yaml", "", "", ""},
      {"extends", "extends: base/parent.yaml\nignore: [COL003]\n", "r.yaml", "", "", "CNF001"},
      {"triton", "triton: [3.7.1]\n", "v.yaml", "", "", ""},
      {"knowledge", "triton: [3.7.1]\nknowledge: table.yaml\n", "v.yaml", "", "", "VER001", "triton: [3.7.1]\n"},
      {"select (flag / editor setting)", "", "r.yaml", "--select COL", R"({"select": ["COL"]})", "CNF001"},
      {"ignore (flag / editor setting)", "", "r.yaml", "--ignore cnf001", R"({"ignore": ["cnf001"]})", "CNF001"},
      {"triton (flag / editor setting)", "", "v.yaml", "--triton 3.7.1", R"({"aortalint": {"triton": ["3.7.1"]}})", ""},
  };
  for (const Case& c : cases) {
    std::string setting = c.setting;
    CAPTURE(setting);
    fs::path root = TempDir("aortalint-settings");
    WriteFile(root / ".git/HEAD", "ref: refs/heads/main\n");
    WriteFile(root / "r.yaml", kRecipe);
    WriteFile(root / "v.yaml", kVersioned);
    std::string suppressed = kRecipe;
    suppressed.replace(suppressed.find("stats: true\n"), 12,
                       "stats: true  # aortalint: ignore[COL003] this build takes bools\n");
    WriteFile(root / "s.yaml", suppressed);
    WriteFile(root / "table.yaml", kTable);
    WriteFile(root / "base/parent.yaml", "ignore: [CNF001]\n");
    if (*c.base_config) WriteFile(root / ".aortalint.yaml", c.base_config);
    std::multiset<std::string> before = FromCli(root, c.file, "");
    if (*c.config) WriteFile(root / ".aortalint.yaml", c.config);
    std::multiset<std::string> cli = FromCli(root, c.file, c.cli_flags);
    Json editor = *c.lsp_settings ? Json::parse(c.lsp_settings) : Json();
    std::multiset<std::string> server = FromServer(root, c.file, editor);
    auto show = [](const std::multiset<std::string>& s) {
      std::string out;
      for (const std::string& f : s) out += "[" + f + "] ";
      return out;
    };
    std::string cli_shown = show(cli), server_shown = show(server), before_shown = show(before);
    CAPTURE(cli_shown);
    CAPTURE(server_shown);
    CAPTURE(before_shown);
    CHECK(cli == server);
    // The setting matters: without it the findings differ (else the case proves nothing).
    CHECK(cli != before);
    if (*c.must_differ_from_default) {
      bool had = false, has = false;
      for (const std::string& f : before) had |= f.rfind(c.must_differ_from_default, 0) == 0;
      for (const std::string& f : cli) has |= f.rfind(c.must_differ_from_default, 0) == 0;
      CHECK(had);
      CHECK_FALSE(has);
    }
    fs::remove_all(root);
  }
}

TEST_CASE("settings: the language server lints only what check calls a recipe") {
  fs::path root = TempDir("aortalint-settings");
  WriteFile(root / ".github/workflows/ci.yaml", "name: ci\non: [push]\njobs:\n  lint:\n    runs-on: ubuntu-latest\n");
  std::multiset<std::string> server = FromServer(root, ".github/workflows/ci.yaml", Json());
  CHECK(server.empty());
  WriteFile(root / "r.yaml", kRecipe);
  CHECK_FALSE(FromServer(root, "r.yaml", Json()).empty());
  fs::remove_all(root);
}

// `check -v` says what the cache served: a hit on the second run, a miss after
// any file the settings came from changes.
TEST_CASE("settings: config files and knowledge tables are dependencies of cache entries") {
  fs::path root = TempDir("aortalint-settings");
  WriteFile(root / ".git/HEAD", "ref: refs/heads/main\n");
  WriteFile(root / "v.yaml", kVersioned);
  WriteFile(root / "p/payload.py", "import triton.profiler as proton\nimport torch\n");
  WriteFile(root / "table.yaml", kTable);
  WriteFile(root / ".aortalint.yaml", "triton: [3.7.1]\nknowledge: table.yaml\nextends: base.yaml\n");
  WriteFile(root / "base.yaml", "ignore: [RCP]\n");
  std::string run = "cd " + ShellQuote(root.string()) +
                    " && AORTALINT_CACHE_DIR=" + ShellQuote((root / "cache").string()) + " " +
                    ShellQuote(AORTALINT_BINARY) + " check -v --format concise . 2>&1";
  auto stats = [](const std::string& out) {
    size_t at = out.find("cache: ");
    return at == std::string::npos ? std::string("(none)") : out.substr(at, out.find('\n', at) - at);
  };
  CommandResult first = RunShell(run);
  CHECK(stats(first.output) == "cache: 0 hits, 2 misses");
  CHECK(first.output.find("VER001") == std::string::npos);
  CommandResult second = RunShell(run);
  CHECK(stats(second.output) == "cache: 2 hits, 0 misses");

  // The knowledge table loses the backend: both units miss (the payload's too), VER001 is back.
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  std::string table = kTable;
  table.replace(table.find("      rocprofiler: [periodic_flushing]\n"), 38, "");
  WriteFile(root / "table.yaml", table);
  CommandResult third = RunShell(run);
  CHECK(stats(third.output) == "cache: 0 hits, 2 misses");
  CHECK(third.output.find("VER001") != std::string::npos);
  CHECK(stats(RunShell(run).output) == "cache: 2 hits, 0 misses");

  // A parent config named by `extends:` is a dependency too.
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  WriteFile(root / "base.yaml", "ignore: [RCP, VER001]\n");
  CommandResult fourth = RunShell(run);
  CHECK(stats(fourth.output) == "cache: 0 hits, 2 misses");
  CHECK(fourth.output.find("VER001") == std::string::npos);
  fs::remove_all(root);
}

}  // namespace
}  // namespace aortalint::testing

namespace aortalint::testing {
namespace {

// The server re-reads a config's knowledge table when the client says it changed on disk.
TEST_CASE("settings: the language server follows an edited knowledge table") {
  fs::path root = TempDir("aortalint-settings");
  WriteFile(root / ".git/HEAD", "ref: refs/heads/main\n");
  WriteFile(root / "v.yaml", kVersioned);
  WriteFile(root / "table.yaml", kTable);
  WriteFile(root / ".aortalint.yaml", "triton: [3.7.1]\nknowledge: table.yaml\n");
  lsp::MemoryTransport transport;
  lsp::ServerOptions options;
  options.debounce = std::chrono::milliseconds(0);
  lsp::Server server(transport, options);
  auto send = [&](Json m) {
    m["jsonrpc"] = "2.0";
    transport.Push(m);
    server.Pump();
    server.Flush();
  };
  auto codes = [&]() {
    std::optional<std::vector<std::string>> last;
    for (const Json& m : transport.TakeSent())
      if (m.value("method", "") == "textDocument/publishDiagnostics") {
        last.emplace();
        for (const Json& d : m["params"]["diagnostics"]) last->push_back(d["code"]);
      }
    return last;
  };
  send({{"id", 1}, {"method", "initialize"}, {"params", {{"processId", nullptr}, {"capabilities", Json::object()}}}});
  send({{"method", "initialized"}, {"params", Json::object()}});
  std::string path = fs::absolute(root / "v.yaml").string();
  send({{"method", "textDocument/didOpen"},
        {"params",
         {{"textDocument",
           {{"uri", lsp::PathToUri(path)},
            {"languageId", "yaml"},
            {"version", 1},
            {"text", std::string(kVersioned)}}}}}});
  std::optional<std::vector<std::string>> first = codes();
  REQUIRE(first);
  CHECK(std::find(first->begin(), first->end(), "VER001") == first->end());
  std::string table = kTable;
  table.replace(table.find("      rocprofiler: [periodic_flushing]\n"), 38, "");
  WriteFile(root / "table.yaml", table);
  send({{"method", "workspace/didChangeWatchedFiles"},
        {"params",
         {{"changes",
           Json::array({{{"uri", lsp::PathToUri(fs::absolute(root / "table.yaml").string())}, {"type", 2}}})}}}});
  std::optional<std::vector<std::string>> after = codes();
  REQUIRE(after);
  CHECK(std::find(after->begin(), after->end(), "VER001") != after->end());
  fs::remove_all(root);
}

}  // namespace
}  // namespace aortalint::testing
