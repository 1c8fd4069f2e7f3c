// The language server driven through the in-memory transport. Each test reads
// as a transcript: what the client sent, what the server answered.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <set>

#include "load/knowledge_loader.h"
#include "lsp/server.h"
#include "model/knowledge.h"
#include "python_gen.h"
#include "test_util.h"

namespace aortalint::lsp {
namespace {

constexpr char kBadRecipe[] =
    "schema_version: 1\n"
    "mode: probe\n"
    "trials: 2\n"
    "mitigation_axis: [none]\n"
    "diagnostic_axis: [none]\n"
    "collect:\n"
    "  rocprof:\n"
    "    pmc: \"é😀\"\n"
    "    stats: true\n";

// A client: requests get ids, answers are looked up by id.
class Session {
 public:
  explicit Session(ServerOptions options = Fast()) : server_(transport_, std::move(options)) {}

  static ServerOptions Fast() {
    ServerOptions o;
    o.debounce = std::chrono::milliseconds(0);
    return o;
  }

  Json Request(const std::string& method, Json params) {
    int id = next_id_++;
    transport_.Push(Json{{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}});
    Pump();
    for (const Json& m : sent_)
      if (m.contains("id") && m["id"] == id) return m;
    FAIL("no answer to " << method);
    return nullptr;
  }
  void Notify(const std::string& method, Json params) {
    transport_.Push(Json{{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}});
    Pump();
  }
  void Raw(std::string body) {
    transport_.PushRaw(std::move(body));
    Pump();
  }
  Json Initialize(Json capabilities = Json::object()) {
    Json reply = Request("initialize", {{"processId", nullptr}, {"rootUri", nullptr}, {"capabilities", capabilities}});
    Notify("initialized", Json::object());
    return reply;
  }
  void Open(const std::string& path, const std::string& text, const std::string& language = "yaml") {
    texts_[path] = text;
    versions_[path] = 1;
    Notify("textDocument/didOpen",
           {{"textDocument", {{"uri", PathToUri(path)}, {"languageId", language}, {"version", 1}, {"text", text}}}});
  }
  void ChangeAll(const std::string& path, const std::string& text) {
    texts_[path] = text;
    Notify("textDocument/didChange", {{"textDocument", {{"uri", PathToUri(path)}, {"version", ++versions_[path]}}},
                                      {"contentChanges", Json::array({{{"text", text}}})}});
  }
  // Applies a WorkspaceEdit's edits to this document (UTF-16 positions) and sends the result.
  void Apply(const std::string& path, const Json& workspace_edit) {
    Json edits = workspace_edit["changes"][PathToUri(path)];
    SourceFile file(path, texts_[path]);
    std::vector<std::pair<Span, std::string>> spans;
    for (const Json& e : edits) spans.push_back({FromRange(file, e["range"], encoding), e["newText"]});
    std::sort(spans.begin(), spans.end(), [](auto& a, auto& b) { return a.first.begin > b.first.begin; });
    std::string text = texts_[path];
    for (auto& [span, replacement] : spans) text.replace(span.begin, span.end - span.begin, replacement);
    ChangeAll(path, text);
  }
  /// The diagnostics last published for `path`; nullopt when none were published since the last call.
  std::optional<Json> Published(const std::string& path) {
    std::optional<Json> last;
    for (const Json& m : sent_)
      if (m.value("method", "") == "textDocument/publishDiagnostics" && m["params"]["uri"] == PathToUri(path))
        last = m["params"]["diagnostics"];
    return last;
  }
  std::vector<std::string> Codes(const std::string& path) {
    std::vector<std::string> out;
    if (std::optional<Json> d = Published(path))
      for (const Json& x : *d) out.push_back(x["code"]);
    return out;
  }
  void Clear() { sent_.clear(); }
  Server& server() { return server_; }
  MemoryTransport& transport() { return transport_; }
  const std::vector<Json>& sent() const { return sent_; }

  PositionEncoding encoding = PositionEncoding::kUtf16;

 private:
  void Pump() {
    server_.Pump();
    for (Json& m : transport_.TakeSent()) sent_.push_back(std::move(m));
  }

