#!/usr/bin/env python3
"""Seeded `collect:` blocks: aortalint's verdict beside aorta's collector validation.

usage: collect_parity.py AORTALINT AORTA_SRC CASES [SEED|new] [WORKDIR]

Each case is a valid probe recipe plus a generated `collect:` block, written as
YAML text (raw YAML 1.1 scalars such as `yes`, `1:30`, `0755`, `~` are written
verbatim, so both sides read the same bytes). aorta's side: PyYAML `safe_load`
of the file, the collect block's shape check (`_parse_collect`, as
reference/aorta.md §1.6 states it; that function itself was not available) and
aorta's own `validate_collectors` with its proton and rocprof option
validators, read into AORTA_SRC (`aorta.run.collectors_min`). aortalint's side:
`check --no-config --no-cache --format json`, rejected when any error comes
from COL*, CNF*, RCP* or SYN*. Cases are batched 100 files per aortalint run.
"""
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

HEAD = "schema_version: 1\nmode: probe\ntrials: 3\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
WS = ["", " ", "\u00a0", "\u3000", "\x85", "\u2003", "\u200b", "\x1c", "\t"]
RAW = ["true", "yes", "1:30", "0755", "1e3", "1.0e+3", "~", "[a, b]", "{a: b}", "2024-01-02", "08", "!!str yes"]
PROTON = {"mode": ["cli", "env", "Env", "ENV", "bogus"],
          "backend": ["auto", "cupti", "rocprofiler", "roctracer", "instrumentation", "ROCTRACER", "rocprof"],
          "backend_mode": ["pcsampling", "periodic_flushing", "bogus"],
          "context": ["shadow", "python", "Shadow", "x"], "data": ["tree", "trace", "TREE", "table"],
          "instrumentation_mode": ["default", "mma", "pcsampling", "x"],
          "granularity": ["cta", "warp", "warp_group_8", "block"], "hook": ["triton", "Triton", "torch"],
          "bakend": ["auto"]}
ROCPROF = {"trace": ["kernel", "kernel,hip", "KERNEL hip", "hip,,kernel", "kernel,bogus", "", "\u212aernel"],
           "output_format": ["csv", "json", "CSV", "xml"], "stats": ["true", "OFF", "yes", "maybe", "1"],
           "pmc": ["SQ_WAVES", "SQ_WAVES GRBM_COUNT", "", ", ,", "SQ_WAVES\u3001GRBM_COUNT", "SQ_WAVE\u0301S",
                   "SQ_WAVES -d /x", "--"], "kernel_include_regex": ["gemm", "[A-Z]+", "", "(gemm"],
           "summary_units": ["msec", "NSEC", "minutes"], "tracee": ["kernel"]}


def value(r):
    kind = r.random()
    if kind < 0.08:
        return r.choice(RAW)  # raw YAML, typed by the parser
    return None


def option_block(r, table):
    opts = []
    for key in r.sample(sorted(table), r.randint(0, 3)):
        raw = value(r)
        if raw is not None:
            opts.append(f"{key}: {raw}")
            continue
        v = r.choice(table[key])
        if r.random() < 0.15:
            v = r.choice(WS) + v + r.choice(WS)
        opts.append(f"{key}: {json.dumps(v)}")
    return "{" + ", ".join(opts) + "}" if opts else r.choice(["~", "{}", ""])


def collect_block(r):
    shape = r.random()
    if shape < 0.1:
        names = r.sample(["rocprof", "proton", "numerics", "rocprf", "amd_log"], r.randint(0, 3))
        return "collect: [" + ", ".join(names) + "]\n"
    if shape < 0.13:
        return "collect: " + r.choice(["~", "rocprof", "3", "[1]", "{rocprof: 3}", "{rocprof: [a]}"]) + "\n"
    parts = []
    if r.random() < 0.7:
        parts.append("  proton: " + option_block(r, PROTON))
    if r.random() < 0.6:
        parts.append("  rocprof: " + option_block(r, ROCPROF))
    if r.random() < 0.05:
        parts.append("  numerics: {ANY: '1'}")
    if not parts:
        return "collect: {}\n"
    return "collect:\n" + "\n".join(parts) + "\n"


