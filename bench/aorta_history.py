#!/usr/bin/env python3
"""aortalint against ROCm/aorta's own history: real recipe versions and mutations of them.

    bench/aorta_history.py put      < ANSWERS.jsonl   # store fetched files in the cache
    bench/aorta_history.py missing                    # the manifest rows the cache lacks
    bench/aorta_history.py run [--aortalint BIN] [--only SUBSTR] [--json OUT]

The manifest (bench/aorta_history.tsv) names each file version: its kind (recipe or support: a payload,
sidecar or config a recipe names), path, commit, its size in characters as the index gives it and, for
recipes, whether aorta accepts it and why. No file of aorta's is kept in this repository: `put` stores
the stored index's `read_file` answers (one JSON object a line: repo, path, commit, text, total_chars)
under $AORTA_HISTORY_CACHE (default /tmp/aorta-history/cache) as <commit>/<path>, refusing a text whose
length is not the index's size; a re-run reads the cache only.

`run` builds one tree per recipe version (the recipe at its path and every support file of the manifest
at its own path) and runs the built aortalint on it:
  a) `check .` from the tree root;  b) the recipe named alone from the tree root;
  c) named alone by its absolute path from another directory;
each with a `.git` marker, an `.aortalint.yaml` marker and none; then
  e) `explain --format json` against b)'s findings (every finding, by rule, path and line);
  f) `run --dry-run` with the header's command (`true` where there is none): it must exit 2 for a recipe aorta
     refuses to load (aorta's verdict, as the README's `run` section gives the exit codes), else 1 exactly
     when `check` given the same command has errors, else 0.
Reported: the accepted recipes that get an error in any mode (the goal is 0), each error's position,
the explain/check agreement, and the run --dry-run agreement.

The mutations (MUTATIONS below) each edit one real recipe so that aorta refuses it; the reference for
each refusal is aorta's code at the commit named (the loaders and `sweep run`, read from the index;
reference/aorta.md transcribes them). A mutation is caught when the mutated recipe gets an error that
the unmutated one does not, covering a mutated line itself or by one of its notes (for a removed key: an error
naming the key).
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
MANIFEST = os.path.join(HERE, "aorta_history.tsv")
CACHE = os.environ.get("AORTA_HISTORY_CACHE", "/tmp/aorta-history/cache")
MARKERS = ("git", "config", "none")


def read_manifest():
    rows = []
    with open(MANIFEST) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            kind, path, commit, chars, verdict = (line.rstrip("\n").split("\t") + [""])[:5]
            rows.append({"kind": kind, "path": path, "commit": commit, "chars": int(chars), "verdict": verdict})
    return rows


def cached(row):
    return os.path.join(CACHE, row["commit"], row["path"])


def record_size(path, commit, chars):
    """Writes the index's size into the manifest row that has none yet; refuses one that differs."""
    with open(MANIFEST) as f:
        lines = f.read().split("\n")
    for i, line in enumerate(lines):
        cols = line.split("\t")
        if len(cols) >= 4 and cols[1] == path and cols[2] == commit:
            if cols[3] not in ("0", str(chars)):
                sys.exit("put: %s@%s: the manifest says %s characters, the answer %d" % (path, commit[:8], cols[3], chars))
            cols[3] = str(chars)
            lines[i] = "\t".join(cols)
    with open(MANIFEST, "w") as f:
        f.write("\n".join(lines))


def put():
    stored = 0
    for line in sys.stdin:
        if not line.strip():
            continue
        answer = json.loads(line)
        if answer.get("repo") != "ROCm/aorta":
            sys.exit("put: %s is not a file of ROCm/aorta" % answer.get("path"))
        if len(answer["text"]) != answer["total_chars"]:
            sys.exit("put: %s@%s holds %d characters, the index says %d (a partial read?)"
                     % (answer["path"], answer["commit"][:8], len(answer["text"]), answer["total_chars"]))
        dest = os.path.join(CACHE, answer["commit"], answer["path"])
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        with open(dest, "w", encoding="utf-8", newline="") as f:
            f.write(answer["text"])
        record_size(answer["path"], answer["commit"], answer["total_chars"])
        stored += 1
    print("stored %d file(s) under %s" % (stored, CACHE))


def missing(rows):
    gone = [r for r in rows if not os.path.exists(cached(r))]
    for r in gone:
        print("read_file repo=ROCm/aorta path=%s commit=%s" % (r["path"], r["commit"]))
    return gone


def check_sizes(rows):
    bad = []
    for r in rows:
        with open(cached(r), encoding="utf-8", newline="") as f:
            if len(f.read()) != r["chars"]:
                bad.append(r)
    return bad


# ---------------------------------------------------------------------------------------------------
# Running aortalint


def aortalint(binary, args, cwd):
    env = dict(os.environ, AORTALINT_CACHE_DIR=os.path.join(cwd, ".no-cache"), NO_COLOR="1")
    p = subprocess.run([binary] + args, cwd=cwd, capture_output=True, text=True, env=env, timeout=120)
    return p.returncode, p.stdout, p.stderr


