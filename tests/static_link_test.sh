#!/usr/bin/env bash
# AORTALINT_STATIC: the binary is one file that needs no shared library and no
# dynamic loader (no NEEDED entry, no program interpreter), and it runs.
set -euo pipefail
bin=$1
needed=$(objdump -p "$bin" | awk '/NEEDED/ {print $2}')
if [[ -n $needed ]]; then
  echo "static_link: $bin needs these shared libraries; link them statically:" >&2
  echo "$needed" >&2
  exit 1
fi
if readelf -l "$bin" | grep -q 'program interpreter'; then
  echo "static_link: $bin asks for a dynamic loader ($(readelf -l "$bin" | grep -o 'interpreter: [^]]*'))" >&2
  exit 1
fi
"$bin" --version
