// Written for aortalint's HIP003 fixtures: hipLaunchKernelGGL on a kernel template whose
// arguments are deduced (ROCm's hipLaunchKernelGGL is a macro over <<<>>>); nothing fires.
#include <hip/hip_runtime.h>
#include <memory>

template <typename T>
__global__ void vector_square(T* c, const T* a, size_t n) {
  size_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] * a[i];
}

int main() {
  float *a = nullptr, *c = nullptr;
  auto keep = std::make_shared<int>(1);  // <memory> parses beside the stand-in's __noinline__
  hipLaunchKernelGGL(vector_square, dim3(4), dim3(256), 0, 0, c, a, static_cast<size_t>(1024));
  return hipDeviceSynchronize() == hipSuccess ? 0 : 1;
}
