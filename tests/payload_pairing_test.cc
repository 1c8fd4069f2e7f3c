// Pairing: header comments, shell words, precedence.
#include <doctest/doctest.h>

#include "driver/pairing.h"
#include "run/wrap.h"

namespace aortalint {
namespace {

TEST_CASE("payload pairing: header comment with continuations") {
  std::string text =
      "# Run with:\n#   aorta sweep run --recipe examples/r.yaml \\\n#     -- python examples/p.py \\\n"
      "#     --size '4 096'\nschema_version: 1\n";
  std::optional<HeaderCommand> h = FindHeaderCommand(text);
  REQUIRE(h);
  CHECK(h->argv == std::vector<std::string>{"python", "examples/p.py", "--size", "4 096"});
  CHECK(text.substr(h->span.begin, 5) == "aorta");
  CHECK(text.substr(h->span.end - 7, 7) == "'4 096'");
}

TEST_CASE("payload pairing: no command without ' -- '") {
  CHECK_FALSE(FindHeaderCommand("# aorta sweep run --recipe r.yaml\nschema_version: 1\n"));
  CHECK_FALSE(FindHeaderCommand("schema_version: 1\n"));
}

TEST_CASE("payload pairing: shell words") {
  CHECK(SplitShellWords(R"sh(python -c "print(\"x\")" a\ b 'c d')sh") ==
        std::vector<std::string>{"python", "-c", "print(\"x\")", "a b", "c d"});
}

TEST_CASE("payload pairing: the command line wins over the header") {
  Config config;
  std::optional<Launch> launch = FindLaunch("r.yaml", "#   aorta sweep run -- python other.py\n",
                                            {"python", "-u", "x.py"}, config);
  REQUIRE(launch);
  CHECK(launch->pairing.source == LaunchSource::kCommandLine);
  CHECK(launch->pairing.missing == std::vector<std::string>{"x.py"});
}

TEST_CASE("payload pairing: launches judged like aorta's wrapper") {
  CHECK(run::SplitPythonLaunch({"python", "-mpytest", "-k", "x"}).target ==
        std::vector<std::string>{"pytest", "-k", "x"});
  CHECK(run::SplitPythonLaunch({"python", "-u", "v.py"}).script == "v.py");
  CHECK_FALSE(run::SplitPythonLaunch({"pypy3", "v.py"}).ok());
  CHECK_FALSE(run::SplitPythonLaunch({"python", "-c", "pass"}).ok());
}

}  // namespace
}  // namespace aortalint
