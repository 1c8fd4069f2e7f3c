#!/usr/bin/env python3
"""Seeded Proton launches: `aortalint run --dry-run` beside aorta's own collector wrap.

usage: proton_wrap_parity.py AORTALINT AORTA_SRC CASES SEED [WORKDIR]

AORTA_SRC holds aorta's `aorta` package read from ROCm/aorta into a scratch
directory (never committed here): `triage/recipe.py` and what it imports,
`run/collectors.py`, `instrumentation/proton/{__init__,_options,_parse}.py` and
the rocprof collector. Each case is a recipe (probe, or triage with cells that
inherit, override or turn off the recipe's collect, chosen with --cell) whose
collect block holds proton in mode cli or env (case and space variants) with
every backend and the mode knobs, sometimes beside rocprof; a launch argv
(python scripts with interpreter flags, -m pytest, bare and console-script
pytest with various shebangs, torchrun, shells, binaries); and an environment
(HIP_/CUDA_/ROCR_VISIBLE_DEVICES set, empty or unset; AORTA_PROTON_PYTHON).

aorta's side is what its dispatcher does: `load_recipe(path)` (a refusal there
is a refusal), the chosen cell's effective_collect / effective_collect_options,
then `aorta.run.collectors.wrap_argv_for_collectors(config, argv)` with the
case's environment as os.environ and its directory as the working directory.
aortalint's side is `run --dry-run --no-config --recipe r.yaml [--cell C]
--output out -- ARGV` run there, its first stdout line split with shlex. A case
agrees when both give the same argv, or both refuse. When aorta falls back to
its own interpreter (sys.executable, for a pytest without a readable Python
shebang) both interpreter tokens are compared as "<aorta-python>" (aortalint
cannot know which Python runs aorta).
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

WS = ["", "", "", " ", "\u00a0", "\u3000", "\t"]
BACKENDS = ["auto", "cupti", "rocprofiler", "roctracer", "instrumentation"]
PAYLOAD_ENV = '''import os

import triton.profiler as proton
import torch


def main():
    os.environ.get("AORTA_PROTON_DIR")
    proton.start(os.environ.get("AORTA_PROTON_NAME"), context=os.environ.get("AORTA_PROTON_CONTEXT"),
                 data=os.environ.get("AORTA_PROTON_DATA"), backend=os.environ.get("AORTA_PROTON_BACKEND"),
                 mode=os.environ.get("AORTA_PROTON_MODE"), hook=os.environ.get("AORTA_PROTON_HOOK"))
    try:
        torch.ones(1)
    finally:
        proton.finalize()


if __name__ == "__main__":
    main()
'''
PAYLOAD_CLI = 'def main():\n    return 0\n\n\nif __name__ == "__main__":\n    main()\n'
ARGVS = [["python3", "train.py"], ["python", "train.py", "--lr", "0.1"], ["python3.11", "train.py"],
         ["/usr/bin/python3", "train.py"], ["python2", "train.py"], ["Python3", "train.py"],
         ["python3-dbg", "train.py"], ["python3.11.2", "train.py"], ["venv/bin/python", "train.py"],
         ["python3", "-u", "-B", "train.py"], ["python3", "-O", "-OO", "train.py"], ["python3", "-X", "dev", "train.py"],
         ["python3", "-W", "ignore", "train.py"], ["python3", "-uB", "train.py"], ["python3", "-m", "pytest", "-x"],
         ["python3", "-mpytest", "-q"], ["python3", "-m"], ["python3", "-m", "pip", "list"],
         ["python3", "-m", "torch.distributed.run", "train.py"], ["pytest", "-x", "tests"], ["./pytest", "-q"],
         ["py.test"], ["pytest-3"], ["torchrun", "--nproc_per_node", "2", "train.py"], ["bash", "run.sh"],
         ["sh", "-c", "python3 train.py"], ["./a.out", "512"], ["env", "FOO=1", "python3", "train.py"],
         ["python3", "-c", "print(1)"], ["python3"], ["python3", "--", "train.py"], ["python3", "-I", "-s", "train.py"]]
SHEBANGS = ["#!/usr/bin/python3.11\n", "#!/usr/bin/env python3\n", "#!/usr/bin/env -S python3 -u\n", "#!/bin/sh\n",
            "#!/opt/venv/bin/python -E\n", "", "#!\n"]


def options(r):
    mode = r.choice(["cli", "env", "env", "Env", " cli "])
    backend = r.choice(BACKENDS)
    o = {}
    if r.random() < 0.8:
        o["mode"] = r.choice(WS) + mode + r.choice(WS)
    if r.random() < 0.85:
        o["backend"] = backend if r.random() < 0.9 else backend.upper()
    # Mode knobs, mostly with the backend that takes them (the rest are refusals to agree on).
    knob = r.random()
    if knob < 0.2:
        o["backend_mode"] = r.choice(["pcsampling", "periodic_flushing", "periodic_flushing", "bogus"])
        if r.random() < 0.8:
            o["backend"] = r.choice(["cupti", "rocprofiler", "roctracer"])
    elif knob < 0.35:
        o["instrumentation_mode"] = r.choice(["default", "mma", "pcsampling"])
        if r.random() < 0.5:
            o["granularity"] = r.choice(["cta", "warp", "warp_group_8"])
        if r.random() < 0.8:
            o["backend"] = "instrumentation"
    if r.random() < 0.25:
        o["hook"] = r.choice(["triton", "Triton"])
    if r.random() < 0.2:
        o["context"] = r.choice(["shadow", "python"])
    if r.random() < 0.2:
        o["data"] = r.choice(["tree", "trace"])
    return o


def collect(r):
    c = {"proton": options(r)}
    if r.random() < 0.15:
        c["rocprof"] = {}
        if r.random() < 0.6:
            c["proton"]["backend"] = "instrumentation"
    return c


def make_case(r, d):
    for sub in ("bin", "home", "venv/bin", "tests"):
        os.makedirs(os.path.join(d, sub), exist_ok=True)
    env_mode_payload = r.random() < 0.9
    with open(os.path.join(d, "train.py"), "w") as f:
        f.write(PAYLOAD_ENV if env_mode_payload else PAYLOAD_CLI)
    with open(os.path.join(d, "run.sh"), "w") as f:
        f.write("#!/bin/sh\npython3 train.py\n")
    with open(os.path.join(d, "a.out"), "w") as f:
        f.write("")
    os.chmod(os.path.join(d, "a.out"), 0o755)
    for name in ("pytest", "py.test", "pytest-3"):
        for where in ("bin", "."):
            p = os.path.join(d, where, name)
            with open(p, "w") as f:
                f.write(r.choice(SHEBANGS) + "import pytest\n")
            os.chmod(p, 0o755)
    rocprof = os.path.join(d, "bin", "rocprofv3")
    with open(rocprof, "w") as f:
        f.write("#!/bin/sh\nexit 0\n")
    os.chmod(rocprof, 0o755)
    top = collect(r)
    cell = None
    if r.random() < 0.6:
        recipe = ("schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
                  f"collect: {json.dumps(top)}\n")
    else:
        own = collect(r)
        recipe = ("schema_version: 1\nworkload: w\ntrials: 1\nsteps: 1\n"
                  f"collect: {json.dumps(top)}\ncells:\n"
                  "  - {name: base, mitigations: [none], environment: local}\n"
                  f"  - {{name: own, mitigations: [none], environment: local, collect: {json.dumps(own)}}}\n"
                  "  - {name: 'off', mitigations: [none], environment: local, collect: []}\n")
        cell = r.choice(["base", "own", "own", "off"])
    with open(os.path.join(d, "r.yaml"), "w") as f:
        f.write(recipe)
    env = {"HOME": os.path.join(d, "home"), "PATH": os.path.join(d, "bin") + ":/usr/bin:/bin"}
    for var in ("HIP_VISIBLE_DEVICES", "CUDA_VISIBLE_DEVICES", "ROCR_VISIBLE_DEVICES"):
        if r.random() < 0.3:
            env[var] = r.choice(["0", "1", "", "0,1"])
    if r.random() < 0.15:
        env["AORTA_PROTON_PYTHON"] = r.choice(["/opt/py/bin/python3", "~/venv/bin/python", "$HOME/py", ""])
    return cell, r.choice(ARGVS), env


def aorta_wrap(cell, argv, env, d):
    from pathlib import Path
    from aorta.run.collectors import wrap_argv_for_collectors
    from aorta.triage.recipe import load_recipe
    saved_env, saved_cwd = dict(os.environ), os.getcwd()
    os.environ.clear()
    os.environ.update(env)
    os.chdir(d)
    try:
        recipe = load_recipe(Path("r.yaml"))
        chosen = [c for c in recipe.cells if cell is None or c.name == cell][0]
        config = {"_aorta_collect": list(chosen.effective_collect(recipe.collect)),
                  "_aorta_collect_options": chosen.effective_collect_options(recipe.collect_options),
                  "_aorta_collect_dir": os.path.join(d, "out")}
        return wrap_argv_for_collectors(config, argv)
    except Exception:  # a refusal at load or at wrap
        return None
    finally:
        os.environ.clear()
        os.environ.update(saved_env)
        os.chdir(saved_cwd)


def aortalint_wrap(binary, cell, argv, env, d):
    cmd = [binary, "run", "--dry-run", "--no-config", "--recipe", "r.yaml", "--output", "out"]
    if cell:
        cmd += ["--cell", cell]
    res = subprocess.run(cmd + ["--"] + argv, capture_output=True, text=True, cwd=d, env=env)
    if res.returncode != 0 or "is not on $PATH here" in res.stderr:
        return None, res.stderr
    return shlex.split(res.stdout.split("\n")[0]), res.stderr


def main():
    binary, aorta_src, cases, seed = os.path.abspath(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    work = sys.argv[5] if len(sys.argv) > 5 else tempfile.mkdtemp(prefix="proton_wrap_parity_")
    sys.path.insert(0, aorta_src)
    # The scratch registry resolves the built-in mitigations/environments from this table.
    os.environ.setdefault("AORTA_PARITY_MITIGATIONS_YAML", os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "rules", "knowledge", "mitigations.yaml"))
    r = random.Random(seed)
    agree = shown = both_refuse = choice = 0
    for i in range(cases):
        d = os.path.abspath(os.path.join(work, "c%05d" % i))
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        cell, argv, env = make_case(r, d)
        want = aorta_wrap(cell, argv, env, d)
        got, err = aortalint_wrap(binary, cell, argv, env, d)
        if want and got and sys.executable in want and len(want) == len(got):
            k = want.index(sys.executable)
            want[k] = got[k] = "<aorta-python>"
        if got == want:
            agree += 1
            both_refuse += want is None
            continue
        # The payload gate (PAY006/PAY007: an env-mode payload that never reads
        # AORTA_PROTON_* or never starts Proton) refuses what aorta runs unprofiled.
        rules = set(re.findall(r"\[([A-Z]+[0-9]+)\]", err))
        if got is None and want is not None and rules and rules <= {"PAY006", "PAY007"}:
            choice += 1
            continue
        if shown < 12:
            shown += 1
            print("DIFF", d, "cell", cell, "argv", argv, "env", {k: v for k, v in env.items() if k not in ("PATH",)})
            print("  aorta    ", want)
            print("  aortalint", got, err.strip().splitlines()[-3:] if got is None else "")
    print("proton wrap: %d/%d agree (%.2f%%; %d of them both refuse); %d more differ by a documented choice "
          "(the env-mode payload gate, PAY006/PAY007): %.2f%% apart from those"
          % (agree, cases, 100.0 * agree / cases, both_refuse, choice, 100.0 * (agree + choice) / cases))


if __name__ == "__main__":
    main()
