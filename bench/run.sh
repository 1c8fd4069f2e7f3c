#!/usr/bin/env bash
# aortalint's benchmark, everything side by side in one run:
#   bench/run.sh [RECIPES] [PAYLOAD_LINES]     default: 10000 recipes, payloads of 400:460 lines
# It generates a repository (bench/generate.py) into $BENCH_DIR (default
# /tmp/aortalint-bench; never inside the repository) and prints:
#  - the cold full run, --jobs 1, CPU, against bench/aorta_baseline.py (aorta's
#    own checks done aorta's way: PyYAML safe_load, the collector checks,
#    ast.parse and the import-order walk), with --full-parse beside it;
#  - check / floor: the same files read and pre-scanned (and recipes parsed);
#  - peak memory at the default --jobs;
#  - the warm run on a recipe-only repository against its cold run, and on
#    the repository with payloads against its own;
#  - one recipe with a 1,000-line payload, whole process, no cache, and
#    `aortalint --version` against /bin/true: wall time with hyperfine when
#    installed (else bench/wall.py), of STATIC=path (the AORTALINT_STATIC build) when given;
#  - the per-stage CPU profile (read, recipes, scan, parse, facts, rules, emit;
#    discovery, pairing and the cache are check's total less those).
# REPEAT=N takes the best of N runs of each timing (default 3); KEEP=1 reuses
# the repositories of an earlier run in $BENCH_DIR. The machine's
# load shows in the times: compare the ratios, which come from one run.
set -euo pipefail
cd "$(dirname "$0")/.."
recipes=${1:-10000}
payload_lines=${2:-400:460}
bin=${AORTALINT:-build/aortalint}
work=${BENCH_DIR:-/tmp/aortalint-bench}
parse_only=${PARSE_ONLY:-build/aortalint_parse_only}
[[ -x $parse_only ]] || cmake --build build --target aortalint_parse_only >/dev/null
if [[ -n ${KEEP:-} && -d $work/repo && -d $work/recipes ]]; then  # KEEP=1 reuses the repositories generated before
  rm -rf "$work"/cache-* "$work/one"
else
  rm -rf "$work"
  mkdir -p "$work"
  python3 bench/generate.py "$work/repo" --recipes "$recipes" --payload-lines "$payload_lines"
  python3 bench/generate.py "$work/recipes" --recipes "$recipes"
fi
echo "repository: $recipes recipes, payloads of $payload_lines lines, $(du -sh "$work/repo" | cut -f1);" \
     "recipe-only repository: $(du -sh "$work/recipes" | cut -f1); load average now: $(cut -d' ' -f1-3 /proc/loadavg)"
