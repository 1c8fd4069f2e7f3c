#!/usr/bin/env python3
"""Do both readers of aortalint's json scanner (src/python/json.h) agree with CPython's json?

aorta reads a *.json recipe with json.loads and a proton .hatchet file with
json.load; aortalint reads the first with CheckAsJson (the recipe loader's
events) and the second with PyJsonLoad (Python's objects), both through one
scanner. This script generates documents (valid and invalid JSON, deep
nesting, integers around the 4300-digit limit, NaN and Infinity, control
characters, escaped surrogates, a BOM, duplicate keys, whitespace with tabs,
form feeds and non-ASCII spaces, invalid UTF-8), adds random byte mutations of
valid documents, and runs each through the build's json_dump and through this
interpreter's json:

- loads (recipe side): the verdict, the message and the byte offset of the
  JSONDecodeError (the message alone for ValueError and RecursionError, which
  carry no position), and the value when it loads, every pair of an object in
  order (object_pairs_hook), lone surrogates kept;
- load (metrics side): the verdict, RecursionError as too_deep, and the value
  Python builds (last duplicate key wins, a lone surrogate as U+FFFD in a str
  value and kept in a key).

The messages compared are those of the interpreter that runs this (its
version is printed first with the seed); aortalint's are CPython 3.11's.
Nesting between the readers' limits (980 and 990 levels) and this script's
own (about 995) depends on how deep each caller already is, so the generator
stays out of that band. Prints the counts by category; exits 1 on any
disagreement, or when json_dump fails or leaves a document out.

    python3 src/python/parity/json_parity.py build/tests/json_dump --count 3000 --seed 1
"""

import argparse
import contextlib
import json
import os
import platform
import random
import re
import subprocess
import sys
import tempfile

SURROGATE = re.compile("[\ud800-\udfff]")


def canon(v, pairs):
    """The value as json_dump writes it."""
    if v is None:
        return ["n"]
    if isinstance(v, bool):
        return ["b", v]
    if isinstance(v, int):
        return ["i", str(v)]
    if isinstance(v, float):
        return ["f", repr(v)]
    if isinstance(v, str):
        return ["s", text_hex(v, pairs)]
    if isinstance(v, list):
        return ["l", [canon(x, pairs) for x in v]]
    # keys keep their lone surrogates on both sides
    if isinstance(v, tuple):  # object_pairs_hook's: every pair
        return ["d", [[text_hex(k, True), canon(x, pairs)] for k, x in v[1]]]
    return ["d", [[text_hex(k, True), canon(x, pairs)] for k, x in v.items()]]


def text_hex(s, keep_surrogates):
    if keep_surrogates:
        return s.encode("utf-8", "surrogatepass").hex()
    return SURROGATE.sub("\ufffd", s).encode("utf-8").hex()


def python_verdicts(doc):
    """(loads, load) as json_dump prints them, from this interpreter's json."""
    try:
        text = doc.decode("utf-8")
    except UnicodeDecodeError as e:
        return ({"error": ["UnicodeDecodeError", e.start], "value": None}, {"ok": False, "too_deep": False, "value": None})
    try:
        pairs = json.loads(text, object_pairs_hook=lambda p: ("d", p))
        plain = json.loads(text)
    except json.JSONDecodeError as e:
        offset = len(text[: e.pos].encode("utf-8", "surrogatepass"))
        return ({"error": [e.msg, offset], "value": None}, {"ok": False, "too_deep": False, "value": None})
    except (ValueError, RecursionError) as e:
        deep = isinstance(e, RecursionError)
        return ({"error": [str(e), None], "value": None}, {"ok": False, "too_deep": deep, "value": None})
    with deep_stack():  # up to 980 levels, twice as deep once canonical
        return ({"error": None, "value": canon(pairs, True)}, {"ok": True, "too_deep": False, "value": canon(plain, False)})


