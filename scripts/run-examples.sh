#!/usr/bin/env bash
# Command 1: install, build, and lint the example recipe repository aortalint
# ships (examples/recipe-repo: good recipes and bad ones). Findings are the
# point here, so the exit code of the lint itself is shown, not returned.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh aortalint   # the linter (and its HIP module) only: the tests are the second command's
set +e
build/aortalint check examples/recipe-repo "$@"
echo "(aortalint exited $?: 0 clean, 1 findings, 2 usage or config error)"
