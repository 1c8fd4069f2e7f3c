// SARIF output validates against the official 2.1.0 schema, names its rules,
// carries notes and fixes, and keeps fingerprints when unrelated lines move;
// GitHub annotations are escaped.
#include <doctest/doctest.h>

#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "json_schema.h"
#include "test_util.h"

namespace aortalint {
namespace {

using nlohmann::json;
using testing::ReadFile;
using testing::RunShell;
using testing::ShellQuote;
using testing::TempDir;
using testing::WriteFile;

// The official OASIS schema, copied unchanged into fixtures/schemas/.
std::string SchemaPath() { return AORTALINT_SOURCE_DIR "/fixtures/schemas/sarif-schema-2.1.0.json"; }

json Sarif(const std::filesystem::path& dir) {
  return json::parse(RunShell("cd " + ShellQuote(dir.string()) + " && " + ShellQuote(AORTALINT_BINARY) +
                              " check . --format sarif 2>/dev/null")
                         .output);
}

const char kRecipe[] =
    "schema_version: 1  # aortalint: ignore[RCP001] stale\n"
    "mode: probe\n"
    "trials: 3\n"
    "trials: 3\n"
    "mitigation_axis: [none]\n"
    "diagnostic_axis: [none]\n";

TEST_CASE("SARIF: valid 2.1.0, with rules, notes, fixes and fingerprints") {
  std::string schema_text = ReadFile(SchemaPath());
  INFO("no SARIF schema at " << SchemaPath());
  REQUIRE_FALSE(schema_text.empty());
  testing::JsonSchemaValidator validator(json::parse(schema_text));
  auto dir = TempDir("aortalint-sarif");
  WriteFile(dir / "r é.yaml", kRecipe);
  json log = Sarif(dir);
  std::vector<std::string> problems = validator.Validate(log);
  for (const std::string& p : problems) MESSAGE(p);
  CHECK(problems.empty());

  const json& run = log["runs"][0];
  const json& rules = run["tool"]["driver"]["rules"];
  std::map<std::string, json> by_rule;
  for (const json& r : run["results"]) {
    CHECK(rules[r["ruleIndex"].get<size_t>()]["id"] == r["ruleId"]);
    by_rule[r["ruleId"]] = r;
  }
  REQUIRE(by_rule.count("SYN004"));
  REQUIRE(by_rule.count("SUP001"));
  const json& dup = by_rule["SYN004"];
  CHECK(dup["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "r%20%C3%A9.yaml");
  CHECK(dup["locations"][0]["physicalLocation"]["region"]["startLine"] == 4);
  CHECK(dup["relatedLocations"][0]["physicalLocation"]["region"]["startLine"] == 3);
  const json& fix = by_rule["SUP001"]["fixes"][0]["artifactChanges"][0]["replacements"][0];
  CHECK(fix["deletedRegion"]["byteOffset"] == 17);
  CHECK(fix["insertedContent"]["text"] == "");
  // No published docs host in this build: no helpUri at all (never a made-up host); the page is in help.markdown.
  for (const json& r : rules) {
    CHECK_FALSE(r.contains("helpUri"));
    CHECK(r["help"]["markdown"].get<std::string>().rfind("# " + r["id"].get<std::string>() + " ", 0) == 0);
    CHECK(r["help"]["markdown"].get<std::string>().find("## What it does") != std::string::npos);
  }

  // Lines added above: every fingerprint stays the same.
  WriteFile(dir / "r é.yaml", std::string("# a new header\n\n") + kRecipe);
  json moved = Sarif(dir);
  std::set<std::string> before, after;
  for (const json& r : run["results"]) before.insert(r["partialFingerprints"].dump());
  for (const json& r : moved["runs"][0]["results"]) after.insert(r["partialFingerprints"].dump());
  CHECK(before == after);
}

TEST_CASE("GitHub annotations: one command per finding, escaped") {
  auto dir = TempDir("aortalint-github");
  WriteFile(dir / "a,b.yaml", "schema_version: 1\nschema_version: 1\n");
  std::string out = RunShell("cd " + ShellQuote(dir.string()) + " && " + ShellQuote(AORTALINT_BINARY) +
                             " check . --select SYN004 --format github")
                        .output;
  CHECK(out.rfind(
            "::warning file=a%2Cb.yaml,line=2,col=1,endLine=2,endColumn=15,title=aortalint SYN004 (duplicate-key)::",
            0) == 0);
  CHECK(out.find("%0A") != std::string::npos);  // the note follows on its own line
  CHECK(std::count(out.begin(), out.end(), '\n') == 1);
}

TEST_CASE("SARIF: paths relative to the repository's top, a docs URL only when one is configured") {
  std::string schema_text = ReadFile(SchemaPath());
  REQUIRE_FALSE(schema_text.empty());
  testing::JsonSchemaValidator validator(json::parse(schema_text));
  auto dir = TempDir("aortalint-sarif-root");
  WriteFile(dir / ".git/HEAD", "ref: refs/heads/main\n");
  WriteFile(dir / "recipes/probe/r.yaml", kRecipe);
  // Run from a subdirectory: URIs still name the file from the repository's top.
  json log = json::parse(RunShell("cd " + ShellQuote((dir / "recipes").string()) +
                                  " && AORTALINT_DOCS_URL=https://docs.example.org/aortalint/rules " +
                                  ShellQuote(AORTALINT_BINARY) + " check probe --format sarif 2>/dev/null")
                             .output);
  CHECK(validator.Validate(log).empty());
  const json& run = log["runs"][0];
  const json& location = run["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"];
  CHECK(location["uri"] == "recipes/probe/r.yaml");
  CHECK(location["uriBaseId"] == "SRCROOT");
  std::string root = run["originalUriBaseIds"]["SRCROOT"]["uri"];
  CHECK(root.ends_with(dir.filename().string() + "/"));
  for (const json& r : run["tool"]["driver"]["rules"])
    CHECK(r["helpUri"] == "https://docs.example.org/aortalint/rules/" + r["id"].get<std::string>() + ".md");
  // JSON names the page too, only when one is published.
  json js = json::parse(RunShell("cd " + ShellQuote((dir / "recipes").string()) +
                                 " && AORTALINT_DOCS_URL=https://docs.example.org/r/ " + ShellQuote(AORTALINT_BINARY) +
                                 " check probe --format json")
                            .output);
  REQUIRE(js.size() >= 1);
  CHECK(js[0]["url"] == "https://docs.example.org/r/" + js[0]["rule"].get<std::string>() + ".md");
  json plain = json::parse(RunShell("cd " + ShellQuote((dir / "recipes").string()) + " && " +
                                    ShellQuote(AORTALINT_BINARY) + " check probe --format json")
                               .output);
  CHECK_FALSE(plain[0].contains("url"));
  // GitHub annotations and GitLab's code quality report use the same root.
  std::string gh = RunShell("cd " + ShellQuote((dir / "recipes").string()) + " && " + ShellQuote(AORTALINT_BINARY) +
                            " check probe --select SYN004 --format github")
                       .output;
  CHECK(gh.rfind("::warning file=recipes/probe/r.yaml,line=4,", 0) == 0);  // SYN004 is a warning
  json gl = json::parse(RunShell("cd " + ShellQuote((dir / "recipes").string()) + " && " +
                                 ShellQuote(AORTALINT_BINARY) + " check probe --format gitlab")
                            .output);
  REQUIRE(gl.is_array());
  REQUIRE(gl.size() >= 1);
  std::set<std::string> fingerprints;
  for (const json& issue : gl) {
    CHECK(issue["location"]["path"] == "recipes/probe/r.yaml");
    CHECK(issue["location"]["lines"]["begin"].is_number_integer());
    CHECK((issue["severity"] == "major" || issue["severity"] == "minor" || issue["severity"] == "info"));
    CHECK(issue["description"].get<std::string>().rfind("aortalint ", 0) == 0);
    CHECK(issue["check_name"].is_string());
    fingerprints.insert(issue["fingerprint"]);
  }
  CHECK(fingerprints.size() == gl.size());
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace aortalint