  MemoryTransport transport_;
  Server server_;
  std::vector<Json> sent_;
  std::map<std::string, std::string> texts_;
  std::map<std::string, int> versions_;
  int next_id_ = 1;
};

Json At(const std::string& path, int line, int character) {
  return {{"textDocument", {{"uri", PathToUri(path)}}}, {"position", {{"line", line}, {"character", character}}}};
}

Json ActionsAt(const std::string& path, int line, int character, Json only = nullptr) {
  Json context{{"diagnostics", Json::array()}};
  if (!only.is_null()) context["only"] = only;
  Json pos{{"line", line}, {"character", character}};
  return {
      {"textDocument", {{"uri", PathToUri(path)}}}, {"range", {{"start", pos}, {"end", pos}}}, {"context", context}};
}

TEST_CASE("lsp server: lifecycle and exit codes") {
  Session s;
  CHECK(s.Request("textDocument/hover", At("/r.yaml", 0, 0))["error"]["code"] == kServerNotInitialized);
  Json init = s.Initialize();
  const Json& caps = init["result"]["capabilities"];
  CHECK(caps["positionEncoding"] == "utf-16");
  CHECK(caps["textDocumentSync"]["change"] == 2);
  CHECK(caps["textDocumentSync"]["openClose"] == true);
  CHECK(caps["codeActionProvider"]["codeActionKinds"] == Json::array({"quickfix", "source.fixAll.aortalint"}));
  CHECK(caps["hoverProvider"] == true);
  CHECK(caps["completionProvider"]["triggerCharacters"].size() > 0);
  CHECK(s.Request("initialize", Json::object())["error"]["code"] == kInvalidRequest);
  CHECK(s.Request("shutdown", nullptr)["result"].is_null());
  s.Notify("exit", nullptr);
  CHECK_FALSE(s.server().Pump());

  // exit without shutdown: 1; end of input without exit: 1; shutdown then exit: 0.
  auto run = [](std::vector<std::string> methods) {
    MemoryTransport t;
    int id = 1;
    for (const std::string& m : methods) {
      Json msg{{"jsonrpc", "2.0"}, {"method", m}, {"params", Json::object()}};
      if (m != "exit") msg["id"] = id++;
      t.Push(msg);
    }
    t.Close();
    return Server(t).Run();
  };
  CHECK(run({"initialize", "shutdown", "exit"}) == 0);
  CHECK(run({"initialize", "exit"}) == 1);
  CHECK(run({"initialize", "shutdown"}) == 1);
}

TEST_CASE("lsp server: bad input gets JSON-RPC errors and the server keeps going") {
  Session s;
  s.Initialize(Json::parse(R"({"general":{"positionEncodings":["utf-8","utf-16"]}})"));
  s.Clear();
  s.Raw("{not json");
  REQUIRE(s.sent().size() == 1);
  CHECK(s.sent()[0]["error"]["code"] == kParseError);
  CHECK(s.sent()[0]["id"].is_null());
  s.Clear();
  s.Raw(R"({"jsonrpc":"2.0","id":{"x":1},"method":"textDocument/hover"})");
  CHECK(s.sent().at(0)["error"]["code"] == kInvalidRequest);
  CHECK(s.Request("textDocument/definition", At("/r.yaml", 0, 0))["error"]["code"] == kMethodNotFound);
  s.Clear();
  s.Notify("$/setTrace", {{"value", "off"}});
  s.Notify("textDocument/didChange",
           {{"textDocument", {{"uri", "file:///nowhere.yaml"}}}, {"contentChanges", Json::array()}});
  CHECK(s.sent().empty());  // notifications are never answered
  CHECK(s.Request("textDocument/hover", At("/nowhere.yaml", 0, 0))["result"].is_null());
  CHECK(s.Request("textDocument/codeAction", ActionsAt("/nowhere.yaml", 0, 0))["error"]["code"] == kInvalidParams);
  CHECK(s.Request("textDocument/hover", {{"textDocument", 5}})["error"]["code"] == kInvalidParams);
  CHECK(s.Request("shutdown", nullptr)["result"].is_null());  // still serving
  // A readable transcript: one message per line, in order.
  CHECK(s.transport().transcript().rfind("--> {not json\n<-- {\"error\":{\"code\":-32700", std::string::npos) !=
        std::string::npos);
}

TEST_CASE("lsp server: recipe diagnostics on open and change, in the negotiated encoding") {
  for (PositionEncoding encoding : {PositionEncoding::kUtf16, PositionEncoding::kUtf8}) {
    CAPTURE(EncodingName(encoding));
    Session s;
    s.encoding = encoding;
    Json init =
        s.Initialize(encoding == PositionEncoding::kUtf8 ? Json::parse(R"({"general":{"positionEncodings":["utf-8"]}})")
                                                         : Json::object());
    CHECK(init["result"]["capabilities"]["positionEncoding"] == EncodingName(encoding));
    std::string recipe = "/tmp/lsp-unit/recipe.yaml";
    std::string text = std::string(kBadRecipe) + "  proton:\n    backend: roctracer\n";
    s.Open(recipe, text);
    std::optional<Json> published = s.Published(recipe);
    REQUIRE(published);
    const Json* col003 = nullptr;
    const Json* cnf001 = nullptr;
    for (const Json& d : *published) {
      if (d["code"] == "COL003") col003 = &d;
      if (d["code"] == "CNF001") cnf001 = &d;
    }
    REQUIRE(col003);
    CHECK((*col003)["source"] == "aortalint");
    CHECK((*col003)["severity"] == 1);
    CHECK((*col003)["codeDescription"]["href"].get<std::string>().ends_with("/COL003.md"));
    CHECK((*col003)["range"]["start"] == Json{{"line", 8}, {"character", 11}});
    REQUIRE(cnf001);
    CHECK((*cnf001)["relatedInformation"][0]["location"]["uri"] == PathToUri(recipe));
    CHECK((*cnf001)["relatedInformation"][0]["message"].get<std::string>().size() > 0);

    // An incremental edit on the line with non-ASCII text: the column is in the client's unit.
    uint32_t after_emoji = encoding == PositionEncoding::kUtf16 ? 13 : 16;  // `    pmc: "é😀"`
    s.Clear();
    s.Notify("textDocument/didChange",
             {{"textDocument", {{"uri", PathToUri(recipe)}, {"version", 2}}},
              {"contentChanges",
               Json::array({{{"range",
                              {{"start", {{"line", 7}, {"character", after_emoji}}},
                               {"end", {{"line", 7}, {"character", after_emoji}}}}},
                             {"text", "x"}},
                            {{"range",
                              {{"start", {{"line", 8}, {"character", 11}}}, {"end", {{"line", 8}, {"character", 15}}}}},
                             {"text", "\"true\""}}})}});
    std::vector<std::string> codes = s.Codes(recipe);
    CHECK(std::find(codes.begin(), codes.end(), "COL003") == codes.end());
    Json hover = s.Request("textDocument/hover", At(recipe, 7, after_emoji + 1));
    CHECK(hover["result"]["contents"]["value"].get<std::string>().find("rocprof.pmc") != std::string::npos);

    s.Clear();
    s.Notify("textDocument/didClose", {{"textDocument", {{"uri", PathToUri(recipe)}}}});
    CHECK(s.Published(recipe) == Json::array());
  }
}

TEST_CASE("lsp server: code actions for fixes, suppression and fix-all") {
  Session s;
  s.Initialize();
  std::string recipe = "/tmp/lsp-unit/actions.yaml";
  s.Open(recipe, kBadRecipe);
  // Nowhere near a diagnostic: nothing is offered.
  CHECK(s.Request("textDocument/codeAction", ActionsAt(recipe, 0, 0))["result"] == Json::array());

  Json actions = s.Request("textDocument/codeAction", ActionsAt(recipe, 8, 12))["result"];
  std::vector<std::string> titles;
  for (const Json& a : actions) titles.push_back(a["title"]);
  CHECK(titles ==
        std::vector<std::string>{"quote the value", "suppress COL003 on this line", "fix all safe aortalint problems"});
  CHECK(actions[0]["kind"] == "quickfix");
  CHECK(actions[0]["isPreferred"] == true);
  CHECK(actions[0]["diagnostics"][0]["code"] == "COL003");
  CHECK(actions[0]["edit"]["changes"][PathToUri(recipe)][0]["newText"] == "\"true\"");
  CHECK(actions[1]["edit"]["changes"][PathToUri(recipe)][0]["newText"] == "  # aortalint: ignore[COL003]");
  CHECK(actions[2]["kind"] == "source.fixAll.aortalint");

  // Asked for by kind, fix-all alone comes back.
  Json fix_all = s.Request("textDocument/codeAction", ActionsAt(recipe, 0, 0, {"source.fixAll"}))["result"];
  REQUIRE(fix_all.size() == 1);
  CHECK(fix_all[0]["kind"] == "source.fixAll.aortalint");

  // Applying the suppression silences the diagnostic.
  s.Apply(recipe, actions[1]["edit"]);
  std::vector<std::string> codes = s.Codes(recipe);
  CHECK(std::find(codes.begin(), codes.end(), "COL003") == codes.end());
  // A second suppression on the same line joins the first comment.
  s.ChangeAll(recipe, std::string(kBadRecipe) + "  proton:\n    backend: roctracer  # aortalint: ignore[CNF001]\n");
  Json more = s.Request("textDocument/codeAction", ActionsAt(recipe, 10, 14))["result"];
  bool joined = false;
  for (const Json& a : more)
    if (a["title"].get<std::string>().starts_with("suppress"))
      joined |= a["edit"]["changes"][PathToUri(recipe)][0]["newText"].get<std::string>().starts_with(",");
  CHECK(joined);
}

TEST_CASE("lsp server: hover on keys, options and rule IDs") {
  Session s;
  s.Initialize();
  std::string recipe = "/tmp/lsp-unit/hover.yaml";
  s.Open(recipe, std::string(kBadRecipe) + "  proton:  # aortalint: ignore[CNF001] both needed here\n");
  auto hover = [&](int line, int character) {
    Json r = s.Request("textDocument/hover", At(recipe, line, character))["result"];
    return r.is_null() ? std::string() : r["contents"]["value"].get<std::string>();
  };
  CHECK(hover(0, 3).find("**schema_version** (recipe key)") == 0);
  CHECK(hover(5, 2).find("collect") != std::string::npos);
  CHECK(hover(6, 4).find("**rocprof** (collector)") == 0);
  std::string stats = hover(8, 6);
  CHECK(stats.find("**rocprof.stats** (option)") == 0);
  CHECK(stats.find("default: `true`") != std::string::npos);
  CHECK(hover(9, 34).find("# CNF001") == 0);  // the rule's page
  CHECK(hover(2, 9).empty());                 // a value with no docs of its own
}

TEST_CASE("lsp server: completion inside collect") {
  Session s;
  s.Initialize();
  std::string recipe = "/tmp/lsp-unit/complete.yaml";
  std::string text =
      "schema_version: 1\n"
      "collect:\n"
      "  pro\n"
      "  proton:\n"
      "    backend: cupti\n"
      "    backend_mode: \n"
      "    \n"
      "cells:\n"
      "  - name: a\n"
      "    collect:\n"
      "      rocprof:\n"
      "        stats: \n"
      "trials: 1\n";
  s.Open(recipe, text);
  auto labels = [&](int line, int character) {
    std::vector<std::string> out;
    Json reply = s.Request("textDocument/completion", At(recipe, line, character));
    for (const Json& item : reply["result"]) out.push_back(item["label"]);
    return out;
  };
  auto has = [](const std::vector<std::string>& v, const char* x) {
    return std::find(v.begin(), v.end(), x) != v.end();
  };
  std::vector<std::string> collectors = labels(2, 5);
  CHECK(has(collectors, "proton"));
  CHECK(has(collectors, "rocprof"));
  std::vector<std::string> options = labels(6, 4);
  CHECK(has(options, "backend_mode"));
  CHECK(has(options, "instrumentation_mode"));
  CHECK(labels(5, 18) == std::vector<std::string>{"pcsampling", "periodic_flushing"});  // cupti's modes
  std::vector<std::string> stats = labels(11, 15);
  CHECK(has(stats, "true"));
  Json item = s.Request("textDocument/completion", At(recipe, 11, 15))["result"][0];
  CHECK(item["insertText"].get<std::string>().front() == '\'');  // '0' must stay a string
  CHECK(labels(0, 3).empty());                                   // outside collect
}

TEST_CASE("lsp server: payloads, pairing across files, config changes") {
  std::filesystem::path dir = testing::TempDir("lsp-pair");
  std::string recipe = (dir / "recipe.yaml").string();
  std::string payload = (dir / "payload.py").string();
  std::string recipe_text =
      "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
      "collect:\n  proton:\n    mode: cli\n";
  std::string payload_text =
      "import torch\nimport triton.profiler as proton\n\n\ndef main():\n    return 0\n\n\n"
      "if __name__ == \"__main__\":\n    main()\n";
  testing::WriteFile(recipe, recipe_text);
  testing::WriteFile(payload, "print('the disk copy is not what is analysed')\n");

  Session s;
  s.Initialize();
  s.Open(payload, payload_text, "python");
  std::vector<std::string> codes = s.Codes(payload);
  CHECK(std::find(codes.begin(), codes.end(), "PAY001") != codes.end());
  s.Open(recipe, recipe_text);
  REQUIRE(s.Published(recipe));

  // A one-character edit in the payload re-publishes both files.
  s.Clear();
  s.Notify("textDocument/didChange",
           {{"textDocument", {{"uri", PathToUri(payload)}, {"version", 2}}},
            {"contentChanges",
             Json::array(
                 {{{"range", {{"start", {{"line", 5}, {"character", 11}}}, {"end", {{"line", 5}, {"character", 12}}}}},
                   {"text", "1"}}})}});
  CHECK(s.Published(payload));
  CHECK(s.Published(recipe));
  // And an edit in the recipe re-publishes its payload's.
  s.Clear();
  s.ChangeAll(recipe, recipe_text + "# edited\n");
  CHECK(s.Published(recipe));

  // A config that ignores PAY001, announced as a watched-file change.
  testing::WriteFile(dir / ".aortalint.yaml", "ignore: [PAY001]\n");
  s.Clear();
  s.Notify("workspace/didChangeWatchedFiles",
           {{"changes", Json::array({{{"uri", PathToUri((dir / ".aortalint.yaml").string())}, {"type", 1}}})}});
  codes = s.Codes(payload);
  CHECK(std::find(codes.begin(), codes.end(), "PAY001") == codes.end());
  // Client settings select rules too.
  s.Notify("workspace/didChangeConfiguration",
           {{"settings", {{"aortalint", {{"noConfig", true}, {"select", {"COL"}}}}}}});
  CHECK(s.Codes(payload).empty());
  std::filesystem::remove_all(dir);
}

TEST_CASE("lsp server: the aorta setting judges as --aorta does") {
  std::string recipe = "/tmp/lsp-unit/aorta-cli.yaml";
  std::string text =
      "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
      "collect:\n  proton: {mode: cli, backend: rocprofiler}\n";
  Session s;
  s.Initialize();
  s.Notify("workspace/didChangeConfiguration", {{"settings", {{"aortalint", {{"noConfig", true}}}}}});
  s.Open(recipe, text);
  std::vector<std::string> codes = s.Codes(recipe);
  CHECK(std::find(codes.begin(), codes.end(), "ATT001") == codes.end());  // the newest aorta accepts it
  s.Notify("workspace/didChangeConfiguration",
           {{"settings", {{"aortalint", {{"noConfig", true}, {"aorta", "c141f983"}}}}}});
  codes = s.Codes(recipe);
  CHECK(std::find(codes.begin(), codes.end(), "ATT001") != codes.end());
}

TEST_CASE("lsp server: an unpaired test module or library module gets no payload rules, an entry point does") {
  std::filesystem::path dir = testing::TempDir("lsp-entry");
  std::string order = "import torch\nimport triton.profiler as proton\n\n\ndef run():\n    proton.start(\"t\")\n";
  std::string test_module = (dir / "test_order.py").string();
  std::string library = (dir / "helpers.py").string();
  std::string script = (dir / "script.py").string();
  for (const std::string& path : {test_module, library, script}) testing::WriteFile(path, order);
  Session s;
  s.Initialize();
  s.Open(test_module, order + "\n\nif __name__ == \"__main__\":\n    run()\n", "python");
  CHECK(s.Codes(test_module).empty());
  s.Open(library, order, "python");
  CHECK(s.Codes(library).empty());
  s.Open(script, order + "\n\nif __name__ == \"__main__\":\n    run()\n", "python");
  std::vector<std::string> codes = s.Codes(script);
  CHECK(std::find(codes.begin(), codes.end(), "PAY001") != codes.end());
  std::filesystem::remove_all(dir);
}

TEST_CASE("lsp server: edits in a burst are analysed once the debounce allows") {
  ServerOptions options;
  options.debounce = std::chrono::hours(1);
  Session s(options);
  s.Initialize();
  std::string recipe = "/tmp/lsp-unit/debounce.yaml";
  s.Open(recipe, kBadRecipe);  // the first analysis is immediate
  REQUIRE(s.Published(recipe));
  s.Clear();
  s.ChangeAll(recipe, "schema_version: 1\n");
  s.ChangeAll(recipe, "schema_version: 2\n");
  CHECK_FALSE(s.Published(recipe));
  // A code action needs current diagnostics, so it flushes the pending analysis.
  s.Request("textDocument/codeAction", ActionsAt(recipe, 0, 0));
  CHECK(s.Published(recipe));
}

}  // namespace
}  // namespace aortalint::lsp

