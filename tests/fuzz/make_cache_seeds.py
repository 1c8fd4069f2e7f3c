#!/usr/bin/env python3
"""Writes the seeds of the cache fuzz target (tests/fuzz/cache_fuzz.cc).

The result cache's format is binary (src/engine/cache_format.h): integers
little-endian, strings as their byte length (u32) then their bytes. This
writes it independently of the C++ encoder. A seed's first byte says what the
rest is: 'B' an entry's body (the target signs it under this build's tag and
secret), 'S' a whole shard file, 'L' the body of the kept directory listings
(signed likewise). The files a body names are absent (all-zero
identity, as the cache records a file it looked for and did not find), so a
signed body is a hit and its diagnostics reach every check. Run from the
repository root:
    python3 tests/fuzz/make_cache_seeds.py
"""
import os
import struct

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus", "cache")
MAGIC = b"aortalint results 1\n"


def u8(n):
    return struct.pack("<B", n)


def u32(n):
    return struct.pack("<I", n)


def i64(n):
    return struct.pack("<q", n)


def text(b):
    b = b.encode() if isinstance(b, str) else b
    return u32(len(b)) + b


def absent(path, shown=""):
    # The identity, then the lines of the file its diagnostics point into ("" when not kept).
    return text(path) + u8(0) + i64(0) * 6 + text(shown)


def span(file, begin, end):
    return u32(file) + u32(begin) + u32(end)


def diagnostic(rule, severity, at, message, notes=(), help_="", fix=None):
    out = text(rule) + u8(severity) + span(*at) + text(message) + u32(len(notes))
    for where, note in notes:
        out += span(*where) + text(note)
    out += text(help_)
    if fix is None:
        return out + u8(0)
    title, safe, edits = fix
    out += u8(1) + text(title) + u8(safe) + u32(len(edits))
    for where, replacement in edits:
        out += span(*where) + text(replacement)
    return out


def body(files, diagnostics, flags=0):
    return u32(len(files)) + b"".join(files) + u32(len(diagnostics)) + b"".join(diagnostics) + u8(flags)


def record(key, bin_, mac, used, body_):
    return text(key) + text(bin_) + text(mac) + i64(used) + text(body_)


def write(name, data):
    with open(os.path.join(ROOT, name), "wb") as f:
        f.write(data)


A, B = "/nonexistent/aortalint-fuzz/a.yaml", "/nonexistent/aortalint-fuzz/b.py"
full = body([absent(A, "rocprof: stats\n"), absent(B)], [
    diagnostic("COL003", 2, (0, 0, 14), "rocprof's stats is a string", [((1, 2, 3), "a note")],
               "write true", ("quote it", 1, [((0, 1, 2), '"x"'), ((1, 0, 0), "")])),
    diagnostic("PAY001", 1, (1, 0, 4000000000), "caf\xe9 \x00 bytes", help_=""),
], flags=1)
os.makedirs(ROOT, exist_ok=True)
write("body-full", b"B" + full)
write("body-empty", b"B" + body([absent(A)], []))
write("body-file-out-of-range", b"B" + body([absent(A)], [diagnostic("COL001", 0, (3, 0, 1), "m")]))
write("body-bad-severity", b"B" + body([absent(A)], [diagnostic("COL001", 9, (0, 0, 1), "m")]))
write("body-reversed-edit", b"B" + body([absent(A)], [diagnostic("COL001", 0, (0, 0, 1), "m", fix=("t", 0, [((0, 5, 1), "")]))]))
write("body-huge-counts", b"B" + u32(0xFFFFFFFF) + absent(A))
write("body-no-files", b"B" + body([], [diagnostic("COL001", 0, (0, 0, 1), "m")]))
key = "0" * 32
write("shard-two-records", b"S" + MAGIC + text(record(key, "f" * 32, "0" * 64, 20000, full)) +
      text(record("0" * 31 + "2", "f" * 32, "0" * 64, 20000, full)))
write("shard-torn", b"S" + MAGIC + text(record(key, "f" * 32, "0" * 64, 20000, full))[:-7])
write("shard-text", b'S{\n"' + key.encode() + b'":{"bin":"x"}\n}')
write("shard-empty", b"S" + MAGIC)


def listing(directory, stamp, entries):
    out = text(directory) + b"".join(i64(n) for n in stamp) + u32(len(entries))
    return out + b"".join(text(name) + u8(kind) for name, kind in entries)


DT_DIR, DT_REG, DT_LNK = 4, 8, 10
two = [listing("/nonexistent/aortalint-fuzz", (1, 2, 3, 4), [("a.yaml", DT_REG), ("b", DT_DIR), ("c", DT_LNK)]),
       listing("/", (0, 0, 0, 0), [])]
write("listings-two", b"L" + u32(len(two)) + b"".join(two))
write("listings-unsorted", b"L" + u32(1) + listing("/x", (1, 1, 1, 1), [("b", DT_REG), ("a", DT_REG)]))
write("listings-slash-in-name", b"L" + u32(1) + listing("/x", (1, 1, 1, 1), [("a/b", DT_REG)]))
write("listings-relative-directory", b"L" + u32(1) + listing("x", (1, 1, 1, 1), [("a", DT_REG)]))


def identity(exists=0, size=0, mtime=0, ctime=0, inode=0, device=0, hash_=0):
    return u8(exists) + i64(size) + i64(mtime) + i64(ctime) + i64(inode) + i64(device) + i64(hash_)


def words(*ws):
    return u32(len(ws)) + b"".join(text(w) for w in ws)


def tail(recipe=1, why="", launch=None):
    out = u8(recipe) + text(why)
    if launch is None:
        return out + u8(0)
    source, base, argv, files, hip, sidecars = launch
    return out + u8(1) + u8(source) + text(base) + words(*argv) + words(*files) + words(*hip) + words(*sidecars)


def kept_entry(path, answers, tail_, context="c" * 32):
    return (text(path) + text(context) + identity(1, 10, 1, 1, 7, 9) + text(b"".join(u32(a) for a in answers)) +
            text(tail_))


def launches(answers, entries):
    out = u32(len(answers)) + b"".join(text(d) + text(name) + i64(answer) for d, name, answer in answers)
    return b"K" + out + u32(len(entries)) + b"".join(entries)


HEADER, DIRECTORY = 2, 3
ANSWERS = [("/nonexistent/aortalint-fuzz", "", 1234), ("/nonexistent", ".git", DT_DIR)]
write("launches-two", launches(ANSWERS, [
    kept_entry("/nonexistent/aortalint-fuzz/a.yaml", [0, 1],
               tail(launch=(HEADER, "/nonexistent", ["python", "a.py"], ["a.py"], [], ["s.json"]))),
    kept_entry("/nonexistent/aortalint-fuzz/b.yaml", [0], tail(0, "no recipe key at the top level")),
]))
write("launches-unsorted", launches(ANSWERS, [kept_entry("b.yaml", [], tail()), kept_entry("a.yaml", [], tail())]))
write("launches-index-out-of-range", launches(ANSWERS, [kept_entry("a.yaml", [2], tail())]))
write("launches-bad-source", launches(ANSWERS, [kept_entry("a.yaml", [], tail(launch=(9, "", [], [], [], [])))]))
write("launches-relative-directory", launches([("x", "", 0)], []))
write("launches-slash-in-name", launches([("/x", "a/b", 0)], []))
write("launches-huge-counts", b"K" + u32(0) + u32(0xFFFFFFFF) + kept_entry("a.yaml", [], tail()))
