#!/usr/bin/env python3
"""Writes the long-string (16 KB+) and deep-nesting seeds of the fuzz corpora.

The class of input that found the std::regex stack overflows (R9) needs
16 KB or more; libFuzzer's default length control takes hours to grow a unit
that long, so these seeds start there. Run from the repository root:
    python3 tests/fuzz/make_long_seeds.py
"""
import json
import os

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")
CLEAN = ("schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\n"
         "diagnostic_axis: [none]\n")
TRIAGE = "schema_version: 1\nworkload: gemm\ntrials: 3\nsteps: 100\ncollect: [rocprof]\ncells:\n"


def write(target, name, data):
    path = os.path.join(ROOT, target, name)
    with open(path, "wb") as f:
        f.write(data.encode() if isinstance(data, str) else data)


def lsp(*messages):
    out = ""
    for m in messages:
        body = json.dumps(m)
        out += "Content-Length: %d\r\n\r\n%s" % (len(body.encode()), body)
    return out


def did_open(uri, text, language):
    return {"jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": {"textDocument": {"uri": uri, "languageId": language, "version": 1, "text": text}}}


INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}

# recipe: deep block nesting, a 20 KB step_time_regex, a 20 KB kernel regex of one group each, 300 cells
# block nesting: 600 compact sequences ("- - - x"), and 240 mappings indented one space per level
write("recipe", "deep_block_seq.yaml", CLEAN + "collect:\n" + "- " * 600 + "x\n")
write("recipe", "deep_block_map.yaml",
      CLEAN + "collect:\n" + "".join(" " * (i + 1) + "k%d:\n" % i for i in range(240)) + " " * 241 + "x\n")
write("recipe", "long_step_regex.yaml",
      CLEAN + "collect:\n  proton: {mode: cli, step_time_regex: '" + "(a|b)" * 4000 + "'}\n")
write("recipe", "long_kernel_regex.yaml",
      CLEAN + "collect:\n  rocprof: {kernel_include_regex: '" + "gemm.*" * 3000 + "'}\n")
write("recipe", "many_cells.yaml",
      TRIAGE + "".join("  - {name: c%d, mitigations: [none], environment: local}\n" % i for i in range(400)))
write("recipe", "long_comment_fix.yaml",
      "# " + "x" * 17000 + "\n" + CLEAN + "collect: {rocprof: {stats: true}}  # " + "y" * 100 + "\n")

# sanitizer mode: a plan with 2,000 kernels and a 16 KB kernel name, and one nested 300 deep under source
SAN = ("schema_version: 1\nmode: sanitizer\nticket: PERF-1\nsanitizer_plan:\n  target: gfx950\n  source:\n"
       "    kind: kernel_list\n    kernels: [%s]\n  scope:\n    kind: kernel\n  selection:\n"
       "    requirement: top_time\n    top_n: 1\n  sanitizers: [waitcheck]\n  policy:\n"
       "    consan_policy: strict\n    on_missing_backend: fail\n  output:\n    report: r.json\n")
write("recipe", "sanitizer_many_kernels.yaml", SAN % ", ".join(["k%d" % i for i in range(2000)] + ["K" * 16000]))
write("recipe", "sanitizer_deep.yaml", SAN % ("[" * 300 + "k" + "]" * 300))

# payload: deep if nesting, a 20 KB string literal line, a long attribute chain
write("payload", "deep_if.py",
      "import triton.profiler as proton\n" + "".join(" " * i + "if x:\n" for i in range(90)) + " " * 90 + "pass\n")
write("payload", "long_string.py",
      "import triton.profiler as proton\n\nS = '" + "z" * 20000 + "'\n\n\ndef main():\n    proton.start('x')\n"
      "    proton.finalize()\n\n\nif __name__ == '__main__':\n    main()\n")
write("payload", "long_attribute.py",
      "import triton.profiler as proton\nx = a" + ".b" * 9000 + "\n")

# fix (first byte even: a payload; odd: a recipe), each past 16 KB with fixes to apply
write("fix", "long_payload_guard.bin",
      b"\x00" + ("import sys\nimport triton.profiler as proton  # isort: skip\n# " + "w" * 17000 +
                 "\n\n\ndef main():\n    return 0\n\n\nif __name__ == \"__main__\":\n    sys.exit(main())\n").encode())
write("fix", "long_recipe_fix.bin",
      b"\x01" + (CLEAN + "collect: {rocprof: {stats: true, kernel_include_regex: '" + "k" * 17000 + "'}}\n").encode())
write("fix", "null_collect_comment.bin",
      b"\x01" + (TRIAGE + "".join("  - name: c%d\n    mitigations: [none]\n    environment: local\n"
                                  "    collect:    # nothing %d\n" % (i, i) for i in range(200))).encode())

# lsp: didOpen of 20 KB recipe and payload texts, then a code action over the whole recipe
big_recipe = CLEAN + "collect: [rocprof]\n# " + "c" * 20000 + "\n"
write("lsp", "long_open.bin", lsp(
    INIT,
    did_open("file:///w/r.yaml", big_recipe, "yaml"),
    did_open("file:///w/p.py", "import triton.profiler as proton\nS = '" + "q" * 20000 + "'\n", "python"),
    {"jsonrpc": "2.0", "id": 2, "method": "textDocument/codeAction",
     "params": {"textDocument": {"uri": "file:///w/r.yaml"},
                "range": {"start": {"line": 0, "character": 0}, "end": {"line": 9, "character": 0}},
                "context": {"diagnostics": []}}}))
write("lsp", "long_cell_open.bin", lsp(
    INIT, did_open("file:///w/t.yaml", TRIAGE + "  - name: " + "n" * 30000 + "\n    mitigations: [none]\n", "yaml")))

# hip: nested template types 1,000 deep (N5's shape, below the depth that overflows Clang's stack), 2,000
# kernels with their launches, a 16 KB kernel name, and macros that double at each level
HIP = "#include <hip/hip_runtime.h>\n"
write("hip", "deep_templates.hip",
      HIP + "template <class T> struct W {};\nusing T0 = int;\n" +
      "".join("using T%d = W<T%d>;\n" % (i, i - 1) for i in range(1, 1000)) + "T999 t;\n__global__ void k() {}\n")
write("hip", "many_kernels.hip",
      HIP + "".join("__global__ void k%d(float* p) { p[threadIdx.x] = %d; }\n" % (i, i) for i in range(2000)) +
      "void run(float* p) {\n" + "".join("  k%d<<<1, 64>>>(p);\n" % i for i in range(2000)) + "}\n")
write("hip", "long_kernel_name.hip",
      HIP + "__global__ void " + "K" * 16000 + "(int* p) { *p = 1; }\n"
      "void run(int* p) { hipLaunchKernelGGL(" + "K" * 16000 + ", dim3(1), dim3(1), 0, 0, p); }\n")
write("hip", "doubling_macros.hip",
      HIP + "#define M0(x) x\n" + "".join("#define M%d(x) M%d(x) M%d(x)\n" % (i, i - 1, i - 1) for i in range(1, 12)) +
      "__global__ void k(int* p) { int s = 0 M11(+1); *p = s; }\n")
