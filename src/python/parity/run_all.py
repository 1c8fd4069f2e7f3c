#!/usr/bin/env python3
"""Every side-by-side harness against aorta's own code, with the agreement each must keep.

usage: run_all.py AORTALINT [AORTA_SRC] [--seed N]

AORTA_SRC (or $AORTA_PARITY_SRC) is a scratch directory holding aorta's `aorta`
package read from ROCm/aorta (see README.md; never committed here). Each run
draws a new seed and prints it; `--seed N` repeats a run (each harness gets
N plus its index). For each comparison it prints the raw agreement and the
agreement with the choices listed in docs/aorta-differences.md left out, and
fails when either is below its goal. A harness whose aorta modules are not in
AORTA_SRC is reported as not run; with none run this exits 77, which ctest
reports as skipped.
"""
import os
import random
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
# comparison, harness, cases, the aorta module it needs (or one of them), minimum raw and apart-from-choices agreement (percent)
RUNS = [
    ("collector options", "collect_parity.py", 1000, ("aorta/triage/recipe.py", "aorta/run/collectors_min.py"),
     99.5, 99.9),
    ("whole recipes", "recipe_parity.py", 1500, "aorta/triage/recipe.py", 99.5, 99.9),
    ("run --dry-run (rocprof)", "wrap_parity.py", 400, "aorta/instrumentation/rocprof/_options.py", 0.0, 99.9),
    ("run --dry-run (proton)", "proton_wrap_parity.py", 600, "aorta/run/collectors.py", 0.0, 99.9),
    ("metrics", "metrics_parity.py", 600, "aorta/instrumentation/proton/_parse.py", 99.5, 99.9),
    ("sandbox conditions", "sandbox_parity.py", 2000, "aorta/probe/sandbox.py", 99.5, 99.9),
]


def main():
    args = sys.argv[1:]
    seed = None
    if "--seed" in args:
        i = args.index("--seed")
        seed = int(args[i + 1])
        del args[i:i + 2]
    binary = os.path.abspath(args[0])
    src = args[1] if len(args) > 1 else os.environ.get("AORTA_PARITY_SRC", "")
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    print("seed %d (repeat with --seed %d)" % (seed, seed))
    failed, ran = [], 0
    with tempfile.TemporaryDirectory(prefix="parity_") as work:
        for index, (name, script, cases, module, raw_min, apart_min) in enumerate(RUNS):
            modules = module if isinstance(module, tuple) else (module,)
            if not src or not any(os.path.isfile(os.path.join(src, m)) for m in modules):
                print("not run  %s (%s): AORTA_SRC lacks %s (src/python/parity/README.md)"
                      % (name, script, " or ".join(modules)))
                continue
            ran += 1
            res = subprocess.run([sys.executable, os.path.join(HERE, script), binary, src, str(cases),
                                  str(seed + index), os.path.join(work, script)],
                                 capture_output=True, text=True, errors="replace")
            lines = [line for line in res.stdout.splitlines() if line.strip()]
            last = lines[-1] if lines else res.stderr.strip()[-300:]
            rates = [float(x) for x in re.findall(r"([0-9.]+)%", last)]
            raw, apart = (rates[0], rates[-1]) if rates else (0.0, 0.0)
            ok = res.returncode == 0 and raw >= raw_min and apart >= apart_min
            print("%s %s: raw %.2f%% (needs %.1f%%), apart from the listed choices %.2f%% (needs %.1f%%) -- %s"
                  % ("ok  " if ok else "FAIL", name, raw, raw_min, apart, apart_min, last))
            if not ok:
                print("\n".join(lines[-30:]))
                failed.append(script)
    if failed:
        return 1
    return 0 if ran else 77


if __name__ == "__main__":
    sys.exit(main())
