// Written for aortalint's HIP004 fixtures: lookups by name, checked without a recipe.
#include <hip/hip_runtime.h>

__global__ void vadd(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

extern "C" __global__ void vsub(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] - b[i];
}

namespace ops {
template <typename T>
__global__ void scale(T* x, T a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= a;
}
template __global__ void scale<float>(float*, float, int);
}  // namespace ops

#define KERNEL_NAME "vadd"

int main() {
  hipModule_t module;
  hipFunction_t f, g, h, m;
  hipModuleLoad(&module, "kernels.hsaco");
  hipModuleGetFunction(&f, module, "vadd");  // expect: HIP004
  hipModuleGetFunction(&g, module, "vsub");
  hipModuleGetFunction(&h, module, "scale");  // expect: HIP004
  hipModuleGetFunction(&m, module, KERNEL_NAME);  // expect: HIP004
  hipModuleLaunchKernel(f, 4, 1, 1, 256, 1, 1, 0, nullptr, nullptr, nullptr);
  return 0;
}
