#!/usr/bin/env python3
"""Does aortalint accept and refuse the same YAML that aorta's PyYAML does?

aorta reads recipes with PyYAML's safe_load (Debian's python3-yaml here), and
a recipe named *.json with json.loads. This script generates recipe-shaped
YAML and JSON (triage, probe and sanitizer recipes and the shapes of aorta's
own: header commands, quoted regexes, anchors and aliases, flow maps, folded
text, sidecars), damages each document at random (stray quotes, brackets,
commas, control characters, tabs for spaces, NEL/LS/PS/lone-CR line breaks,
tags, a mid-file BOM, indentation, a plain `=`, repeated and recursive
anchors, ...), saves a JSON-shaped one as .json half the time, and compares
the verdicts: aorta's loader accepts when safe_load (or json.loads) returns,
aortalint refuses when it reports SYN001 (or SYN003) for the file. Every input is kept in --keep DIR
when given. Prints the agreement rate and the disagreements; exits 1 when the
rate is below --min (a percentage).

With --tree (the build's yaml_tree_dump), every document both accept is also
compared value for value: the tree aortalint's rules read against what
safe_load (or json.loads) returns, types included. Any difference fails.

    python3 src/python/parity/yaml_parity.py --binary build/aortalint --tree build/tests/yaml_tree_dump --count 2000 --seed 7
"""

import argparse
import datetime
import json
import os
import random
import shutil
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
    # The shapes aorta's own recipes use (history of recipes/, examples/, dashboard/): header
    # commands in comments, quoted regexes holding ': ' and '|', comment blocks between keys,
    # anchors reused through aliases, flow maps and lists of quoted strings, folded text with
    # blank lines, `${VAR}` paths, null, digests and hex strings.
    """# Probe the serving path.
#
# Run:
#   export IMG=registry.example/img:tag
#   aorta sweep run \\
#     --recipe recipes/x/probe.yaml \\
#     --mitigations-file recipes/x/sidecar.json \\
#     -- bash /tmp/work/launch.sh

schema_version: 1
mode: probe

ticket: X-PHASE0

# One trial per cell.
trials: 1

mitigation_axis:
  - none
  - hsa_no_scratch_reclaim   # trailing comment
diagnostic_axis:
  - none

env_passthrough_mode: file
timeout_per_trial: 1800
hang_grace_period_at_start: 1800
step_time_regex: null
collect_paths:
  - ${AORTA_ARTIFACT_DIR}/stdout.log

custom_patterns:
  # The probe prints a marker when a step fails.
  - id: server_exited
    match:
      regex: 'PROBE_FAIL: server_exited_during_startup'
    on_match: fail

  - id: completion_failed
    match:
      regex: 'PROBE_FAIL: completion_(http_[0-9]+|empty|unparseable)'
    on_match: fail
""",
    """schema_version: 1
ticket: X-SERVE
workload: serve
trials: 1
steps: 3

workload_config:
  image: registry.example/img@sha256:60c12e37c01496891053b9c30c4204e5d1cf9b4b641859d3aadcbd95bccc7c78
  model: Org/Model-0.6B
  num_prompts: 32
  ignore_eos: true
  work_dir: /tmp/work
  ready_timeout_sec: 900

confound:
  threshold: 1.15
  # left unset: the first cell starting with baseline- is used

cells:
  - name: baseline-local
    mitigations: [none]
    environment: local
    workload_config: {probe: static}
  - name: on
    mitigations: [none]
    environment: local
    workload_config:
      hip_visible_devices: "0,1"
      serve_args: ["--tensor-parallel-size", "2", "--kvstore-size", "128"]
    extra_env: &on_env
      NCCL_PROTO: "Simple"
      LD_PRELOAD: "/path/to/root/lib/libamdhip64.so"
  - name: again
    mitigations: [none]
    environment: local
    extra_env: *on_env
redaction:
  scrub_env_keys: ["AWS_*", "*_TOKEN", "USER"]
  scrub_paths: true
""",
    """schema_version: 1
mode: sanitizer
ticket: DAILY-X
description: >
  Informational (non-gating) run over a small kernel -- see
  docs/x.md; it does NOT gate the nightly.

  A second paragraph: "quoted" words, a colon: here.
sanitizer_plan:
  target: gfx950
  source:
    kind: kernel_list
    kernels:
      # the digest has to match the object on disk
      - name: tile_reverse
        code_object: /apps/demo/tile.hsaco
        code_object_sha256: 94a1703f38af1888c5eab1294a698539e057d9fa38472845e9220a2834968451
        code_object_index: 0
        entry_offset: "0x120"
    consan_command: ../fixtures/bin/loader
    consan_log: true
  scope:
    kind: kernel
  selection:
    requirement: top_dispatch_count
    top_n: 1
  sanitizers:
    - waitcheck
  policy:
    # comment inside a block mapping
    consan_policy: strict
    on_missing_backend: fail
    timeout_seconds: 6000
  output:
    report: sanitizer_report.json
""",
    """{
  "version": 1,
  "mitigations": {
    "ts_a": {"TS_NAME": "gluon_mm", "TS_DTYPE": "bf16"},
    "ts_b": {"TS_SUITE": "test/ops/test_\u00e9.py", "TS_SEP": "a\tb"}
  }
}
""",
    # Values whose text PyYAML builds with care: block scalars under every chomping and
    # indentation indicator, folding around more-indented and blank lines, plain and quoted
    # scalars over several lines, escapes, explicit and non-specific tags, YAML 1.1 numbers,
    # booleans and timestamps, non-string keys, merges of lists of aliases.
    """schema_version: 1
mode: probe
literal: |
  line one
    indented
  line three

keep: |+
  kept

strip: >-
  folded
  text

   more indented
  back
indicator: |2
    two extra
  base
folded_keep: >+
  a

multi_plain: first
  second line

  after blank
multi_quoted: "one
  two\\ttab \\u00e9 \\x41
  \\
  three"
single: 'it''s
  folded'
tags: [! 123, !!str 1, !!int "12", !!float 1, !!bool yes, !!null ""]
numbers: [0x1F, 017, 1_000, 1:30, 1:30.5, .5, +.inf, -.INF, .NaN, 6.8523015e+5, 0b101, +12, -0]
words: [~, Null, yes, No, on, OFF, y, n, 2001-12-14, 2001-12-14t21:59:43.10-05:00, 2002-1-1 1:2:3]
keys: {1: one, 2.5: two, null: three, true: four}
base: &b {x: 1, y: 2}
other: &o {y: 3, z: 4}
merged:
  <<: [*b, *o]
  x: 0
""",
    """{"schema_version": 1, "mode": "probe", "text": "caf\\u00e9 \\ud83d\\ude00 \\n\\t\\/\\\\ \\"q\\"",
 "numbers": [1, -0, 1.5, 1e3, 2E-2, -1.25e+10, 12345678901234567890], "words": [true, false, null],
 "nested": {"a": [], "b": {}, "c": [{"d": [1, [2, [3]]]}]}}
""",
]

