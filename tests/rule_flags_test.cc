// The behaviour flags of RuleMeta (issue 39): the builtin rules carry the
// lists the engine once hard-coded, and each flag does what it says, shown on
// two test rules that differ in that flag only.
#include <doctest/doctest.h>

#include <sstream>
#include <string>

#include "driver/check.h"
#include "driver/run.h"
#include "emit/docs.h"
#include "engine/rule.h"
#include "engine/rule_context.h"
#include "model/recipe.h"
#include "model/yaml_document.h"
#include "rules/all_rules.h"
#include "test_util.h"

namespace aortalint {
namespace {

namespace fs = std::filesystem;
using testing::ReadFile;
using testing::TempDir;
using testing::WriteFile;

bool IsFamily(std::string_view id, std::initializer_list<std::string_view> families) {
  for (std::string_view f : families)
    if (id.starts_with(f)) return true;
  return false;
}

TEST_CASE("rule flags: the builtin rules carry the lists the engine once named") {
  for (const RuleMeta* m : AllRuleMetas()) {
    std::string_view id = m->id;
    CAPTURE(id);
    CHECK(m->aorta_refuses_at_load == ((IsFamily(id, {"COL", "CNF", "RCP"}) && id != "COL009") || id == "SYN001"));
    CHECK(m->reported_on_load_failure == (id == "SYN001" || id == "SYN003"));
    CHECK(m->reads_sanitizer_recipes == IsFamily(id, {"SAN", "SYN", "SUP", "HIP"}));
    CHECK(m->trial_setup == (IsFamily(id, {"ATT"}) || id == "PAY006" || id == "PAY007"));
    CHECK(m->add_noqa == !(IsFamily(id, {"SUP", "SYN001", "SYN002", "SYN003"})));
  }
}

TEST_CASE("rule flags: a rule's page and its JSON say each flag") {
  const RuleMeta* col003 = FindRule("COL003");
  REQUIRE(col003);
  CHECK(RuleDoc(*col003).find("- aorta refuses the recipe at load when this fires") != std::string::npos);
  CHECK(RuleDoc(*FindRule("COL009")).find("aorta refuses the recipe") == std::string::npos);
  nlohmann::json rules = RulesJson(AllRuleMetas());
  for (const nlohmann::json& r : rules) {
    const RuleMeta* m = FindRule(r["code"].get<std::string>());
    REQUIRE(m);
    CHECK(r["aorta_refuses_at_load"] == m->aorta_refuses_at_load);
    CHECK(r["reported_on_load_failure"] == m->reported_on_load_failure);
    CHECK(r["reads_sanitizer_recipes"] == m->reads_sanitizer_recipes);
    CHECK(r["trial_setup"] == m->trial_setup);
    CHECK(r["add_noqa"] == m->add_noqa);
  }
}

// Two test rules: RCP901 carries the flag under test, RCP902 not. Each reports
// an error on the recipe's last line, and on a recipe that did not load.
RuleMeta flagged{.id = "RCP901", .slug = "flagged", .severity = Severity::kError, .summary = "flagged"};
RuleMeta plain{.id = "RCP902", .slug = "plain", .severity = Severity::kError, .summary = "plain"};

template <const RuleMeta& M>
class LastLine final : public Rule {
 public:
  const RuleMeta& Meta() const override { return M; }
  void CheckDocument(const YamlDocument& doc, RuleContext& ctx) override {
    if (!doc.ok()) ctx.Report(doc.source, {0, 1}, "{} on a recipe that did not load", M.id);
  }
  void CheckRecipe(const Recipe& recipe, RuleContext& ctx) override {
    const SourceFile& file = *recipe.source();
    uint32_t line = file.line_count() - (file.text().ends_with('\n') ? 1 : 0);
    uint32_t start = file.LineStart(line);
    ctx.Report(recipe.source(), {start, start + 1}, "{} on the last line", M.id);
  }
};

std::unique_ptr<Rule> MakeFlagged() { return std::make_unique<LastLine<flagged>>(); }
std::unique_ptr<Rule> MakePlain() { return std::make_unique<LastLine<plain>>(); }

// Installs the two test rules, `flag` set on the first, for one test; the builtin rules after it.
class TestRules {
 public:
  explicit TestRules(bool RuleMeta::*flag, bool value = true) {
    flagged = RuleMeta{.id = "RCP901", .slug = "flagged", .severity = Severity::kError, .summary = "flagged"};
    flagged.*flag = value;
    static constexpr RuleFactory kRules[] = {MakeFlagged, MakePlain};
    InstallRules(kRules);
  }
  ~TestRules() { InstallBuiltinRules(); }
  TestRules(const TestRules&) = delete;
  TestRules& operator=(const TestRules&) = delete;
};

// `check --format json` on `recipe`: the rules that reported, in order, one per finding.
std::string Checked(const std::string& recipe, std::vector<std::string> ignore = {}) {
  fs::path dir = TempDir("aortalint-flags");
  WriteFile(dir / "r.yaml", recipe);
  CheckOptions o;
  o.paths = {(dir / "r.yaml").string()};
  o.format = "json";
  o.no_config = o.no_cache = true;
  o.request.ignore = std::move(ignore);
  std::ostringstream out, err;
  RunCheck(o, out, err);
  std::string rules;
  for (const nlohmann::json& d : nlohmann::json::parse(out.str())) rules += d["rule"].get<std::string>() + " ";
  return rules;
}

constexpr std::string_view kTriage =
    "schema_version: 1\nworkload: w\ntrials: 1\nsteps: 1\ncells:\n"
    "  - {name: base, mitigations: [none], environment: local}\n"
    "  - {name: prof, mitigations: [none], environment: local}\n";

// `run --dry-run` of kTriage: its exit code and what it said.
std::pair<int, std::string> DryRun(const std::string& cell) {
  fs::path dir = TempDir("aortalint-flags-run");
  WriteFile(dir / "r.yaml", std::string(kTriage));
  RunOptions o;
  o.recipe = (dir / "r.yaml").string();
  o.cell = cell;
  o.dry_run = o.no_config = true;
  o.command = {"./a.out"};
  std::ostringstream out;
  int rc = RunRecipe(o, out, out);
  return {rc, out.str()};
}

TEST_CASE("rule flags: aorta_refuses_at_load makes `run --dry-run` say aorta would refuse the recipe") {
  TestRules rules(&RuleMeta::aorta_refuses_at_load);
  auto [rc, said] = DryRun("");
  CHECK(rc == 2);
  CHECK(said.find("aorta would refuse to load the recipe: the errors above (RCP901)\n") != std::string::npos);
}

TEST_CASE("rule flags: reported_on_load_failure reports a recipe that did not load whatever the selection") {
  TestRules rules(&RuleMeta::reported_on_load_failure);
  CHECK(Checked("a: [\n", {"RCP901", "RCP902"}) == "RCP901 ");
  CHECK(Checked("a: [\n") == "RCP901 RCP902 ");
  CHECK(Checked(std::string(kTriage), {"RCP901", "RCP902"}).empty());  // a recipe that loaded: the selection holds
}

TEST_CASE("rule flags: reads_sanitizer_recipes runs the rule on a `mode: sanitizer` recipe") {
  TestRules rules(&RuleMeta::reads_sanitizer_recipes);
  CHECK(Checked("schema_version: 1\nmode: sanitizer\n") == "RCP901 ");
  CHECK(Checked(std::string(kTriage)) == "RCP901 RCP902 ");
}

TEST_CASE("rule flags: trial_setup findings in another cell do not stop `run --cell X`") {
  TestRules rules(&RuleMeta::trial_setup);
  auto [rc, said] = DryRun("base");  // both fire on prof's line; aortalint's own error: exit 1
  CHECK(rc == 1);
  CHECK(said.find("[RCP902]") != std::string::npos);
  CHECK(said.find("[RCP901]") == std::string::npos);
  std::tie(rc, said) = DryRun("prof");
  CHECK(said.find("[RCP901]") != std::string::npos);
}

TEST_CASE("rule flags: add_noqa = false keeps `check --add-noqa` from suppressing the rule") {
  TestRules rules(&RuleMeta::add_noqa, false);
  fs::path dir = TempDir("aortalint-flags-noqa");
  WriteFile(dir / "r.yaml", std::string(kTriage));
  CheckOptions o;
  o.paths = {(dir / "r.yaml").string()};
  o.no_config = o.no_cache = o.add_noqa = true;
  std::ostringstream out, err;
  RunCheck(o, out, err);
  std::string text = ReadFile(dir / "r.yaml");
  CHECK(text.find("ignore[RCP902]") != std::string::npos);
  CHECK(text.find("RCP901") == std::string::npos);
}

}  // namespace
}  // namespace aortalint
