#!/usr/bin/env bash
# Commands of the README and docs/ that other tests do not run:
# 1. the first of the two commands builds only what it runs (the linter and its HIP module, not the tests);
# 2. the portable build's configure line, taken from the README itself, configures as written, without the
#    HIP analyser (a module opened with dlopen), and says so. Building it is a static build's own ctest (static_link);
# 3. docs/editors.md's schema command.
set -euo pipefail
source_dir=$1 build_dir=$2
first=$(grep -m1 -E '^scripts/build\.sh' "$source_dir/scripts/run-examples.sh") ||
  { echo "FAIL: scripts/run-examples.sh does not build through scripts/build.sh"; exit 1; }
targets=$(awk '{for (i = 2; i <= NF && $i !~ /^#/; i++) print $i}' <<<"$first")
[[ -n $targets ]] || { echo "FAIL: the first command builds every target, the tests included: $first"; exit 1; }
if command -v ninja >/dev/null && [[ -f $build_dir/build.ninja ]]; then
  for t in $targets; do
    ! ninja -C "$build_dir" -t inputs "$t" | grep -q '^tests/' ||
      { echo "FAIL: building '$t' builds the tests"; exit 1; }
  done
fi
line=$(grep -m1 -E '^cmake -S \. -B build-static -DAORTALINT_STATIC=ON' "$source_dir/README.md") ||
  { echo "FAIL: the README shows no portable configure line"; exit 1; }
configure=${line%% && *}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/src"
tar -C "$source_dir" --exclude=./.git --exclude=./build --exclude='./build-*' -cf - . | tar -C "$work/src" -xf -
log=$(cd "$work/src" && eval "$configure" 2>&1) || { echo "$log"; echo "FAIL: '$configure' did not configure"; exit 1; }
grep -q 'building without the HIP analyser' <<<"$log" || { echo "$log"; echo "FAIL: it does not say HIP is off"; exit 1; }
grep -q '^AORTALINT_WITH_CLANG:BOOL=OFF' "$work/src/build-static/CMakeCache.txt" || { echo "FAIL: Clang is on"; exit 1; }
echo "portable configure ok: $configure"

# 3. docs/editors.md's schema command, verbatim, in a fresh checkout-like directory.
schema_line=$(grep -m1 'aortalint schema >' "$source_dir/docs/editors.md")
mkdir "$work/editor" && (cd "$work/editor" && PATH="$build_dir:$PATH" bash -c "$schema_line") ||
  { echo "FAIL: '$schema_line' failed"; exit 1; }
python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$work/editor/.aortalint/recipe.schema.json" ||
  { echo "FAIL: '$schema_line' wrote no JSON"; exit 1; }
echo "editors.md schema command ok: $schema_line"
