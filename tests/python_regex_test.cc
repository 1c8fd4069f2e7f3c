// PythonRegexError: Python-only syntax accepted, Python's own errors caught.
#include <doctest/doctest.h>

#include "python/regex.h"
#include "python/unicode_tables.h"

// Python's and PyYAML's behaviour as the port reproduces it (ctest -L python-fidelity).
TEST_SUITE_BEGIN("python-fidelity");

namespace aortalint {

TEST_CASE("patterns Python's re compiles are accepted") {
  for (const char* p :
       {R"(step (?P<n>\d+) took (?P<ms>[0-9.]+) ms)", R"((?i)^STEP)", R"((?x) a \  b  # comment)", R"(\Astep\Z)",
        R"(a{,3})", R"({literal})", R"(x{2,}+)", R"((?<=a)b(?<!c))", R"((?P<g>a)(?P=g))", R"((?:a|b)(?#note)c)",
        R"([]a])", R"([\b\d-])", R"((a)?(?(1)b|c))", R"(\x41\u0041\N{DIGIT ONE})", R"((?s:.)+)",
        // A repeated look-around, and repeats past libstdc++'s NFA limits (both std::regex refused).
        R"((?=a)*)", R"((?<=a){2})", R"(.{0,100000})", R"(a{1000000000})",
        // Look-behinds of one fixed width, however spelled; mixed flags Python takes.
        R"((?<=ab|cd)x)", R"((?<=a{2})x)", R"((?<=(?:ab){2}|abab)x)", R"((?<=[ab]c\.)x)", R"((?<=\bab)x)",
        R"((?<=^a)b)", R"((?im-s:a))", R"((?uu)a)"}) {
    CAPTURE(p);
    CHECK_FALSE(PythonRegexError(p));
  }
}

TEST_CASE("Python's own compile errors are reported") {
  for (const char* p : {"(a", "a)", "[a", R"(\q)", "a(?i)", R"((?P<1>a))", R"((?P<a>x)(?P<a>y))", R"((?P=nope))",
                        "(?<name>a)", "*a", "a{3,2}", R"((a\1))", "[z-a]", R"(\x4)", R"(\1?)",
                        // Look-behinds whose branches or repeats differ in width (`(?<=step |iter )`).
                        "(?<=ab|c)d", R"((?<=\d+)ms)", "(?<!a*)b", "(?<=steps |iter )x", "(?<=a?)b", "(?<=a|$)b",
                        // Inline flags Python refuses.
                        "(?L)a", "(?au)a", "(?i-i:a)", "(?-a:b)", "(?i-:a)", "(?a)(?u)x"}) {
    CAPTURE(p);
    CHECK(PythonRegexError(p));
  }
}

TEST_CASE("group names are identifiers as str.isidentifier() says, on Unicode") {
  for (const char* p : {"(?P<\u00e9>x)", "(?P<\u03c9ms>x)(?P=\u03c9ms)", "(?P<\u6642\u9593>x)", "(?P<_1>x)",
                        "(?P<a\u0301>x)"}) {  // a combining accent continues a name
    CAPTURE(p);
    CHECK_FALSE(PythonRegexError(p));
  }
  for (const char* p : {"(?P<1a>x)", "(?P<\u00b7a>x)", "(?P<a-b>x)", "(?P<\u2160\u00bd>x)"}) {
    CAPTURE(p);
    CHECK(PythonRegexError(p));
  }
  CHECK(PyIsIdentifier("\u2160"));      // ROMAN NUMERAL ONE is a letter number: an identifier
  CHECK_FALSE(PyIsIdentifier("\xff"));  // malformed UTF-8
  CHECK(PyDecimalValue(U'\u0669') == 9);
  CHECK(PyDecimalValue(U'\u00b2') == -1);  // superscript two: a digit, not a decimal
}

}  // namespace aortalint

TEST_SUITE_END();
