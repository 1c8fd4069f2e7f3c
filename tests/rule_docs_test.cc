// Each rule's documented example fires the rule and its fixed version does
// not, run through the real binary the way a user would copy them.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "engine/rule.h"
#include "test_util.h"

namespace aortalint {
namespace {

using testing::RunShell;
using testing::ShellQuote;
using testing::WriteFile;

// How many findings of `id` the file gets, with its companion beside it.
int Fires(const RuleMeta& m, std::string_view text) {
  auto dir = testing::TempDir("aortalint-doc-" + std::string(m.id));
  WriteFile(dir / std::string(m.example_name), std::string(text));
  std::string files = ShellQuote(std::string(m.example_name));
  if (!m.companion.empty()) {
    WriteFile(dir / std::string(CompanionName(m)), std::string(m.companion));
    files += " " + ShellQuote(std::string(CompanionName(m)));
  }
  // example_args last: a launch command after `--` must end the line.
  testing::CommandResult r =
      RunShell("cd " + ShellQuote(dir.string()) + " && " + ShellQuote(AORTALINT_BINARY) + " check " + files +
               " --no-config --format json " + std::string(m.example_args) + " 2>/dev/null");
  INFO("aortalint said: " << r.output);
  REQUIRE(r.exit_code < 2);
  int n = 0;
  for (const auto& d : nlohmann::json::parse(r.output)) n += d["rule"] == m.id;
  return n;
}

TEST_CASE("every rule doc's example fires its rule and the fixed version does not") {
  size_t checked = 0, without = 0;
  for (const RuleMeta* m : AllRuleMetas()) {
    if (m->example.empty()) {
      ++without;
      continue;
    }
    CAPTURE(m->id);
    CHECK(Fires(*m, m->example) > 0);
    if (!m->fixed.empty()) CHECK(Fires(*m, m->fixed) == 0);
    ++checked;
  }
  // Only SYN003 (an unreadable file) and SUP001/SUP002 (about suppression comments) have none.
  CHECK(checked + without == AllRuleMetas().size());
  CHECK(without <= 4);
  CHECK(checked >= 60);
}

}  // namespace
}  // namespace aortalint
