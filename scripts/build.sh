#!/usr/bin/env bash
# Configures (once) and builds aortalint in ./build, Release by default.
set -euo pipefail
cd "$(dirname "$0")/.."
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
[[ -f build/CMakeCache.txt ]] || cmake -S . -B build "${generator[@]}" "$@" >/dev/null
cmake --build build -j "$(nproc)"
