#!/usr/bin/env bash
# aortalint's HIP benchmark (bench/hip.md has the figures):
#  1. start-up when no HIP file is in the run: `aortalint --version` and a
#     recipe-only check, this build against a baseline binary (AORTALINT_BASE,
#     e.g. a build of main before the HIP module, or one configured with
#     -DAORTALINT_WITH_CLANG=OFF): the analyser module must not be loaded;
#  2. a generated 1,000-line HIP payload (bench/hip_generate.py) analysed with
#     the stand-in headers, whole process (start, dlopen of the module and
#     Clang, parse, rules), no cache.
#   bench/hip.sh [LINES]          RUNS=N sets the repetitions (default 200 / 20)
set -euo pipefail
cd "$(dirname "$0")/.."
lines=${1:-1000}
bin=$(realpath "${AORTALINT:-build/aortalint}")
base=${AORTALINT_BASE:-}
work=${BENCH_DIR:-/tmp/aortalint-hip-bench}
rm -rf "$work"
python3 bench/hip_generate.py "$work" --lines "$lines"
cd "$work"

# Mean and median wall time of N runs of a command, in ms (Python's clock, spawn cost included).
timeit() {  # runs, then the command
  python3 - "$@" <<'PY'
import statistics, subprocess, sys, time
runs, cmd = int(sys.argv[1]), sys.argv[2:]
subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # warm the page cache
ts = []
for _ in range(runs):
    t = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    ts.append((time.perf_counter() - t) * 1000)
print(f"median {statistics.median(ts):8.3f} ms  mean {statistics.mean(ts):8.3f} ms  min {min(ts):8.3f} ms  ({runs} runs)")
PY
}

runs=${RUNS:-200}
echo "== start-up, no HIP file in the run"
printf '%-44s ' "true (process spawn)"; timeit "$runs" /bin/true
for b in "$bin" ${base:+"$base"}; do
  printf '%-44s ' "$(basename "$(dirname "$b")")/aortalint --version"; timeit "$runs" "$b" --version
  printf '%-44s ' "$(basename "$(dirname "$b")")/aortalint check recipe-only"; timeit "$runs" "$b" check --no-cache --no-config recipe-only.yaml
done
# This build against the baseline, run alternately so load on the machine hits both alike:
# the median of the per-pair differences, and the CPU time (user + system) of each.
if [[ -n $base ]]; then
  python3 - "$runs" "$bin" "$base" <<'PY'
import os, statistics, subprocess, sys, time
runs, a, b = int(sys.argv[1]), sys.argv[2], sys.argv[3]
for label, args in (("--version", ["--version"]), ("check recipe-only", ["check", "--no-cache", "--no-config", "recipe-only.yaml"])):
    diffs, cpu = [], {a: [], b: []}
    for _ in range(runs):
        t = {}
        for exe in (a, b):
            r0 = os.times()
            s = time.perf_counter()
            subprocess.run([exe] + args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            t[exe] = (time.perf_counter() - s) * 1000
            r1 = os.times()
            cpu[exe].append((r1.children_user - r0.children_user + r1.children_system - r0.children_system) * 1000)
        diffs.append(t[a] - t[b])
    print(f"{label:26s} this build minus baseline: median {statistics.median(diffs):+7.3f} ms wall over {runs} pairs; "
          f"CPU {statistics.mean(cpu[a]):6.3f} ms vs {statistics.mean(cpu[b]):6.3f} ms")
PY
fi
# The module is not mapped into a recipe-only run.
if command -v strace >/dev/null; then
  opened=$(strace -f -e trace=openat "$bin" check --no-cache --no-config recipe-only.yaml 2>&1 | grep -c 'libaortalint_hip\|libclang-cpp' || true)
  echo "recipe-only check opens the HIP module or libclang-cpp: $opened time(s)"
fi

echo "== a ${lines}-line HIP payload, stand-in headers, whole process, no cache"
hip_runs=$(( runs / 10 > 5 ? runs / 10 : 5 ))
printf '%-44s ' "check recipe.yaml (pairs bench.hip)"; timeit "$hip_runs" "$bin" check --no-cache --no-config recipe.yaml
/usr/bin/time -f "one run: %e s wall, %U s user + %S s system, %M KB peak" "$bin" check --no-cache --no-config recipe.yaml >/dev/null
"$bin" check --no-cache --no-config --format concise recipe.yaml | head -5 || true
