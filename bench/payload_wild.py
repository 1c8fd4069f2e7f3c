#!/usr/bin/env python3
"""The PAY rules on real Proton payloads: per-rule counts under probe recipes.

    python3 bench/payload_wild.py BINARY DIR... [--targets none,3.6.0,3.7.1,3.8.0] [--json OUT] [--list RULES]

Collects the .py files under each DIR that import Proton (triton.profiler; Proton's own package
source left out), one copy of each distinct content, and checks each one four ways under each
target: paired with a `mode: cli` recipe, a `mode: env` recipe, a `mode: env` +
`backend: instrumentation` recipe (`aortalint check RECIPE -- python3 FILE`), and unpaired
(`aortalint check FILE`). Prints per-rule finding counts as a table (a cell is the count under each
target, in order), then the triage of PAY010's host-scope case, PAY012 and PAY013: the files a plain
text test says have the shape, against those the rule fired on. The repositories are read, never
written; the probe recipes go in a temporary folder.
"""
import argparse
import collections
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile

PROBES = {
    "cli": "    mode: cli\n",
    "env": "    mode: env\n",
    "instr": "    mode: env\n    backend: instrumentation\n",
}
RECIPE = "schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
IMPORTS_PROTON = re.compile(r"^\s*(import\s+triton\.profiler|from\s+triton\.profiler\b|from\s+triton\s+import\s+.*\bprofiler\b)",
                            re.M)
LIBRARY = ("/third_party/proton/proton/", "/python/triton/profiler/")  # Proton itself, not a payload


def collect(dirs):
    """The Proton-importing .py files under `dirs`, one per distinct content, sorted."""
    seen, files = set(), []
    for root in dirs:
        for base, subdirs, names in os.walk(root):
            subdirs[:] = sorted(d for d in subdirs if not d.startswith("."))
            for name in sorted(names):
                path = os.path.join(base, name)
                if not name.endswith(".py") or any(part in path for part in LIBRARY):
                    continue
                try:
                    with open(path, "rb") as f:
                        data = f.read()
                except OSError:
                    continue
                digest = hashlib.sha256(data).hexdigest()
                if digest in seen or not IMPORTS_PROTON.search(data.decode("utf-8", "replace")):
                    continue
                seen.add(digest)
                files.append(os.path.abspath(path))
    return files


def check(binary, args):
    r = subprocess.run([binary, "check", "--no-cache", "--no-config", "--format", "json"] + args,
                       capture_output=True, text=True)
    if r.returncode >= 2:
        print("aortalint exited %d on %s:\n%s" % (r.returncode, " ".join(args), r.stderr[-500:]), file=sys.stderr)
        return []
    return json.loads(r.stdout or "[]")


