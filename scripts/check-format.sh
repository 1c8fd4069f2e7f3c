#!/usr/bin/env bash
# Fails when a C++ source of ours differs from what .clang-format asks for.
# Rule fixtures and examples are inputs, kept byte for byte as written.
set -euo pipefail
cd "$(dirname "$0")/.."
format=${CLANG_FORMAT:-$(command -v clang-format-14 || command -v clang-format || true)}
if [[ -z $format ]]; then
  echo "check-format: clang-format-14 not found (scripts/setup.sh test installs it)" >&2
  exit 77
fi
if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  echo "check-format: not a git checkout, so the tracked sources cannot be listed" >&2
  exit 77
fi
git ls-files -z -- '*.cc' '*.h' ':!:fixtures/' ':!:examples/' | xargs -0 "$format" --dry-run --Werror
echo "check-format: every tracked C++ source matches .clang-format"
