#!/usr/bin/env bash
# Configures (once) and builds aortalint in ./build, Release by default:
# `scripts/build.sh` builds everything (the tests too), `scripts/build.sh TARGET...` only those.
set -euo pipefail
cd "$(dirname "$0")/.."
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
# AORTALINT_WERROR=ON (CI sets it, .ci/run): compiler warnings fail the build.
werror=()
[[ ${AORTALINT_WERROR:-} == ON ]] && werror=(-DAORTALINT_WERROR=ON)
if [[ -f build/CMakeCache.txt ]]; then
  [[ ${#werror[@]} -eq 0 ]] || cmake -S . -B build "${werror[@]}" >/dev/null
else
  cmake -S . -B build "${generator[@]}" "${werror[@]}" >/dev/null
fi
targets=()
for t in "$@"; do targets+=(--target "$t"); done
cmake --build build -j "$(nproc)" "${targets[@]}"
