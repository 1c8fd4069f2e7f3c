#!/usr/bin/env bash
# The HIP analyser against ROCm's own headers, where they are installed: Debian's
# libamdhip64-dev (/usr/include/hip) or $ROCM_PATH/include. A vector add that
# hipcc compiles must parse with no Clang error (no HIP006) and be judged (HIP001
# on a regex that keeps no kernel); its std::tanhf and std::expf come from Clang's
# HIP wrapper, which hipcc includes and ROCm's headers rely on, and the scheduling
# builtins that ROCm's compiler knows and Clang 14 does not from aortalint's own
# declarations. Skipped (77) where no ROCm headers are found.
set -euo pipefail
bin=$1
rocm=${ROCM_PATH:-}
if [[ -z $rocm || ! -f $rocm/include/hip/hip_runtime.h ]]; then
  if [[ -f /usr/include/hip/hip_runtime.h ]]; then rocm=/usr; else
    echo "hip_real_headers: skipped: no ROCm headers (install libamdhip64-dev, or set ROCM_PATH)"
    exit 77
  fi
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkdir "$dir/.git"
cat >"$dir/vadd.hip" <<'HIP'
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>

#include <cstdio>
#include <vector>

__device__ float act(float x) { return std::tanhf(x) * std::expf(x); }

__global__ void vadd(const float* a, const float* b, float* c, int n) {
  __builtin_amdgcn_sched_barrier(0);  // ROCm's compiler's, not Clang 14's (composable_kernel calls them)
  __builtin_amdgcn_s_setprio(1);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = act(a[i] + b[i]);
}

int main() {
  int n = 1 << 20;
  std::vector<float> host(n, 1.0f);
  float *a, *b, *c;
  hipMalloc(&a, n * sizeof(float));
  hipMalloc(&b, n * sizeof(float));
  hipMalloc(&c, n * sizeof(float));
  hipMemcpy(a, host.data(), n * sizeof(float), hipMemcpyHostToDevice);
  hipLaunchKernelGGL(vadd, dim3(n / 256), dim3(256), 0, 0, a, b, c, n);
  vadd<<<n / 256, 256>>>(a, b, c, n);
  hipDeviceSynchronize();
  std::printf("%s\n", hipGetErrorString(hipGetLastError()));
  return 0;
}
HIP
cat >"$dir/recipe.yaml" <<'YAML'
schema_version: 1
mode: probe
trials: 1
mitigation_axis: [none]
diagnostic_axis: [none]
collect:
  rocprof: {trace: kernel, kernel_include_regex: "^gemm"}
YAML
out=$(cd "$dir" && ROCM_PATH=$rocm "$bin" check --no-cache --no-config --exit-zero recipe.yaml 2>&1)
echo "$out"
if grep -q HIP006 <<<"$out"; then
  echo "hip_real_headers: the parse against $rocm/include was not clean (HIP006 above)" >&2
  exit 1
fi
grep -q "matches none of the 1 kernel(s) defined in 'vadd.hip' (vadd(float const\*, float const\*, float\*, int))" <<<"$out" || {
  echo "hip_real_headers: HIP001 did not judge vadd.hip" >&2
  exit 1
}
echo "hip_real_headers: vadd.hip parsed against $rocm/include with no Clang error"
