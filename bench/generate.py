#!/usr/bin/env python3
"""Generates a recipe repository for aortalint's benchmark.

    bench/generate.py OUT_DIR [--recipes 10000] [--payload-lines 200:2000] [--seed 1]

Recipes are spread over a tree of team/project directories, about 40 lines
each, probe and triage, with collectors; one in ten carries a mistake (a
misspelt collector, an unquoted option, rocprof beside a queue-intercepting
Proton, a duplicate key) so the benchmark measures reporting too. With
--payload-lines, each recipe's directory gets a Python payload of that many
lines (a random size in the range), named in the recipe's header comment.
"""
import argparse
import os
import random

COLLECT = [
    "collect:\n  proton:\n    mode: cli\n    context: shadow\n    data: tree\n",
    "collect:\n  proton:\n    mode: env\n    backend: roctracer\n",
    "collect:\n  rocprof:\n    trace: \"kernel,hip\"\n    kernel_include_regex: \"Cijk|gemm\"\n",
    "collect:\n  proton: {mode: env, backend: instrumentation, instrumentation_mode: default}\n",
    "",
]
MISTAKES = [
    "collect: [rocprf]\n",
    "collect:\n  rocprof:\n    stats: true\n",
    "collect:\n  proton: {}\n  rocprof: {trace: kernel}\n",
    "trials: 4\n",
]
MITIGATIONS = ["none", "tf32_off", "xnack", "hsa_no_sdma", "gpu_max_hw_queues_2", "hip_launch_blocking"]


def probe_recipe(rng, name, payload):
    lines = ["# Probe sweep generated for the benchmark."]
    if payload:  # the command aorta is given, which pairs the recipe with its payload
        lines += ["#   aorta sweep run --recipe %s/recipe.yaml \\" % name, "#     -- python %s" % payload]
    lines += [
        "schema_version: 1",
        "mode: probe",
        "ticket: PERF-%d" % rng.randint(1000, 9999),
        "trials: %d" % rng.randint(1, 5),
        "mitigation_axis: [%s]" % ", ".join(rng.sample(MITIGATIONS, 3)),
        "diagnostic_axis: [none, hip_launch_blocking]",
        "step_time_regex: 'step (\\d+) took ([0-9.]+) ms'",
        "timeout_per_trial: %d" % rng.randint(60, 3600),
        "hang_window_sec: 45",
        "collect_paths: []",
        "retain:",
        "  on_pass: summary",
        "  on_fail: full",
        "  on_error: log",
        "confound:",
        "  threshold: 1.1",
        "stop_after:",
        "  events: 1",
        "  max_trials: 6",
        "  event_verdict: fail",
    ]
    return "\n".join(lines) + "\n"


def triage_recipe(rng, name):
    cells = []
    for i in range(rng.randint(2, 4)):
        cells += [
            "  - name: cell-%d" % i,
            "    mitigations: [%s]" % rng.choice(MITIGATIONS),
            "    environment: local",
            "    extra_env:",
            "      NCCL_DEBUG: WARN",
        ]
    lines = [
        "# Triage matrix generated for the benchmark.",
        "schema_version: 1",
        "workload: bench_%s" % name.replace("/", "_"),
        "trials: 3",
        "steps: %d" % rng.randint(10, 500),
        "save_logs: false",
        "workload_config:",
        "  batch_size: 32",
        "  seq_len: 2048",
        "cells:",
    ] + cells + ["confound:", "  baseline_cell: cell-0"]
    return "\n".join(lines) + "\n"


def payload(rng, lines):
    out = [
        '"""Benchmark payload."""',
        "import os",
        "",
        "import triton.profiler as proton  # isort: skip  # noqa: I001",
        "import torch",
        "import triton",
        "import triton.language as tl",
        "",
    ]
    i = 0
    while len(out) < lines - 8:
        out += [
            "",
            "@triton.jit",
            "def kernel_%d(x_ptr, out_ptr, n, block: tl.constexpr):" % i,
            "    offs = tl.program_id(0) * block + tl.arange(0, block)",
            "    mask = offs < n",
            "    v = tl.load(x_ptr + offs, mask=mask)",
            "    tl.store(out_ptr + offs, v * %d.0 + 1.0, mask=mask)" % (i % 7 + 1),
            "",
            "",
            "def step_%d(x):" % i,
            "    out = torch.empty_like(x)",
            "    kernel_%d[(triton.cdiv(x.numel(), 1024),)](x, out, x.numel(), block=1024)" % i,
            "    return out",
        ]
        i += 1
    out += [
        "",
        "def main() -> int:",
        "    x = torch.randn(1 << 20, device='cuda')",
        "    return 0",
        "",
        "",
        'if __name__ == "__main__":',
        "    code = main()",
        "    if code:",
        "        raise SystemExit(code)",
    ]
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--recipes", type=int, default=10000)
    ap.add_argument("--payload-lines", default="")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    lo = hi = 0
    if args.payload_lines:
        lo, hi = (int(x) for x in args.payload_lines.split(":"))
    for n in range(args.recipes):
        rel = "team%02d/project%03d/r%05d" % (n % 20, n % 500, n)
        d = os.path.join(args.out, rel)
        os.makedirs(d, exist_ok=True)
        py = "payload.py" if lo else None
        if n % 3 == 2:
            text = triage_recipe(rng, rel)
        else:
            text = probe_recipe(rng, rel, os.path.join(rel, py) if py else None)
            text += rng.choice(MISTAKES) if n % 10 == 0 else rng.choice(COLLECT)
        with open(os.path.join(d, "recipe.yaml"), "w") as f:
            f.write(text)
        if py:
            with open(os.path.join(d, py), "w") as f:
                f.write(payload(rng, rng.randint(lo, hi)))
    # The repository's config marks its root: header-comment paths resolve from here.
    with open(os.path.join(args.out, ".aortalint.yaml"), "w") as f:
        f.write("mitigations: [hipblaslt_no_tuning]\n")
    # A little of what a real repository also holds, which must be skipped.
    os.makedirs(os.path.join(args.out, ".github/workflows"), exist_ok=True)
    with open(os.path.join(args.out, ".github/workflows/ci.yaml"), "w") as f:
        f.write("on: push\njobs: {}\n")


if __name__ == "__main__":
    main()
