#!/usr/bin/env python3
"""Every side-by-side harness against aorta's own code, with the agreement each must keep.

usage: run_all.py AORTALINT [AORTA_SRC]

AORTA_SRC (or $AORTA_PARITY_SRC) is a scratch directory holding aorta's `aorta`
package read from ROCm/aorta (see README.md; never committed here). Without it
this exits 77, which ctest reports as skipped. Each harness runs a seeded
sample and must agree with aorta at least as often as stated below, counting
the documented choices (SYN004, COL009, the env-mode payload gate) apart;
the rates are printed.
"""
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
# harness, cases, seed, minimum agreement apart from documented choices (percent)
RUNS = [("recipe_parity.py", 1500, 77001, 99.5), ("sandbox_parity.py", 2000, 31337, 99.5),
        ("collect_parity.py", 1000, 20261201, 99.5), ("wrap_parity.py", 400, 424242, 99.5),
        ("proton_wrap_parity.py", 600, 424242, 99.5), ("metrics_parity.py", 600, 9001, 99.5)]


def main():
    binary = os.path.abspath(sys.argv[1])
    src = sys.argv[2] if len(sys.argv) > 2 else os.environ.get("AORTA_PARITY_SRC", "")
    if not src or not os.path.isfile(os.path.join(src, "aorta", "triage", "recipe.py")):
        print("SKIPPED: aorta's sources are not here; read them from ROCm/aorta into a scratch directory "
              "(tests/parity/README.md) and set AORTA_PARITY_SRC to it")
        return 77
    failed = []
    with tempfile.TemporaryDirectory(prefix="parity_") as work:
        for script, cases, seed, minimum in RUNS:
            res = subprocess.run([sys.executable, os.path.join(HERE, script), binary, src, str(cases), str(seed),
                                  os.path.join(work, script)], capture_output=True, text=True)
            lines = [l for l in res.stdout.splitlines() if l.strip()]
            last = lines[-1] if lines else res.stderr.strip()[-300:]
            rates = re.findall(r"([0-9.]+)%", last)
            rate = float(rates[-1]) if rates else 0.0
            ok = res.returncode == 0 and rate >= minimum
            print("%s %s (needs %.1f%%): %s" % ("ok  " if ok else "FAIL", script, minimum, last))
            if not ok:
                print("\n".join(lines[-30:]))
                failed.append(script)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
