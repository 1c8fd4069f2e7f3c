// A _Float16 where a __half is expected (ROCm's __half is held as one), and ROCm's half math.
#include <hip/hip_fp16.h>
#include <hip/hip_runtime.h>

__device__ _Float16 neg(_Float16 x) { return __hneg(x); }
__device__ __half rounded(_Float16 x) { return hfloor(static_cast<__half>(x)) + hsin(__half(x)); }
__device__ __half2 pair(__half2 x) { return h2exp2(h2trunc(x)); }

__global__ void halves(__half* x, __half2* y) {
  x[threadIdx.x] = rounded(neg(_Float16(1)));
  y[threadIdx.x] = pair(y[threadIdx.x]);
}

int main() {
  __half* x;
  __half2* y;
  halves<<<1, 64>>>(x, y);
}