# What a careless edit leaves behind.
PALETTE = list("'\"[]{},:#&*!|>-?@`%=<") + ["\t", "\x0c", "\x1b", "\x7f", "\r", "\u00a0", "\u2028", "\u2029", "\ufeff",
                                             "\x85", "! ", "!x ", "!!str ", "<<: *a\n", "&a [*a]", "  ", "- ", ": ", ", ", "&a ", "*a", "<<", "=", "\\", "a",
           # Characters of two, three and four bytes in UTF-8, and escapes that make them.
           "é", "中文", "😀", "\\u00e9\\U0001F600"]


def damage(text, rng):
    for _ in range(rng.randint(1, 3)):
        op = rng.randrange(9)
        if op <= 2:  # insert a character
            i = rng.randrange(len(text) + 1)
            text = text[:i] + rng.choice(PALETTE) + text[i:]
        elif op == 7 and " " in text:  # a space becomes a tab (indentation, after ':', inside values)
            spaces = [k for k, c in enumerate(text) if c == " "]
            i = rng.choice(spaces)
            text = text[:i] + "\t" + text[i + 1:]
        elif op == 8 and "\n" in text:  # a line break becomes another one PyYAML knows (or a lone CR)
            breaks = [k for k, c in enumerate(text) if c == "\n"]
            i = rng.choice(breaks)
            text = text[:i] + rng.choice(["\x85", "\u2028", "\u2029", "\r"]) + text[i + 1:]
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


def json_accepts(text):
    """aorta reads a .json recipe with json.loads (its loader dispatches on the suffix)."""
    try:
        json.loads(text)
        return True
    except (ValueError, RecursionError):
        return False


def pyyaml_accepts(text):
    try:
        yaml.safe_load(text)
        return True
    except yaml.YAMLError:
        return False
    except (ValueError, TypeError, OverflowError, RecursionError, LookupError):
        return False  # aorta wraps these as a parse error too (LookupError: `!!bool` on a non-boolean)


