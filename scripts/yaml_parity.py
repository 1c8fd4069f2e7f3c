#!/usr/bin/env python3
"""Does aortalint accept and refuse the same YAML that aorta's PyYAML does?

aorta reads recipes with PyYAML's safe_load (Debian's python3-yaml here).
This script generates recipe-shaped YAML (triage, probe and sanitizer
recipes, block and flow style, quotes, anchors, block scalars), damages each
document at random (stray quotes, brackets, commas, control characters, lone
CRs, indentation, a plain `=`, repeated anchors, ...), and compares the two
verdicts: PyYAML accepts when safe_load returns, aortalint refuses when it
reports SYN001 (or SYN003) for the file. Every input is kept in --keep DIR
when given. Prints the agreement rate and the disagreements; exits 1 when the
rate is below --min (a percentage).

    python3 scripts/yaml_parity.py --binary build/aortalint --count 2000 --seed 7
"""

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

import yaml

TEMPLATES = [
    """# Run:
#   aorta sweep run --recipe r.yaml -- python bench.py
schema_version: 1
mode: probe
ticket: "PERF-12"
trials: 3
mitigation_axis: [none, tf32_off]
diagnostic_axis: [none]
collect:
  rocprof:
    trace: 'kernel,hip'
    stats: "true"
  proton: {backend: roctracer, mode: env}
""",
    """schema_version: 1
workload: gemm
trials: 2
steps: 10
defaults: &base
  mitigations: [none]
  environment: local
cells:
  - name: base
    <<: *base
  - name: tf32
    mitigations: [tf32_off]
    environment: local
    extra_env: {HIP_LAUNCH_BLOCKING: '1'}
confound:
  threshold: 1.15
  baseline_cell: base
""",
    """schema_version: 1
mode: sanitizer
ticket: SAN-1
description: >
  folded text over
  two lines
sanitizer_plan:
  target: gfx950
  source:
    kind: kernel_list
    kernels:
      - plain_kernel
      - {name: spec_kernel, entry_offset: "0x1c00"}
  scope: {kind: kernel}
  selection: {requirement: top_time, top_n: 2}
  sanitizers: [waitcheck, consan]
  policy:
    consan_policy: strict
    on_missing_backend: fail
    timeout_seconds: 600
  output:
    report: |
      report.json
""",
    """{"schema_version": 1, "mode": "probe", "trials": 1,
 "mitigation_axis": ["none"], "diagnostic_axis": ["none"],
 "collect": {"rocprof": {"stats": "on"}}}
""",
]

# What a careless edit leaves behind.
PALETTE = list("'\"[]{},:#&*!|>-?@`%=<") + ["\t", "\x0c", "\x1b", "\x7f", "\r", "\u00a0", "\u2028", "\ufeff",
                                             "\x85", "  ", "- ", ": ", ", ", "&a ", "*a", "<<", "=", "\\", "a"]


def damage(text, rng):
    for _ in range(rng.randint(1, 3)):
        op = rng.randrange(7)
        if op <= 2:  # insert a character
            i = rng.randrange(len(text) + 1)
            text = text[:i] + rng.choice(PALETTE) + text[i:]
        elif op == 3 and text:  # delete a character
            i = rng.randrange(len(text))
            text = text[:i] + text[i + 1:]
        else:
            lines = text.split("\n")
            j = rng.randrange(len(lines))
            if op == 4:
                lines.insert(j, lines[rng.randrange(len(lines))])  # a duplicated line
            elif op == 5:
                lines[j] = (" " * rng.randint(1, 3)) + lines[j]  # indentation
            else:
                lines[j] = lines[j].lstrip(" ")
            text = "\n".join(lines)
    return text


def pyyaml_accepts(text):
    try:
        yaml.safe_load(text)
        return True
    except yaml.YAMLError:
        return False
    except (ValueError, TypeError, OverflowError, RecursionError):
        return False  # aorta wraps these as a parse error too


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    ap.add_argument("--binary", required=True)
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--min", type=float, default=0.0, help="fail below this agreement percentage")
    ap.add_argument("--keep", help="write the inputs here")
    ap.add_argument("--show", type=int, default=15, help="disagreements to print")
    args = ap.parse_args()

    rng = random.Random(args.seed)
    work = args.keep or tempfile.mkdtemp(prefix="yaml-parity-")
    os.makedirs(work, exist_ok=True)
    cases = []
    for n in range(args.count):
        text = damage(rng.choice(TEMPLATES), rng)
        if "\x00" in text:
            continue
        path = os.path.join(work, f"case{n:05d}.yaml")
        with open(path, "w", encoding="utf-8", newline="") as f:
            f.write(text)
        cases.append((path, text, pyyaml_accepts(text)))

    refused = set()
    for start in range(0, len(cases), 500):  # one process per batch
        batch = [c[0] for c in cases[start:start + 500]]
        r = subprocess.run([args.binary, "check", "--no-config", "--no-cache", "--format", "json", "--select",
                            "SYN001,SYN003", "--exit-zero", *batch], capture_output=True, text=True)
        if r.returncode >= 2:
            sys.exit(f"aortalint exited {r.returncode}: {r.stderr[:500]}")
        for d in json.loads(r.stdout or "[]"):
            # SYN003 also reports a launch command's missing script: only an unreadable file is a refusal.
            if d["rule"] == "SYN001" or d["message"].startswith("cannot read"):
                refused.add(os.path.abspath(d["path"]))

    agree = 0
    disagreements = []
    for path, text, accepted in cases:
        ours = os.path.abspath(path) not in refused
        if ours == accepted:
            agree += 1
        else:
            disagreements.append((path, text, accepted, ours))
    rate = 100.0 * agree / max(1, len(cases))
    both_refuse = sum(1 for p, t, a in cases if not a and os.path.abspath(p) in refused)
    print(f"{agree}/{len(cases)} same verdict ({rate:.2f} %); PyYAML refuses {sum(1 for c in cases if not c[2])}, "
          f"both refuse {both_refuse}")
    for path, text, accepted, ours in disagreements[:args.show]:
        print(f"--- {path}: PyYAML {'accepts' if accepted else 'refuses'}, aortalint "
              f"{'accepts' if ours else 'refuses'}\n{text!r}")
    return 0 if rate >= args.min else 1


if __name__ == "__main__":
    sys.exit(main())
