// SandboxConditionError against the verdicts of aorta's condition sandbox
// (aorta.probe.sandbox.validate_and_compile), one case per node kind and
// tokenizer rule; src/python/parity/sandbox_parity.py compares thousands more with
// aorta's own code when its sources are at hand.
#include <doctest/doctest.h>

#include <string>

#include "python/sandbox.h"

// Python's and PyYAML's behaviour as the port reproduces it (ctest -L python-fidelity).
TEST_SUITE_BEGIN("python-fidelity");

using aortalint::SandboxConditionError;

TEST_CASE("sandbox: accepted expressions") {
  for (const char* e : {"exit_code == 137",
                        "float(capture['n']) > 2.5",
                        "math.isnan(walltime_sec)",
                        "len(capture) > 0 and not exit_code",
                        "1 if exit_code else 0",
                        "-exit_code < 3 / 2",
                        "'a' 'b' == capture['x']",
                        "exit_code == 999999999",
                        "exit_code == -999999999",
                        "1.5e300 > walltime_sec",
                        "exit_code // 2 == 1",
                        "  exit_code > 0\n",
                        "\u00a0exit_code == 1",
                        "(float)(exit_code)",
                        "(math).isnan(1)",
                        "math.isinf",
                        "...",
                        "True",
                        "None",
                        "1e9 > 1",
                        "0x3B9AC9FF",
                        "0_0 == 00",
                        "1_000 < 2",
                        "1j",
                        "b'x' == b'y'",
                        "r'\\d' != u'x'",
                        "(exit_code\n== 1)",
                        "exit_code \\\n== 1",
                        "exit_code == 1  # a comment",
                        "float(capture['n'],)",
                        "int(capture['a'], 16)",
                        "1if exit_code else 2",
                        "'\\N{LATIN SMALL LETTER A}' == 'a'",
                        "'\\x41\\u0041\\U00000041' != ''",
                        "exit_code < 2 < 3",
                        "capture[('k')] == capture['a' 'b']",
                        "+exit_code",
                        "'''t''' == \"\"\"t\"\"\""})
    CHECK_MESSAGE(!SandboxConditionError(e), std::string(e));
}

TEST_CASE("sandbox: refused expressions") {
  for (const char* e :
       {"", "   ", "2 ** 10", "__import__('os')", "capture.keys()", "exit_code == 1000000000", "-1000000000 < 0",
        "0x3B9ACA00", "99999999999999999999", "lambda: 1", "x > 1", "[1][0]", "exit_code in (1, 2)",
        "exit_code is None", "exit_code not in capture", "abs(exit_code)", "math.pi", "math.sqrt(2)", "capture['a'][0]",
        "capture[1:2]", "capture[1, 2]", "f'{exit_code}'", "'a' b'b'", "b'\xc3\xa9'", "'\\x4'", "'\\u12'",
        "'\\U00110000'", "int(capture['n'], base=16)", "float(*capture)", "len(x for x in capture)", "(exit_code := 1)",
        "exit_code\n== 1", "exit_code ==", "1 if 2", "()", "(1,)", "{1: 2}", "{1}", "~1", "1 << 2", "1 & 2", "1 | 2",
        "1 ^ 2", "1 @ 2", "007", "1__0", "1_", "0x", "1e", "0x1g", "1.__class__", "exit_code==1;", "exit_code = 1",
        "a\u00a0== 1", "exit_code\x0b== 1", "# only a comment", "'unterminated", "exit_code \\ == 1", "await exit_code",
        "yield", "not", "float(1)(2)", "capture.get('a')", "(float(1))(2)",
        // aorta's newest sandbox: no Mult or Mod, and capture[...] takes a str literal only
        "exit_code * 2", "capture['x'] % 2", "capture[capture['k']] == 'v'", "capture[0]", "capture[b'k']",
        "capture[exit_code]", "capture['a' if 1 else 'b']", "capture[-'a']"})
    CHECK_MESSAGE(SandboxConditionError(e).has_value(), std::string(e));
}

TEST_CASE("sandbox: the length cap counts code points after str.strip()") {
  std::string ascii = "'" + std::string(254, 'a') + "'";
  std::string wide = "'";
  for (int i = 0; i < 254; ++i) wide += "\xc3\xa9";
  wide += "'";
  CHECK(!SandboxConditionError("  " + ascii + "\n"));
  CHECK(!SandboxConditionError(wide));  // 256 code points in 510 bytes
  CHECK(SandboxConditionError(ascii + " " + "== 'b'").has_value());
  CHECK(SandboxConditionError("'" + std::string(255, 'a') + "'").has_value());
}

TEST_SUITE_END();