def shapes(text):
    """What a text test sees in a payload: the shapes of PAY012, PAY013 and PAY010's host-scope case."""
    aliases = set(re.findall(r"import\s+triton\.profiler\s+as\s+(\w+)", text))
    aliases |= set(re.findall(r"from\s+triton\s+import\s+profiler\s+as\s+(\w+)", text))
    if re.search(r"from\s+triton\s+import\s+profiler\b(?!\s+as)", text):
        aliases.add("profiler")
    if re.search(r"^\s*import\s+triton\.profiler\s*$", text, re.M):
        aliases.add(r"triton\.profiler")
    language = set(re.findall(r"import\s+triton\.profiler\.language\s+as\s+(\w+)", text))
    language |= set(re.findall(r"from\s+triton\.profiler\s+import\s+language\s+as\s+(\w+)", text))
    names = "|".join(sorted(aliases)) or "(?!)"
    own = re.search(r"\b(%s)\.(start|profile)\s*\(|@(%s)\.profile\b|\b(%s)\.(de)?activate\s*\((?!0\))" %
                    (names, names, names), text)
    starts = re.search(r"\b(%s)\.(start|profile)\s*\(" % names, text)
    finalizes = re.search(r"\b(%s)\.finalize\s*\(" % names, text)
    guarded = re.search(r"^\s*finally\s*:|atexit\.register|def\s+__exit__", text, re.M)
    host = re.search(r"\b(%s)\.(scope|enter_scope)\s*\(" % names, text)
    kernel = language and re.search(r"\b(%s)\.(scope|enter_scope)\s*\(" % "|".join(sorted(language)), text)
    kernel = kernel or re.search(r"from\s+triton\.profiler\.language\s+import", text)
    return {
        "PAY012": bool(own),
        "PAY013": bool(starts and finalizes and not guarded),
        "PAY010-host": bool(host and not kernel),
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("binary")
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--targets", default="none,3.6.0,3.7.1,3.8.0")
    ap.add_argument("--json", help="write every finding here")
    ap.add_argument("--list", default="", help="print each finding of these rules (comma-separated)")
    a = ap.parse_args()
    targets = a.targets.split(",")
    files = collect(a.dirs)
    print("%d Proton-importing files (distinct contents) under %d folders" % (len(files), len(a.dirs)))

    counts = collections.defaultdict(lambda: collections.defaultdict(int))  # rule -> (probe, target) -> n
    fired = collections.defaultdict(set)  # (rule, probe) -> files
    host_case = set()  # files PAY010 reports for host-side scopes only
    findings = []
    with tempfile.TemporaryDirectory() as tmp:
        recipes = {}
        for probe, proton in PROBES.items():
            recipes[probe] = os.path.join(tmp, probe + ".yaml")
            with open(recipes[probe], "w") as f:
                f.write(RECIPE + "collect:\n  proton:\n" + proton)
        for path in files:
            for target in targets:
                flags = [] if target == "none" else ["--triton", target]
                runs = [(probe, [recipe, "--", "python3", path]) for probe, recipe in recipes.items()]
                runs.append(("unpaired", [path]))
                for probe, args in runs:
                    for d in check(a.binary, flags + args):
                        counts[d["rule"]][probe, target] += 1
                        fired[d["rule"], probe].add(path)
                        if d["rule"] == "PAY010" and "host-side" in d["message"]:
                            host_case.add(path)
                        findings.append(dict(d, probe=probe, target=target, payload=path))

    probes = list(PROBES) + ["unpaired"]
    print("\nfindings per rule; each cell: under targets %s\n" % "/".join(targets))
    print("| rule | " + " | ".join(probes) + " | files |")
    print("|---|" + "---|" * (len(probes) + 1))
    for rule in sorted(counts):
        cells = ["/".join(str(counts[rule][p, t]) for t in targets) for p in probes]
        hit = set().union(*(fired[rule, p] for p in probes))
        print("| %s | %s | %d |" % (rule, " | ".join(cells), len(hit)))

    print("\ntriage: a text test's shape against the rule (the probe it belongs to)")
    texts = {}
    for path in files:
        with open(path, encoding="utf-8", errors="replace") as f:
            texts[path] = shapes(f.read())
    for shape, rule_fired in (("PAY012", fired["PAY012", "cli"]), ("PAY013", fired["PAY013", "env"]),
                              ("PAY010-host", host_case)):
        has = {p for p in files if texts[p][shape]}
        print("%s: shape in %d files, fired on %d, both %d" % (shape, len(has), len(rule_fired), len(has & rule_fired)))
        for p in sorted(has - rule_fired):
            print("   shape, no finding:", p)
        for p in sorted(rule_fired - has):
            print("   finding, no shape:", p)

    listed = set(filter(None, a.list.split(",")))
    for d in findings:
        if d["rule"] in listed and d["target"] == targets[-1]:
            print("%s %s %s:%d: %s" % (d["rule"], d["probe"], d["path"], d["line"], d["message"]))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(findings, f, indent=1)


if __name__ == "__main__":
    main()
