#!/bin/sh
# The fuzz campaign: builds the libFuzzer targets (clang-14, AddressSanitizer and
# UBSan) in build-fuzz/, then runs each for $FUZZ_MINUTES minutes (10 unless
# set) with inputs up to 1 MB, one target at a time and at the lowest priority,
# seeded from tests/fuzz/corpus (run tests/fuzz/make_long_seeds.py first for the
# long seeds). New inputs go to a work corpus, never into the repository.
#
#   scripts/fuzz.sh [--no-build] [TARGET...]     (targets: recipe payload lsp hip metrics fix cache sorter_config)
#
# Each target's log is $FUZZ_LOGS/fuzz-TARGET.log (default /tmp); a crash,
# hang or leak leaves its input in $FUZZ_LOGS/fuzz-artifacts-TARGET/. The HIP
# target keeps each input whose parse was stopped (a Clang crash or a limit) in
# $FUZZ_LOGS/fuzz-stopped-hip/. The last lines of each log give executions and
# coverage (cov, ft). An input may take 180 s before it counts as a hang: at
# nice 19 on a shared machine, an instrumented build took 75 s of wall time for
# a seed that takes 18 s alone (0.13 s in a release build).
set -eu
cd "$(dirname "$0")/.."
build=1
if [ "${1:-}" = "--no-build" ]; then
  build=0
  shift
fi
targets=${*:-recipe payload lsp hip metrics fix cache sorter_config}
minutes=${FUZZ_MINUTES:-10}
logs=${FUZZ_LOGS:-/tmp}
work=${FUZZ_WORK:-/tmp/aortalint-fuzz-corpus}

if [ "$build" = 1 ]; then
  [ -f build-fuzz/CMakeCache.txt ] || CC=clang-14 CXX=clang++-14 cmake -S . -B build-fuzz -G Ninja \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo -DAORTALINT_FUZZ=ON -DBUILD_TESTING=OFF
  for t in $targets; do nice -n 19 cmake --build build-fuzz -j2 --target "${t}_fuzz"; done
fi

for t in $targets; do
  mkdir -p "$work/$t" "$logs/fuzz-artifacts-$t"
  extra=""
  if [ "$t" = hip ]; then
    mkdir -p "$logs/fuzz-stopped-hip"
    extra="AORTALINT_FUZZ_KEEP=$logs/fuzz-stopped-hip"
  fi
  echo "fuzz: $t for $minutes min from $(date -u +%H:%M:%S)" >&2
  # A non-zero exit is a finding (its input is in the artifacts folder): the next target still runs.
  env $extra nice -n 19 "build-fuzz/tests/fuzz/${t}_fuzz" -max_len=1048576 -max_total_time=$((minutes * 60)) \
    -timeout=180 -rss_limit_mb=4096 -print_final_stats=1 -artifact_prefix="$logs/fuzz-artifacts-$t/" \
    "$work/$t" "tests/fuzz/corpus/$t" >"$logs/fuzz-$t.log" 2>&1 || echo "fuzz: $t stopped with a finding" >&2
  tail -n 12 "$logs/fuzz-$t.log" | grep -E 'stat::|DONE|ERROR|SUMMARY' >&2 || true
done
