// Inline suppressions: which comments count, what they cover, SUP001/SUP002,
// allow-suppressions, and unknown rule IDs in a config.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "engine/config.h"
#include "engine/fixes.h"
#include "engine/selection.h"
#include "engine/suppression.h"
#include "test_util.h"

namespace aortalint {
namespace {

using testing::RunAortalint;
using testing::ShellQuote;
using testing::TempDir;
using testing::WriteFile;

std::vector<std::string> Ids(const std::string& path, const std::string& text) {
  SourceFile file(path, text);
  std::vector<std::string> out;
  for (const Suppression& s : FindSuppressions(file))
    for (const SuppressionCode& c : s.codes) out.push_back(std::to_string(s.line) + ":" + c.id);
  return out;
}

Diagnostic At(const SourcePtr& file, uint32_t line, std::string rule) {
  uint32_t offset = file->LineStart(line);
  return {std::move(rule), Severity::kError, {file, {offset, offset + 1}}, "x", {}, {}};
}

std::vector<std::string> Rules(const std::vector<Diagnostic>& ds) {
  std::vector<std::string> out;
  for (const Diagnostic& d : ds) out.push_back(d.rule + "@" + std::to_string(d.where.start().line));
  return out;
}

TEST_CASE("YAML comments: quoted scalars and block scalars are not comments") {
  std::string text =
      "a: 'x # aortalint: ignore[RCP001]'\n"
      "b: \"y # aortalint: ignore[RCP001]\"  # aortalint: ignore[RCP002]\n"
      "c: |\n"
      "  # aortalint: ignore[RCP003]\n"
      "  body\n"
      "d: it's # aortalint: ignore[RCP004]\n"
      "e: \"multi\n"
      "  # aortalint: ignore[RCP005] still quoted\"\n"
      "f: x#aortalint: ignore[RCP006]\n";
  CHECK(Ids("r.yaml", text) == std::vector<std::string>{"2:RCP002", "6:RCP004"});
}

TEST_CASE("Python comments: strings of every kind are not comments") {
  std::string text =
      "s = '# noqa: PAY001'\n"
      "t = \"\"\"\n# aortalint: ignore[PAY002]\n\"\"\"\n"
      "import torch  # noqa: PAY001, E501\n"
      "u = r'\\'' # noqa: I001\n"
      "x = 1  # NOQA: pay001\n"
      "y = 2  # noqa\n";
  // IDs are case-insensitive, in comments as on the command line.
  CHECK(Ids("p.py", text) == std::vector<std::string>{"5:PAY001", "5:E501", "7:PAY001"});
}

TEST_CASE("noqa is Python only and other tools' codes are theirs") {
  CHECK(Ids("r.yaml", "a: 1  # noqa: RCP001\n").empty());
  SourceFile f("p.py", "import x  # isort: skip  # noqa: I001, PAY002 reason\n");
  std::vector<Suppression> s = FindSuppressions(f);
  REQUIRE(s.size() == 1);
  CHECK(s[0].codes.size() == 2);
  CHECK_FALSE(s[0].codes[0].ours);
  CHECK(s[0].codes[1].ours);
  CHECK(f.Slice(s[0].list) == "I001, PAY002");
}

TEST_CASE("noqa is found in any case, at either end of the file, after any number of near misses") {
  CHECK(Ids("p.py", "x = 1  # NOQA: PAY001").size() == 1);  // upper case, the last bytes of the file
  CHECK(Ids("p.py", "#noqa: PAY001\n").size() == 1);        // from the first byte
  CHECK(Ids("p.py", "q = 'q' * 3  # nOqA: PAY001\nQ = 1\n").size() == 1);
  CHECK(Ids("p.py", "q = 'noq'  # noq: PAY001 aqua\n").empty());
}

TEST_CASE("a line suppression covers its line and the next, noqa its own line, ignore-file only at the top") {
  auto file = std::make_shared<const SourceFile>("p.py",
                                                 "# header\n"
                                                 "# aortalint: ignore-file[SYN002]\n"
                                                 "import a  # aortalint: ignore[PAY001]\n"
                                                 "import b\n"
                                                 "import c\n"
                                                 "import d  # noqa: PAY003\n"
                                                 "import e\n"
                                                 "# aortalint: ignore-file[PAY005]\n");
  std::vector<Diagnostic> in = {At(file, 3, "PAY001"), At(file, 4, "PAY001"), At(file, 5, "PAY001"),
                                At(file, 6, "PAY003"), At(file, 7, "PAY003"), At(file, 7, "SYN002")};
  std::vector<SourcePtr> files = {file};
  std::vector<Diagnostic> out = ApplySuppressions(in, files, {});
  std::vector<std::string> rules = Rules(out);
  // PAY001 on 5 and PAY003 on 7 stay; the misplaced ignore-file is reported.
  CHECK(std::count(rules.begin(), rules.end(), "PAY001@5") == 1);
  CHECK(std::count(rules.begin(), rules.end(), "PAY003@7") == 1);
  CHECK(std::count(rules.begin(), rules.end(), "SUP001@8") == 1);
  CHECK(rules.size() == 3);
}

TEST_CASE("SUP001: unused suppressions, with fixes that remove the comment or just the ID") {
  auto file = std::make_shared<const SourceFile>("r.yaml",
                                                 "a: 1  # aortalint: ignore[RCP001, SYN004] why\n"
                                                 "# aortalint: ignore[SYN001]\n"
                                                 "b: 2\n");
  std::vector<SourcePtr> files = {file};
  std::vector<Diagnostic> out = ApplySuppressions({At(file, 1, "SYN004")}, files, {});
  REQUIRE(out.size() == 2);
  for (const Diagnostic& d : out) CHECK(d.rule == "SUP001");
  FileTexts texts = {{"r.yaml", std::string(file->text())}};
  CHECK(ApplyFixes(out, false, texts) == 2);
  CHECK(texts["r.yaml"] == "a: 1  # aortalint: ignore[SYN004] why\nb: 2\n");
}

TEST_CASE("SUP001 leaves suppressions of rules that are not selected alone") {
  auto file = std::make_shared<const SourceFile>("r.yaml", "a: 1  # aortalint: ignore[RCP001]\n");
  std::vector<SourcePtr> files = {file};
  RuleSelection selection({{std::vector<std::string>{"SUP"}, {}, {}}}, {});
  CHECK(ApplySuppressions({}, files, {&selection, true, ""}).empty());
}

TEST_CASE("SUP002: unknown IDs get the nearest one and disallowed suppressions are each reported") {
  auto file = std::make_shared<const SourceFile>("r.yaml", "a: 1  # aortalint: ignore[SYN04]\n");
  std::vector<SourcePtr> files = {file};
  std::vector<Diagnostic> out = ApplySuppressions({}, files, {});
  REQUIRE(out.size() == 1);
  CHECK(out[0].rule == "SUP002");
  CHECK(out[0].message == "unknown rule 'SYN04' in suppression");
  CHECK(out[0].help == "did you mean 'SYN004'?");

  auto used = std::make_shared<const SourceFile>("s.yaml", "a: 1  # aortalint: ignore[SYN004]\n");
  std::vector<SourcePtr> used_files = {used};
  out = ApplySuppressions({At(used, 1, "SYN004")}, used_files, {nullptr, false, ".aortalint.yaml"});
  CHECK(Rules(out) == std::vector<std::string>{"SYN004@1", "SUP001@1"});
  CHECK(out[1].message.find("disallowed") != std::string::npos);
}

TEST_CASE("end to end: suppressions in a recipe, unknown config IDs are SUP002 findings") {
  auto dir = TempDir("aortalint-sup");
  WriteFile(dir / "r.yaml", "schema_version: 1\nschema_version: 1  # aortalint: ignore[SYN004] kept for aorta 0.3\n");
  testing::CommandResult r =
      RunAortalint("check " + ShellQuote((dir / "r.yaml").string()) + " --select SYN,SUP --format json");
  CHECK(r.exit_code == 0);
  CHECK(nlohmann::json::parse(r.output).empty());

  WriteFile(dir / ".aortalint.yaml", "ignore: [SYN04]\nseverity: {PAY: warning}\n");
  r = RunAortalint("check " + ShellQuote((dir / "r.yaml").string()) + " --select SYN004,SUP --format json", false);
  CHECK(r.exit_code == 1);
  nlohmann::json found = nlohmann::json::parse(r.output);
  REQUIRE(found.size() == 1);
  CHECK(found[0]["rule"] == "SUP002");
  CHECK(found[0]["line"] == 1);
  CHECK(found[0]["path"].get<std::string>().find(".aortalint.yaml") != std::string::npos);

  WriteFile(dir / ".aortalint.yaml", "allow-suppressions: false\n");
  r = RunAortalint("check " + ShellQuote((dir / "r.yaml").string()) + " --select SYN,SUP --format json", false);
  found = nlohmann::json::parse(r.output);
  REQUIRE(found.size() == 2);
  CHECK(found[0]["rule"] == "SYN004");
  CHECK(found[1]["rule"] == "SUP001");
}

}  // namespace
}  // namespace aortalint
