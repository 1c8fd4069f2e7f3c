#!/usr/bin/env python3
"""Seeded `condition:` expressions: aortalint's sandbox check beside aorta's own sandbox.

usage: sandbox_parity.py AORTALINT AORTA_SRC CASES SEED [WORKDIR]

AORTA_SRC holds aorta's `aorta.probe.sandbox` (validate_and_compile), read from
ROCm/aorta into a scratch directory (never committed here). Expressions are
drawn from a small grammar over the allowed and forbidden parts of Python
(names, calls, subscripts, attributes, literals of every spelling, operators,
whitespace, comments, line breaks, strings with escapes) and mutated at the
character level. Each goes into a probe recipe's custom_patterns[i].match.condition
(50 to a file); aortalint refuses one when RCP007 names that index's condition.
A case agrees when both accept or both refuse.
"""
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

NAMES = ["capture", "exit_code", "walltime_sec", "peak_vram_mib", "math", "float", "int", "len", "x", "os", "abs",
         "True", "None", "False", "__import__", "lambda", "not", "self"]
NUMS = ["0", "1", "137", "999999999", "1000000000", "0x3B9ACA00", "0x3B9AC9FF", "0o7", "0b101", "1_000", "1e9",
        "1.5", ".5", "5.", "1j", "007", "00", "0_0", "1__0", "1_", "0x", "1e", "2.5e-3", "10**9", "99999999999999999999"]
STRS = ["'a'", '"b"', "'n'", "b'x'", "rb'\\d'", "u'x'", "f'x'", "'a' 'b'", "'a' b'b'", "'\\x4'", "'\\u00e9'",
        "'\\N{LATIN SMALL LETTER A}'", "'''t'''", "'unterminated", "r'\\''", "'é'", "b'é'"]
BIN = [" == ", " != ", " < ", " <= ", " > ", " >= ", " + ", " - ", " * ", " / ", " % ", " // ", " ** ", " @ ",
       " and ", " or ", " in ", " not in ", " is ", " is not ", " & ", " | ", " ^ ", " << "]
WS = [" ", "\t", "\x0c", "\n", "\u00a0", "\\\n", "  # c\n", "\x0b"]


def atom(r, d):
    k = r.random()
    if d > 3 or k < 0.3:
        return r.choice(NAMES[:8] * 3 + NAMES[8:])
    if k < 0.45:
        return r.choice(NUMS)
    if k < 0.55:
        return r.choice(STRS)
    if k < 0.65:
        return "capture[" + expr(r, d + 1) + r.choice(["]", "]", "]", ":1]", ", 1]"]) + r.choice(["", "", "[0]"])
    if k < 0.8:
        f = r.choice(["float", "int", "len", "math.isnan", "math.isinf", "abs", "math.pi", "capture.get", "(float)",
                      "math.sqrt", "float(1)"])
        args = ", ".join(expr(r, d + 1) for _ in range(r.randint(0, 2)))
        return f + "(" + args + r.choice(["", "", ",", ", base=2", ", *x"]) + ")"
    if k < 0.88:
        return "(" + expr(r, d + 1) + r.choice([")", ")", ",)", " for x in y)"])
    if k < 0.92:
        return r.choice(["[1]", "{1: 2}", "{1}", "()", "...", "math.isnan", "(x := 1)", "-" + atom(r, d + 1),
                         "not " + atom(r, d + 1), "~1", "+1", "await x", "yield"])
    return expr(r, d + 1) + " if " + expr(r, d + 1) + " else " + expr(r, d + 1)


def expr(r, d=0):
    e = atom(r, d)
    for _ in range(r.randint(0, 2 if d < 2 else 0)):
        e += r.choice(BIN) + atom(r, d + 1)
    return e


def mutate(r, e):
    roll = r.random()
    if roll < 0.6:
        return e
    if roll < 0.75:
        return r.choice(WS) + e + r.choice(["", " ", "\n", "\u3000", "  # end"])
    if roll < 0.85 and e:
        i = r.randrange(len(e))
        return e[:i] + r.choice(WS + ["(", ")", "'", ",", ":", ".", "!", "$"]) + e[i:]
    if roll < 0.9 and e:
        i = r.randrange(len(e))
        return e[:i] + e[i + 1:]
    if roll < 0.95:
        return (e + " or exit_code == 1") * r.randint(8, 14)
    return r.choice(["", "   ", "\x00", "# only a comment", "exit_code\n== 1", "(exit_code\n== 1)", "1 if 2",
                     "1if 1 else 2", "0x1g", "1.__class__", "exit_code==1;", "exit_code = 1"])


def main():
    binary, aorta_src, cases, seed = os.path.abspath(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    work = os.path.abspath(sys.argv[5] if len(sys.argv) > 5 else tempfile.mkdtemp(prefix="sandbox_parity_"))
    sys.path.insert(0, aorta_src)
    # The scratch registry resolves the built-in mitigations/environments from this table.
    os.environ.setdefault("AORTA_PARITY_MITIGATIONS_YAML", os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "rules", "knowledge", "mitigations.yaml"))
    from aorta.probe.sandbox import validate_and_compile
    r = random.Random(seed)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    exprs = [mutate(r, expr(r)) for _ in range(cases)]
    files = []
    for b in range(0, cases, 50):
        path = os.path.join(work, "s%05d.yaml" % (b // 50))
        with open(path, "w", encoding="utf-8") as f:
            f.write("schema_version: 1\nmode: probe\ntrials: 3\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
                    "custom_patterns:\n")
            for i, e in enumerate(exprs[b:b + 50]):
                f.write("  - {id: p%d, match: {regex: x, condition: %s}}\n" % (i, json.dumps(e)))
        files.append(path)
    refused = set()
    res = subprocess.run([binary, "check", "--no-config", "--no-cache", "--format", "json", *files],
                         capture_output=True, text=True)
    for d in json.loads(res.stdout or "[]"):
        m = re.search(r"custom_patterns\[(\d+)\]\.match\.condition", d["message"])
        if d["rule"] == "RCP007" and m:
            k = int(re.search(r"s(\d+)\.yaml", d["path"]).group(1))
            refused.add(k * 50 + int(m.group(1)))
    agree = shown = 0
    for i, e in enumerate(exprs):
        try:
            validate_and_compile(e)
            want = "accept"
        except Exception as exc:  # SandboxError, or a raw ValueError for a NUL
            want = "reject"
        got = "reject" if i in refused else "accept"
        if want == got:
            agree += 1
        elif shown < 15:
            shown += 1
            print("DIFF aorta=%s aortalint=%s %r" % (want, got, e))
    print("sandbox: %d/%d agree (%.2f%%)" % (agree, cases, 100.0 * agree / cases))


if __name__ == "__main__":
    main()
