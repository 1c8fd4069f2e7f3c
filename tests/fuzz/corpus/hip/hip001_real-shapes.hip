// Written for aortalint's HIP001 fixtures: kernels in the shapes real programs use (a kernel
// from a project header, _Float16, a default template argument with a vector type).
#include <hip/hip_runtime.h>
#include "kernels.hpp"

template <typename T>
__global__ void scale(T* x, float a, int n) {
  int i = threadIdx.x;
  if (i < n) x[i] = static_cast<T>(static_cast<float>(x[i]) * a);
}

template <size_t MaskWidth = 5>
__global__ void convolution(const float* in, float* out, const uint2 size) {
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  if (x < size.x) out[x] = in[x] * MaskWidth;
}

int main() {
  float *a = nullptr, *b = nullptr, *c = nullptr;
  _Float16* h = nullptr;
  gemm_tile<<<4, 256>>>(a, b, c, 1024);
  scale<<<4, 256>>>(h, 2.0f, 1024);
  convolution<<<4, 256>>>(a, b, make_uint2(1024, 1));
  return 0;
}
