#!/bin/sh
# End-to-end LSP test with a real editor: Neovim headless, its built-in LSP
# client attached to `aortalint lsp`. Exits 77 (skipped) without nvim.
# Usage: lsp_nvim_test.sh AORTALINT_BINARY [RESULT_JSON]
set -u
if ! command -v nvim >/dev/null 2>&1; then
  echo "SKIPPED: nvim is not installed"
  exit 77
fi
bin=$1
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
result=${2:-$work/received.json}

cat >"$work/recipe.yaml" <<'YAML'
schema_version: 1
mode: probe
trials: 2
mitigation_axis: [none]
diagnostic_axis: [none]
collect:
  rocprof: {pmc: "é😀 GRBM_COUNT", stats: true}
YAML
cat >"$work/payload.py" <<'PY'
import torch
import triton.profiler as proton


def main():
    proton.start("run")
    torch.ones(4, device="cuda")
    proton.finalize()
    return 0


if __name__ == "__main__":
    main()
PY

AORTALINT=$bin WORKDIR=$work RESULT=$result timeout 120 nvim --headless --clean -u "$here/lsp_nvim_init.lua"
rc=$?
cat "$result" 2>/dev/null || echo "(no result written)"
echo
echo "nvim exit code: $rc"
exit $rc
