// The YAML loader: PyYAML's safe_load typing, spans, duplicates, merges, and
// hostile input that must give a diagnostic, never a crash or a hang.
#include <doctest/doctest.h>

#include <chrono>
#include <string>

#include "load/yaml_loader.h"
#include "python/json.h"

// Python's and PyYAML's behaviour as the port reproduces it (ctest -L python-fidelity).
TEST_SUITE_BEGIN("python-fidelity");

namespace aortalint {
namespace {

YamlDocument Parse(std::string text) { return ParseYaml(std::make_shared<SourceFile>("t.yaml", std::move(text))); }

const yaml::Node& Value(const YamlDocument& doc, std::string_view key) {
  REQUIRE(doc.ok());
  const yaml::Node* n = doc.root->Get(key);
  REQUIRE(n != nullptr);
  return *n;
}

TEST_CASE("plain scalars are typed as PyYAML's YAML 1.1 resolver types them") {
  struct Case {
    const char* text;
    yaml::Kind kind;
  };
  const Case cases[] = {
      {"yes", yaml::Kind::kBool},     {"No", yaml::Kind::kBool},
      {"ON", yaml::Kind::kBool},      {"off", yaml::Kind::kBool},
      {"True", yaml::Kind::kBool},    {"yEs", yaml::Kind::kStr},
      {"y", yaml::Kind::kStr},        {"~", yaml::Kind::kNull},
      {"null", yaml::Kind::kNull},    {"", yaml::Kind::kNull},
      {"NULL", yaml::Kind::kNull},    {"nUll", yaml::Kind::kStr},
      {"3", yaml::Kind::kInt},        {"-3", yaml::Kind::kInt},
      {"0x1F", yaml::Kind::kInt},     {"017", yaml::Kind::kInt},
      {"0b101", yaml::Kind::kInt},    {"1_000", yaml::Kind::kInt},
      {"1:30", yaml::Kind::kInt},     {"08", yaml::Kind::kStr},
      {"1e3", yaml::Kind::kStr},      {"1.0e3", yaml::Kind::kStr},
      {"1.0e+3", yaml::Kind::kFloat}, {"1.5", yaml::Kind::kFloat},
      {"1.", yaml::Kind::kFloat},     {".5", yaml::Kind::kFloat},
      {".inf", yaml::Kind::kFloat},   {"-.INF", yaml::Kind::kFloat},
      {".NaN", yaml::Kind::kFloat},   {"3.8", yaml::Kind::kFloat},
      {"3.7.1", yaml::Kind::kStr},    {"2024-01-31", yaml::Kind::kTimestamp},
      {"auto", yaml::Kind::kStr},
  };
  for (const Case& c : cases) {
    CAPTURE(c.text);
    YamlDocument doc = Parse(std::string("v: ") + c.text + "\n");
    CHECK(Value(doc, "v").kind == c.kind);
  }
}

TEST_CASE("quoted and block scalars are strings, explicit tags are honoured") {
  YamlDocument doc = Parse("a: 'yes'\nb: \"3\"\nc: |\n  text\nd: !!str 5\ne: !!int '7'\n");
  CHECK(Value(doc, "a").kind == yaml::Kind::kStr);
  CHECK(Value(doc, "b").kind == yaml::Kind::kStr);
  CHECK(Value(doc, "c").text == "text\n");
  CHECK(Value(doc, "d").kind == yaml::Kind::kStr);
  CHECK(Value(doc, "e").kind == yaml::Kind::kInt);
  CHECK(Value(doc, "e").integer == 7);
}

TEST_CASE("integers convert as PyYAML converts them") {
  YamlDocument doc = Parse("a: 0x10\nb: 010\nc: 1:30\nd: -1_000\ne: 99999999999999999999999\n");
  CHECK(Value(doc, "a").integer == 16);
  CHECK(Value(doc, "b").integer == 8);
  CHECK(Value(doc, "c").integer == 90);
  CHECK(Value(doc, "d").integer == -1000);
  CHECK(Value(doc, "e").integer == INT64_MAX);
}

TEST_CASE("a key that YAML 1.1 reads as a boolean is not a string key") {
  YamlDocument doc = Parse("on: 1\n");
  REQUIRE(doc.ok());
  CHECK(doc.root->Get("on") == nullptr);
  CHECK(doc.root->entries[0].key->kind == yaml::Kind::kBool);
}

TEST_CASE("spans cover keys and values exactly") {
  YamlDocument doc = Parse("collect:\n  rocprof: {stats: true, pmc: \"SQ_WAVES\"}\n");
  const yaml::Node& rocprof = *Value(doc, "collect").Get("rocprof");
  const yaml::Entry& stats = rocprof.entries[0];
  CHECK(doc.source->Slice(stats.key->span) == "stats");
  CHECK(doc.source->Slice(stats.value->span) == "true");
  CHECK(doc.source->Slice(rocprof.entries[1].value->span) == "\"SQ_WAVES\"");
  CHECK(doc.source->Locate(stats.value->span.begin) == LineCol{2, 20});
}

TEST_CASE("columns count code points, and UTF-16 columns are available") {
  YamlDocument doc = Parse("name: \"é\"\nx: 'a€😀b'\n");
  const yaml::Node& x = Value(doc, "x");
  CHECK(doc.source->Locate(x.span.end) == LineCol{2, 10});
  CHECK(doc.source->Utf16Column(x.span.end) == 10);
}

TEST_CASE("an empty value points at its key") {
  YamlDocument doc = Parse("collect:\nnext: 1\n");
  const yaml::Entry* e = doc.root->Find("collect");
  REQUIRE(e != nullptr);
  CHECK(e->value->is_null());
  CHECK(doc.source->Slice(e->value->span) == "collect");
}

TEST_CASE("duplicate keys keep the last value and are recorded") {
  YamlDocument doc = Parse("a: 1\nb: 2\na: 3\n");
  CHECK(Value(doc, "a").integer == 3);
  REQUIRE(doc.duplicates.size() == 1);
  CHECK(doc.source->Locate(doc.duplicates[0].first.begin).line == 1);
  CHECK(doc.source->Locate(doc.duplicates[0].second.begin).line == 3);
  CHECK(doc.root->entries.size() == 2);
}

TEST_CASE("anchors, aliases and merge keys resolve") {
  YamlDocument doc = Parse("base: &b {mode: env, backend: roctracer}\nx:\n  <<: *b\n  backend: cupti\ny: *b\n");
  const yaml::Node& x = Value(doc, "x");
  CHECK(x.Get("mode")->text == "env");
  CHECK(x.Get("backend")->text == "cupti");
  CHECK(doc.duplicates.empty());
  CHECK(Value(doc, "y").Get("backend")->text == "roctracer");
}

TEST_CASE("a second document is an error, as for safe_load") {
  YamlDocument doc = Parse("a: 1\n---\nb: 2\n");
  CHECK(doc.failure == YamlDocument::Failure::kSyntax);
  CHECK(doc.source->Locate(doc.failure_span.begin).line == 2);
}

TEST_CASE("an empty file and a comment-only file are None") {
  for (const char* text : {"", "# nothing here\n", "---\n"}) {
    YamlDocument doc = Parse(text);
    REQUIRE(doc.ok());
    CHECK(doc.root->is_null());
  }
}

TEST_CASE("syntax errors carry the parser's position, never column 0 of line 0 when it knows better") {
  YamlDocument doc = Parse("a: 1\nb: [1, 2\nc: 3\n");
  CHECK(doc.failure == YamlDocument::Failure::kSyntax);
  CHECK(doc.source->Locate(doc.failure_span.begin).line >= 2);
}

TEST_CASE("unknown tags are refused as safe_load refuses them") {
  YamlDocument doc = Parse("a: !python/object foo\n");
  CHECK(doc.failure == YamlDocument::Failure::kSyntax);
  CHECK(doc.failure_message.find("!python/object") != std::string::npos);
}

TEST_CASE("hostile input: an alias bomb is refused quickly") {
  std::string text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n";
  for (int i = 1; i < 10; ++i)
    text += "a" + std::to_string(i) + ": &a" + std::to_string(i) + " [*a" + std::to_string(i - 1) + ", *a" +
            std::to_string(i - 1) + ", *a" + std::to_string(i - 1) + ", *a" + std::to_string(i - 1) + ", *a" +
            std::to_string(i - 1) + ", *a" + std::to_string(i - 1) + ", *a" + std::to_string(i - 1) + ", *a" +
            std::to_string(i - 1) + ", *a" + std::to_string(i - 1) + ", *a" + std::to_string(i - 1) + "]\n";
  auto start = std::chrono::steady_clock::now();
  YamlDocument doc = Parse(text);
  CHECK(doc.failure == YamlDocument::Failure::kSyntax);
  CHECK(doc.failure_message.find("alias bomb") != std::string::npos);
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(2));
}

TEST_CASE("hostile input: a recursive alias loads as PyYAML loads it, without a cycle in the tree") {
  // aorta's safe_load accepts an alias inside the node it names; the tree holds the node once more, one level
  // down (so rules see what the alias stands for, N31), and the alias inside that copy as null.
  YamlDocument doc = Parse("a: &x\n  b: *x\n  c: 1\n");
  REQUIRE(doc.ok());
  const yaml::Node* a = doc.root->Get("a");
  REQUIRE(a);
  const yaml::Node* b = a->Get("b");
  REQUIRE(b);
  REQUIRE(b->Get("b"));
  CHECK(b->Get("b")->is_null());
  CHECK(b->Get("c")->is_int());
  CHECK(a->Get("c")->is_int());
  // A merge of the enclosing mapping from inside it adds nothing; a merge of anything else still must be a mapping.
  CHECK(Parse("base: &b\n  k: 1\n  cells:\n    - <<: *b\n      name: x\n").ok());
  CHECK(Parse("a: &b 3\nc:\n  <<: *b\n").failure == YamlDocument::Failure::kSyntax);
}

TEST_CASE("hostile input: 10,000-deep nesting gives a diagnostic") {
  for (std::string open : {"[", "{a: "}) {
    std::string text;
    for (int i = 0; i < 10000; ++i) text += open;
    YamlDocument doc = Parse(text);
    CHECK(doc.failure == YamlDocument::Failure::kSyntax);
  }
  std::string block;
  for (int i = 0; i < 10000; ++i) block += std::string(i % 200, ' ') + "- \n";
  YamlDocument doc = Parse(block);  // indentation resets keep it shallow; it must simply not crash
  CHECK((doc.ok() || doc.failure == YamlDocument::Failure::kSyntax));
}

TEST_CASE("hostile input: NUL bytes and invalid UTF-8 are unreadable, at their offset") {
  YamlDocument binary = Parse(std::string("a: 1\nb: \0\n", 10));
  CHECK(binary.failure == YamlDocument::Failure::kUnreadable);
  CHECK(binary.failure_span.begin == 8);
  YamlDocument latin1 = Parse("a: caf\xe9\n");
  CHECK(latin1.failure == YamlDocument::Failure::kUnreadable);
  YamlDocument overlong = Parse("a: \xc0\xaf\n");
  CHECK(overlong.failure == YamlDocument::Failure::kUnreadable);
}

}  // namespace
}  // namespace aortalint