def findings(binary, args, cwd):
    rc, out, err = aortalint(binary, ["check", "--no-cache", "--format", "json"] + args, cwd)
    if rc not in (0, 1):
        return rc, None, err.strip()
    return rc, json.loads(out or "[]"), err


def build_tree(root, recipe, support, marker, text=None, config=None):
    shutil.rmtree(root, ignore_errors=True)
    os.makedirs(root)
    for r in support + [recipe]:
        dest = os.path.join(root, r["path"])
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        shutil.copyfile(cached(r), dest)
    if text is not None:
        with open(os.path.join(root, recipe["path"]), "w", encoding="utf-8", newline="") as f:
            f.write(text)
    if config:
        with open(os.path.join(root, ".aortalint.yaml"), "w") as f:
            f.write(config)
    if marker == "git":
        os.makedirs(os.path.join(root, ".git"))
    elif marker == "config":
        with open(os.path.join(root, ".aortalint.yaml"), "w") as f:
            f.write("# the project root marker\n")


def errors_on(found, path):
    return [f for f in found if f["severity"] == "error" and os.path.normpath(f["path"]) == os.path.normpath(path)]


def key(f):
    return (f["rule"], os.path.normpath(f["path"]), f["line"], f["column"])


def relative(found, root):
    for f in found:
        if os.path.isabs(f["path"]):
            f["path"] = os.path.relpath(f["path"], root)
    return found


def measure_recipe(binary, recipe, support, scratch):
    """Every mode on one recipe version; returns the per-mode error lists and the agreements."""
    root = os.path.join(scratch, "tree")
    other = os.path.join(scratch, "elsewhere")
    os.makedirs(other, exist_ok=True)
    result = {"errors": {}, "support_errors": [], "crashes": [], "explain": None, "dry_run": None}
    named_findings = None
    for marker in MARKERS:
        build_tree(root, recipe, support, marker)
        modes = {
            "tree": (["."], root),
            "named": ([recipe["path"]], root),
            "elsewhere": ([os.path.join(root, recipe["path"])], other),
        }
        for mode, (args, cwd) in modes.items():
            rc, found, err = findings(binary, args, cwd)
            if found is None:
                result["crashes"].append("%s/%s: exit %d: %s" % (mode, marker, rc, err[:200]))
                continue
            found = relative(found, root)
            result["errors"]["%s/%s" % (mode, marker)] = errors_on(found, recipe["path"])
            if mode == "tree" and marker == "git":
                result["support_errors"] = [f for f in found if f["severity"] == "error"
                                            and os.path.normpath(f["path"]) != recipe["path"]]
            if mode == "named" and marker == "git":
                named_findings = found
        if marker != "git":
            continue
        # e) explain's problem list against check's findings for the same recipe.
        rc, out, err = aortalint(binary, ["explain", "--format", "json", recipe["path"]], root)
        command = None
        if rc in (0, 1) and named_findings is not None:
            doc = json.loads(out)
            problems = relative(doc.get("problems", []), root)
            agree = sorted(map(key, problems)) == sorted(map(key, named_findings))
            result["explain"] = agree
            if not doc.get("placeholder_command"):
                command = doc.get("command")
        elif rc != 2 or recipe["path"].endswith(".json"):
            result["crashes"].append("explain: exit %d: %s" % (rc, err.strip()[:200]))
        # f) run --dry-run: exit 1 exactly when check, given the same command, finds errors.
        argv = ["--"] + (command or ["true"])
        rc, out, err = aortalint(binary, ["run", "--dry-run", "--recipe", recipe["path"]] + argv, root)
        _, with_command, _ = findings(binary, [recipe["path"]] + argv, root)
        has_errors = any(f["severity"] == "error" for f in with_command or [])
        if mode_is_sanitizer(recipe):
            result["dry_run"] = rc in (0, 1, 2)  # run captures probe/triage trials; a plan is refused as usage
        elif recipe["verdict"].startswith("refused"):
            result["dry_run"] = rc == 2  # aorta would refuse to load it: --dry-run says so and exits 2
        else:
            result["dry_run"] = rc == (1 if has_errors else 0)
        if rc not in (0, 1, 2):
            result["crashes"].append("run --dry-run: exit %d: %s" % (rc, err.strip()[:200]))
    return result


def header_refused(recipe):
    """The rules whose errors a recipe's verdict expects ("accepted; header refused (ATT005): why")."""
    verdict = recipe["verdict"]
    if "header refused (" not in verdict:
        return set()
    return set(verdict.split("header refused (", 1)[1].split(")", 1)[0].split(","))


def mode_is_sanitizer(recipe):
    with open(cached(recipe), encoding="utf-8") as f:
        return "\nmode: sanitizer" in "\n" + f.read()


