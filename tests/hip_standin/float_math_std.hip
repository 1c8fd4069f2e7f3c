// The float math functions in std (`std::tanhf`, put there by Clang's HIP wrapper; libstdc++ 12
// lacks them), classification on the device in the global namespace, and the device library's
// functions they are built on (composable_kernel's math helpers).
#include <hip/hip_runtime.h>

#include <cmath>

inline float host_tanh(float x) { return std::tanhf(x) + std::acosf(x) + std::ldexpf(x, 2); }

__device__ bool bad(float x) { return ::isnan(x) || ::isinf(double(x)); }

__global__ void act(float* x) {
  float v = x[threadIdx.x];
  x[threadIdx.x] = bad(v) ? 0.f : __ocml_exp_f32(v) + float(__ocml_pow_f64(v, 2.0)) + std::floorf(v);
}

int main() {
  float* x;
  act<<<1, 64>>>(x);
  return int(host_tanh(0.5f));
}
