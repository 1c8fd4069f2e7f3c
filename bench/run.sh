#!/usr/bin/env bash
# aortalint's benchmark: generates a repository (bench/generate.py) and
# measures whole-process wall time and peak memory of `aortalint check` on it
# at --jobs 1 and --jobs 2, plus the one-recipe case of a pre-commit hook.
#   bench/run.sh [RECIPES] [PAYLOAD_LINES]     e.g. bench/run.sh 10000 200:2000
# REPEAT=N takes the best of N runs of each measurement (default 3).
set -euo pipefail
cd "$(dirname "$0")/.."
recipes=${1:-10000}
payload_lines=${2:-}
bin=${AORTALINT:-build/aortalint}
work=${BENCH_DIR:-/tmp/aortalint-bench}
rm -rf "$work"
python3 bench/generate.py "$work/repo" --recipes "$recipes" ${payload_lines:+--payload-lines "$payload_lines"}
echo "repository: $recipes recipes$([[ -n $payload_lines ]] && echo ", payloads of $payload_lines lines"), $(du -sh "$work/repo" | cut -f1)"

measure() {  # label, then the command
  local label=$1; shift
  local best=""
  for _ in $(seq "${REPEAT:-3}"); do
    /usr/bin/time -f "%e %M" -o "$work/time" "$@" >/dev/null 2>&1 || true
    read -r secs kb < <(tail -1 "$work/time")
    if [[ -z $best ]] || (( $(echo "$secs < ${best%% *}" | awk '{print ($1 < $3)}') )); then best="$secs $kb"; fi
  done
  printf '%-34s %8.3f s  %7.1f MB peak\n' "$label" "${best%% *}" "$(echo "${best##* } / 1024" | bc -l)"
}

parse_only=${PARSE_ONLY:-build/aortalint_parse_only}
[[ -x $parse_only ]] || cmake --build build --target aortalint_parse_only >/dev/null
cat "$work"/repo/team00/project000/*/recipe.yaml > /dev/null  # warm the page cache
for jobs in 1 2; do
  measure "read and parse only, --jobs $jobs" "$parse_only" --jobs $jobs "$work/repo"
  measure "check --jobs $jobs --no-cache" "$bin" check --jobs $jobs --no-cache "$work/repo"
done

# The result cache: a first run fills it, a repeated run over unchanged files reads it.
export AORTALINT_CACHE_DIR="$work/cache"
rm -rf "$AORTALINT_CACHE_DIR"
REPEAT=1 measure "check, cache cold (fills it)" "$bin" check "$work/repo"
measure "check, cache warm" "$bin" check "$work/repo"

# One recipe with its payload, as a pre-commit hook runs it: the mean of 100 runs.
one=$(ls -d "$work"/repo/team01/project001/r* | head -1)
start=$(date +%s%N)
for _ in $(seq 100); do "$bin" check --no-cache "$one" >/dev/null 2>&1 || true; done
echo "check one recipe (and its payload), --no-cache: $(( ($(date +%s%N) - start) / 100000 )) us per run (mean of 100)"
