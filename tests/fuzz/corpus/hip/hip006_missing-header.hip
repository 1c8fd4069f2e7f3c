// Written for aortalint's HIP006 fixtures: a third-party header that is not installed.
#include <hip/hip_runtime.h>
#include <rocwmma/rocwmma.hpp>  // expect: HIP006
#include <hip/hip_fp16.h>
#include <rocwmma/rocwmma.hpp>

__global__ void attention(const float* q, const float* k, float* out, int n) {
  __shared__ float tile[64];
  tile[threadIdx.x] = q[threadIdx.x] * k[threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0) out[blockIdx.x] = tile[0];
}

int main() {
  attention<<<1, 64>>>(nullptr, nullptr, nullptr, 64);
  return 0;
}