# ---------------------------------------------------------------------------------------------------
# Mutations: (base recipe path, base commit prefix, name, aorta's refusal, edit).
# An edit is ("replace", old, new[, key]): the first `old` becomes `new`, the mutated lines are those of `new`
# from where it differs (with `key`: the edit leaves that key missing, and the error must name it);
# ("append", text): added at the end; ("drop", line_start, key): the first line starting with line_start
# is removed, and the error must name `key`.

TRIAGE = ("recipes/training/example-fsdp-smoke.yaml", "318ffa15")
PROBE = ("recipes/probe/example-probe-smoke.yaml", "3dc02852")
PROTON = ("examples/profiling/proton/amd-roctracer/recipe.yaml", "96a9414f")
VECADD = ("examples/profiling/proton/triton-vecadd/recipe.yaml", "c141f983")
SAN_REPRO = ("recipes/sanitizers/daily-consan-clean.yaml", "55cce4ac")
SAN_KERNEL = ("recipes/sanitizers/daily-consan-lds-dispatch.yaml", "87a1acd4")
SAN_LIST = ("recipes/sanitizers/demo-waitcheck-asm.yaml", "1128c33a")
SIDE = ("recipes/tokenspeed/tokenspeed-kernel-gemm-smoke.yaml", "1130c5ec")
SAN_CSV = ("dashboard/runs/2026-09-20T141859-35510413832/waitcheck/recipe.yaml", "93b4aa57")
HRX = ("recipes/hrx/hrx-launch-probe-all.yaml", "1fe8867b")

REC = "triage/probe loader (src/aorta/triage/recipe.py, newest; reference/aorta.md §1)"
CELL = "triage cell parser (_parse_cell; reference/aorta.md §1.4)"
PRB = "probe builder (reference/aorta.md §1.5, §1.3)"
COLL = "_parse_collect / validate_collectors (src/aorta/run/collectors.py ac6e42ea; §1.6)"
ROCPROF = "rocprof option schema (reference/aorta.md §2.1)"
PROTON_OPT = "proton option schema (proton/__init__.py c141f983/c6f5573a; §2.2)"
CONFLICT = "validate_collectors' queue-interceptor conflict (§2.3)"
WRAP = "proton wrap_argv at c6f5573a (trial setup; §2.4)"
SAN = "sanitizer loader (rocjitsu_sanitizers/recipe.py 1128c33a, load_sanitizer_recipe)"
SAN_NEW = "sanitizer loader newer than 1128c33a (its own recipes' comments; knowledge/sanitizer_plan.yaml)"
SWEEP = "aorta sweep run (src/aorta/cli/sweep.py c06e914b; model/sweep_run.h)"
# RCP015 is a warning unless the config closes the registry (plugins and sidecars add names aortalint
# cannot see): these mutations run with the config aorta's own repository could declare.
CLOSED = "mitigations-closed: true\n"
TRIAGE_CLI = "aorta triage CLI (cli/triage.py 9e772da1: --ticket with --recipe)"