def aorta_verdict(path):
    try:  # aorta's own loader when its sources are at hand (they hold _parse_collect)
        from pathlib import Path
        from aorta.triage.recipe import load_recipe
    except ImportError:
        load_recipe = None
    if load_recipe is not None:
        try:
            load_recipe(Path(path))
            return "accept"
        except Exception:  # any refusal to load
            return "reject"
    import yaml
    from aorta.run.collectors_min import KNOWN_RECIPES, validate_collectors
    try:
        with open(path, encoding="utf-8") as f:
            data = yaml.safe_load(f)
        raw = data.get("collect")
        if raw is None:
            return "accept"
        if isinstance(raw, list):
            names = list(raw)
            opts = {}
            for n in names:
                if not isinstance(n, str):
                    raise ValueError("collector names must be strings")
        elif isinstance(raw, dict):
            names, opts = [], {}
            for name, o in raw.items():
                if not isinstance(name, str):
                    raise ValueError("collector names must be strings")
                o = {} if o is None else o
                if not isinstance(o, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in o.items()):
                    raise ValueError("options must be a mapping of string->string")
                names.append(name)
                if o:
                    opts[name] = dict(o)
        else:
            raise ValueError("must be a list of collector names or a mapping")
        unknown = sorted(set(names) - KNOWN_RECIPES)
        if unknown:
            raise ValueError("unknown collector recipe(s)")
        validate_collectors(list(dict.fromkeys(names)), opts)
        return "accept"
    except Exception as exc:  # a parse error or a validation error: aorta refuses the recipe
        return "reject"


def main():
    binary, aorta_src, cases = os.path.abspath(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    seed = int(sys.argv[4]) if len(sys.argv) > 4 and sys.argv[4] != "new" else random.SystemRandom().randrange(2**31)
    print("seed", seed)
    work = sys.argv[5] if len(sys.argv) > 5 else tempfile.mkdtemp(prefix="collect_parity_")
    sys.path.insert(0, aorta_src)
    os.environ.setdefault("AORTA_PARITY_MITIGATIONS_YAML", os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "rules", "knowledge", "mitigations.yaml"))
    r = random.Random(seed)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    files = []
    for i in range(cases):
        path = os.path.join(work, "c%05d.yaml" % i)
        with open(path, "w", encoding="utf-8") as f:
            f.write(HEAD + collect_block(r))
        files.append(path)
    rejected, choice_only = set(), {}
    for b in range(0, len(files), 100):
        batch = files[b:b + 100]
        res = subprocess.run([binary, "check", "--no-config", "--no-cache", "--format", "json", *batch],
                             capture_output=True, text=True)
        for d in json.loads(res.stdout or "[]"):
            if d["severity"] == "error" and d["rule"][:3] in ("COL", "CNF", "RCP", "SYN"):
                path = os.path.abspath(d["path"])
                rejected.add(path)
                # COL009 alone (the regex is compiled) is a documented choice.
                choice_only[path] = choice_only.get(path, True) and d["rule"] == "COL009"
    agree = shown = choice = 0
    for path in files:
        want = aorta_verdict(path)
        got = "reject" if os.path.abspath(path) in rejected else "accept"
        if want == got:
            agree += 1
            continue
        if got == "reject" and choice_only.get(os.path.abspath(path)):
            choice += 1
            continue
        if shown < 12:
            shown += 1
            with open(path, encoding="utf-8") as f:
                block = f.read()[len(HEAD):]
            print("DIFF aorta=%s aortalint=%s %s\n%s" % (want, got, path, block))
    print("collect: raw %d/%d agree (%.2f%%); %d more differ by a documented choice (COL009): %.2f%% apart from those"
          % (agree, cases, 100.0 * agree / cases, choice, 100.0 * (agree + choice) / cases))


if __name__ == "__main__":
    main()
