#!/bin/sh
# N17 (shared/findings/hostile-inputs-83ae354.md): `aortalint run` on a disk
# that fills during the run says which log was cut short and by how much, and
# the trial record, which no longer fits as trial.json, is printed on stderr
# instead of being lost. The output lives on a 256 KiB tmpfs in a private
# mount namespace (unshare -m). Exits 77 (ctest's SKIP_RETURN_CODE), saying
# why, where mounting is not allowed.
# Usage: run_full_disk_test.sh AORTALINT
A=${1:?aortalint path}
W=$(mktemp -d) || exit 1
trap 'rm -rf "$W"' EXIT
mkdir "$W/mnt" || exit 1
printf 'schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\ndiagnostic_axis: [none]\ncollect: []\n' \
  > "$W/none.yaml"
if ! unshare -m sh -c 'mount -t tmpfs -o size=256k tmpfs "$1"' sh "$W/mnt" 2>"$W/why"; then
  echo "SKIPPED: cannot mount a tmpfs in a private mount namespace here ($(cat "$W/why")); N17 needs a full disk"
  exit 77
fi
unshare -m sh -c '
  A=$1; W=$2
  mount -t tmpfs -o size=256k tmpfs "$W/mnt" || exit 1
  cd "$W" || exit 1
  "$A" run --no-config --recipe none.yaml --output mnt/o -- \
    python3 -c "import sys; [print(\"x\" * 1000) for i in range(1000)]; print(\"END\", file=sys.stderr)" \
    > /dev/null 2> "$W/err"
  echo $? > "$W/rc"
' sh "$A" "$W" || exit 1
rc=$(cat "$W/rc")
[ "$rc" -eq 2 ] || { echo "FAIL: exit $rc, expected 2 (the record could not be written)"; cat "$W/err"; exit 1; }
grep -q "WARNING: stdout.log is incomplete: it holds [0-9]* of the 1001000 bytes the payload wrote (No space left on device)" "$W/err" ||
  { echo "FAIL: the cut stdout.log is not reported:"; cat "$W/err"; exit 1; }
grep -q "the trial record follows, save it as trial.json" "$W/err" ||
  { echo "FAIL: the record is not printed:"; cat "$W/err"; exit 1; }
# The record itself, complete, after that line: valid JSON naming the cut log.
sed -n '/the trial record follows/,$p' "$W/err" | sed 1d > "$W/record.json"
python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
assert r["exit_code"] == 0, r["exit_code"]
assert any("stdout.log is incomplete" in p for p in r["incomplete_logs"]), r.get("incomplete_logs")
' "$W/record.json" || { echo "FAIL: the printed record is not the whole record:"; cat "$W/record.json"; exit 1; }
echo "full disk run ok: the cut log was named and the record printed on stderr"
