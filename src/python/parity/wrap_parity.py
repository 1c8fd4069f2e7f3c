#!/usr/bin/env python3
"""Seeded rocprof launches: `aortalint run --dry-run` beside aorta's own wrapper.

usage: wrap_parity.py AORTALINT AORTA_SRC CASES [SEED|new] [WORKDIR]

AORTA_SRC holds aorta's `aorta` package read from ROCm/aorta into a scratch
directory (never committed here), with `instrumentation/rocprof/_options.py`
and the wrap half of `instrumentation/rocprof/__init__.py` importable as
`aorta.instrumentation.rocprof.wrap`. Each case is a recipe (probe, or triage
with cells that inherit, override or turn off the recipe's collect), a launch
argv and an environment (ROCPROF_BIN, HOME, PATH). aorta's side validates the
effective options of the chosen cell and wraps the argv with the environment
and working directory of the case; aortalint's side is
`run --dry-run --no-config --recipe r.yaml [--cell C] --output out -- ARGV`
run there. A case agrees when both give the same argv, or both refuse.
"""
import json
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

TRACE = ["kernel", "KERNEL", " kernel,hip ", "hip kernel hip", "\u212aernel", "kernel,bogus", "", "kernel\u3000hip",
         "marker, kernel"]
FORMAT = ["csv", " CSV ", "json", "xml"]
STATS = ["true", "OFF", "yes", "maybe", " 1 "]
PMC = ["SQ_WAVES", "SQ_WAVES, GRBM_COUNT", "sq_waves  GRBM_COUNT", "", "\u3000", "A,,B", "SQ_WAVES SQ_WAVES",
       "SQ_WAVES\u3001GRBM_COUNT", "SQ_WAVES -d /x", "SQ_WAVES -- ls"]
REGEX = ["[A-Z]+Gemm", " attn ", "Cijk|gemm", "", "\u2028", "(gemm", "Gemm\u00a0"]
UNITS = ["msec", "MSEC ", "hours", "\u00a0usec"]
ARGVS = [["python3", "train.py"], ["./a.out", "512"], ["sh", "-c", "python3 train.py"],
         ["bash", "-c", "python3 missing.py --x"], ["python3", "-u", "train.py", "--lr", "0.1"],
         ["torchrun", "--nproc_per_node", "2", "train.py"], ["python3", "missing.py"]]


def rnd_options(r):
    opts = {}
    for key, pool, p in (("trace", TRACE, 0.5), ("output_format", FORMAT, 0.3), ("stats", STATS, 0.3),
                         ("pmc", PMC, 0.5), ("kernel_include_regex", REGEX, 0.5), ("summary_units", UNITS, 0.2)):
        if r.random() < p:
            opts[key] = r.choice(pool) if r.random() < 0.85 else r.choice(pool[:1])
    if r.random() < 0.02:
        opts["pcm"] = "x"
    return opts


def yaml_map(opts):
    return "{" + ", ".join(f"{k}: {json.dumps(v)}" for k, v in opts.items()) + "}"


def make_case(r, d):
    os.makedirs(os.path.join(d, "bin"))
    os.makedirs(os.path.join(d, "home"))
    prof = os.path.join(d, "bin", "rocprofv3")
    with open(prof, "w") as f:
        f.write("#!/bin/sh\nexit 0\n")
    os.chmod(prof, 0o755)
    with open(os.path.join(d, "bin", "plain"), "w") as f:
        f.write("not executable\n")
    with open(os.path.join(d, "train.py"), "w") as f:
        f.write('def main():\n    return 0\n\n\nif __name__ == "__main__":\n    main()\n')
    with open(os.path.join(d, "a.out"), "w") as f:
        f.write("")
    os.chmod(os.path.join(d, "a.out"), 0o755)
    opts = rnd_options(r)
    cell = None
    if r.random() < 0.6:
        recipe = ("schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
                  f"collect:\n  rocprof: {yaml_map(opts)}\n")
        effective = opts
    else:
        own = rnd_options(r)
        recipe = ("schema_version: 1\nworkload: w\ntrials: 1\nsteps: 1\n"
                  f"collect:\n  rocprof: {yaml_map(opts)}\ncells:\n"
                  "  - {name: base, mitigations: [none], environment: local}\n"
                  f"  - {{name: own, mitigations: [none], environment: local, collect: {{rocprof: {yaml_map(own)}}}}}\n"
                  "  - {name: prof, mitigations: [none], environment: local, collect: {proton: {}}}\n"
                  "  - {name: 'off', mitigations: [none], environment: local, collect: []}\n")
        cell = r.choice(["base", "own", "off"])
        effective = {"base": opts, "own": own, "off": None}[cell]
        # aorta validates every scope at load.
        effective = (effective, [opts, own])
    with open(os.path.join(d, "r.yaml"), "w") as f:
        f.write(recipe)
    env = {"HOME": os.path.join(d, "home"), "PATH": os.path.join(d, "bin") + ":/usr/bin:/bin"}
    choice = r.random()
    if choice < 0.8:
        env["ROCPROF_BIN"] = r.choice(["bin/rocprofv3", "./bin/../bin/rocprofv3", prof, "~/../bin/rocprofv3",
                                       "$D/rocprofv3", "rocprofv3", "missing/rocprofv3", "", "bin/plain",
                                       "bin//rocprofv3"])
        env["D"] = os.path.join(d, "bin")
    elif choice < 0.9:
        env["PATH"] = "/usr/bin:/bin"
    return effective, cell, r.choice(ARGVS), env


