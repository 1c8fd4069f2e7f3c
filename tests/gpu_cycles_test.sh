#!/bin/sh
# GPU end-to-end test of intra-kernel cycles: a Gluon payload with scopes under
# `backend: instrumentation` (mode: env) through `aortalint run`, read back by
# `aortalint metrics` and checked against python3's own reading of the
# .hatchet; a data: trace capture checked the same way. Exits 77 (ctest's
# SKIP_RETURN_CODE) without an NVIDIA GPU usable from torch, or without a
# Triton that has Gluon.  Usage: gpu_cycles_test.sh AORTALINT SOURCE_DIR
A=${1:?aortalint path}
SRC=${2:?source dir}
command -v nvidia-smi >/dev/null 2>&1 || { echo "SKIPPED: no nvidia-smi, so no GPU to capture on"; exit 77; }
python3 -c "import torch, triton; assert torch.cuda.is_available()" >/dev/null 2>&1 ||
  { echo "SKIPPED: python3 has no torch and triton with CUDA"; exit 77; }
python3 -c "import triton.experimental.gluon, triton.profiler.language" >/dev/null 2>&1 ||
  { echo "SKIPPED: this Triton has no Gluon or no triton.profiler.language"; exit 77; }
OUT=$(mktemp -d) || exit 1
trap 'rm -rf "$OUT"' EXIT
cd "$SRC" || exit 1
"$A" run --recipe fixtures/gpu/env-instrumentation.yaml --output "$OUT/instr" -- python3 fixtures/gpu/gluon_scopes.py || exit 1
"$A" metrics --format json "$OUT/instr" > "$OUT/instr.json" || exit 1
"$A" metrics "$OUT/instr" || exit 1
"$A" run --recipe fixtures/gpu/cli-trace.yaml --output "$OUT/trace" -- python3 fixtures/gpu/vecadd.py || exit 1
"$A" metrics --format json "$OUT/trace" > "$OUT/trace.json" || exit 1
python3 - "$OUT" <<'PY' || exit 1
import glob, json, sys
out = sys.argv[1]
m = json.load(open(out + "/instr.json"))
assert m["aortalint_capture"]["backend_resolved"] == "instrumentation", m["aortalint_capture"]
assert m["aortalint_capture"]["triton_version"], m["aortalint_capture"]
assert [k for k in m if k.startswith("proton_")] == ["proton_artifact_dir"], list(m)
tree = json.load(open(glob.glob(out + "/instr/proton/*.hatchet")[0]))[0]
want = {}
for kernel in tree["children"]:
    for scope in kernel["children"]:
        want[(kernel["frame"]["name"], scope["frame"]["name"])] = scope["metrics"]["cycles"]
got = {(k["name"], s["name"]): s["cycles"] for k in m["aortalint_cycles"]["kernels"] for s in k["scopes"]}
assert got == want, (got, want)
assert set(want) == {("unbalanced", "expensive"), ("unbalanced", "cheap"),
                     ("stages", "load"), ("stages", "math"), ("stages", "store")}, want
assert want[("unbalanced", "expensive")] > 10 * want[("unbalanced", "cheap")], want
t = json.load(open(out + "/trace.json"))
events = json.load(open(glob.glob(out + "/trace/proton/*.chrome_trace")[0]))["traceEvents"]
spans = [e for e in events if e.get("ph") == "X" and e.get("cat") == "kernel"]
assert t["aortalint_trace"]["kernel_count"] == len(spans) >= 40, (t["aortalint_trace"]["kernel_count"], len(spans))
print("gpu cycles ok:", {"/".join(k): v for k, v in want.items()}, "trace spans:", len(spans))
PY
