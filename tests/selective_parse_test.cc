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
#include "test_util.h"

namespace aortalint {
namespace {

namespace fs = std::filesystem;

// The facts rules read, written out; strings only where a rule could match them.
std::string Facts(const Payload& p) {
  std::ostringstream o;
  for (const ImportStmt& s : p.imports) {
    o << "import " << s.span.begin << '-' << s.span.end << " l" << s.line << '-' << s.end_line << " lv" << s.level
      << " from=" << s.from << " c" << s.certain << " f" << s.in_function << " t" << s.top_level << " p" << s.proton
      << " T" << s.torch << " tc" << s.type_checking << " b" << s.block << " :";
    for (const ImportedName& n : s.names) o << ' ' << n.name << '/' << n.alias;
    for (const std::string& m : s.modules) o << " m=" << m;
    o << '\n';
  }
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

const char* const kImports[] = {
    "import triton.profiler as proton  # isort: skip  # noqa: I001",
    "import triton.profiler.language as pl",
    "from triton import profiler",
    "from triton import profiler as prof",
    "from triton.profiler import start, finalize",
    "from triton.profiler import (\n    start as go,\n    finalize as done,\n)",
    "from triton._C.libproton import proton as lp",
    "from triton.profiler.language import enter_scope, exit_scope",
    "import triton.profiler",
    "import torch",
    "import torch.nn.functional as F",
    "from torch import nn",
    "import os",
    "import os, sys",
    "import transformers",
    "from . import helper",
    "from .. import torch",
    "import triton",
    "import triton.language as tl",
    "import os, torch",
    "from os import environ",
    "import importlib; mod = importlib.import_module('torch')",
};

const char* const kUses[] = {
    "proton.start(\"run\")",
    "proton.finalize()",
    "prof.start(name=\"x\")",
    "go()",
    "done()",
    "start()",
    "finalize()",
    "triton.profiler.start()",
    "triton.profiler.finalize()",
    "profiler.start()",
    "pl.enter_scope(\"a\")",
    "pl.exit_scope(\"a\")",
    "with proton.scope(\"s\"):\n    pass",
    "enter_scope(\"x\")\nexit_scope(\"x\")",
    "lp.start()",
    "session = proton.start(\n    name=os.environ.get(\"AORTA_PROTON_NAME\") or \"run\",\n    context=\"shadow\",\n)",
    "os.environ[\"CUDA_VISIBLE_DEVICES\"] = \"0\"",
    "os.environ.setdefault(\"HIP_VISIBLE_DEVICES\", \"1\")",
    "os.putenv(\"ROCR_VISIBLE_DEVICES\", \"0\")",
    "os.environ.update({\"A\": \"1\"}, B=\"2\")",
    "os.environ[_KEY] = \"0\"",
    "environ[\"X\"] = \"1\"",
    "name = os.environ.get(\"AORTA_PROTON_NAME\")",
    "d = os.getenv(f\"{_ENV}DIR\", \".\")",
    "x = os.environ.get(_P + \"CONTEXT\")",
    "y = os.environ.get(\"{}DATA\".format(_ENV))",
    "z = os.environ.get(\"%sBACKEND\" % _ENV)",
    "w = os.environ.get(f\"{prefix}MODE\")",
    "v = os.environ.get(f\"{_ENV}HOOK\")",
    "u = os.environ.get(_NAME_VAR)",
    "t = os.environ[_ENV + 'DIR']",
    "print(f\"{x!r:>10} {d['k']} {{literal}}\")",
    "@proton.profile\ndef profiled(x):\n    return x",
    "@prof.profile(name=\"p\")\ndef named(x):\n    return x",
};

const char* const kConstants[] = {
    "_ENV = \"AORTA_PROTON_\"",
    "_P = _ENV",
    "_KEY = \"HIP_VISIBLE_DEVICES\"",
    "_NAME_VAR: str = _ENV + \"NAME\"",
    "PREFIX = 'AORTA_' 'PROTON_'",
    "prefix = compute()",
    "FLAG = True",
    "BLOCK = 1024",
    "_SUFFIXES = (\"NAME\", \"DIR\")",
};

const char* const kNoise[] = {
    "@triton.jit\ndef kernel(x_ptr, n, block: tl.constexpr):\n    offs = tl.program_id(0) * block + tl.arange(0, "
    "block)\n"
    "    tl.store(x_ptr + offs, tl.load(x_ptr + offs) * 2.0)",
    "def step(x):\n    out = torch.empty_like(x)\n    return out",
    "class Model:\n    \"\"\"A model; import torch here is text.\"\"\"\n\n    def forward(self, x):\n        return x "
    "* 2",
    "TEXT = '''\nimport torch\nproton.start()\n'''",
    "DATA = [\n1,\n2,\n]",
    "total = 1 + \\\n    2",
    "pattern = r\"\\d+\\\"import\"",
    "raw = b'#not a comment' + B'x'",
    "msg = 'it''s' \"# also not\"",
    "if x:\n    pass\nelif y:\n    pass\nelse:\n    pass",
    "try:\n    value = compute()\nexcept (ValueError, KeyError):\n    value = None\nelse:\n    pass\nfinally:\n    "
    "done_flag = True",
    "@decorator\n@decorator2(1,\n2)\ndef decorated():\n    return [i for i in range(3)]",
    "async def fetch():\n    await sleep(1)",
    "while False:\n    break\nelse:\n    pass",
    "match command:\n    case \"go\":\n        pass\n    case _:\n        pass",
    "a = 1; b = 2",
    "for i in range(3): total += i",
    "with open('f') as fh:\n    content = fh.read()",
    "square = lambda v: v * v",
    "if (n := len(items)) > 3:\n    pass",
    "# import torch in a comment\nresult = compute()",
    "doc = \"\"\"a \"quoted\" word\n\"\"\"",
    "f = F'{BLOCK:{width}}' + rf'\\d{BLOCK}'",
    "torch.manual_seed(0)",
    "x = torch.randn(4, device='cuda')",
    "global_table = {\n    'a': 1,\n    'b': [\n2, 3],\n}",
    "print('import', \"environ\", 'AORTA_ in text')",
    "def load_capture():\n    return read('out/run.hatchet')",
};

const char* const kGuards[] = {
    "if __name__ == \"__main__\":\n    code = main()\n    if code:\n        raise SystemExit(code)",
    "if __name__ == \"__main__\":\n    sys.exit(main())",
    "if __name__ == \"__main__\":\n    raise SystemExit(main())",
    "if \"__main__\" == __name__:\n    exit(main())",
    "if __name__ == '__main__':\n    main()",
};

std::string Indent(const std::string& text, int spaces) {
  std::string pad(spaces, ' '), out;
  std::istringstream in(text);
  bool first = true;
  for (std::string line; std::getline(in, line);) {
    if (!first) out += '\n';
    first = false;
    out += line.empty() ? line : pad + line;
  }
  return out;
}

template <size_t N>
std::string Pick(std::mt19937& rng, const char* const (&list)[N]) {
  return list[std::uniform_int_distribution<size_t>(0, N - 1)(rng)];
}

// Nests `text` under 0-2 compound headers.
std::string Nest(std::mt19937& rng, std::string text, int& counter) {
  int levels = std::uniform_int_distribution<int>(0, 2)(rng);
  for (int l = 0; l < levels; ++l) {
    int n = ++counter;
    switch (std::uniform_int_distribution<int>(0, 8)(rng)) {
      case 0:
        text = "def wrapper_" + std::to_string(n) + "():\n" + Indent(text, 4);
        break;
      case 1:
        text = "class Holder" + std::to_string(n) + ":\n" + Indent(text, 4);
        break;
      case 2:
        text = "if FLAG:\n" + Indent(text, 4);
        break;
      case 3:
        text = "try:\n" + Indent(text, 4) + "\nexcept Exception:\n    pass";
        break;
      case 4:
        text = "with context():\n" + Indent(text, 4);
        break;
      case 5:
        text = "for _ in range(1):\n" + Indent(text, 4);
        break;
      case 6:
        text = "@decorator\ndef decorated_" + std::to_string(n) + "():\n" + Indent(text, 4);
        break;
      case 7:
        text = "async def coroutine_" + std::to_string(n) + "():\n" + Indent(text, 4);
        break;
      default:
        text = "if FLAG:\n    pass\nelse:\n" + Indent(text, 4);
        break;
    }
  }
  return text;
}

std::string Generate(std::mt19937& rng) {
  std::string out;
  int counter = 0;
  if (rng() % 3 == 0) out += "\"\"\"Payload docstring: import torch; AORTA_PROTON_NAME.\"\"\"\n";
  int statements = std::uniform_int_distribution<int>(3, 25)(rng);
  for (int i = 0; i < statements; ++i) {
    std::string s;
    switch (std::uniform_int_distribution<int>(0, 9)(rng)) {
      case 0:
      case 1:
        s = Pick(rng, kImports);
        break;
      case 2:
      case 3:
      case 4:
        s = Pick(rng, kUses);
        break;
      case 5:
        s = Pick(rng, kConstants);
        out += s + "\n";
        continue;  // module constants stay top level
      default:
        s = Pick(rng, kNoise);
        break;
    }
    out += Nest(rng, s, counter) + "\n";
    switch (rng() % 4) {
      case 0:
        out += "\n";
        break;
      case 1:
        out += "\n\n# a comment at column 0: import torch\n";
        break;
      default:
        break;
    }
  }
  if (rng() % 4) out += Pick(rng, kGuards) + (rng() % 5 ? "\n" : "");
  return out;
}

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
