// Selective parsing (load/python_scan.h, PayloadParse::kSelective) against
// the full parse: over every payload of the fixtures and examples, and over
// thousands of generated payloads that mix the shapes the rules read (imports
// in every spelling, Proton calls through aliases, environment writes,
// AORTA_ strings, module constants, f-strings, `__main__` guards) with noise
// (kernels, strings and comments that look like code, brackets and strings
// spanning column 0, continuations), nested in functions, classes, if/try,
// with, for and decorators. The facts the rules read, and the diagnostics of
// a whole `check` run, must be identical; a syntax error (SYN002) is found
// only inside the statements parsed, so SYN002 findings of a selective run
// must be a subset of the full run's.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <random>
#include <sstream>

#include "driver/check.h"
#include "load/payload_loader.h"
#include "load/python_scan.h"
#include "python_gen.h"
#include "test_util.h"

namespace aortalint {
namespace {

namespace fs = std::filesystem;
using testing::Generate;
using testing::Pick;

// The facts rules read, written out; strings only where a rule could match them.
std::string Facts(const Payload& p) {
  std::ostringstream o;
  for (const ImportStmt& s : p.imports) testing::WriteImportFacts(o, s);
  for (const CallSite& c : p.calls) {
    std::string f = p.ProtonFunction(c.callee);
    if (!f.empty())
      o << "call " << c.callee << '=' << f << ' ' << c.span.begin << '-' << c.span.end << " l" << c.line << " f"
        << c.in_function << '\n';
  }
  o << "work at load: line " << p.module_call_line << '\n';
  if (p.main_guard) o << "guard " << p.main_guard->span.begin << '-' << p.main_guard->span.end << '\n';
  for (const std::string& s : p.strings)
    if (s.find("AORTA") != std::string::npos || s.find("PROTON_") != std::string::npos) o << "string " << s << '\n';
  for (const std::string& s : p.string_tails) o << "tail " << s << '\n';
  for (TSNode s : p.string_literals)
    if (p.Text(s).find(".hatchet") != std::string_view::npos) o << "literal " << p.Text(s) << '\n';
  for (TSNode d : p.decorators)
    if (!p.ProtonFunction(p.Text(ts_node_named_child(d, 0))).empty()) o << "decorator " << p.Text(d) << '\n';
  for (const auto& [k, v] : p.constants) o << "const " << k << '=' << v << '\n';
  for (const EnvWrite& w : p.env_writes) o << "env " << w.variable << ' ' << w.span.begin << " l" << w.line << '\n';
  for (const std::string& m : p.proton_modules) o << "pm " << m << '\n';
  for (const std::string& m : p.language_modules) o << "lm " << m << '\n';
  for (const auto& [k, v] : p.proton_functions) o << "pf " << k << '=' << v << '\n';
  return o.str();
}

struct Compared {
  bool scanned = false;    // the scanner took it (did not give up)
  bool selective = false;  // fewer than all statements parsed
  bool clean = false;      // the full parse found no syntax error
};

Compared Compare(const std::string& name, const std::string& text) {
  auto full = ParsePayload(std::make_shared<SourceFile>(name, text), nullptr, PayloadParse::kFull);
  auto sel = ParsePayload(std::make_shared<SourceFile>(name, text), nullptr, PayloadParse::kSelective);
  PyScan scan = ScanPython(text);
  Compared out{scan.ok, scan.ok && scan.triggered < scan.statements.size(), full->syntax_problems.empty()};
  REQUIRE(full->ok());
  REQUIRE(sel->ok());
  CAPTURE(name);
  CAPTURE(text);
  CAPTURE(scan.why);
  // Every syntax error a selective parse finds, the full parse finds too.
  for (const SyntaxProblem& s : sel->syntax_problems)
    CHECK(std::any_of(full->syntax_problems.begin(), full->syntax_problems.end(),
                      [&](const SyntaxProblem& f) { return f.span == s.span && f.missing == s.missing; }));
  // With an error, tree-sitter's recovery may swallow statements around it in
  // the full parse that the selective one reads apart: compare clean payloads.
  if (out.clean) {
    CHECK(sel->syntax_problems.empty());
    CHECK(Facts(*sel) == Facts(*full));
  }
  return out;
}

// ---- generated payloads ----

TEST_CASE("selective parse: every fixture and example payload has the facts of a full parse") {
  size_t files = 0, selective = 0;
  for (const char* root : {"fixtures", "examples"}) {
    fs::path dir = fs::path(AORTALINT_SOURCE_DIR) / root;
    if (!fs::exists(dir)) continue;
    for (const fs::directory_entry& e : fs::recursive_directory_iterator(dir)) {
      if (e.path().extension() != ".py") continue;
      ++files;
      selective += Compare(e.path().string(), testing::ReadFile(e.path())).selective;
    }
  }
  CHECK(files >= 20);
  CHECK(selective > 0);
}

TEST_CASE("selective parse: 3,000 generated payloads have the facts of a full parse") {
  std::mt19937 rng(14);
  size_t clean = 0, scanned = 0, selective = 0;
  for (int i = 0; i < 3000; ++i) {
    Compared c = Compare("gen" + std::to_string(i) + ".py", Generate(rng));
    clean += c.clean;
    scanned += c.scanned;
    selective += c.selective;
  }
  // The generator writes valid Python, and the scanner takes nearly all of it.
  CHECK(clean == 3000);
  CHECK(scanned >= 2900);
  CHECK(selective >= 1000);
}

// ---- whole runs: diagnostics ----

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  std::sort(out.begin(), out.end());
  return out;
}

std::string CheckRun(const std::vector<std::string>& paths, bool full) {
  CheckOptions o;
  o.paths = paths;
  o.format = "concise";
  o.no_cache = true;
  o.jobs = 1;
  o.full_parse = full;
  o.exit_zero = true;
  std::ostringstream out, err;
  RunCheck(o, out, err);
  return out.str() + err.str();
}

void CompareRuns(const std::vector<std::string>& paths) {
  std::vector<std::string> full = Lines(CheckRun(paths, true));
  std::vector<std::string> sel = Lines(CheckRun(paths, false));
  std::vector<std::string> full_other, sel_other, full_syn, sel_syn;
  for (const std::string& l : full) (l.find("[SYN002]") != std::string::npos ? full_syn : full_other).push_back(l);
  for (const std::string& l : sel) (l.find("[SYN002]") != std::string::npos ? sel_syn : sel_other).push_back(l);
  CHECK(full_other.size() > 0);
  // The summary line counts SYN002 too: compare it only when they agree.
  auto summary = [](std::vector<std::string>& v) {
    std::erase_if(v, [](const std::string& l) {
      return l.find(" in ") != std::string::npos && l.find(": ") == std::string::npos;
    });
  };
  if (full_syn.size() != sel_syn.size()) {
    summary(full_other);
    summary(sel_other);
  }
  CHECK(sel_other == full_other);
  for (const std::string& l : sel_syn) CHECK(std::find(full_syn.begin(), full_syn.end(), l) != full_syn.end());
}

TEST_CASE("selective parse: every rule fixture folder gives the diagnostics of a full parse") {
  fs::path dir = fs::path(AORTALINT_SOURCE_DIR) / "fixtures" / "rules";
  std::vector<std::string> folders;
  for (const fs::directory_entry& e : fs::directory_iterator(dir))
    if (e.is_directory()) folders.push_back(e.path().string());
  std::sort(folders.begin(), folders.end());
  REQUIRE(folders.size() >= 40);
  for (const std::string& f : folders) {
    CAPTURE(f);
    std::vector<std::string> full = Lines(CheckRun({f}, true));
    std::vector<std::string> sel = Lines(CheckRun({f}, false));
    if (f.ends_with("SYN002")) {
      for (const std::string& l : sel) {
        bool summary = l.find(" in ") != std::string::npos;
        CHECK((std::find(full.begin(), full.end(), l) != full.end() || summary));
      }
    } else {
      CHECK(sel == full);
    }
  }
}

TEST_CASE("selective parse: 600 generated recipe and payload pairs give the diagnostics of a full parse") {
  fs::path root = testing::TempDir("selective");
  testing::WriteFile(root / ".aortalint.yaml", "mitigations: [hipblaslt_no_tuning]\n");
  const char* const collect[] = {
      "collect:\n  proton:\n    mode: env\n    backend: roctracer\n",
      "collect:\n  proton:\n    mode: cli\n",
      "collect:\n  proton: {mode: env, backend: instrumentation, instrumentation_mode: default}\n",
      "collect:\n  proton: {mode: cli, backend: instrumentation}\n",
      "collect:\n  rocprof:\n    trace: kernel\n",
  };
  std::mt19937 rng(1414);
  for (int i = 0; i < 600; ++i) {
    std::string name = "p" + std::to_string(i);
    fs::create_directories(root / name);
    testing::WriteFile(root / name / "payload.py", Generate(rng));
    testing::WriteFile(root / name / "recipe.yaml",
                       "#   aorta sweep run --recipe " + name + "/recipe.yaml \\\n#     -- python " + name +
                           "/payload.py\nschema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\n"
                           "diagnostic_axis: [none]\n" +
                           Pick(rng, collect));
  }
  CompareRuns({root.string()});
  fs::remove_all(root);
}

// ---- the scanner itself ----

TEST_CASE("python scan: statements, clauses, decorators and what makes it give up") {
  PyScan s = ScanPython(
      "import os\n\n@dec\ndef f():\n    x = '''\nnot a statement\n'''\n\nif a:\n    pass\nelse:\n    pass\n"
      "print(1)\n");
  REQUIRE(s.ok);
  REQUIRE(s.statements.size() == 4);
  CHECK(s.statements[0].trigger);        // import
  CHECK_FALSE(s.statements[1].trigger);  // the decorated def, string included
  CHECK(s.statements[1].row == 1);       // from the blank line after the import
  CHECK(s.statements[2].row == 7);       // if ... else: one statement
  CHECK(s.statements[2].end_row == 12);
  CHECK(s.statements[2].trigger);  // a top-level block: a call in it is work at load
  CHECK(s.statements[3].trigger);  // a simple statement: work at load
  // An alias is what the module binds: `go` triggers, `start` does not.
  CHECK(ScanPython("from triton.profiler import start as go\ndef a():\n    go()\ndef b():\n    start()\n").triggered ==
        2);
  PyScan alias = ScanPython("import triton.profiler as p\ndef f():\n    foo()\ndef g():\n    p.start()\n");
  CHECK_FALSE(alias.statements.at(1).trigger);
  CHECK(alias.statements.at(2).trigger);
  CHECK(ScanPython("def f():\n    return f\"{a}NAME\"\n").statements[0].trigger);
  CHECK(ScanPython("def f():\n    return E + 'NAME'\nE = 'AORTA_PROTON_'\n").statements[0].trigger);
  CHECK_FALSE(ScanPython("def f():\n    return E + 'NAME'\nE = 'x'\n").statements[0].trigger);
  // A module's own function called at load, and the statement before an import.
  CHECK(ScanPython("def add(a, b):\n    return a\nout = add(1, 2)\n").statements[0].trigger);
  CHECK_FALSE(ScanPython("def add(a, b):\n    return a\nout = sub(1, 2)\n").statements[0].trigger);
  PyScan split = ScanPython("import a\ndef f():\n    pass\n# isort: split\nimport b\n");
  CHECK(split.statements.at(1).trigger);
  CHECK(split.statements.at(2).row == 3);  // the comment above an import is in its range
  CHECK_FALSE(ScanPython("x = (1,\n").ok);
  CHECK_FALSE(ScanPython("x = 'abc\n").ok);
  CHECK_FALSE(ScanPython("x = \"\"\"abc\n").ok);
  CHECK_FALSE(ScanPython("  x = 1\n").ok);
  CHECK_FALSE(ScanPython("x = (1]\n").ok);
  CHECK_FALSE(ScanPython("x = 1\ry = 2\n").ok);
  CHECK_FALSE(ScanPython("x = f'{a['k']}'\n").ok);  // 3.12's reused quote: parsed whole
  CHECK(ScanPython("x = 1").statements.at(0).end == 5);
}

}  // namespace
}  // namespace aortalint
