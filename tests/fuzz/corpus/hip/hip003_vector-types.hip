// Written for aortalint's HIP003 fixtures: kernels whose parameters are vector types and a
// texture object, launched with <<<>>>; nothing fires.
#include <hip/hip_runtime.h>

__global__ void blur(const uchar4* in, uchar4* out, const uint2 size, hipTextureObject_t weights) {
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  if (x >= size.x) return;
  float w = tex1Dfetch<float>(weights, 0);
  uchar4 p = in[x];
  out[x] = make_uchar4(p.x * w, p.y * w, p.z * w, p.w);
}

__global__ void scale4(float4* v, float a) { v[threadIdx.x] = v[threadIdx.x] * a + make_float4(0, 0, 0, 1); }

int main() {
  uchar4 *in = nullptr, *out = nullptr;
  float4* v = nullptr;
  hipTextureObject_t weights = nullptr;
  blur<<<4, 256>>>(in, out, make_uint2(1024, 1), weights);
  scale4<<<1, 64>>>(v, 2.0f);
  return 0;
}