def aorta_wrap(effective, argv, env, d):
    try:  # the rocprof package itself, or its wrap half saved as rocprof/wrap.py
        from aorta.instrumentation.rocprof import wrap as rocprof
    except ImportError:
        from aorta.instrumentation import rocprof
    from aorta.instrumentation.rocprof._options import validate_options
    scopes = [effective]
    if isinstance(effective, tuple):
        effective, scopes = effective
    try:
        for s in scopes:
            validate_options(s)  # load-time validation of every scope
        if effective is None:
            return list(argv)
        saved_env, saved_cwd = dict(os.environ), os.getcwd()
        os.environ.clear()
        os.environ.update(env)
        os.chdir(d)
        try:
            return rocprof.wrap_argv(argv, os.path.join(d, "out", "rocprof"), effective)
        finally:
            os.environ.clear()
            os.environ.update(saved_env)
            os.chdir(saved_cwd)
    except (ValueError, RuntimeError):
        return None


def aortalint_wrap(binary, cell, argv, env, d):
    """aorta's verdict as `run --dry-run` states it on stdout: the plan, or None
    where it says `aorta would refuse` (aortalint's own findings go to stderr)."""
    cmd = [binary, "run", "--dry-run", "--no-config", "--recipe", "r.yaml", "--output", "out"]
    if cell:
        cmd += ["--cell", cell]
    res = subprocess.run(cmd + ["--"] + argv, capture_output=True, text=True, errors="replace", cwd=d, env=env)
    first = res.stdout.split("\n")[0]
    if not first or first.startswith("aorta would refuse") or res.returncode not in (0, 1, 2):
        return None, res.stderr + res.stdout
    return shlex.split(first), res.stderr


def main():
    binary, aorta_src, cases = os.path.abspath(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    seed = int(sys.argv[4]) if len(sys.argv) > 4 and sys.argv[4] != "new" else random.SystemRandom().randrange(2**31)
    print("seed", seed)
    work = sys.argv[5] if len(sys.argv) > 5 else tempfile.mkdtemp(prefix="wrap_parity_")
    sys.path.insert(0, aorta_src)
    r = random.Random(seed)
    agree = shown = choice = 0
    for i in range(cases):
        d = os.path.abspath(os.path.join(work, "c%05d" % i))
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        effective, cell, argv, env = make_case(r, d)
        want = aorta_wrap(effective, argv, env, d)
        got, err = aortalint_wrap(binary, cell, argv, env, d)
        if got == want:
            agree += 1
            continue
        # COL009 (aortalint compiles the regex aorta passes on) is a documented choice.
        if got is None and set(re.findall(r"\[([A-Z]+[0-9]+)\]", err)) == {"COL009"}:
            choice += 1
            continue
        if shown < 10:
            shown += 1
            print("DIFF", d, "cell", cell, "argv", argv, "ROCPROF_BIN", repr(env.get("ROCPROF_BIN")))
            print("  aorta    ", want)
            print("  aortalint", got, err.strip().splitlines()[-2:] if got is None else "")
    print("wrap: raw %d/%d agree (%.2f%%); %d more differ by a documented choice (COL009): %.2f%% apart from those"
          % (agree, cases, 100.0 * agree / cases, choice, 100.0 * (agree + choice) / cases))


if __name__ == "__main__":
    main()