def typed(v):
    """A value as yaml_tree_dump prints aortalint's tree (see src/python/parity/yaml_tree_dump.cc)."""
    if v is None or isinstance(v, (bool, str)):
        return v
    if isinstance(v, int):  # aortalint keeps integers in 64 bits, saturated
        return {"int": max(min(v, 2**63 - 1), -2**63)}
    if isinstance(v, float):
        return {"float": "nan" if v != v else "inf" if v == float("inf") else "-inf" if v == -float("inf") else v}
    if isinstance(v, (datetime.date, datetime.datetime)):
        return {"ts": True}
    if isinstance(v, bytes):
        return {"bin": True}
    if isinstance(v, list):
        return [typed(x) for x in v]
    if isinstance(v, dict):
        return {"map": [[typed(k), typed(x)] for k, x in v.items()]}
    raise TypeError(type(v).__name__)


def expected_tree(path, text):
    """What aorta's loader returns for the file, typed; None when it cannot be compared (a
    recursive alias, a lone surrogate, a set)."""
    try:
        value = json.loads(text) if path.endswith(".json") else yaml.safe_load(text)
        out = typed(value)
        json.dumps(out, ensure_ascii=False).encode("utf-8")
        return out
    except (RecursionError, TypeError, ValueError, UnicodeError, yaml.YAMLError):
        return None


def compare_trees(tree_binary, cases, show):
    """The documents both accept: aortalint's tree against safe_load's value. Returns the mismatches."""
    paths = [c[0] for c in cases]
    seen = {}
    for start in range(0, len(paths), 500):
        r = subprocess.run([tree_binary, *paths[start:start + 500]], capture_output=True, text=True, check=True)
        for line in r.stdout.splitlines():
            d = json.loads(line)
            seen[d["path"]] = d
    compared, mismatches = 0, []
    for path, text, accepted in cases:
        ours = seen.get(path)
        if not accepted or not ours or not ours["ok"]:
            continue
        want = expected_tree(path, text)
        if want is None:
            continue
        compared += 1
        if json.loads(json.dumps(want)) != ours["value"]:
            mismatches.append((path, text, want, ours["value"]))
    print(f"{compared - len(mismatches)}/{compared} accepted documents give safe_load's value")
    for path, text, want, got in mismatches[:show]:
        print(f"--- {path}: values differ\n{text!r}\n  safe_load: {json.dumps(want)[:400]}\n  aortalint: "
              f"{json.dumps(got)[:400]}")
    return mismatches


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    ap.add_argument("--binary", required=True)
    ap.add_argument("--tree", help="yaml_tree_dump: also compare the values of the documents both accept")
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--min", type=float, default=0.0, help="fail below this agreement percentage")
    ap.add_argument("--keep", help="write the inputs here")
    ap.add_argument("--show", type=int, default=15, help="disagreements to print")
    args = ap.parse_args()

    work = args.keep or tempfile.mkdtemp(prefix="yaml-parity-")
    os.makedirs(work, exist_ok=True)
    try:
        return compare(args, work)
    finally:
        if not args.keep:  # the cases are printed; only --keep asks for the files
            shutil.rmtree(work, ignore_errors=True)


def compare(args, work):
    """Writes the cases into `work`, checks them with both loaders and prints where they disagree."""
    rng = random.Random(args.seed)
    cases = []
    for n in range(args.count):
        template = rng.choice(TEMPLATES)
        text = damage(template, rng)
        if "\x00" in text:
            continue
        # A JSON-shaped recipe is saved as .json half the time: then json.loads is aorta's verdict.
        as_json = template.lstrip().startswith("{") and rng.random() < 0.5
        path = os.path.join(work, f"case{n:05d}." + ("json" if as_json else "yaml"))
        with open(path, "w", encoding="utf-8", newline="") as f:
            f.write(text)
        cases.append((path, text, json_accepts(text) if as_json else pyyaml_accepts(text)))

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
    print(f"{agree}/{len(cases)} same verdict ({rate:.2f} %); aorta's loader refuses {sum(1 for c in cases if not c[2])}, "
          f"both refuse {both_refuse}")
    for suffix, judge in ((".yaml", "PyYAML safe_load"), (".json", "json.loads")):
        part = [c for c in cases if c[0].endswith(suffix)]
        same = sum(1 for p, t, a in part if a == (os.path.abspath(p) not in refused))
        print(f"  {suffix}: {same}/{len(part)} same verdict as {judge}")
    for path, text, accepted, ours in disagreements[:args.show]:
        print(f"--- {path}: aorta's loader {'accepts' if accepted else 'refuses'}, aortalint "
              f"{'accepts' if ours else 'refuses'}\n{text!r}")
    mismatches = compare_trees(args.tree, cases, args.show) if args.tree else []
    return 0 if rate >= args.min and not mismatches else 1


if __name__ == "__main__":
    sys.exit(main())
