#!/bin/sh
# R28 (shared/findings/hostile-inputs-f39dbbd.md): on a full disk the result
# cache leaves no temporary shard behind, never renames a torn shard into
# place, and a cached run reports what an uncached one does. The cache lives
# on a 64 KiB tmpfs mounted in a private mount namespace (unshare -m), so
# nothing outside this test sees the mount. Exits 77 (ctest's
# SKIP_RETURN_CODE), saying why, where mounting is not allowed.
# Usage: full_disk_test.sh AORTALINT
A=${1:?aortalint path}
W=$(mktemp -d) || exit 1
trap 'rm -rf "$W"' EXIT
mkdir "$W/mnt" "$W/proj" || exit 1
# 300 recipes with a COL003 finding each: their entries fall in most of the 256 shards.
i=0
while [ $i -lt 300 ]; do
  printf 'schema_version: 1\nmode: probe\ntrials: %s\nmitigation_axis: [none]\ndiagnostic_axis: [none]\ncollect: {rocprof: {stats: true}}\n' \
    $((i + 1)) > "$W/proj/r$i.yaml"
  i=$((i + 1))
done
cd "$W/proj" || exit 1
"$A" check --no-config --no-cache --format concise . > "$W/expected" 2>&1
expected_rc=$?
[ $expected_rc -eq 1 ] || { echo "FAIL: the uncached run exited $expected_rc, expected 1"; cat "$W/expected"; exit 1; }
# The same run with room to spare: how many shards a run writes when nothing fails.
AORTALINT_CACHE_DIR="$W/roomy" "$A" check --no-config --format concise . > /dev/null 2>&1
roomy=$(find "$W/roomy" -name '??.bin' | wc -l)
# A shard is whole when its entries, each after its size, end exactly at its end (src/engine/cache_format.h).
cat > "$W/whole.py" <<'PY'
import struct, sys
data = open(sys.argv[1], "rb").read()
magic = b"aortalint results 1\n"
at = len(magic)
while data.startswith(magic) and at + 4 <= len(data):
    at += 4 + struct.unpack_from("<I", data, at)[0]
sys.exit(0 if data.startswith(magic) and at == len(data) else 1)
PY
if ! unshare -m sh -c 'mount -t tmpfs -o size=64k tmpfs "$1"' sh "$W/mnt" 2>"$W/why"; then
  echo "SKIPPED: cannot mount a tmpfs in a private mount namespace here ($(cat "$W/why")); R28 needs a full disk"
  exit 77
fi
unshare -m sh -c '
  A=$1; MNT=$2; W=$3; expected_rc=$4
  mount -t tmpfs -o size=64k tmpfs "$MNT" || exit 1
  head -c 40000 /dev/zero > "$MNT/fill" 2>/dev/null
  for run in 1 2 3; do
    AORTALINT_CACHE_DIR="$MNT/cache" "$A" check --no-config --format concise . > "$W/got" 2>&1
    rc=$?
    [ $rc -eq $expected_rc ] || { echo "FAIL: run $run exited $rc on a full disk, expected $expected_rc"; exit 1; }
    cmp -s "$W/got" "$W/expected" || { echo "FAIL: run $run on a full disk reported something else:"; diff "$W/expected" "$W/got" | head; exit 1; }
    left=$(find "$MNT" -name "*.tmp*" | wc -l)
    [ "$left" -eq 0 ] || { echo "FAIL: run $run left $left temporary files:"; find "$MNT" -name "*.tmp*" | head; exit 1; }
  done
  for f in $(find "$MNT/cache" -name "??.bin"); do
    python3 "$W/whole.py" "$f" || { echo "FAIL: torn shard $f"; exit 1; }
  done
  shards=$(find "$MNT/cache" -name "??.bin" | wc -l)
  echo "$shards" > "$W/shards"
' sh "$A" "$W/mnt" "$W" "$expected_rc" || exit 1
shards=$(cat "$W/shards")
# The disk really was full: fewer shards fit than a run writes with room to spare.
[ "$shards" -lt "$roomy" ] || { echo "FAIL: $shards of $roomy shards were written: the disk was not full, nothing was tested"; exit 1; }
echo "full disk ok: $shards of $roomy shards fit in 64 KiB; 3 runs, same findings as --no-cache, no temporary file left"
