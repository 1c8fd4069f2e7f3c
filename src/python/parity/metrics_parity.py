#!/usr/bin/env python3
"""Seeded capture directories: aortalint's `metrics` beside aorta's own parsers.

usage: metrics_parity.py AORTALINT AORTA_SRC CASES [SEED|new] [WORKDIR]

Without a seed (or with `new`) a fresh one is drawn and printed; give it back to reproduce a run.

AORTA_SRC is a directory holding aorta's `aorta` package (read from ROCm/aorta
into a scratch directory; never committed here). The comparison calls aorta's
proton and rocprof `parse_summary_from_streams` the way the newest
`summarize_collectors` does (files listed by a walk that follows no link, in
its order; each collector's result merged, an exception dropping it) and runs
`AORTALINT metrics DIR --format json` on the same absolute DIR. A case agrees
when the two dicts are equal in Python (`==`, floats compared exactly).
Prints the agreement rate and the first disagreements with their inputs.
"""
import fnmatch
import json
import os
import random
import shutil
import stat
import subprocess
import sys
import tempfile

NAMES = ["add_kernel", "scale_kernel", "gemm", "void k<1, 2>(int)", "attn_fwd", " pad ", "a,b", "k\u00e9"]


def rnd_number(r):
    return r.choice([
        r.randint(0, 10**6), r.random() * 1e6, 0, -5, 2.5, "12.5", " 4 ", "1_000", "x", None, True, False,
        [1], {"v": 1}, float("nan"), float("inf"), 10**20, 2**63, 9.2e18, 1e308, "1e400", "NaN",
        "\uff11\uff12", "\u0661\u0662.\u0665", " \u0e51\u0e50\u0e50 ", "1_\u0660\u0660\u0660", "\u00a0\u0967e\u0969",
        "\x1c12", "12\u200b", 100000000.1, 200000000.2, 0.1, 0.7,
    ])


def rnd_leaf(r):
    metrics = {}
    keys = ["time (ns)", "time (us)", "time (ms)", "time (s)", "Time (NS)", "time(ns)", "time (ns",
            "cpu_time (ns)", "time (ns) (inc)", "time  ( us )", "flops"]
    for _ in range(r.randint(0, 3)):
        k = r.choice(keys)
        metrics[k] = rnd_number(r) if r.random() < 0.35 else r.choice([1000, 2500.5, 3, 17.25, 4096])
    if r.random() < 0.85:
        metrics["count"] = r.choice([1, 2, 6, 20]) if r.random() < 0.7 else rnd_number(r)
    name = r.choice(NAMES) if r.random() < 0.9 else r.choice([1, True, 0, "", None, 2.5, ["x"], {"a": "b"}])
    node = {"frame": {"name": name, "type": "function"}, "metrics": metrics, "children": []}
    if r.random() < 0.03:
        node["children"] = "none"
    return node


def rnd_tree(r, depth):
    if depth == 0 or r.random() < 0.4:
        return rnd_leaf(r)
    node = {"frame": {"name": r.choice(["ROOT", "outer", "step"])}, "metrics": {},
            "children": [rnd_tree(r, depth - 1) for _ in range(r.randint(0, 4))]}
    if r.random() < 0.1:
        node["metrics"] = {"time (ns)": 9e9, "count": 9}
    return node


