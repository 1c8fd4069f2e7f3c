#!/bin/sh
# pre-commit's `aortalint-source` hook: builds aortalint inside pre-commit's
# clone of this repository (once per pinned revision), then runs it.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build="$root/build-pre-commit"
if [ ! -x "$build/aortalint" ]; then
  echo "aortalint: first use at this revision, building into $build" >&2
  cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF >&2
  cmake --build "$build" --target aortalint >&2
fi
exec "$build/aortalint" check --skip-non-recipes "$@"
