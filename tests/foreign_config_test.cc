// Foreign configuration files (load/foreign_config.h): the shapes where inih's own reading differs
// from configparser's, and where each format's errors point. tests/foreign_config_test.py compares
// whole documents with Python's tomllib and configparser.
#include <doctest/doctest.h>

#include <string>

#include "load/foreign_config.h"

namespace aortalint {
namespace {

TEST_CASE("INI values as configparser keeps them, past inih's line limit and inline comments") {
  std::string modules;
  for (int i = 0; i < 40; ++i) modules += "module_" + std::to_string(i) + ", ";
  ForeignConfig config = ReadIni("[isort]\r\nforce_to_top = " + modules + "triton\r\nprofile = black ; # kept\r\n");
  REQUIRE(config.ok());
  CHECK(config.doc["isort"]["force_to_top"] == modules + "triton");  // over 200 characters, whole
  CHECK(config.doc["isort"]["profile"] == "black ; # kept");
}

TEST_CASE("INI continuation lines: deeper than their key, blank lines kept, comments dropped") {
  ForeignConfig config = ReadIni("[s]\n  a = 1\n    2\n\n    # no\n    3\n  b = 4\n[t]\n  c = 5\n");
  REQUIRE(config.ok());
  CHECK(config.doc["s"]["a"] == "1\n2\n\n3");
  CHECK(config.doc["s"]["b"] == "4");  // as deep as `a`: a key of its own
  CHECK(config.doc["t"]["c"] == "5");
}

TEST_CASE("INI and TOML errors name the line (and TOML's column)") {
  CHECK(ReadIni("[isort]\nprofile = black\nforce_to_top\n").error ==
        "line 3: 'force_to_top' is neither a [section] header, a 'key = value' line nor a comment");
  CHECK(ReadIni("# top\nprofile = black\n").error == "line 2: 'profile' comes before any [section] header");
  CHECK(ReadIni("[isort\nprofile = black\n").error.starts_with("line 1: '[isort' is neither"));
  CHECK(ReadIni("[isort]\n= black\n").error == "line 2: '= black' has no key before its '='");
  ForeignConfig toml = ReadToml("[tool.ruff]\nselect = [\"I\"\n[tool.isort]\n");
  CHECK(toml.error.starts_with("line 3, column 1: "));
  CHECK(toml.doc.empty());
}

TEST_CASE("TOML: a dotted key, an inline table and a table header give the same document") {
  nlohmann::json dotted = ReadToml("lint.select = [\"I\"]\n").doc;
  CHECK(dotted == ReadToml("lint = { select = ['I'] }\n").doc);
  CHECK(dotted == ReadToml("[lint]\nselect = [\n  \"I\",  # isort\n]\n").doc);
  CHECK(dotted == ReadToml("[\"lint\"]\n'select' = [\"\\u0049\"]\n").doc);
  const nlohmann::json* select = Lookup(dotted, {"lint", "select"});
  REQUIRE(select);
  CHECK(*select == nlohmann::json::array({"I"}));
  CHECK(Lookup(dotted, {"lint", "select", "x"}) == nullptr);
  CHECK(Lookup(dotted, {"tool"}) == nullptr);
}

}  // namespace
}  // namespace aortalint