MUTATIONS = [
    # The triage/probe recipe loader.
    (TRIAGE, "top-level key of a later phase", REC, ("append", "condition: {}\n")),
    (TRIAGE, "mode not triage or probe", REC, ("replace", "schema_version: 1\n", "schema_version: 1\nmode: triag\n")),
    (TRIAGE, "unknown top-level key", REC, ("replace", "steps: 100", "stepz: 100")),
    (TRIAGE, "probe key in a triage recipe", REC, ("append", "mitigation_axis: [none]\n")),
    (PROBE, "triage key in a probe recipe", REC, ("append", "steps: 3\n")),
    (TRIAGE, "required key removed (workload)", REC, ("drop", "workload:", "workload")),
    (PROBE, "required key removed (diagnostic_axis)", REC, ("drop", "diagnostic_axis:", "diagnostic_axis")),
    (TRIAGE, "schema_version 2", REC, ("replace", "schema_version: 1", "schema_version: 2")),
    (TRIAGE, "schema_version a bool", REC, ("replace", "schema_version: 1", "schema_version: true")),
    (TRIAGE, "ticket not a string", REC, ("replace", "ticket: EXAMPLE-151", "ticket: 151")),
    (TRIAGE, "trials 0", REC, ("replace", "trials: 2", "trials: 0")),
    (TRIAGE, "trials a bool", REC, ("replace", "trials: 2", "trials: true")),
    (TRIAGE, "confound.threshold 0", REC, ("replace", "threshold: 1.15", "threshold: 0")),
    (TRIAGE, "confound unknown key", REC, ("replace", "threshold: 1.15", "threshold: 1.15\n  baselinecell: x")),
    (TRIAGE, "confound.baseline_cell names no cell", CELL,
     ("replace", "threshold: 1.15", "threshold: 1.15\n  baseline_cell: nosuch")),
    (PROBE, "stop_after.events without max_trials", REC, ("append", "stop_after:\n  events: 2\n")),
    (PROBE, "stop_after.max_trials below events", REC, ("append", "stop_after:\n  events: 3\n  max_trials: 2\n")),
    (PROBE, "stop_after.event_verdict unknown", REC,
     ("append", "stop_after:\n  events: 1\n  max_trials: 2\n  event_verdict: flaky\n")),
    (TRIAGE, "workload not a string", REC, ("replace", "workload: race", "workload: 5")),
    (TRIAGE, "workload empty", REC, ("replace", "workload: race", "workload: ''")),
    (TRIAGE, "steps 0", REC, ("replace", "steps: 100", "steps: 0")),
    (TRIAGE, "workload_config.steps reserved", REC, ("replace", "  mode: fsdp\n", "  mode: fsdp\n  steps: 3\n")),
    (TRIAGE, "workload_config _aorta_ key", REC, ("replace", "  mode: fsdp\n", "  mode: fsdp\n  _aorta_seed: 3\n")),
    (TRIAGE, "save_logs a string", REC, ("append", "save_logs: 'yes'\n")),
    (TRIAGE, "extra_env bad name", REC, ("append", "extra_env:\n  1BAD: x\n")),
    (TRIAGE, "extra_env value not a string", REC, ("append", "extra_env:\n  GOOD: 1\n")),
    (TRIAGE, "trial_isolation unknown", REC, ("append", "trial_isolation: thread\n")),
    (PROBE, "mitigation_axis a string", PRB, ("replace", "mitigation_axis:\n  - none\n  - pytorch_no_cuda_memory_caching",
                                              "mitigation_axis: none")),
    (PROBE, "diagnostic_axis empty", PRB, ("replace", "diagnostic_axis:\n  - none", "diagnostic_axis: []")),
    (PROBE, "unknown mitigation in an axis", PRB, ("replace", "  - pytorch_no_cuda_memory_caching",
                                                   "  - pytorch_no_cuda_memory_cachin"), CLOSED),
    (PROBE, "step_time_regex that does not compile", PRB, ("replace", "step_time_regex: null",
                                                          "step_time_regex: 'step ('")),
    (PROBE, "timeout_per_trial 0", PRB, ("replace", "timeout_per_trial: 1800", "timeout_per_trial: 0")),
    (PROBE, "timeout_per_trial a string", PRB, ("replace", "timeout_per_trial: 1800", "timeout_per_trial: '1800'")),
    (PROBE, "env_passthrough_mode unknown", PRB, ("replace", "env_passthrough_mode: inherit",
                                                  "env_passthrough_mode: copy")),
    (PROBE, "hang_window_sec 0", PRB, ("append", "hang_window_sec: 0\n")),
    (PROBE, "hang_grace_period_at_start negative", PRB, ("append", "hang_grace_period_at_start: -1\n")),
    (PROBE, "tier3_vram_growth a string", PRB, ("append", "tier3_vram_growth: 'no'\n")),
    (PROBE, "disable_detectors unknown detector", PRB, ("append", "disable_detectors: [tier9:nothing]\n")),
    (PROBE, "retain unknown key", PRB, ("append", "retain:\n  on_crash: none\n")),
    (PROBE, "retain.on_pass unknown value", PRB, ("append", "retain:\n  on_pass: some\n")),
    (PROBE, "redaction null", PRB, ("append", "redaction: null\n")),
    (PROBE, "custom_patterns on_match unknown", PRB,
     ("append", "custom_patterns:\n  - id: p\n    match:\n      regex: 'x'\n    on_match: explode\n")),
    # Triage cells.
    (TRIAGE, "cell unknown key", CELL, ("replace", "  - name: baseline-local\n", "  - name: baseline-local\n    mitigation: [none]\n")),
    (TRIAGE, "cell without environment", CELL, ("drop", "    environment: local", "environment")),
    (TRIAGE, "cell name with a slash", CELL, ("replace", "  - name: xnack-local", "  - name: xnack/local")),
    (TRIAGE, "cell name matrix.md", CELL, ("replace", "  - name: xnack-local", "  - name: matrix.md")),
    (TRIAGE, "duplicate cell name", CELL, ("replace", "  - name: xnack-local", "  - name: tf32_off-local")),
    (TRIAGE, "cell mitigations empty", CELL, ("replace", "    mitigations: [xnack]", "    mitigations: []")),
    (TRIAGE, "cell unknown mitigation", CELL, ("replace", "    mitigations: [xnack]", "    mitigations: [xnak]"), CLOSED),
    (TRIAGE, "cell unknown environment", CELL, ("replace", "    mitigations: [xnack]\n    environment: local",
                                                "    mitigations: [xnack]\n    environment: locl"), CLOSED),
    (TRIAGE, "inline environment with a name", CELL,
     ("replace", "    mitigations: [xnack]\n    environment: local",
      "    mitigations: [xnack]\n    environment: {docker: img, name: x}")),
    (TRIAGE, "cell trials 0", CELL, ("replace", "    mitigations: [xnack]\n", "    mitigations: [xnack]\n    trials: 0\n")),
    (TRIAGE, "cell collect null", CELL, ("replace", "    mitigations: [xnack]\n", "    mitigations: [xnack]\n    collect: null\n")),
    (TRIAGE, "stacked mitigations set one variable twice", CELL,
     ("replace", "    mitigations: [xnack]", "    mitigations: [debug_hip_dynamic_queues_1, debug_hip_dynamic_queues_2]")),
    (PROBE, "axis pair sets one variable twice", PRB,
     ("replace", "  - pytorch_no_cuda_memory_caching\n\ndiagnostic_axis:\n  - none",
      "  - debug_hip_dynamic_queues_1\n\ndiagnostic_axis:\n  - none\n  - debug_hip_dynamic_queues_2")),
    (TRIAGE, "cell name '.'", CELL, ("replace", "  - name: xnack-local", "  - name: '.'")),
    (TRIAGE, "inline environment without an image", CELL,
     ("replace", "    mitigations: [xnack]\n    environment: local", "    mitigations: [xnack]\n    environment: {docker: ''}")),
    (TRIAGE, "workload_config key not a string", REC, ("replace", "  mode: fsdp\n", "  mode: fsdp\n  1: one\n")),
    (HRX, "extra_env value with a NUL", REC, ('replace', 'HRX_GPU_DRIVER: "amdgpu"', 'HRX_GPU_DRIVER: "amd\\0gpu"')),
    # The collect block and the collectors' own validation.
    (PROBE, "collect a string", COLL, ("append", "collect: rocprof\n")),
    (PROBE, "collect unknown collector", COLL, ("append", "collect: [rocprf]\n")),
    (PROBE, "collect name not a string", COLL, ("append", "collect: [1]\n")),
    (PROBE, "collector option not a string", COLL, ("append", "collect:\n  rocprof:\n    stats: true\n")),
    (PROBE, "rocprof unknown option", ROCPROF, ("append", "collect:\n  rocprof:\n    traces: kernel\n")),
    (PROBE, "rocprof trace empty", ROCPROF, ("append", "collect:\n  rocprof:\n    trace: ''\n")),
    (PROBE, "rocprof trace unknown domain", ROCPROF, ("append", "collect:\n  rocprof:\n    trace: kernel,hsa\n")),
    (PROBE, "rocprof output_format unknown", ROCPROF, ("append", "collect:\n  rocprof:\n    output_format: xml\n")),
    (PROBE, "rocprof stats not a boolean word", ROCPROF, ("append", "collect:\n  rocprof:\n    stats: maybe\n")),
    (PROBE, "rocprof kernel_include_regex empty", ROCPROF,
     ("append", "collect:\n  rocprof:\n    kernel_include_regex: ' '\n")),
    (PROBE, "rocprof pmc names no counter", ROCPROF, ("append", "collect:\n  rocprof:\n    pmc: ','\n")),
    (PROBE, "rocprof summary_units unknown", ROCPROF, ("append", "collect:\n  rocprof:\n    summary_units: min\n")),
    (PROTON, "proton unknown option", PROTON_OPT, ("replace", '    context: "shadow"', '    contxt: "shadow"')),
    (PROTON, "proton mode unknown", PROTON_OPT, ("replace", '    mode: "env"', '    mode: "envv"')),
    (PROTON, "proton backend unknown", PROTON_OPT, ("replace", '    backend: "roctracer"', '    backend: "rocprof"')),
    (PROTON, "proton context unknown", PROTON_OPT, ("replace", '    context: "shadow"', '    context: "frame"')),
    (PROTON, "proton data unknown", PROTON_OPT, ("replace", '    data: "tree"', '    data: "json"')),
    (PROTON, "proton hook unknown", PROTON_OPT, ("replace", '    data: "tree"', '    data: "tree"\n    hook: "torch"')),
    (PROTON, "proton granularity without instrumentation", PROTON_OPT,
     ("replace", '    data: "tree"', '    data: "tree"\n    granularity: "warp"')),
    (PROTON, "proton instrumentation_mode without instrumentation", PROTON_OPT,
     ("replace", '    data: "tree"', '    data: "tree"\n    instrumentation_mode: "mma"')),
    (PROTON, "proton backend_mode outside its backend's domain", PROTON_OPT,
     ("replace", '    data: "tree"', '    data: "tree"\n    backend_mode: "pcsampling"')),
    (VECADD, "proton backend_mode under auto", PROTON_OPT,
     ("replace", '    data: "tree"', '    data: "tree"\n    backend_mode: "periodic_flushing"')),
    (PROTON, "proton backend_mode with granularity", PROTON_OPT,
     ("replace", '    backend: "roctracer"', '    backend: "instrumentation"\n    backend_mode: "periodic_flushing"\n'
      '    granularity: "warp"')),
    (PROTON, "proton option not a string", PROTON_OPT, ("replace", '    data: "tree"', '    data: 1')),
    (VECADD, "rocprof beside proton auto", CONFLICT, ("replace", "collect:\n", "collect:\n  rocprof: {}\n")),
    (PROTON, "mode: cli pinning roctracer", WRAP, ("replace", '    mode: "env"', '    mode: "cli"')),
    # The sanitizer loader.
    (SAN_REPRO, "sanitizer unknown top-level key", SAN, ("append", "sanitizer: {}\n")),
    (SAN_REPRO, "sanitizer schema_version 2", SAN, ("replace", "schema_version: 1", "schema_version: 2")),
    (SAN_REPRO, "sanitizer ticket empty", SAN, ("replace", "ticket: DAILY-CONSAN-CLEAN", "ticket: ' '")),
    (SAN_REPRO, "sanitizer_plan without target", SAN, ("drop", "  target: gfx950", "target")),
    (SAN_REPRO, "source.kind unknown", SAN, ("replace", "    kind: consan_repro", "    kind: consan_rep")),
    (SAN_REPRO, "source.kind not supported yet", SAN, ("replace", "    kind: consan_repro", "    kind: workload")),
    (SAN_REPRO, "consan_repro without hip", SAN, ("drop", "    hip: ", "hip")),
    (SAN_REPRO, "scope.kind unknown", SAN, ("replace", "  scope:\n    kind: kernel", "  scope:\n    kind: model")),
    (SAN_REPRO, "selection.requirement unknown", SAN, ("replace", "requirement: top_dispatch_count",
                                                       "requirement: top_count")),
    (SAN_REPRO, "selection.top_n 0", SAN, ("replace", "top_n: 1", "top_n: 0")),
    (SAN_REPRO, "selection.top_n a bool", SAN, ("replace", "top_n: 1", "top_n: true")),
    (SAN_REPRO, "sanitizers unknown name", SAN, ("replace", "    - consan\n  policy", "    - consann\n  policy")),
    (SAN_REPRO, "sanitizers empty", SAN, ("replace", "  sanitizers:\n    - consan\n", "  sanitizers: []\n")),
    (SAN_REPRO, "consan_policy unknown", SAN, ("replace", "consan_policy: strict", "consan_policy: strictest")),
    (SAN_REPRO, "on_missing_backend unknown", SAN, ("replace", "on_missing_backend: fail",
                                                    "on_missing_backend: skip")),
    (SAN_REPRO, "policy.timeout_seconds 0", SAN, ("replace", "    on_missing_backend: fail\n",
                                                  "    on_missing_backend: fail\n    timeout_seconds: 0\n")),
    (SAN_REPRO, "output.report misspelt (report missing)", SAN,
     ("replace", "    report: sanitizer_report.json", "    reports: sanitizer_report.json", "report")),
    (SAN_CSV, "gemm_csv source without path", SAN, ("drop", "    path: fixtures/gemm_shapes_unique.csv", "path")),
    (SAN_REPRO, "sanitizer ticket not a string", SAN, ("replace", "ticket: DAILY-CONSAN-CLEAN", "ticket: 7")),
    (SAN_REPRO, "sanitizer_plan not a mapping", SAN, ("replace", "sanitizer_plan:\n  target: gfx950", "sanitizer_plan: gfx950\nplan:\n  target: gfx950")),
    (SAN_REPRO, "consan_driver unknown", SAN_NEW, ("replace", "consan_driver: dispatch", "consan_driver: lod")),
    (SAN_REPRO, "load driver, strict policy, no expected_error", SAN_NEW,
     ("replace", "consan_driver: dispatch", "consan_driver: load")),
    (SAN_KERNEL, "kernel spec unknown key", SAN, ("replace", "      code_object_index: 0",
                                                  "      code_object_index: 0\n      entry: 0")),
    (SAN_KERNEL, "kernel spec without name", SAN, ("drop", "      name: lds_reduce", "name")),
    (SAN_KERNEL, "code_object_index negative", SAN, ("replace", "code_object_index: 0", "code_object_index: -1")),
    (SAN_KERNEL, "code_object_index a bool", SAN, ("replace", "code_object_index: 0", "code_object_index: true")),
    (SAN_LIST, "kernel_list empty", SAN, ("replace", "    kernels:\n", "    kernels: []\n    old_kernels:\n")),
    (SAN_LIST, "entry_offset not a number", SAN, ("replace", "entry_offset: 0", "entry_offset: 0xzz")),
    # aorta sweep run's options, as the header command gives them.
    (TRIAGE, "sweep run: --collect building the rocprof+proton conflict", SWEEP,
     ("replace", "--recipe recipes/training/example-fsdp-smoke.yaml --dry-run",
      "--recipe recipes/training/example-fsdp-smoke.yaml --collect rocprof,proton --dry-run")),
    (PROBE, "sweep run: unknown option", SWEEP, ("replace", "--output ./probe_results", "--outptu ./probe_results")),
    (PROBE, "sweep run: probe recipe without a command", SWEEP,
     ("replace", "#       --ticket PROBE-188 \\\n#       -- \\\n#       bash -c 'echo hi'",
      "#       --ticket PROBE-188")),
    (TRIAGE, "sweep run: triage recipe with a command", SWEEP,
     ("replace", "--recipe recipes/training/example-fsdp-smoke.yaml --dry-run",
      "--recipe recipes/training/example-fsdp-smoke.yaml -- python x.py")),
    (TRIAGE, "sweep run: --ticket beside --recipe (workload flow)", TRIAGE_CLI,
     ("replace", "--recipe recipes/training/example-fsdp-smoke.yaml --dry-run",
      "--recipe recipes/training/example-fsdp-smoke.yaml --ticket T-1 --dry-run")),
    (PROBE, "sweep run: --collect in the probe flow", SWEEP,
     ("replace", "#       --ticket PROBE-188 \\", "#       --ticket PROBE-188 --collect rocprof \\")),
    (PROBE, "sweep run: --strict in the probe flow", SWEEP,
     ("replace", "#       --ticket PROBE-188 \\", "#       --ticket PROBE-188 --strict \\")),
    (PROBE, "sweep run: --env-passthrough-mode unknown", SWEEP,
     ("replace", "#       --ticket PROBE-188 \\", "#       --ticket PROBE-188 --env-passthrough-mode copy \\")),
    (PROBE, "sweep run: --max-trials not an int", SWEEP,
     ("replace", "#       --ticket PROBE-188 \\", "#       --ticket PROBE-188 --max-trials two \\")),
    (TRIAGE, "sweep run: --trials in the workload flow beside --recipe", SWEEP,
     ("replace", "--recipe recipes/training/example-fsdp-smoke.yaml --dry-run",
      "--recipe recipes/training/example-fsdp-smoke.yaml --trials 3 --dry-run")),
    (SIDE, "sweep run: --mitigations-file that does not exist", SWEEP,
     ("replace", "tokenspeed-kernel-sidecar.json", "tokenspeed-kernel-sidecars.json")),
]