@contextlib.contextmanager
def deep_stack():
    """Room for canon() and for reading json_dump's lines: never around the json.loads under test."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(10000)
    try:
        yield
    finally:
        sys.setrecursionlimit(limit)


# ---- Generation ----

WORDS = ["null", "true", "false", "NaN", "Infinity", "-Infinity"]
WS = [" ", "\t", "\n", "\r", "\r\n", "  "]
CHARS = "abcXYZ019 _-./:é€😀\u2028\u00a0\u200b\ufeff\x7f\"\\"


def rnd_string(r):
    out = []
    for _ in range(r.randrange(0, 8)):
        k = r.random()
        if k < 0.5:
            c = r.choice(CHARS)
            out.append("\\" + c if c in "\"\\" else c)
        elif k < 0.7:
            out.append("\\" + r.choice('"\\/bfnrt'))
        elif k < 0.85:
            out.append("\\u%04x" % r.choice([0x41, 0xE9, 0x20AC, 0xD83D, 0xDE00, 0xD800, 0xDC00, 0xDBFF, 0xFFFF, 0]))
        elif k < 0.95:
            out.append("\\ud83d\\ude00")
        else:
            out.append(chr(r.choice([0x10FFFF, 0xE000, 0x378, 0x0600])))
    return '"' + "".join(out) + '"'


def rnd_number(r):
    k = r.random()
    if k < 0.3:
        return str(r.randrange(-1000, 1000))
    if k < 0.5:
        return r.choice(["-", ""]) + r.choice("123456789") + "".join(r.choice("0123456789") for _ in range(r.randrange(18, 40)))
    if k < 0.8:
        return r.choice(["-", ""]) + r.choice(["0", "12"]) + r.choice(["", ".5", ".000123"]) + r.choice(["", "e3", "E-2", "e+400", "e-400"])
    return r.choice(["0", "-0", "1e308", "2e308", "-0.0", "5e-324", "1.7976931348623157e308"])


def ws(r):
    return r.choice(WS) if r.random() < 0.3 else ""


def rnd_value(r, depth=0):
    k = r.random()
    if depth < 4 and k < 0.2:
        items = [rnd_value(r, depth + 1) for _ in range(r.randrange(0, 4))]
        return "[" + ws(r) + ("," + ws(r)).join(items) + ws(r) + "]"
    if depth < 4 and k < 0.4:
        keys = [rnd_string(r) for _ in range(r.randrange(0, 4))]
        if keys and r.random() < 0.3:
            keys.append(r.choice(keys))  # a duplicate key
        items = [key + ws(r) + ":" + ws(r) + rnd_value(r, depth + 1) for key in keys]
        return "{" + ws(r) + ("," + ws(r)).join(items) + ws(r) + "}"
    if k < 0.6:
        return rnd_string(r)
    if k < 0.85:
        return rnd_number(r)
    return r.choice(WORDS)


def fixed_cases():
    """Hand-picked documents by category."""
    c = {}
    c["invalid"] = [
        "", " ", "[1,]", '{"a":1,}', "[1 2]", '{"a" 1}', "{1:2}", "{'a': 1}", "[", "{", '{"a":', '{"a"', "]", "}",
        "-", "-a", "1.", "1e", "1.e3", ".5", "01", "00", "-01", "+1", "0x10", "nul", "tru", "fals", "NaNx", "nan",
        "-Inf", "-NaN", "inf", "Infinityx", "1 2", '"abc', '"\\', '"\\u', '"\\u004', '"\\u0041', '"\\u00zz"',
        '"ab\\u00"', '"\\x41"', '"\\a"', '"\\\'"', '"\\U00000041"', "[1,,2]", "[,1]", '{"a":1 "b":2}',
        '{"a":1,,"b":2}', "// c\n1", "# c\n1", "/* c */ 1", "[1]x", '"a" "b"', "True", "None", "1_000",
        "\u00a01", "1\u00a0", "\u20281",
    ]
    c["surrogates"] = [
        '"\\ud800"', '"\\udc00"', '"\\ud83d\\ude00"', '"\\ude00\\ud83d"', '"\\ud800\\u0041"', '"\\ud800\\udbff"',
        '"\\ud800\\uZZZZ"', '"\\ud800\\u00"', '"\\ud800\\x"', '"\\ud800\\udc00', '"\\ud800\\udc0', '"\\ud800\\u"',
        '"\\ud800\\ud800\\udc00"', '{"\\ud800": 1, "\\ud800": 2}', '["\\udfff", "\\uDBFF\\uDFFF"]', '"\\ud800\\\\udc00"',
    ]
    c["control"] = ['"a%sb"' % chr(i) for i in range(0x20)] + ['"\x7f"', '"\x80"', '"a\tb"', '"\\t"', "[1,\x00]"]
    c["whitespace"] = [
        "\t[1,\t2]\t", "\n{\n\"a\"\n:\n1\n}\n", "\r\n[\r\n]\r\n", "\x0c1", "1\x0c", "[\x0c1]", "\x0b1", "[1\x0b]",
        "{\"a\":\x0c1}", "\u3000[]", "[]\u3000", "\x1c1", "\u00851", " \t\n\r1 \t\n\r",
    ]
    c["bom"] = ["\ufeff1", "\ufeff{}", " \ufeff1", "1\ufeff", '"\ufeff"', '["\ufeff"]', "[\ufeff1]"]
    c["duplicates"] = [
        '{"a": 1, "a": 2}', '{"a": 1, "b": 2, "a": 3}', '{"a": {"x": 1}, "a": [1]}', '{"": 1, "": 2}',
        '{"a": 1, "\\u0061": 2}', '[{"k": 1, "k": 1.0}]', '{"a": 1, "A": 2, "a": null}',
    ]
    big = []
    for n in (4299, 4300, 4301, 5000):
        for sign in ("", "-"):
            big.append(sign + "1" * n)
        big.append("[" + "9" * n + "]")
        big.append('{"a": ' + "1" * n + ".5}")
        big.append("1" * n + "e1")
        big.append("[1, " + "2" * n + ", ]")  # the digit limit comes before the trailing comma
        big.append("[1, ] " + "2" * n)  # and after an earlier error
    big += ["18446744073709551616", "-9223372036854775809", "1" * 400, "[0, -0, 10000000000000000000000]"]
    c["bigint"] = big
    c["nan"] = ["NaN", "Infinity", "-Infinity", "[NaN, Infinity, -Infinity]", '{"x": NaN}', "-NaN", "[-Infinity1]",
                "1e400", "-1e400", "1e-400", "[1E400, -0.0]"]
    deep = []
    for n in (1, 2, 100, 500, 979, 980, 2000, 5000):
        deep.append("[" * n + "]" * n)
        deep.append('{"a":' * n + "1" + "}" * n)
        # objects inside arrays: the level that overflows, and the word Python names it by, is the same on each side
        deep.append("[" * n + '{"a": ' * (n // 2) + "1" + "}" * (n // 2) + "]" * n)
        deep.append("[" * n)  # unclosed
    deep.append("[" * 2000 + "x")  # recursion before the bad token
    deep.append("[" * 980 + '"\\x"' + "]" * 980)
    c["deep"] = deep
    c["utf8"] = [b'"\xff"', b'"\xed\xa0\x80"', b'"\xc0\xaf"', b'"\xe2\x82"', b"[1]\x80", b'"\xf4\x90\x80\x80"',
                 b'"\xe2\x82\xac"', b"\xef\xbb", b'"\xf0\x9f\x98"']
    return {k: [v if isinstance(v, bytes) else v.encode("utf-8", "surrogatepass") for v in vs] for k, vs in c.items()}


def mutate(r, doc):
    b = bytearray(doc)
    for _ in range(r.randrange(1, 4)):
        k = r.random()
        at = r.randrange(0, len(b) + 1)
        if k < 0.3 and b:
            del b[min(at, len(b) - 1)]
        elif k < 0.6:
            b[at:at] = bytes([r.choice(b' \t\x0c\x00"\\,:[]{}-.eE0u\x80\xc3\xed\xef\xbb\xbfn')])
        elif b:
            b[min(at, len(b) - 1)] = r.randrange(256)
    return bytes(b)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("dump", help="the build's json_dump")
    ap.add_argument("--count", type=int, default=3000, help="random valid documents (and as many mutations)")
    ap.add_argument("--seed", default="1", help="an integer, or 'new'")
    ap.add_argument("--show", type=int, default=8, help="disagreements to print")
    args = ap.parse_args()
    seed = random.randrange(1 << 30) if args.seed == "new" else int(args.seed)
    print(f"seed {seed}, Python {platform.python_version()}", flush=True)
    r = random.Random(seed)

    cases = [(k, d) for k, ds in fixed_cases().items() for d in ds]
    valid = []
    for _ in range(args.count):
        text = ws(r) + rnd_value(r) + ws(r)
        valid.append(text.encode("utf-8", "surrogatepass"))
    cases += [("generated", d) for d in valid]
    cases += [("mutated", mutate(r, r.choice(valid))) for _ in range(args.count)]

    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "docs")
        with open(path, "wb") as f:
            for _, d in cases:
                f.write(b"%d\n" % len(d) + d)
        run = subprocess.run([args.dump, path], capture_output=True, text=True)
    lines = run.stdout.splitlines()
    if run.returncode != 0 or len(lines) != len(cases):
        print(f"json_dump exited {run.returncode} after {len(lines)} of {len(cases)} documents: {run.stderr[-500:]}")
        return 1

    stats = {}  # category -> [documents, loads agree, load agree, refused by Python]
    shown = 0
    for (category, doc), line in zip(cases, lines):
        loads, load = python_verdicts(doc)
        with deep_stack():
            ours = json.loads(line)
            ok = [ours["loads"] == loads, ours["load"] == load]
        s = stats.setdefault(category, [0, 0, 0, 0])
        s[0] += 1
        s[3] += loads["error"] is not None
        ours_loads = ours["loads"]
        if loads["error"] and loads["error"][1] is None and ours_loads["error"]:
            ours_loads = {"error": [ours_loads["error"][0], None], "value": None}  # no position in Python
            ok[0] = ours_loads == loads
        s[1] += ok[0]
        s[2] += ok[1]
        for side, good, py, got in (("loads", ok[0], loads, ours_loads), ("load", ok[1], load, ours["load"])):
            if not good and shown < args.show:
                shown += 1
                print(f"DIFF {category} {side} {doc[:80]!r}{'...' if len(doc) > 80 else ''}\n"
                      f"  python: {json.dumps(py)[:300]}\n  ours:   {json.dumps(got)[:300]}")

    total = [sum(s[i] for s in stats.values()) for i in range(4)]
    print(f"{'category':<12} {'docs':>6} {'refused':>8} {'loads agree':>12} {'load agree':>11}")
    for category, s in list(stats.items()) + [("total", total)]:
        print(f"{category:<12} {s[0]:>6} {s[3]:>8} {s[1]:>12} {s[2]:>11}")
    return 0 if total[1] == total[0] and total[2] == total[0] else 1


if __name__ == "__main__":
    sys.exit(main())
