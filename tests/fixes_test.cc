// Fixes: overlapping edits, unified diffs, --fix/--diff/--stdin-filename, and
// every fixture folder whose rule has a fix: fixed, it no longer fires that
// rule's fixable findings and still parses.
#include <doctest/doctest.h>

#include <filesystem>
#include <set>

#include <nlohmann/json.hpp>

#include "engine/fixes.h"
#include "engine/rule.h"
#include "fixture_runner.h"
#include "test_util.h"

namespace aortalint {
namespace {

namespace fs = std::filesystem;
using testing::ReadFile;
using testing::RunAortalint;
using testing::RunShell;
using testing::ShellQuote;
using testing::TempDir;
using testing::WriteFile;

Diagnostic WithEdits(Applicability applicability, std::vector<Edit> edits) {
  Diagnostic d;
  d.rule = "X";
  d.fix = Fix{"t", applicability, std::move(edits)};
  return d;
}

TEST_CASE("ApplyFixes: safe only by default and overlapping fixes wait for the next pass") {
  FileTexts texts = {{"f", "abcdef"}};
  std::vector<Diagnostic> ds = {
      WithEdits(Applicability::kSafe, {{"f", {0, 2}, "AB"}}),
      WithEdits(Applicability::kSafe, {{"f", {1, 3}, "--"}}),  // overlaps the first
      WithEdits(Applicability::kUnsafe, {{"f", {4, 5}, "E"}}),
      WithEdits(Applicability::kSafe, {{"f", {5, 6}, "F"}, {"f", {6, 6}, "!"}}),
  };
  CHECK(ApplyFixes(ds, false, texts) == 2);
  CHECK(texts["f"] == "ABcdeF!");
  texts = {{"f", "abcdef"}};
  CHECK(ApplyFixes(ds, true, texts) == 3);
  CHECK(texts["f"] == "ABcdEF!");
  // An edit past the end of its file (a stale fix) is never applied.
  CHECK(ApplyFixes(std::vector<Diagnostic>{WithEdits(Applicability::kSafe, {{"f", {90, 91}, ""}})}, true, texts) == 0);
}

TEST_CASE("UnifiedDiff: hunks with three lines of context") {
  std::string before = "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n";
  std::string after = "1\n2\n3\n4\nfive\n6\n7\n8\n9\n10\n11\n";
  CHECK(UnifiedDiff("r.yaml", before, after) ==
        "--- a/r.yaml\n+++ b/r.yaml\n"
        "@@ -2,11 +2,10 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n 9\n 10\n 11\n-12\n");
  std::string far = before + "13\n14\n15\n16\n";
  CHECK(UnifiedDiff("r.yaml", "0\n" + far, far + "17\n") ==
        "--- a/r.yaml\n+++ b/r.yaml\n@@ -1,4 +1,3 @@\n-0\n 1\n 2\n 3\n@@ -15,3 +14,4 @@\n 14\n 15\n 16\n+17\n");
  CHECK(UnifiedDiff("r.yaml", before, before).empty());
  CHECK(
      UnifiedDiff("p.py", "a", "b") ==
      "--- a/p.py\n+++ b/p.py\n@@ -1,1 +1,1 @@\n-a\n\\ No newline at end of file\n+b\n\\ No newline at end of file\n");
}

const char kRecipe[] =
    "# a recipe\n"
    "schema_version: 1\n"
    "mode: probe  # aortalint: ignore[SYN004] stale\n"
    "trials: 3\n"
    "mitigation_axis: [none]\n"
    "diagnostic_axis: [none]\n";

TEST_CASE("--diff changes nothing and exits 1 and --fix writes and --stdin-filename fixes stdin") {
  fs::path dir = TempDir("aortalint-fix");
  WriteFile(dir / "r.yaml", kRecipe);
  std::string file = ShellQuote((dir / "r.yaml").string());
  testing::CommandResult diff = RunAortalint("check " + file + " --select SUP,SYN004 --diff", false);
  CHECK(diff.exit_code == 1);
  CHECK(diff.output.find("-mode: probe  # aortalint: ignore[SYN004] stale\n+mode: probe\n") != std::string::npos);
  CHECK(ReadFile(dir / "r.yaml") == kRecipe);

  testing::CommandResult stdin_fix = RunShell("cat " + file + " | " + ShellQuote(AORTALINT_BINARY) +
                                              " check --select SUP,SYN004 --fix --stdin-filename " +
                                              ShellQuote((dir / "other.yaml").string()) + " 2>/dev/null");
  CHECK(stdin_fix.exit_code == 0);
  CHECK(stdin_fix.output.find("mode: probe\ntrials") != std::string::npos);
  CHECK_FALSE(fs::exists(dir / "other.yaml"));

  CHECK(RunAortalint("check " + file + " --select SUP,SYN004 --fix").exit_code == 0);
  CHECK(ReadFile(dir / "r.yaml").find("mode: probe\n") != std::string::npos);
  CHECK(RunAortalint("check " + file + " --select SUP,SYN004 --diff").exit_code == 0);
}

TEST_CASE("--stdin-filename resolves the config of the path it is given") {
  fs::path dir = TempDir("aortalint-stdin");
  // per-file-ignores, which a command line's --select does not start over (a config's ignore it does).
  WriteFile(dir / "sub" / ".aortalint.yaml", "per-file-ignores: {\"r.yaml\": [SYN004]}\n");
  std::string cmd = "printf 'a: 1\\na: 2\\n' | " + ShellQuote(AORTALINT_BINARY) +
                    " check --select SYN004 --format json --stdin-filename ";
  CHECK(nlohmann::json::parse(RunShell(cmd + ShellQuote((dir / "r.yaml").string())).output).size() == 1);
  CHECK(nlohmann::json::parse(RunShell(cmd + ShellQuote((dir / "sub" / "r.yaml").string())).output).empty());
}

// Every fixable finding of the folder's rule, by "path:line".
std::multiset<std::string> Fixable(const nlohmann::json& found, const std::string& id, bool with_fix) {
  std::multiset<std::string> out;
  for (const auto& d : found)
    if (d["rule"] == id && d.contains("fix") == with_fix) out.insert(d["path"].get<std::string>());
  return out;
}

size_t SyntaxErrors(const nlohmann::json& found) {
  size_t n = 0;
  for (const auto& d : found) n += d["rule"] == "SYN001" || d["rule"] == "SYN002";
  return n;
}

TEST_CASE("every fixture whose rule has a fix: fixed, it stops firing and still parses") {
  fs::path fixtures = fs::path(AORTALINT_SOURCE_DIR) / "fixtures" / "rules";
  // Every rule declared fixable has a fixture folder, and it exercises the fix.
  std::set<std::string> fixable_rules;
  for (const RuleMeta* m : AllRuleMetas())
    if (m->fix != FixAvailability::kNone) {
      fixable_rules.insert(std::string(m->id));
      CHECK_MESSAGE(fs::is_directory(fixtures / std::string(m->id)), m->id << " is fixable but has no fixture folder");
    }
  REQUIRE(fixable_rules.size() >= 9);
  std::set<std::string> exercised;
  for (const auto& entry : fs::directory_iterator(fixtures)) {
    std::string id = entry.path().filename().string();
    const RuleMeta* meta = FindRule(id);
    if (!meta || meta->fix == FixAvailability::kNone) continue;
    CAPTURE(id);
    fs::path copy = TempDir("aortalint-fixture-" + id);
    fs::copy(entry.path(), copy, fs::copy_options::recursive);
    std::string args = ReadFile(copy / "ARGS");
    while (!args.empty() && (args.back() == '\n' || args.back() == ' ')) args.pop_back();
    std::string before = args, after;
    if (size_t dd = args.find("-- "); dd != std::string::npos && (dd == 0 || args[dd - 1] == ' ')) {
      before = args.substr(0, dd);
      after = " " + args.substr(dd);
    }
    std::string base = "cd " + ShellQuote(copy.string()) + " && " + ShellQuote(AORTALINT_BINARY) +
                       " check . --color never --select " + id + ",SYN001,SYN002 " + testing::kNotExamples + before;
    nlohmann::json first = nlohmann::json::parse(RunShell(base + " --format json" + after + " 2>/dev/null").output);
    size_t fixable = Fixable(first, id, true).size();
    CHECK_MESSAGE(fixable > 0, id << " is declared fixable, but no finding of its fixture folder has a fix");
    if (fixable == 0) continue;
    RunShell(base + " --fix --unsafe-fixes --format json" + after + " >/dev/null 2>&1");
    nlohmann::json fixed = nlohmann::json::parse(RunShell(base + " --format json" + after + " 2>/dev/null").output);
    CHECK(Fixable(fixed, id, true).empty());
    CHECK(Fixable(fixed, id, false).size() <= Fixable(first, id, false).size());
    CHECK(SyntaxErrors(fixed) <= SyntaxErrors(first));
    exercised.insert(id);
  }
  CHECK(exercised == fixable_rules);
}

}  // namespace
}  // namespace aortalint
