#!/usr/bin/env bash
# AORTALINT_STATIC: `ldd` of the binary lists only the C library's own files
# (the vDSO, the loader, libc, libm), and the binary runs.
set -euo pipefail
bin=$1
deps=$(ldd "$bin")
echo "$deps"
other=$(echo "$deps" | grep -vE 'linux-vdso\.so|ld-linux[^ ]*\.so|/libc\.so\.6|/libm\.so\.6' || true)
if [[ -n $other ]]; then
  echo "static_link: $bin needs these shared libraries beyond libc; link them statically:" >&2
  echo "$other" >&2
  exit 1
fi
"$bin" --version
