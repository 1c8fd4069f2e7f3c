// Written for aortalint's HIP003 fixtures: the launch sits in a generic lambda; nothing fires.
#include <hip/hip_runtime.h>

template <unsigned Block>
__global__ void reduce(const float* x, float* out, int n) {
  __shared__ float partial[Block];
  partial[threadIdx.x] = threadIdx.x < n ? x[threadIdx.x] : 0.0f;
  __syncthreads();
  if (threadIdx.x == 0) atomicAdd(out, partial[0]);
}

template <typename F>
void with_block(unsigned block, F&& f) {
  if (block == 256) f(std::integral_constant<unsigned, 256>{});
}

int main() {
  float *x = nullptr, *out = nullptr;
  with_block(256, [&](auto block) { reduce<decltype(block)::value><<<1, block()>>>(x, out, 256); });
  return 0;
}