namespace aortalint {
namespace {

YamlDocument ParseAs(std::string path, std::string text) {
  return ParseYaml(std::make_shared<SourceFile>(std::move(path), std::move(text)));
}

TEST_CASE("values are what safe_load returns: block scalars, folding, merges, timestamps, numeric keys") {
  YamlDocument doc = Parse(
      "keep: |+\n  kept\n\nstrip: >-\n  folded\n  text\n\n   more indented\n  back\nindent: |2\n    two\n  base\n"
      "plain: first\n  second\n\n  third\nquoted: \"one\n  two \\x41\"\n"
      "stamps: [2001-12-14t21:59:43.10-05:00, 2001-12-14t21:59:4310-05:00, 2001-1-1 1:02:03, 2001-12-14TT21:59:43]\n"
      "b: &b {x: 1, y: 2}\no: &o {y: 3, z: 4}\nm: {x: 0, <<: [*b, *o]}\nkeys: {1: one, true: two, 1.0: three}\n");
  CHECK(Value(doc, "keep").text == "kept\n\n");
  CHECK(Value(doc, "strip").text == "folded text\n\n more indented\nback");
  CHECK(Value(doc, "indent").text == "  two\nbase\n");
  CHECK(Value(doc, "plain").text == "first second\nthird");
  CHECK(Value(doc, "quoted").text == "one two A");
  // The header line is a block scalar's span: a diagnostic points there, not at its lines.
  CHECK(doc.source->text().substr(Value(doc, "keep").span.begin,
                                  Value(doc, "keep").span.end - Value(doc, "keep").span.begin) == "|+");
  const yaml::Node& stamps = Value(doc, "stamps");
  REQUIRE(stamps.items.size() == 4);
  CHECK(stamps.items[0]->kind == yaml::Kind::kTimestamp);
  CHECK(stamps.items[1]->kind == yaml::Kind::kStr);  // no '.' before the fraction: PyYAML's pattern fails
  CHECK(stamps.items[2]->kind == yaml::Kind::kTimestamp);
  CHECK(stamps.items[3]->kind == yaml::Kind::kStr);
  // Merged pairs first, then the mapping's own; of a list of merges, the first mapping's values win.
  CHECK(Value(doc, "m").Repr() == "{'y': 2, 'z': 4, 'x': 0}");
  // A dict holds 1, True and 1.0 as one key: the first key, the last value.
  CHECK(Value(doc, "keys").Repr() == "{1: 'three'}");
}

TEST_CASE("a .json recipe is read as json.loads reads it: its verdicts, its types, its positions") {
  YamlDocument pair = ParseAs("r.json", "{\"s\": \"\\ud83d\\ude00 \\ud83d\", \"e\": [], \"n\": -0}");
  REQUIRE(pair.ok());
  CHECK(pair.root->Get("s")->text == "\xF0\x9F\x98\x80 \xED\xA0\xBD");  // a pair joined; a lone surrogate kept
  CHECK(pair.root->Get("e")->span.end - pair.root->Get("e")->span.begin == 2);
  CHECK(pair.root->Get("n")->is_int());
  // json.loads takes a tab between tokens, 1e3 as a float and NaN as a float; PyYAML refuses the tab.
  YamlDocument doc = ParseAs("r.JSON", "{\t\"trials\": 1e3, \"steps\": 2, \"t\": NaN, \"s\": \"a\\u00e9\"}");
  REQUIRE(doc.ok());
  CHECK(doc.root->Get("trials")->kind == yaml::Kind::kFloat);
  CHECK(doc.root->Get("steps")->is_int());
  CHECK(doc.root->Get("t")->kind == yaml::Kind::kFloat);
  CHECK(doc.root->Get("s")->text == "a\xC3\xA9");
  CHECK(ParseAs("r.yaml", "{\t\"trials\": 1e3}").failure == YamlDocument::Failure::kSyntax);
  // What PyYAML accepts and json.loads refuses, each at Python's position.
  struct Case {
    const char* text;
    uint32_t at;
    bool yaml_ok;  // PyYAML reads it
  } refused[] = {{"{\"a\": 1,}", 8, true},       {"# c\n{}", 0, true},
                 {"{'a': 1}", 1, true},          {"{\"a\": \"\\x41\"}", 7, true},
                 {"{\"a\": \"t\tb\"}", 8, true}, {"\xEF\xBB\xBF{}", 0, true},
                 {"{\"a\": 1} x", 9, false},     {"[1, 2", 5, false}};
  for (const Case& c : refused) {
    CAPTURE(c.text);
    YamlDocument bad = ParseAs("r.json", c.text);
    CHECK(bad.failure == YamlDocument::Failure::kSyntax);
    CHECK(bad.failure_span.begin == c.at);
    CHECK((ParseAs("r.yaml", c.text).failure != YamlDocument::Failure::kSyntax) == c.yaml_ok);
  }
}

TEST_CASE("a .json recipe is refused where CPython's json.loads raises, in its words (issue 39)") {
  // int() of a literal past 4300 digits raises ValueError inside json.loads; a float of any length loads.
  std::string digits(4301, '7');
  YamlDocument big = ParseAs("r.json", "{\"trials\": " + digits + "}");
  CHECK(big.failure == YamlDocument::Failure::kSyntax);
  CHECK(big.failure_span.begin == 11);
  CHECK(big.failure_message.find("Exceeds the limit (4300 digits) for integer string conversion: value has 4301 "
                                 "digits") != std::string::npos);
  CHECK(big.failure_help.find("4300 digits") != std::string::npos);
  CHECK(ParseAs("r.json", "{\"trials\": " + digits.substr(1) + "}").ok());
  CHECK(ParseAs("r.json", "{\"t\": " + digits + ".5}").ok());
  // A \u escape points at its u, and one with nothing after its four digits is refused as an escape.
  for (const char* text : {"{\"a\": \"\\u00zz\"}", "{\"a\": \"\\u0041"}) {
    CAPTURE(text);
    YamlDocument bad = ParseAs("r.json", text);
    CHECK(bad.failure_span.begin == 8);
    CHECK(bad.failure_message.find("Invalid \\uXXXX escape") != std::string::npos);
  }
  // RecursionError names what was being decoded; a scalar costs no level.
  YamlDocument deep = ParseAs("r.json", std::string(2000, '[') + std::string(2000, ']'));
  CHECK(deep.failure_message.find(
            "maximum recursion depth exceeded while decoding a JSON array from a unicode string") != std::string::npos);
  CHECK_FALSE(CheckAsJson(std::string(990, '[') + "1" + std::string(990, ']')));
  std::optional<JsonError> over = CheckAsJson(std::string(991, '[') + std::string(991, ']'));
  REQUIRE(over);
  CHECK(over->kind == JsonError::Kind::kRecursion);
  CHECK(over->offset == 990);
  // Between PyYAML's limit and json.loads's, a .json recipe loads (aorta's loader takes the file's suffix):
  // PyYAML's limit is not applied to it.
  YamlDocument nested = ParseAs("r.json", "{\"x\": " + std::string(600, '[') + std::string(600, ']') + "}");
  CHECK_MESSAGE(nested.ok(), nested.failure_message);
  CHECK_FALSE(ParseAs("r.yaml", "x: " + std::string(600, '[') + std::string(600, ']') + "\n").ok());
}

}  // namespace
}  // namespace aortalint

TEST_SUITE_END();