def mutate(text, edit):
    """The mutated text, its mutated lines (1-based, first and last), and the key an error must name (drops)."""
    if edit[0] == "append":
        body = text if text.endswith("\n") else text + "\n"
        first = body.count("\n") + 1
        return body + edit[1], (first, first + edit[1].rstrip("\n").count("\n")), None
    if edit[0] == "replace":
        at = text.find(edit[1])
        if at < 0:
            return None, None, None
        # From the first line where the new text differs from the old to the new text's last line.
        same = 0
        while same < min(len(edit[1]), len(edit[2])) and edit[1][same] == edit[2][same]:
            same += 1
        first = text.count("\n", 0, at + same) + 1 + (edit[2][same:same + 1] == "\n")
        last = text.count("\n", 0, at) + 1 + edit[2].count("\n")
        named = edit[3] if len(edit) > 3 else None  # a key the edit leaves missing
        return text[:at] + edit[2] + text[at + len(edit[1]):], (first, max(first, last)), named
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if line.startswith(edit[1]):
            return "\n".join(lines[:i] + lines[i + 1:]), (i + 1, i + 1), edit[2]
    return None, None, None


def at_span(finding, span):
    """Whether the error, or one of its notes, covers a line of the mutated span."""
    places = [(finding["line"], finding["end_line"])] + [(n["line"], n["end_line"]) for n in finding.get("notes", [])]
    return any(begin <= span[1] and span[0] <= end for begin, end in places)