cat "$work"/repo/team00/project000/*/* > /dev/null  # warm the page cache

declare -A CPU WALL MEM
calc() { python3 -c "print($1)"; }  # arithmetic without bc, which minimal machines lack
measure() {  # key, label, then the command; best of REPEAT by CPU (user + sys)
  local key=$1 label=$2; shift 2
  local best_cpu="" best_wall="" best_mem="" best_sys=""
  for _ in $(seq "${REPEAT:-3}"); do
    if [[ -x /usr/bin/time ]]; then
      /usr/bin/time -f "%e %U %S %M" -o "$work/time" "$@" >/dev/null 2>&1 || true
    else  # a minimal machine: the same line from Python
      python3 bench/cputime.py "$work/time" "$@" >/dev/null 2>&1 || true
    fi
    read -r wall user sys kb < <(tail -1 "$work/time")
    local cpu
    cpu=$(calc "$user + $sys")
    if [[ -z $best_cpu ]] || [[ $(calc "int($cpu < $best_cpu)") == 1 ]]; then
      best_cpu=$cpu; best_wall=$wall; best_mem=$kb; best_sys=$sys
    fi
  done
  CPU[$key]=$best_cpu; WALL[$key]=$best_wall; MEM[$key]=$best_mem
  printf '%-46s %8.3f s CPU (%.3f s system) %8.3f s wall %7.1f MB peak\n' "$label" "$best_cpu" "$best_sys" "$best_wall" \
         "$(calc "$best_mem / 1024")"
}
ratio() { calc "round($1 / $2, 3)"; }

echo "== cold full run, --jobs 1"
REPEAT=1 measure python "python baseline (aorta's way)" python3 bench/aorta_baseline.py "$work/repo"
measure check "check --jobs 1 --no-cache" "$bin" check --jobs 1 --no-cache "$work/repo"
measure full "check --jobs 1 --no-cache --full-parse" "$bin" check --jobs 1 --no-cache --full-parse "$work/repo"
measure floor_scan "floor: read + pre-scan" "$parse_only" --jobs 1 --floor scan "$work/repo"
measure floor_yaml "floor: read + recipes (YAML) + pre-scan" "$parse_only" --jobs 1 --floor yaml "$work/repo"
measure floor_full "old floor: read + recipes + full parse" "$parse_only" --jobs 1 --floor full "$work/repo"
echo "ratio check / python baseline (CPU):        $(ratio "${CPU[check]}" "${CPU[python]}")   (goal <= 0.10)"
echo "ratio check --full-parse / python baseline: $(ratio "${CPU[full]}" "${CPU[python]}")"
echo "ratio check / (read + pre-scan):            $(ratio "${CPU[check]}" "${CPU[floor_scan]}")   (goal <= 1.2)"
echo "ratio check / (read + recipes + pre-scan):  $(ratio "${CPU[check]}" "${CPU[floor_yaml]}")"
echo "ratio check --full-parse / old floor:       $(ratio "${CPU[full]}" "${CPU[floor_full]}")"

echo "== peak memory, default --jobs"
REPEAT=1 measure jobs "check --no-cache (default jobs)" "$bin" check --no-cache "$work/repo"

echo "== warm run, recipe-only repository"
# A cold run fills the cache: each of the REPEAT cold runs starts from an empty one, and the best counts
# (one run alone swung between 1.06 and 1.80 s on the same machine).
for i in $(seq "${REPEAT:-3}"); do
  export AORTALINT_CACHE_DIR="$work/cache-$i"
  rm -rf "$AORTALINT_CACHE_DIR"
  REPEAT=1 measure "cold$i" "check, cache cold (fills it), run $i" "$bin" check --jobs 1 "$work/recipes"
  if [[ -z ${CPU[cold]:-} ]] || [[ $(calc "int(${CPU[cold$i]} < ${CPU[cold]})") == 1 ]]; then
    CPU[cold]=${CPU[cold$i]}; WALL[cold]=${WALL[cold$i]}
  fi
done
measure warm "check, cache warm" "$bin" check --jobs 1 "$work/recipes"
echo "ratio cold / warm (wall):                   $(ratio "${WALL[cold]}" "${WALL[warm]}")   (goal >= 10)"
echo "ratio cold / warm (CPU):                    $(ratio "${CPU[cold]}" "${CPU[warm]}")"

echo "== warm run, the repository with payloads (what a pre-commit hook or an editor's save runs)"
export AORTALINT_CACHE_DIR="$work/cache-full"
rm -rf "$AORTALINT_CACHE_DIR"
REPEAT=1 measure cold_full "check --jobs 1, cache cold (fills it)" "$bin" check --jobs 1 "$work/repo"
measure warm_full "check --jobs 1, cache warm" "$bin" check --jobs 1 "$work/repo"
echo "ratio cold / warm (CPU):                    $(ratio "${CPU[cold_full]}" "${CPU[warm_full]}")"
unset AORTALINT_CACHE_DIR

# Wall-clock goals: the binary the goal is about is the portable one (AORTALINT_STATIC=ON);
# STATIC=path/to/aortalint measures it, else $bin.
wall_bin=${STATIC:-$bin}
runs=${RUNS:-300}
echo "== one recipe + a 1,000-line payload, and --version (wall, $runs runs each, $wall_bin); load average now: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 bench/generate.py "$work/one" --recipes 2 --payload-lines 1000:1000
one=$(ls -d "$work"/one/team01/project001/r*)
mean() {  # label, then the command: wall time of $runs runs: mean, sigma, median, min (hyperfine, else bench/wall.py)
  local label=$1; shift
  if command -v hyperfine >/dev/null; then
    hyperfine -N -i --warmup 20 --runs "$runs" --export-json "$work/hf.json" "$*" >/dev/null 2>&1
    python3 -c "import json,sys; r=json.load(open(sys.argv[1]))['results'][0]; f=lambda x: x*1e6
print('%-46s mean %7.0f us  sd %6.0f  median %7.0f  min %7.0f' % (sys.argv[2], f(r['mean']), f(r['stddev']), f(r['median']), f(r['min'])))" "$work/hf.json" "$label"
    return
  fi
  python3 bench/wall.py --runs "$runs" --warmup 20 --label="$label" -- "$@"
}
mean "check one recipe + payload, --no-cache" "$wall_bin" check --no-cache "$one"
mean "check one recipe + payload, --full-parse" "$wall_bin" check --no-cache --full-parse "$one"
mean "aortalint --version" "$wall_bin" --version
mean "/bin/true" /bin/true

echo "== per-stage profile (one thread, CPU)"
"$parse_only" --stages "$work/repo"
echo "       check total            ${CPU[check]} s: discovery, pairing, cache keys and start-up are the rest"
