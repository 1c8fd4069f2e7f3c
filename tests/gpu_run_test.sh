#!/bin/sh
# GPU end-to-end test of `aortalint run`: one `mode: cli` trial of
# fixtures/gpu/vecadd.py. Exits 77 (ctest's SKIP_RETURN_CODE) without an
# NVIDIA GPU usable from torch.  Usage: gpu_run_test.sh AORTALINT SOURCE_DIR
A=${1:?aortalint path}
SRC=${2:?source dir}
command -v nvidia-smi >/dev/null 2>&1 || { echo "SKIPPED: no nvidia-smi, so no GPU to capture on"; exit 77; }
python3 -c "import torch, triton; assert torch.cuda.is_available()" >/dev/null 2>&1 ||
  { echo "SKIPPED: python3 has no torch and triton with CUDA"; exit 77; }
OUT=$(mktemp -d) || exit 1
trap 'rm -rf "$OUT"' EXIT
cd "$SRC" || exit 1
"$A" run --recipe fixtures/gpu/cli-auto.yaml --output "$OUT/t" -- python3 fixtures/gpu/vecadd.py || exit 1
python3 - "$OUT/t/trial.json" <<'PY' || exit 1
import json, sys
r = json.load(open(sys.argv[1]))
m = r["metrics"]
assert r["exit_code"] == 0, r["exit_code"]
assert m.get("proton_kernel_count", 0) >= 40, m
assert m["proton_top_kernels"][0] in ("add_kernel", "scale_kernel"), m
print("gpu run ok:", m["proton_kernel_count"], "kernels,", m["proton_gpu_time_ms"], "ms")
PY