def hatchet_text(r):
    root = rnd_tree(r, r.randint(1, 4))
    shape = r.random()
    if shape < 0.7:
        doc = [root, {"CUDA": {"0": {"arch": "90"}}}]
        if r.random() < 0.2:
            doc.insert(1, rnd_tree(r, 2))
    elif shape < 0.85:
        doc = root
    elif shape < 0.95:
        doc = [{"frame": {"name": "ROOT"}, "metrics": {}, "children": []}, rnd_leaf(r)]
    else:
        doc = r.choice([[], {}, "junk", 3, [[root]]])
    text = json.dumps(doc)  # NaN / Infinity tokens, as Python writes them
    damage = r.random()
    if damage < 0.03:
        text = "\ufeff" + text
    elif damage < 0.05:
        text = text[: len(text) // 2]
    elif damage < 0.07:
        text = text + " trailing"
    return text


def write(path, text, binary=False):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(text if binary else text.encode("utf-8", "surrogatepass"))


def rnd_cell(r):
    return str(r.choice(["2", "2.0", "2.5", "1e2", "inf", "NaN", "-5", "1e308", "1_000", "", " 3 ", "x",
                         "5000000", "1250000", "100000000.1", "200000000.2", "7", "10",
                         "\uff12", "\u0661\u0660", "\u0967\u0966\u0966\u0966.\u0969", "\u3000\u0e55\u3000", "\x1c3"]))


def csv_field(r, v):
    if "," in v or r.random() < 0.3:
        return '"' + v.replace('"', '""') + '"'
    return v


def stats_text(r):
    cols = ["Name", "Calls", "TotalDurationNs", "AverageNs", "Percentage"]
    if r.random() < 0.2:
        r.shuffle(cols)
    if r.random() < 0.05:
        cols[r.randrange(len(cols))] = "name"
    if r.random() < 0.05:
        cols.pop(r.randrange(len(cols)))
    lines = [",".join(csv_field(r, c) for c in cols)]
    for _ in range(r.randint(0, 6)):
        row = []
        for c in cols:
            if c == "Name":
                row.append(r.choice(NAMES + [""]))
            elif c in ("Calls", "TotalDurationNs"):
                row.append(rnd_cell(r) if r.random() < 0.4 else str(r.choice([1, 2, 10, 1000000, 2500000])))
            else:
                row.append("0")
        if r.random() < 0.05:
            row = row[:-1]
        if r.random() < 0.05:
            row.append("extra")
        lines.append(",".join(csv_field(r, v) for v in row))
    nl = r.choice(["\n", "\r\n", "\n", "\r"])
    text = nl.join(lines) + (nl if r.random() < 0.8 else "")
    if r.random() < 0.03:
        text = "\ufeff" + text
    return text


def trace_text(r):
    cols = ["Kind", "Agent_Id", "Kernel_Name", "Start_Timestamp", "End_Timestamp"]
    if r.random() < 0.2:
        r.shuffle(cols)
    lines = [",".join(csv_field(r, c) for c in cols)]
    for _ in range(r.randint(0, 6)):
        start = r.choice([1000, 5000, 1700000000000000000, 0])
        vals = {"Kind": r.choice(["KERNEL_DISPATCH", "", " KERNEL_DISPATCH ", "MEMORY_COPY", "kernel_dispatch"]),
                "Agent_Id": "1", "Kernel_Name": r.choice(NAMES),
                "Start_Timestamp": str(start), "End_Timestamp": str(start + r.choice([100, 2000, -5, 256]))}
        lines.append(",".join(csv_field(r, vals[c]) for c in cols))
    return "\n".join(lines) + "\n"


def make_case(r, d):
    if r.random() < 0.85:
        for _ in range(r.randint(0, 3)):
            sub = r.choice(["", "", "rank0/", "a/b/", "0/", "z/", "a-b/"])
            write(os.path.join(d, "proton", sub + r.choice(["proton", "p1", "p2"]) + ".hatchet"), hatchet_text(r))
        os.makedirs(os.path.join(d, "proton"), exist_ok=True)
        if r.random() < 0.03:
            os.makedirs(os.path.join(d, "proton", "dir.hatchet"), exist_ok=True)
        if r.random() < 0.03:
            write(os.path.join(d, "proton", "bad.hatchet"), b'[{"frame": {"name": "\xff"}}]', binary=True)
    if r.random() < 0.7:
        host = r.choice(["", "node1/"])
        if r.random() < 0.8:
            write(os.path.join(d, "rocprof", host + "aorta_kernel_stats.csv"), stats_text(r))
        if r.random() < 0.3:
            write(os.path.join(d, "rocprof", r.choice(["", "a/", "rank1/"]) + r.choice(["b", "0", "r"])
                               + "_kernel_stats.csv"), stats_text(r))
        if r.random() < 0.5:
            write(os.path.join(d, "rocprof", host + "aorta_kernel_trace.csv"), trace_text(r))
        os.makedirs(os.path.join(d, "rocprof"), exist_ok=True)
    if r.random() < 0.03:
        write(os.path.join(d, "stray.hatchet"), hatchet_text(r))
    # Links inside a capture directory: aorta's collector reads none of them.
    if r.random() < 0.05 and os.path.isdir(os.path.join(d, "proton")):
        write(os.path.join(d, "outside.hatchet"), hatchet_text(r))
        os.symlink(os.path.join(d, "outside.hatchet"), os.path.join(d, "proton", "link.hatchet"))
    if r.random() < 0.02 and not os.path.lexists(os.path.join(d, "proton")):
        write(os.path.join(d, "real_proton", "p.hatchet"), hatchet_text(r))
        os.symlink(os.path.join(d, "real_proton"), os.path.join(d, "proton"))
    if r.random() < 0.05 and os.path.isdir(os.path.join(d, "rocprof")):
        write(os.path.join(d, "outside_kernel_stats.csv"), stats_text(r))
        os.symlink(os.path.join(d, "outside_kernel_stats.csv"), os.path.join(d, "rocprof", "l_kernel_stats.csv"))


def walk_like_collector(base):
    """The regular files under base in the order aorta's collector lists them
    (run/_fsafe.py's walk, as documented there): a directory's entries by name,
    its files first, then each subdirectory the same way; a symbolic link is
    neither read nor entered."""
    files, subdirs = [], []
    for name in sorted(os.listdir(base)):
        st = os.lstat(os.path.join(base, name))
        if stat.S_ISDIR(st.st_mode):
            subdirs.append(name)
        elif stat.S_ISREG(st.st_mode):
            files.append(name)
    for name in files:
        yield name
    for sub in subdirs:
        for rel in walk_like_collector(os.path.join(base, sub)):
            yield sub + "/" + rel


def open_each(base, rels):
    for rel in rels:
        try:
            fd = os.open(os.path.join(base, rel), os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        except OSError:
            continue
        with os.fdopen(fd, "r", encoding="utf-8", newline="") as stream:
            yield stream


def aorta_metrics(d):
    """summarize_collectors as aorta's newest collector runs it: each collector's
    directory read without following links, its files grouped by pattern and
    handed to the parser's parse_summary_from_streams; an exception, a missing
    directory or a directory that is a link drops that collector."""
    from aorta.instrumentation.proton import _parse as proton
    from aorta.instrumentation.rocprof import _parse as rocprof
    out = {}
    groups = {"rocprof": ("*_kernel_stats.csv", "*_kernel_trace.csv"), "proton": ("*.hatchet",)}
    for sub, mod in (("rocprof", rocprof), ("proton", proton)):  # WRAP_ORDER; keys never collide
        base = os.path.join(d, sub)
        if not os.path.lexists(base) or not stat.S_ISDIR(os.lstat(base).st_mode):
            continue
        matched = [[] for _ in groups[sub]]
        for rel in walk_like_collector(base):
            for i, pattern in enumerate(groups[sub]):
                if fnmatch.fnmatch(rel.rsplit("/", 1)[-1], pattern):
                    matched[i].append(rel)
                    break
        try:
            out.update(mod.parse_summary_from_streams(base, *[open_each(base, m) for m in matched]))
        except Exception:  # summarize_collectors' catch-all
            pass
    return out


def big_count_only(want, got):
    """The dicts differ only in *_kernel_count, where aorta's exact int is beyond 2^64-1
    and aortalint published the nearest double."""
    if set(want) != set(got):
        return False
    for k in want:
        if want[k] == got[k]:
            continue
        if not (k.endswith("_kernel_count") and isinstance(want[k], int) and want[k] > 2**64 - 1
                and isinstance(got[k], float)
                and (got[k] == sys.float_info.max if want[k] > sys.float_info.max else got[k] == float(want[k]))):
            return False
    return True


def main():
    binary, aorta_src, cases = os.path.abspath(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    seed = int(sys.argv[4]) if len(sys.argv) > 4 and sys.argv[4] != "new" else random.SystemRandom().randrange(2**31)
    print("seed", seed)
    work = sys.argv[5] if len(sys.argv) > 5 else tempfile.mkdtemp(prefix="metrics_parity_")
    sys.path.insert(0, aorta_src)
    r = random.Random(seed)
    agree = shown = choice = 0
    for i in range(cases):
        d = os.path.abspath(os.path.join(work, "t%05d" % i))
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        make_case(r, d)
        want = aorta_metrics(d)
        res = subprocess.run([binary, "metrics", d, "--format", "json"], capture_output=True, text=True, errors="replace")
        try:
            got = json.loads(res.stdout)
            # aortalint's own annotations (capture kind, per-kernel detail) are not aorta metrics.
            got = {k: v for k, v in got.items() if not k.startswith("aortalint_")}
        except ValueError:
            got = {"<unparsed>": res.stdout + res.stderr}
        if got == want:
            agree += 1
            continue
        if big_count_only(want, got):
            choice += 1
            continue
        if shown < 8:
            shown += 1
            print("DIFF", d)
            print("  aorta    ", want)
            print("  aortalint", got)
    print("metrics: raw %d/%d agree (%.2f%%); %d more differ only by a count beyond 2^64-1 (published as the "
          "nearest double by builds before the exact JSON writer): %.2f%% apart from those"
          % (agree, cases, 100.0 * agree / cases, choice, 100.0 * (agree + choice) / cases))

if __name__ == "__main__":
    main()
