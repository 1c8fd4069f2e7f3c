// Generated Python payloads for differential tests (selective parse, incremental edits): the shapes the
// rules read (imports in every spelling, Proton calls through aliases, environment writes, AORTA_ strings,
// module constants, f-strings, `__main__` guards) mixed with noise (kernels, strings and comments that look
// like code, brackets and strings spanning column 0, continuations), nested in functions, classes, if/try,
// with, for and decorators. Valid Python throughout.
#pragma once

#include <random>
#include <sstream>
#include <string>

#include "model/payload.h"

namespace aortalint::testing {

// Every field of an import fact on one line, for comparing two payloads' facts.
inline void WriteImportFacts(std::ostream& o, const ImportStmt& s) {
  o << "import " << s.span.begin << '-' << s.span.end << " l" << s.line << '-' << s.end_line << " lv" << s.level
    << " from=" << s.from << " c" << s.certain << " f" << s.in_function << " t" << s.top_level << " p" << s.proton
    << " T" << s.torch << " tc" << s.type_checking << " b" << s.block << " :";
  for (const ImportedName& n : s.names) o << ' ' << n.name << '/' << n.alias;
  for (const std::string& m : s.modules) o << " m=" << m;
  o << '\n';
}

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

inline std::string Indent(const std::string& text, int spaces) {
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
inline std::string Nest(std::mt19937& rng, std::string text, int& counter) {
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

inline std::string Generate(std::mt19937& rng) {
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

}  // namespace aortalint::testing