namespace aortalint::lsp {
namespace {

TEST_CASE("lsp server: a payload edited in many random ways gets the diagnostics of its text opened afresh") {
  // One server keeps the payload's tree and facts across range edits; the other is sent the whole text each
  // time, and so parses it from scratch. A recipe on disk runs the payload, so the rules on its calls run too.
  std::filesystem::path dir = testing::TempDir("lsp-edits");
  std::string path = (dir / "payload.py").string();
  testing::WriteFile(path, "# the editor's text is what is analysed\n");
  const char* const statements[] = {"import torch\n",
                                    "import triton.profiler as proton\n",
                                    "proton.start(\"run\")\n",
                                    "    proton.finalize()\n",
                                    "_ENV = \"AORTA_PROTON_\"\n",
                                    "os.environ[\"HIP_VISIBLE_DEVICES\"] = \"0\"\n",
                                    "def go():\n    proton.start()\n",
                                    "main()\n",
                                    "\n\n",
                                    "# a comment\n",
                                    "if __name__ == \"__main__\":\n    main()\n"};
  const char* const keys[] = {"", "x", "\n", " ", "(", ")", "'", "#", ":", "\r", "\r\n"};
  const char* const collect[] = {"collect:\n  proton:\n    mode: cli\n",
                                 "collect:\n  proton:\n    mode: env\n    backend: roctracer\n"};
  std::mt19937 rng(3232);
  size_t rounds = 0, findings = 0;
  std::set<std::string> rules;
  for (int file = 0; file < 20; ++file) {
    testing::WriteFile(dir / "recipe.yaml",
                       std::string("schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\n"
                                   "diagnostic_axis: [none]\n") +
                           collect[file % 2]);
    std::string text = "import torch\nimport triton.profiler as proton\n" + testing::Generate(rng);
    Session edited, fresh;
    edited.Initialize();
    fresh.Initialize();
    edited.Open(path, text, "python");
    fresh.Open(path, text, "python");
    for (int round = 0; round < 40; ++round, ++rounds) {
      SourceFile before(path, text);
      // A statement pasted at the start of a line, or a keystroke anywhere.
      uint32_t a = rng() % (text.size() + 1), b = a;
      std::string inserted;
      if (rng() % 2) {
        a = b = before.LineStart(before.Locate(a).line - 1);
        inserted = statements[rng() % std::size(statements)];
      } else {
        b = rng() % 3 ? a : std::min<uint32_t>(static_cast<uint32_t>(text.size()), a + rng() % 8);
        inserted = keys[rng() % std::size(keys)];
      }
      auto position = [&](uint32_t offset) {
        return Json{{"line", before.Locate(offset).line - 1}, {"character", before.Utf16Column(offset)}};
      };
      Json change{{"range", {{"start", position(a)}, {"end", position(b)}}}, {"text", inserted}};
      text.replace(a, b - a, inserted);
      edited.Clear();
      fresh.Clear();
      edited.Notify("textDocument/didChange", {{"textDocument", {{"uri", PathToUri(path)}, {"version", round + 2}}},
                                               {"contentChanges", Json::array({change})}});
      fresh.ChangeAll(path, text);
      std::optional<Json> got = edited.Published(path), want = fresh.Published(path);
      CAPTURE(text);
      REQUIRE(got);
      REQUIRE(want);
      REQUIRE(*got == *want);
      findings += got->size();
      for (const Json& d : *got) rules.insert(d["code"].get<std::string>());
    }
  }
  CHECK(rounds == 800);
  // The payloads have findings to disagree about, from rules on imports, calls and syntax.
  CHECK(findings > rounds);
  for (const char* rule : {"PAY001", "PAY005", "PAY012", "PAY013", "SYN002"}) CHECK(rules.count(rule));
  std::filesystem::remove_all(dir);
}

TEST_CASE("lsp server: file watchers are registered when the client can take them") {
  Session s;
  s.Initialize(Json::parse(R"({"workspace":{"didChangeWatchedFiles":{"dynamicRegistration":true}}})"));
  const Json* registration = nullptr;
  for (const Json& m : s.sent())
    if (m.value("method", "") == "client/registerCapability") registration = &m;
  REQUIRE(registration);
  CHECK((*registration)["params"]["registrations"][0]["method"] == "workspace/didChangeWatchedFiles");
  // The client's answer is a response: taken quietly.
  s.Clear();
  s.Raw(R"({"jsonrpc":"2.0","id":"aortalint/watch","result":null})");
  CHECK(s.sent().empty());

  Session plain;
  plain.Initialize();
  for (const Json& m : plain.sent()) CHECK(m.value("method", "") != "client/registerCapability");
}

TEST_CASE("lsp server: hover on a rule ID in a Python suppression, completion in a flow list") {
  Session s;
  s.Initialize(Json::parse(R"({"general":{"positionEncodings":["utf-8"]}})"));
  std::string payload = "/tmp/lsp-unit/hover.py";
  s.Open(payload, "import torch  # aortalint: ignore[PAY001] reason\n", "python");
  Json hover = s.Request("textDocument/hover", At(payload, 0, 36));
  CHECK(hover["result"]["contents"]["value"].get<std::string>().find("# PAY001") == 0);
  CHECK(hover["result"]["range"]["start"]["character"] == 34);

  std::string recipe = "/tmp/lsp-unit/flow.yaml";
  s.Open(recipe, "collect: [rocprof, pr\nx: \"é\"\n");
  Json items = s.Request("textDocument/completion", At(recipe, 0, 21))["result"];
  CHECK(items.size() == BuiltinKnowledge().collectors.size());
  // A UTF-8 column inside `é` is taken as its start, not as half a character.
  s.Notify(
      "textDocument/didChange",
      {{"textDocument", {{"uri", PathToUri(recipe)}, {"version", 2}}},
       {"contentChanges",
        Json::array({{{"range", {{"start", {{"line", 1}, {"character", 5}}}, {"end", {{"line", 1}, {"character", 5}}}}},
                      {"text", "a"}}})}});
  CHECK(s.Request("textDocument/hover", At(recipe, 1, 0))["error"].is_null());
  std::vector<std::string> codes = s.Codes(recipe);
  CHECK(std::find(codes.begin(), codes.end(), "SYN003") == codes.end());
}

}  // namespace
}  // namespace aortalint::lsp

