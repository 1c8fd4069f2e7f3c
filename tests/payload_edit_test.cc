// Incremental payload re-parsing (load/payload_edit.h): after any sequence of
// edits, the re-used tree, and the facts kept for the statements it re-used,
// must equal a parse from scratch.
#include <doctest/doctest.h>

#include <cstdlib>
#include <memory>
#include <random>
#include <sstream>

#include "load/payload_edit.h"
#include "load/payload_loader.h"
#include "load/python_shape.h"
#include "model/payload.h"
#include "python_gen.h"

namespace aortalint {
namespace {

std::string Sexp(const Payload& p) {
  char* s = ts_node_string(p.root());
  std::string out(s);
  std::free(s);
  return out;
}

// A node as the rules can use it: where it is, what it is, and its parent found through the tree it names
// (tree-sitter finds a parent by descending from the root, so a node of another tree, or moved wrongly,
// shows here).
std::string NodeFacts(const Payload& p, TSNode n) {
  if (ts_node_is_null(n)) return "null";
  std::ostringstream o;
  TSPoint a = ts_node_start_point(n), b = ts_node_end_point(n);
  o << ts_node_type(n) << ' ' << ts_node_start_byte(n) << '-' << ts_node_end_byte(n) << " (" << a.row << ',' << a.column
    << ")-(" << b.row << ',' << b.column << ") '" << p.Text(n) << "'";
  TSNode parent = ts_node_parent(n);
  if (!ts_node_is_null(parent)) o << " in " << ts_node_type(parent) << '@' << ts_node_start_byte(parent);
  if (n.tree != p.tree.get()) o << " OF ANOTHER TREE";
  return o.str();
}

// Every fact a rule can read.
std::string Facts(const Payload& p) {
  std::ostringstream o;
  for (const ImportStmt& s : p.imports) testing::WriteImportFacts(o, s);
  for (const CallSite& c : p.calls)
    o << "call " << c.callee << ' ' << c.span.begin << '-' << c.span.end << " l" << c.line << " f" << c.in_function
      << ' ' << NodeFacts(p, c.node) << '\n';
  if (p.main_guard)
    o << "guard " << NodeFacts(p, p.main_guard->node) << " body " << NodeFacts(p, p.main_guard->body) << ' '
      << p.main_guard->span.begin << '-' << p.main_guard->span.end << " nested " << p.main_guard->nested << '\n';
  o << "work at load: line " << p.module_call_line << '\n';
  for (const std::string& s : p.strings) o << "string " << s << '\n';
  for (TSNode n : p.string_literals) o << "literal " << NodeFacts(p, n) << '\n';
  for (TSNode n : p.decorators) o << "decorator " << NodeFacts(p, n) << '\n';
  for (const std::string& s : p.string_tails) o << "tail " << s << '\n';
  for (const auto& [k, v] : p.constants) o << "const " << k << '=' << v << '\n';
  for (const EnvWrite& w : p.env_writes)
    o << "env " << w.variable << ' ' << w.span.begin << '-' << w.span.end << " l" << w.line << '\n';
  for (const SyntaxProblem& s : p.syntax_problems)
    o << "syntax " << s.span.begin << '-' << s.span.end << ' ' << s.missing << '|' << s.refused << '\n';
  for (const std::string& m : p.proton_modules) o << "pm " << m << '\n';
  for (const std::string& m : p.language_modules) o << "lm " << m << '\n';
  for (const auto& [k, v] : p.proton_functions) o << "pf " << k << '=' << v << '\n';
  return o.str();
}

// Replaces [a, b) of `text` with `inserted`, described as an editor sends it, UTF-8 kept whole.
TextChange Replace(std::string& text, uint32_t a, uint32_t b, const std::string& inserted) {
  auto boundary = [&](uint32_t& at) {
    while (at < text.size() && (static_cast<unsigned char>(text[at]) & 0xC0) == 0x80) ++at;
  };
  boundary(a);
  b = std::max(a, b);
  boundary(b);
  TextChange c = DescribeChange(SourceFile("/p.py", text), Span{a, b}, inserted);
  text.replace(a, b - a, inserted);
  return c;
}

TEST_CASE("payload edit: points count rows and byte columns") {
  TextChange c = DescribeChange(SourceFile("/p.py", "ab\ncdé\nf"), Span{4, 8}, "x\nyz");
  CHECK(c.start_point.row == 1);
  CHECK(c.start_point.column == 1);
  CHECK(c.old_end_point.row == 2);
  CHECK(c.old_end_point.column == 0);
  CHECK(c.new_end == 8);
  CHECK(c.new_end_point.row == 2);
  CHECK(c.new_end_point.column == 2);
  // As the parse counts them: a byte order mark is in row 0's columns, and a lone CR ends a line too.
  SourceFile marked("/p.py",
                    "\xEF\xBB\xBF"
                    "ab\r\ncd\re");
  CHECK(DescribeChange(marked, Span{4, 4}, "").start_point.column == 4);
  TextChange crlf = DescribeChange(marked, Span{7, 10}, "");
  CHECK(crlf.start_point.row == 1);
  CHECK(crlf.start_point.column == 0);
  CHECK(crlf.old_end_point.row == 2);
  CHECK(crlf.old_end_point.column == 0);
}

TEST_CASE("payload edit: an edited tree parses to what a fresh parse gives") {
  std::string text =
      "import torch\nimport triton.profiler as proton\n\n\ndef main():\n    proton.start(\"é\")\n"
      "    x = torch.ones(4)\n    return 0\n\n\nif __name__ == \"__main__\":\n    main()\n";
  std::shared_ptr<const Payload> payload = ParsePayload(std::make_shared<SourceFile>("/p.py", text));
  REQUIRE(payload->ok());
  std::mt19937 random(7);
  const char* inserts[] = {"", "x", "\n", "    y = (1,\n", "é", ")", "def f():\n    pass\n"};
  for (int round = 0; round < 200; ++round) {
    uint32_t a = random() % (text.size() + 1), b = random() % (text.size() + 1);
    if (a > b) std::swap(a, b);
    b = std::min<uint32_t>(b, a + 6);
    // Keep UTF-8 intact: edits start and end on character boundaries.
    while (a < text.size() && (static_cast<unsigned char>(text[a]) & 0xC0) == 0x80) ++a;
    b = std::max(a, b);
    while (b < text.size() && (static_cast<unsigned char>(text[b]) & 0xC0) == 0x80) ++b;
    std::string inserted = inserts[random() % std::size(inserts)];
    std::vector<TextChange> changes{DescribeChange(SourceFile("/p.py", text), Span{a, b}, inserted)};
    text.replace(a, b - a, inserted);
    auto source = std::make_shared<SourceFile>("/p.py", text);
    payload = ReparsePayload(source, payload.get(), changes);
    std::shared_ptr<const Payload> fresh = ParsePayload(source);
    REQUIRE(Sexp(*payload) == Sexp(*fresh));
    CHECK(payload->imports.size() == fresh->imports.size());
  }
}

TEST_CASE("payload edit: facts kept across random edits equal those of a parse from scratch") {
  // What a keystroke or a paste brings: code the facts are made of, and what breaks or joins statements.
  const char* inserts[] = {"",
                           "x",
                           "\n",
                           " ",
                           "    ",
                           "(",
                           ")",
                           "'",
                           "\"",
                           "#",
                           ":",
                           ";",
                           "\\\n",
                           "import torch\n",
                           "import triton.profiler as proton\n",
                           "proton.start(\"run\")\n",
                           "    proton.finalize()\n",
                           "_ENV = \"AORTA_PROTON_\"\n",
                           "os.environ[_ENV + 'DIR'] = '1'\n",
                           "@proton.profile\n",
                           "def go():\n    start()\n",
                           "main()\n",
                           "if __name__ == \"__main__\":\n    main()\n",
                           "\"\"\"",
                           "é"};
  std::mt19937 rng(32);
  size_t rounds = 0, reused = 0, kept = 0;
  for (int file = 0; file < 60; ++file) {
    std::string text = testing::Generate(rng);
    std::shared_ptr<const Payload> payload = ParsePayload(std::make_shared<SourceFile>("/p.py", text));
    REQUIRE(payload->ok());
    for (int round = 0; round < 40; ++round, ++rounds) {
      // One to three changes at a time, each in the text the one before it left (as in a didChange).
      std::vector<TextChange> changes;
      for (int n = 1 + rng() % 3; n > 0; --n) {
        uint32_t a = rng() % (text.size() + 1);
        uint32_t b = std::min<uint32_t>(static_cast<uint32_t>(text.size()), a + rng() % 8);
        changes.push_back(Replace(text, a, rng() % 3 ? a : b, inserts[rng() % std::size(inserts)]));
      }
      auto source = std::make_shared<SourceFile>("/p.py", text);
      std::shared_ptr<const Payload> edited = ReparsePayload(source, payload.get(), changes);
      std::shared_ptr<const Payload> fresh = ParsePayload(source);
      CAPTURE(text);
      REQUIRE(Sexp(*edited) == Sexp(*fresh));
      REQUIRE(Facts(*edited) == Facts(*fresh));
      CHECK(fresh->statements_walked == fresh->statements.size());
      reused += edited->statements_walked < edited->statements.size();
      kept += edited->statements.size() - edited->statements_walked;
      payload = edited;
    }
  }
  // The facts of statements an edit left alone were kept (not walked again) in most rounds: the rest changed a
  // module constant, or left tree-sitter nothing to reuse.
  CHECK(rounds == 2400);
  CHECK(reused * 2 > rounds);
}

TEST_CASE("payload edit: an edit in one function of 1,250 walks that function alone") {
  std::string text = "import torch\nimport triton.profiler as proton\n\n\n";
  for (int i = 0; i < 1250; ++i)
    text += "def step_" + std::to_string(i) + "(x):\n    y = x * " + std::to_string(i) +
            " + 1\n    return torch.relu(y)\n\n";
  text += "if __name__ == \"__main__\":\n    proton.start(\"run\")\n    step_0(torch.ones(4))\n    proton.finalize()\n";
  std::shared_ptr<const Payload> payload = ParsePayload(std::make_shared<SourceFile>("/p.py", text));
  REQUIRE(payload->statements.size() == 1253);
  uint32_t at = static_cast<uint32_t>(text.find("y = x * 700 + 1") + 8);
  std::vector<TextChange> changes{Replace(text, at, at + 1, "9")};
  auto source = std::make_shared<SourceFile>("/p.py", text);
  std::shared_ptr<const Payload> edited = ReparsePayload(source, payload.get(), changes);
  CHECK(edited->statements_walked == 1);
  CHECK(Facts(*edited) == Facts(*ParsePayload(source)));
  // A new module constant may change what every string resolves to: all is walked again.
  changes = {Replace(text, 0, 0, "_ENV = \"AORTA_\"\n")};
  source = std::make_shared<SourceFile>("/p.py", text);
  std::shared_ptr<const Payload> constant = ReparsePayload(source, edited.get(), changes);
  CHECK(constant->statements_walked == constant->statements.size());
  CHECK(Facts(*constant) == Facts(*ParsePayload(source)));
}

TEST_CASE("payload edit: an import whose facts are kept joins the sorter block of what is now before it") {
  // Comments between imports keep them in one block, and keep an edit's re-parse off the next import.
  std::string text =
      "import os\n# one\n# two\nimport sys\n# three\n# four\nimport torch\n\n\ndef main():\n    return 0\n";
  std::shared_ptr<const Payload> payload = ParsePayload(std::make_shared<SourceFile>("/p.py", text));
  REQUIRE(payload->imports.size() == 3);
  CHECK(payload->imports[2].block == 0);
  for (auto [from, to] : {std::pair<std::string, std::string>{"import sys", "x = 1"},
                          {"x = 1", "# isort: split"},
                          {"# isort: split", "import sys"}}) {
    CAPTURE(to);
    uint32_t at = static_cast<uint32_t>(text.find(from));
    std::vector<TextChange> changes{Replace(text, at, at + static_cast<uint32_t>(from.size()), to)};
    auto source = std::make_shared<SourceFile>("/p.py", text);
    std::shared_ptr<const Payload> edited = ReparsePayload(source, payload.get(), changes);
    CHECK(edited->statements_walked < edited->statements.size());  // the torch import's facts are kept
    std::shared_ptr<const Payload> fresh = ParsePayload(source);
    CHECK(edited->imports.back().block == fresh->imports.back().block);
    CHECK(Facts(*edited) == Facts(*fresh));
    payload = edited;
  }
  CHECK(payload->imports[2].block == 0);
}

std::string ShapeFacts(const PythonShape& s) {
  std::ostringstream o;
  for (const PythonRefusal& r : s.refused)
    o << "refused " << r.statement.begin << '-' << r.statement.end << " at " << r.at.begin << ": " << r.message << '\n';
  for (const Span& k : s.skipped) o << "skipped " << k.begin << '-' << k.end << '\n';
  for (const CleanLine& c : s.clean) o << "clean " << c.first << " row " << c.second << '\n';
  return o.str();
}

TEST_CASE("payload edit: the shape scan of an edit's lines equals a scan of the whole text") {
  // Texts at each limit of the scan (brackets, tokens in one expression, comment runs), with strings and
  // brackets that span lines, edited where a change can carry past its own line.
  std::string deep = "x = " + std::string(200, '(') + "1" + std::string(200, ')') + "\n";
  std::string chain = "y = 1";
  for (int i = 0; i < 4998; ++i) chain += " + a";  // 9,999 tokens
  chain += "\n";
  std::string comments = "x = 1\n";
  for (int i = 0; i < 1000; ++i) comments += "# line " + std::to_string(i) + "\n";
  comments += "x = 1\n";
  const std::string parts[] = {deep,
                               chain,
                               comments,
                               "def f(a,\n      b):\n    return f'{a}{b:>{w}}'\n",
                               "TEXT = '''\nimport torch\n(\n'''\n",
                               "total = 1 + \\\n    2\n",
                               "table = [\n    1,\n    2,\n]\n",
                               "print('x')  # trailing\n",
                               "\n"};
  const char* const inserts[] = {"",  "(",   ")",   "[", "]",    "#", "# c\n", "\n", "\\\n",
                                 "'", "'''", "f'{", "}", " + a", ",", "x",     ":"};
  std::mt19937 rng(3232);
  size_t compared = 0, left_out = 0;
  for (int file = 0; file < 12; ++file) {
    std::string text;
    for (int i = 0; i < 14; ++i) text += parts[rng() % std::size(parts)];
    PythonShape was = ShapePython(text, true);
    REQUIRE(was.plain());
    for (int round = 0; round < 40; ++round) {
      std::string before = text;
      uint32_t a = rng() % (text.size() + 1);
      uint32_t b = std::min<uint32_t>(static_cast<uint32_t>(text.size()), a + rng() % 4);
      text.replace(a, b - a, inserts[rng() % std::size(inserts)]);
      PythonShape whole = ShapePython(text, true);
      PythonShape edited = ShapePythonAfterEdit(before, was.clean, text);
      CAPTURE(a);
      REQUIRE(ShapeFacts(edited) == ShapeFacts(whole));
      ++compared;
      if (whole.plain()) {
        was = std::move(whole);
      } else {
        ++left_out;  // the editor scans the next edit whole: go on from the text before
        text = before;
      }
    }
  }
  // A line and a bracket inserted: the last byte changed begins a line that the old scan had clean (moved).
  CHECK(ShapeFacts(ShapePythonAfterEdit("x\n\ny\n", ShapePython("x\n\ny\n", true).clean, "x\n\n\n(y\n")) ==
        ShapeFacts(ShapePython("x\n\n\n(y\n", true)));
  // Both kinds of edit were met: ones that leave the text plain, and ones that make the scan refuse or skip.
  CHECK(compared == 480);
  CHECK(left_out > 10);
}

}  // namespace
}  // namespace aortalint
