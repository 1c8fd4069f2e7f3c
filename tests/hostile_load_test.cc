// Regression tests for the loader, config, cache and language-server findings
// of the third hostile pass (shared/findings/hostile-inputs-83ae354.md, N1..N33
// and the partial R33/R34): each case names its finding and fails on 83ae354.
#include <doctest/doctest.h>

#include <sys/stat.h>
#include <chrono>
#include <filesystem>
#include <string>

#include <fmt/format.h>

#include "base/source_file.h"
#include "load/payload_loader.h"
#include "load/python_shape.h"
#include "load/yaml_loader.h"
#include "lsp/transport.h"
#include "model/payload.h"

#include "test_util.h"

namespace aortalint::testing {
namespace {

namespace fs = std::filesystem;

const std::string kBin = ShellQuote(AORTALINT_BINARY);
const std::string kProbe =
    "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n";

std::string In(const fs::path& dir) { return "cd " + ShellQuote(dir.string()) + " && "; }

std::shared_ptr<const Payload> Parsed(const std::string& text, PayloadParse mode) {
  return ParsePayload(std::make_shared<const SourceFile>("p.py", text), nullptr, mode);
}

// The refusals SYN002 reports (the parser's own errors left out).
std::vector<std::string> Refused(const Payload& p) {
  std::vector<std::string> out;
  for (const SyntaxProblem& s : p.syntax_problems)
    if (!s.refused.empty()) out.push_back(s.refused);
  return out;
}

TEST_CASE("N1: shapes that crash or stall libtree-sitter 0.20.7 are left out of the parse, with SYN002") {
  const std::string head = "import os\n";
  const std::string tail = "\nif __name__ == \"__main__\":\n    os.getcwd()\n";
  std::string n65k(65536, '[');
  std::string chain;
  for (int i = 0; i < 4000; ++i) chain += "x=x=x=x=x=x=x=x=x=x=\n";
  std::string nots;
  for (int i = 0; i < 40000; ++i) nots += "not ";
  std::string open_call = "f(\n";
  for (int i = 0; i < 40000; ++i) open_call += "x = 1\n";
  for (PayloadParse mode : {PayloadParse::kSelective, PayloadParse::kFull}) {
    for (const std::string& body : {n65k, chain, nots + "x", open_call}) {
      auto p = Parsed(head + body + tail, mode);  // before: heap corruption (SIGABRT/SIGSEGV) or minutes
      REQUIRE(p->ok());
      CHECK(Refused(*p).size() == 1);
    }
  }
  auto p = Parsed(head + n65k, PayloadParse::kFull);
  REQUIRE(Refused(*p).size() == 1);
  CHECK(Refused(*p)[0].find("more than 200 nested brackets") != std::string::npos);
  CHECK(p->syntax_problems[0].span.begin == head.size() + 200);  // the 201st bracket
  // The statement after a refused one is still read.
  p = Parsed(head + nots + "x\n" + tail, PayloadParse::kFull);
  CHECK(p->main_guard.has_value());
  CHECK(p->imports.size() == 1);
}

TEST_CASE("N1: brackets in strings and comments do not count, f-string fields do, as in CPython") {
  std::string quoted = "x = '" + std::string(300, '(') + "'\n# " + std::string(300, '[') + "\ny = \"\"\"" +
                       std::string(300, '{') + "\"\"\"\nz = f'{{" + std::string(300, '(') + "'\n";
  CHECK(ShapePython(quoted).plain());
  std::string deep_200 = std::string(200, '(') + std::string(200, ')') + "\n";
  CHECK(ShapePython(deep_200).plain());  // CPython's limit: 200 is fine, 201 is not
  CHECK(ShapePython("(" + deep_200).refused.size() == 1);
  std::string fields;
  for (int i = 0; i < 201; ++i) fields += "f'{";
  CHECK(ShapePython(fields).refused.size() == 1);
  // A long data table is no chain: commas reset it.
  std::string table = "T = [";
  for (int i = 0; i < 100000; ++i) table += "(1, -2), ";
  CHECK(ShapePython(table + "]\n").plain());
}

TEST_CASE("N1: 70,000 comment lines are read past, and an isort split among them is kept") {
  std::string text = "import os\n";
  for (int i = 0; i < 70000; ++i) text += "# a comment\n";
  text += "# isort: split\nimport sys\n";
  for (int i = 0; i < 70000; ++i) text += "    # another\n";
  PythonShape shape = ShapePython(text);
  CHECK(shape.refused.empty());
  CHECK(shape.skipped.size() == 2);
  auto p = Parsed(text, PayloadParse::kFull);  // before: heap corruption
  REQUIRE(p->imports.size() == 2);
  CHECK(p->imports[0].block != p->imports[1].block);  // the split still splits
}

TEST_CASE("N8: probe axes of 36 million cells are one RCP008 error, in check and explain") {
  fs::path dir = TempDir("aortalint-n8");
  std::string m, d;
  for (int i = 0; i < 6000; ++i) m += fmt::format("{}m{}", i ? "," : "", i), d += fmt::format("{}d{}", i ? "," : "", i);
  WriteFile(dir / "cells.yaml", "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [" + m +
                                    "]\ndiagnostic_axis: [" + d + "]\ncollect: []\n");
  // before: std::bad_alloc after 10 s at 3 GB (and SIGABRT in explain)
  CommandResult r = RunShell(In(dir) + "ulimit -v 2000000; " + kBin +
                             " check --no-config --no-cache --select RCP008 --format concise cells.yaml 2>&1");
  CHECK(r.exit_code == 1);
  CHECK(r.output.find("make 36000000 probe cells, more than the 100000") != std::string::npos);
  CHECK(
      RunShell(In(dir) + "ulimit -v 2000000; " + kBin + " explain --no-config cells.yaml >/dev/null 2>&1").exit_code !=
      134);
  fs::remove_all(dir);
}

TEST_CASE("N9: without a .git, a config's extends: and knowledge: stay in the config's directory") {
  fs::path dir = TempDir("aortalint-n9");
  WriteFile(dir / "secret.toml", "token = \"s3cr3t-value\"\n");
  WriteFile(dir / "p" / ".aortalint.yaml", "extends: ../secret.toml\n");
  WriteFile(dir / "p" / "r.yaml", kProbe + "collect: []\n");
  CommandResult r = RunShell(In(dir / "p") + kBin + " check --no-cache r.yaml 2>&1");
  CHECK(r.output.find("s3cr3t") == std::string::npos);  // before: the file printed under a config error
  CHECK(r.output.find("which is outside the project") != std::string::npos);
  WriteFile(dir / "p" / ".aortalint.yaml", "knowledge: /etc/passwd\n");
  r = RunShell(In(dir / "p") + kBin + " check --no-cache r.yaml 2>&1");
  CHECK(r.output.find("root:") == std::string::npos);
  CHECK(r.output.find("which is outside the project") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("N10: a link planted in the result cache is never written through") {
  fs::path dir = TempDir("aortalint-n10");
  WriteFile(dir / "proj" / "r.yaml", kProbe + "collect: {rocprof: {stats: true}}\n");
  std::string run = In(dir / "proj") + "AORTALINT_CACHE_DIR=../cache " + kBin + " check --no-config . 2>&1";
  CommandResult first = RunShell(run);
  fs::path hash = fs::directory_iterator(dir / "cache")->path();
  fs::remove_all(hash);
  for (int i = 0; i < 256; ++i) WriteFile(dir / "victim" / fmt::format("{:02x}.json", i), "user data\n");
  fs::create_directory_symlink(dir / "victim", hash);
  CommandResult second = RunShell(run);
  CHECK(second.output == first.output);
  for (int i = 0; i < 256; ++i)  // before: the shard replaced one of them
    CHECK(ReadFile(dir / "victim" / fmt::format("{:02x}.json", i)) == "user data\n");
  fs::remove_all(dir);
}

TEST_CASE("N16: 30,000 exclude patterns over a tree cost linear time") {
  fs::path dir = TempDir("aortalint-n16");
  std::string config = "exclude:\n";
  for (int i = 0; i < 30000; ++i) config += fmt::format("  - legacy{}/**\n", i);
  WriteFile(dir / ".aortalint.yaml", config);
  for (int i = 0; i < 300; ++i) WriteFile(dir / fmt::format("r{}.yaml", i), kProbe + "collect: []\n");
  auto start = std::chrono::steady_clock::now();
  CommandResult r = RunShell(In(dir) + kBin + " check --no-cache . 2>&1");
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CHECK(r.exit_code == 0);
  CHECK(seconds < 20);  // before: 91 s (two getcwd calls per pattern and file)
  fs::remove_all(dir);
}

// `links` mappings, each merging the one before and adding a key of its own.
std::string MergeChain(int links) {
  std::string chain = kProbe + "m0: &m0 {k0: 1}\n";
  for (int i = 1; i < links; ++i) chain += fmt::format("m{}: &m{} {{<<: *m{}, k{}: 1}}\n", i, i, i - 1, i);
  return chain + "collect: []\n";
}

TEST_CASE("N30: a 5,000-link merge chain loads as in PyYAML, and the billion laughs is still a bomb") {
  // PyYAML 6.0.3 loads 5,000 links (12.5 million pairs copied, 90 s); each m<i> holds k0..k<i> in order
  // (tests/yaml_merge_chain_test.py compares a chain's whole tree with safe_load's).
  YamlDocument doc = ParseYaml(std::make_shared<const SourceFile>("m.yaml", MergeChain(5000)));
  REQUIRE_MESSAGE(doc.ok(), doc.failure_message);  // before: an alias bomb at link 708
  const yaml::Node* last = doc.root->Get("m4999");
  REQUIRE(last);
  REQUIRE(last->entries.size() == 5000);
  for (size_t i = 0; i < last->entries.size(); i += 499) CHECK(last->entries[i].key->text == fmt::format("k{}", i));
  // The billion laughs: nine aliases a level, nine levels. Refused at the alias that passes a million nodes.
  std::string laughs = kProbe + "l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n";
  for (int i = 1; i < 9; ++i) {
    std::string items;
    for (int k = 0; k < 9; ++k) items += fmt::format("{}*l{}", k ? ", " : "", i - 1);
    laughs += fmt::format("l{0}: &l{0} [{1}]\n", i, items);
  }
  fs::path dir = TempDir("aortalint-n30");
  WriteFile(dir / "laughs.yaml", laughs + "collect: []\n");
  CommandResult bomb = RunShell(In(dir) + kBin + " check --no-config --no-cache --format concise laughs.yaml 2>&1");
  CHECK(bomb.exit_code == 1);
  // l5's aliases add 672,543 nodes in all; l6's first passes a million.
  CHECK(bomb.output.find("laughs.yaml:12:10: error: aliases here and before") != std::string::npos);
  CHECK(bomb.output.find("expand to more than 1000000 nodes beyond those written in the file (an alias bomb)") !=
        std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("N30/N31: a 300-link merge chain loads as in PyYAML, and a recursive collect is judged") {
  fs::path dir = TempDir("aortalint-n30");
  WriteFile(dir / "m.yaml", MergeChain(300));
  CommandResult r = RunShell(In(dir) + kBin + " check --no-config --no-cache --select SYN001 m.yaml 2>&1");
  CHECK(r.exit_code == 0);  // before: SYN001 "maximum recursion depth exceeded" from 202 links
  WriteFile(dir / "rc.yaml", kProbe + "collect: &c {proton: *c}\n");
  r = RunShell(In(dir) + kBin + " check --no-config --no-cache --format concise rc.yaml 2>&1");
  CHECK(r.exit_code == 1);  // before: clean
  CHECK(r.output.find("COL004") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("N32: coding cookies are read as CPython reads them") {
  fs::path dir = TempDir("aortalint-n32");
  WriteFile(dir / "latin.py", "# -*- coding: latin-1 -*-\nname = 'caf\xe9'\n");
  WriteFile(dir / "utf16.py", "# coding: utf-16\nimport triton.profiler as proton\n");
  WriteFile(dir / "klingon.py", "# coding: klingon\nimport triton.profiler as proton\n");
  WriteFile(dir / "bom.py", "\xEF\xBB\xBF# coding: latin-1\nimport triton.profiler as proton\n");
  std::string check = In(dir) + kBin + " check --no-config --no-cache --format concise ";
  CHECK(RunShell(check + "latin.py 2>&1").output.find("SYN003") == std::string::npos);  // before: not UTF-8
  // Each with its own advice (before: the bracket-depth help, "split the expression").
  const std::pair<const char*, const char*> refused[] = {
      {"utf16.py", "save the file as UTF-8 and name 'utf-8' in the coding line, or remove the line"},
      {"klingon.py", "name an encoding Python knows in place of 'klingon' (such as utf-8 or latin-1)"},
      {"bom.py", "with a byte order mark only 'utf-8' may be named: remove the mark, or the coding line"}};
  for (const auto& [file, help] : refused) {  // before: clean
    CommandResult r = RunShell(check + file + " 2>&1");
    CAPTURE(r.output);
    CHECK(r.output.find("coding cookie names") != std::string::npos);
    CHECK(r.output.find(help) != std::string::npos);
    CHECK(r.output.find("split the expression") == std::string::npos);
  }
  fs::remove_all(dir);
}

TEST_CASE("N33: a launched script that is a directory is called one, or run through its __main__.py") {
  fs::path dir = TempDir("aortalint-n33");
  WriteFile(dir / ".aortalint.yaml", "{}\n");
  WriteFile(dir / "r.yaml", "# aorta sweep run r.yaml -- python3 app\n" + kProbe + "collect: [rocprof]\n");
  fs::create_directories(dir / "app");
  CommandResult r = RunShell(In(dir) + kBin + " check --no-cache --format concise r.yaml 2>&1");
  CHECK(r.output.find("which is a directory without a __main__.py") != std::string::npos);  // before: does not exist
  WriteFile(dir / "app" / "__main__.py", "import torch\nimport triton.profiler as proton\n");
  r = RunShell(In(dir) + kBin + " check --no-cache --format concise r.yaml 2>&1");
  CHECK(r.output.find("directory") == std::string::npos);
  CHECK(r.output.find("__main__.py") != std::string::npos);  // its findings, at that file
  fs::remove_all(dir);
}

TEST_CASE("R34: after an endless Content-Length the next message is answered") {
  lsp::Deframer d;
  std::string next = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"shutdown\"}";
  d.Append("Content-Length: 18446744073709551615\r\n\r\n{}");
  REQUIRE(d.Next());
  d.Append("Content-Length: " + std::to_string(next.size()) + "\r\n\r\n" + next);
  std::optional<lsp::Incoming> after = d.Next();  // before: swallowed, as all that followed
  REQUIRE(after);
  CHECK(after->kind == lsp::Incoming::Kind::kMessage);
  // A body over the limit that is really sent is still skipped whole.
  lsp::Deframer big;
  big.Append("Content-Length: " + std::to_string(lsp::kMaxMessageBytes + 1) + "\r\n\r\n");
  REQUIRE(big.Next());
  big.Append(std::string(lsp::kMaxMessageBytes + 1, ' '));
  big.Append("Content-Length: " + std::to_string(next.size()) + "\r\n\r\n" + next);
  after = big.Next();
  REQUIRE(after);
  CHECK(after->kind == lsp::Incoming::Kind::kMessage);
}

TEST_CASE("N26: lsp --log to a FIFO nothing reads is an error, not a hang") {
  fs::path dir = TempDir("aortalint-n26");
  REQUIRE(::mkfifo((dir / "log").c_str(), 0600) == 0);
  CommandResult r = RunShell(In(dir) + "timeout 10 " + kBin + " lsp --log log </dev/null 2>&1");
  CHECK(r.exit_code == 2);  // before: 124, blocked in open()
  CHECK(r.output.find("FIFO that nothing reads") != std::string::npos);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace aortalint::testing
