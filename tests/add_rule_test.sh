#!/usr/bin/env bash
# scripts/add_rule.py, in a scratch copy of rules/ and fixtures/: each kind of rule gets the family's next ID,
# its factory declared and listed in ID order, a fixture, and a source that compiles with the project's own
# flags (taken from compile_commands.json); bad families and slugs are refused.
set -euo pipefail
source_dir=$1 build_dir=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cp -r "$source_dir/rules" "$source_dir/fixtures" "$work/"
add() { python3 "$source_dir/scripts/add_rule.py" --root "$work" "$@"; }
last=$(grep -oE '// MET[0-9]{3}' "$source_dir/rules/all_rules.cc" | sort | tail -1 | grep -oE '[0-9]{3}')
want=$(printf 'MET%03d' $((10#$last + 1)))
add MET probe-metric >/dev/null
grep -qE "^    MakeProbeMetric, +// $want$" "$work/rules/all_rules.cc" || fail "MakeProbeMetric is not listed as $want"
grep -q '^std::unique_ptr<Rule> MakeProbeMetric();$' "$work/rules/all_rules.cc" || fail "MakeProbeMetric is not declared"
[[ -f $work/fixtures/rules/$want/recipe.yaml ]] || fail "no fixture for $want"
# The page's example is a pair of files, the fixture without its marks, not strings in the source.
for folder in example fixed; do
  [[ -f $work/fixtures/rules/$want/$folder/recipe.yaml &&
     $(<"$work/fixtures/rules/$want/$folder/recipe.yaml") == "$(sed 's/  # expect: .*//' "$work/fixtures/rules/$want/recipe.yaml")" ]] ||
    fail "no $folder/recipe.yaml for $want, or it is not the fixture without its marks"
done
! grep -qE '\.(example|fixed) =' "$work/rules/metrics/probe_metric.cc" || fail "the rule source still holds its example"
# Listed in ID order: the new entry sits between its neighbours.
ids=$(grep -oE '^    Make\w+, +// [A-Z]{3}[0-9]{3}$' "$work/rules/all_rules.cc" | grep -oE '[A-Z]{3}[0-9]{3}$')
[[ $ids == "$(sort <<<"$ids")" ]] || fail "rules/all_rules.cc is no longer in ID order"
add PAY probe-payload --hook payload >/dev/null
add HIP probe-hip --hook hip >/dev/null
add ATT probe-pairing --hook pairing >/dev/null
# Each generated source compiles as a rule file of this build does.
flags=$(python3 - "$build_dir/compile_commands.json" <<'PY'
import json, re, shlex, sys
entry = next(e for e in json.load(open(sys.argv[1])) if e["file"].endswith("rules/metrics/rocprof_trace_no_kernel.cc"))
words = shlex.split(entry["command"])
out, skip = [], False
for w in words[1:]:
    if skip:
        skip = False
    elif w in ("-o", "-c"):
        skip = True
    else:
        out.append(w)
print(shlex.join([words[0]] + out))
PY
)
for f in metrics/probe_metric payload/probe_payload hip/probe_hip attach/probe_pairing; do
  (cd "$build_dir" && eval "$flags -fsyntax-only $work/rules/$f.cc") || fail "rules/$f.cc does not compile"
done
! add XYZ probe 2>/dev/null || fail "an unknown family was taken"
! add MET Probe_Metric 2>/dev/null || fail "a slug that is not kebab-case was taken"
! add MET probe-metric 2>/dev/null || fail "a slug taken twice"
echo "add_rule ok: $want and three more compile and are registered"