def run_mutations(binary, recipes, support, scratch):
    by_base = {(r["path"], r["commit"][:8]): r for r in recipes}
    root = os.path.join(scratch, "mutant")
    caught, missed, skipped = [], [], []
    baselines = {}
    for base, name, source, edit, *extra in MUTATIONS:
        config = extra[0] if extra else None
        recipe = by_base.get(base)
        if recipe is None:
            skipped.append((name, "base %s@%s not in the cache" % base))
            continue
        with open(cached(recipe), encoding="utf-8", newline="") as f:
            text = f.read()
        mutated, span, named = mutate(text, edit)
        if mutated is None:
            skipped.append((name, "edit does not apply"))
            continue
        if base not in baselines:
            build_tree(root, recipe, support, "git")
            baselines[base] = {(f["rule"], f["message"]) for f in
                               errors_on(findings(binary, [recipe["path"]], root)[1], recipe["path"])}
        build_tree(root, recipe, support, "git", mutated, config)
        rc, found, err = findings(binary, [recipe["path"]], root)
        line = span[0]
        if found is None:
            missed.append((name, source, line, "aortalint exit %d: %s" % (rc, err[:160])))
            continue
        new = [f for f in errors_on(found, recipe["path"]) if (f["rule"], f["message"]) not in baselines[base]]
        # A removed key is reported where it is missing: an error that names it.
        hit = [f for f in new if (at_span(f, span) if named is None else "'%s'" % named in f["message"])]
        if hit:
            caught.append((name, hit[0]["rule"], line, config or ""))
        else:
            got = ", ".join("%s@%d" % (f["rule"], f["line"]) for f in new) or "no new error"
            missed.append((name, source, line, got))
    return caught, missed, skipped


