#!/usr/bin/env bash
# Command 2: install, build, and run the whole test suite through ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh test
scripts/build.sh
ctest --test-dir build --output-on-failure -j "$(nproc)" "$@"
