// Written for aortalint's HIP003 fixtures: launched with triple-chevron; nothing fires.
#include <hip/hip_runtime.h>
#include <hip/hip_ext.h>

__global__ void fill(float* x, float v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = v;
}

int main() {
  float* x = nullptr;
  int n = 1024;
  float v = 1.0f;
  void* args[] = {&x, &v, &n};
  hipModule_t module;
  hipFunction_t f;
  (void)args; (void)module; (void)f;
  fill<<<4, 256>>>(x, v, n);
  return hipDeviceSynchronize() == hipSuccess ? 0 : 1;
}