# ---------------------------------------------------------------------------------------------------


def main():
    global CACHE
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("action", choices=("put", "missing", "run"))
    parser.add_argument("--aortalint", default=os.path.join(HERE, "..", "build", "aortalint"))
    parser.add_argument("--cache", default=CACHE)
    parser.add_argument("--only", default="", help="recipes whose path contains this")
    parser.add_argument("--json", help="write every result here")
    args = parser.parse_args()
    CACHE = args.cache
    if args.action == "put":
        return put()
    rows = read_manifest()
    gone = missing(rows) if args.action == "missing" else [r for r in rows if not os.path.exists(cached(r))]
    if args.action == "missing":
        return 1 if gone else 0
    present = [r for r in rows if r not in gone]
    bad = check_sizes(present)
    if bad:
        sys.exit("the cache differs from the index's sizes: " + ", ".join(r["path"] for r in bad))
    binary = os.path.abspath(args.aortalint)
    recipes = [r for r in present if r["kind"] == "recipe"]
    support = [r for r in present if r["kind"] == "support"]
    scratch = tempfile.mkdtemp(prefix="aorta-history-")
    try:
        report(binary, recipes, support, scratch, args, len(gone))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def report(binary, recipes, support, scratch, args, absent):
    accepted = [r for r in recipes if r["verdict"].startswith("accepted")]
    print("manifest: %d recipe versions over %d paths, %d support files; %d row(s) not in the cache"
          % (len(recipes), len({r["path"] for r in recipes}), len(support), absent))
    per_mode, positions, explain, dry, crashes, support_errors = Counter(), [], [0, 0], [0, 0], [], Counter()
    expected = []
    results = {}
    for r in recipes:
        if args.only not in r["path"]:
            continue
        res = measure_recipe(binary, r, support, scratch)
        results["%s@%s" % (r["path"], r["commit"][:8])] = res
        if res["explain"] is not None:
            explain[0] += res["explain"]
            explain[1] += 1
        if res["dry_run"] is not None:
            dry[0] += res["dry_run"]
            dry[1] += 1
        crashes += ["%s@%s %s" % (r["path"], r["commit"][:8], c) for c in res["crashes"]]
        for f in res["support_errors"]:
            support_errors["%s:%d %s" % (f["path"], f["line"], f["rule"])] += 1
        if r not in accepted:
            continue
        for mode, errs in res["errors"].items():
            # A header command aorta's CLI refuses, on a recipe its loader accepts: the error is expected.
            expected_rules = header_refused(r)
            expected += [e for e in errs if e["rule"] in expected_rules]
            errs = [e for e in errs if e["rule"] not in expected_rules]
            if errs:
                per_mode[mode] += 1
                positions += ["%s@%s [%s] %d:%d %s %s" % (r["path"], r["commit"][:8], mode, e["line"], e["column"],
                                                          e["rule"], e["message"][:100]) for e in errs]
    ran = [r for r in accepted if args.only in r["path"]]
    print("accepted by aorta: %d of %d measured; refused: %s" % (
        len(ran), len([r for r in recipes if args.only in r["path"]]),
        "; ".join("%s@%s (%s)" % (r["path"], r["commit"][:8], r["verdict"]) for r in recipes
                  if r not in accepted and args.only in r["path"]) or "none"))
    print("\n| mode | marker | accepted recipes with an error |\n|---|---|---|")
    for mode in ("tree", "named", "elsewhere"):
        for marker in MARKERS:
            print("| %s | %s | %d of %d |" % (mode, marker, per_mode["%s/%s" % (mode, marker)], len(ran)))
    for p in positions:
        print("  error: " + p)
    for e in sorted({"%s:%d:%d %s %s" % (e["path"], e["line"], e["column"], e["rule"], e["message"][:110])
                     for e in expected}):
        print("  expected (aorta's CLI refuses the header command): " + e)
    print("\nexplain agrees with check: %d of %d recipes" % tuple(explain))
    print("run --dry-run exits as check's errors say: %d of %d recipes" % tuple(dry))
    print("errors on support files (tree runs, by file and line): %s" % (dict(support_errors) or "none"))
    print("crashes or unexpected exits: %d" % len(crashes))
    for c in crashes:
        print("  " + c)
    caught, missed, skipped = run_mutations(binary, recipes, support, scratch)
    print("\nmutations aorta refuses: %d run, %d caught as an error at the mutated key, %d missed, %d skipped"
          % (len(caught) + len(missed), len(caught), len(missed), len(skipped)))
    for name, rule, line, config in caught:
        if config:
            print("  caught with the config %r: %s (%s, line %d)" % (config.strip(), name, rule, line))
    for name, source, line, got in missed:
        print("  missed: %s (line %d; %s): %s" % (name, line, source, got))
    for name, why in skipped:
        print("  skipped: %s: %s" % (name, why))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"recipes": results, "caught": caught, "missed": missed, "skipped": skipped}, f, indent=1)


if __name__ == "__main__":
    sys.exit(main())