#ifdef AORTALINT_WITH_CLANG
namespace aortalint::lsp {
namespace {
TEST_CASE("lsp server: HIP buffers are analysed from the editor's text, and re-lint the recipe pairing them") {
  std::filesystem::path dir = testing::TempDir("lsp-hip");
  std::string recipe = (dir / "recipe.yaml").string();
  std::string source = (dir / "vadd.hip").string();
  std::string recipe_text =
      "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
      "collect:\n  rocprof:\n    trace: \"kernel,marker\"\n";
  std::string kernel = "__global__ void vadd(float* c, int n) { if (threadIdx.x < n) c[threadIdx.x] = 1; }\n";
  std::string host =
      "int main() {\n  hipModule_t m;\n  hipFunction_t f;\n  hipModuleLoad(&m, \"vadd.hsaco\");\n"
      "  hipModuleGetFunction(&f, m, \"vadd\");\n"
      "  hipModuleLaunchKernel(f, 1, 1, 1, 64, 1, 1, 0, nullptr, nullptr, nullptr);\n";
  std::string text = "#include <hip/hip_runtime.h>\n" + kernel + host + "  return 0;\n}\n";
  testing::WriteFile(recipe, recipe_text);
  testing::WriteFile(source, "// the disk copy is not what is analysed\n");

  Session s;
  s.Initialize();
  s.Open(source, text, "hip");
  std::optional<Json> published = s.Published(source);
  REQUIRE(published);
  REQUIRE(published->size() == 1);
  CHECK((*published)[0]["code"] == "HIP004");
  CHECK((*published)[0]["range"]["start"]["line"] == 6);  // the "vadd" literal
  CHECK((*published)[0]["message"].get<std::string>().find("_Z4vaddPfi") != std::string::npos);

  // The recipe beside it pairs with the open buffer: no roctx call, so HIP002.
  s.Open(recipe, recipe_text);
  std::vector<std::string> codes = s.Codes(recipe);
  CHECK(std::find(codes.begin(), codes.end(), "HIP002") != codes.end());

  // extern "C" and a roctx marker, typed in the editor: both findings go.
  s.Clear();
  s.ChangeAll(source, "#include <hip/hip_runtime.h>\n#include <roctracer/roctx.h>\nextern \"C\" " + kernel + host +
                          "  roctxMark(\"done\");\n  return 0;\n}\n");
  CHECK(s.Codes(source).empty());
  codes = s.Codes(recipe);
  CHECK(std::find(codes.begin(), codes.end(), "HIP002") == codes.end());
  std::filesystem::remove_all(dir);
}
TEST_CASE("lsp server: a header command's --mitigations-file declares names, as for check") {
  std::filesystem::path dir = testing::TempDir("lsp-sidecar");
  std::string recipe = (dir / "recipe.yaml").string();
  std::string text =
      "#   aorta sweep run --recipe recipe.yaml --mitigations-file kernels.json\n"
      "schema_version: 1\nworkload: gemm\ntrials: 1\nsteps: 5\ncells:\n"
      "  - name: tuned\n    mitigations: [gemm_tuned]\n    environment: mi355_img\n";
  testing::WriteFile(recipe, text);
  testing::WriteFile(dir / "kernels.json",
                     "{\"version\": 1, \"mitigations\": {\"gemm_tuned\": {\"GEMM_TUNING\": \"1\"}},\n"
                     " \"environments\": {\"mi355_img\": {\"docker\": \"img\"}}}\n");
  Session s;
  s.Initialize();
  s.Open(recipe, text);
  std::vector<std::string> codes = s.Codes(recipe);
  CHECK(std::count(codes.begin(), codes.end(), "RCP015") == 0);
  std::filesystem::remove_all(dir);
}

TEST_CASE("lsp server: a sanitizer plan's hip: source is analysed with the recipe, as for check") {
  std::filesystem::path dir = testing::TempDir("lsp-plan");
  testing::WriteFile(dir / ".aortalint.yaml", "");  // the project root
  std::string recipe = (dir / "consan.yaml").string();
  std::string source = (dir / "repro" / "race.hip").string();
  std::string text =
      "schema_version: 1\nmode: sanitizer\nsanitizer_plan:\n  target: gfx950\n  source:\n"
      "    kind: consan_repro\n    variant: racy\n    hip: repro/race.hip\n    command: build/race\n";
  testing::WriteFile(recipe, text);
  testing::WriteFile(source,
                     "#include <hip/hip_runtime.h>\n__global__ void race(int* out) { out[0] = 1; }\n"
                     "int main() {\n  hipModule_t m;\n  hipFunction_t f;\n  hipModuleLoad(&m, \"race.hsaco\");\n"
                     "  hipModuleGetFunction(&f, m, \"race\");\n  return 0;\n}\n");
  Session s;
  s.Initialize();
  s.Open(recipe, text);
  std::vector<std::string> codes = s.Codes(source);
  CHECK(std::find(codes.begin(), codes.end(), "HIP004") != codes.end());
  std::filesystem::remove_all(dir);
}

TEST_CASE("lsp server: a HIP document that would crash, hang or read the editor's stream leaves it answering") {
  // H16, H17, H21: `#pragma clang __debug crash` killed the server, `overflow_stack` spun forever, and
  // `#include "/dev/stdin"` made Clang read the JSON-RPC stream.
  std::filesystem::path dir = testing::TempDir("lsp-hip-box");
  testing::WriteFile(dir / ".aortalint.yaml", "select: [ALL]\n");
  Session s;
  s.Initialize();
  std::string kernel = "__global__ void k(int* x) { x[0] = 1; }\n";
  for (std::string first : {"#pragma clang __debug crash", "#pragma clang __debug overflow_stack",
                            "#pragma clang __debug llvm_fatal_error", "#include \"/dev/stdin\""}) {
    CAPTURE(first);
    std::string path = (dir / ("k" + std::to_string(first.size()) + ".hip")).string();
    auto start = std::chrono::steady_clock::now();
    s.Open(path, first + "\n" + kernel, "hip");
    CHECK(s.Published(path));
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(15));
    CHECK(s.Request("textDocument/hover", At(path, 1, 0)).contains("result"));
  }
  std::optional<Json> stdin_doc = s.Published((dir / "k21.hip").string());
  REQUIRE(stdin_doc);
  REQUIRE(stdin_doc->size() == 1);
  CHECK((*stdin_doc)[0]["message"].get<std::string>().find("not a regular file") != std::string::npos);
  CHECK(s.Request("shutdown", nullptr).contains("result"));
}
}  // namespace
}  // namespace aortalint::lsp
#endif
