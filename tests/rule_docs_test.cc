// Each rule's documented example (fixtures/rules/<ID>/example/ and fixed/, as
// the binary embeds them) fires the rule and its fixed version does not, run
// through the real binary the way a user would copy them.
#include <doctest/doctest.h>

#include <filesystem>
#include <set>

#include <nlohmann/json.hpp>

#include "engine/rule.h"
#include "engine/rule_example.h"
#include "test_util.h"

namespace aortalint {
namespace {

namespace fs = std::filesystem;
using testing::RunShell;
using testing::ShellQuote;
using testing::WriteFile;

// How many findings of `id` the file gets, with its companion beside it.
int Fires(std::string_view id, const RuleExample& e, std::string_view text) {
  auto dir = testing::TempDir("aortalint-doc-" + std::string(id));
  WriteFile(dir / std::string(e.name), std::string(text));
  std::string files = ShellQuote(std::string(e.name));
  if (!e.companion.empty()) {
    WriteFile(dir / std::string(e.companion_name), std::string(e.companion));
    files += " " + ShellQuote(std::string(e.companion_name));
  }
  // The args last: a launch command after `--` must end the line.
  testing::CommandResult r =
      RunShell("cd " + ShellQuote(dir.string()) + " && " + ShellQuote(AORTALINT_BINARY) + " check " + files +
               " --no-config --format json " + std::string(e.args) + " 2>/dev/null");
  INFO("aortalint said: " << r.output);
  REQUIRE(r.exit_code < 2);
  int n = 0;
  for (const auto& d : nlohmann::json::parse(r.output)) n += d["rule"] == id;
  return n;
}

TEST_CASE("every rule doc's example fires its rule and the fixed version does not") {
  size_t checked = 0;
  for (const RuleMeta* m : AllRuleMetas()) {
    CAPTURE(m->id);
    std::optional<RuleExample> e = FindRuleExample(m->id);
    REQUIRE(e);
    CHECK(Fires(m->id, *e, e->text) > 0);
    CHECK(Fires(m->id, *e, e->fixed) == 0);
    ++checked;
  }
  CHECK(checked == AllRuleMetas().size());
}

// The files, as the source tree holds them: example/ has the example, at most one companion and ARGS;
// fixed/ the example's fixed version, under the example's name. No other folder has examples.
TEST_CASE("every rule's example folder has its shape") {
  fs::path rules = fs::path(AORTALINT_SOURCE_DIR) / "fixtures" / "rules";
  for (const RuleMeta* m : AllRuleMetas()) {
    CAPTURE(m->id);
    fs::path dir = rules / std::string(m->id);
    std::set<std::string> example, fixed;
    for (const auto& f : fs::directory_iterator(dir / "example"))
      if (f.path().filename() != "ARGS") example.insert(f.path().filename().string());
    for (const auto& f : fs::directory_iterator(dir / "fixed")) fixed.insert(f.path().filename().string());
    REQUIRE(fixed.size() == 1);
    CHECK(example.count(*fixed.begin()));
    CHECK(example.size() <= 2);
    std::optional<RuleExample> e = FindRuleExample(m->id);
    REQUIRE(e);
    CHECK(e->name == *fixed.begin());
    CHECK(e->text == testing::ReadFile(dir / "example" / *fixed.begin()));
    CHECK(e->fixed == testing::ReadFile(dir / "fixed" / *fixed.begin()));
  }
  CHECK_FALSE(FindRuleExample("COL"));  // a prefix of IDs names no example
}

}  // namespace
}  // namespace aortalint
