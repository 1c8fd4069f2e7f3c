// Written for aortalint's HIP002 fixtures: no roctx call anywhere.
#include <hip/hip_runtime.h>

__global__ void gemm(const float* a, const float* b, float* c, int n) {
  int row = blockIdx.y * blockDim.y + threadIdx.y, col = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0;
  for (int k = 0; k < n; ++k) sum += a[row * n + k] * b[k * n + col];
  c[row * n + col] = sum;
}

int main() {
  float *a = nullptr, *b = nullptr, *c = nullptr;
  // roctxRangePush("gemm") is only mentioned in this comment.
  const char* label = "roctxMark";
  (void)label;
  gemm<<<dim3(32, 32), dim3(16, 16)>>>(a, b, c, 512);
  return 0;
}
