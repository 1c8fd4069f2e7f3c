// The bit intrinsics of ROCm's device functions that samples use.
#include <hip/hip_runtime.h>

#include <cstdint>

__global__ void bits(const unsigned int* in, uint64_t* wide, unsigned int* out) {
  unsigned int x = in[threadIdx.x];
  unsigned int field = __bitextract_u32(x, 4, 8) + __bitinsert_u32(x, 0xf, 8, 4);
  uint64_t big = __bitextract_u64(wide[0], 3, 9) + __bitinsert_u64(wide[0], 1, 2, 3);
  field += __lastbit_u32_u64(big) + __mbcnt_lo(~0u, 0) + __mbcnt_hi(~0u, 0) + unsigned(__fns32(big, 0, 1));
  field += __popc(x) + __clz(int(x)) + __ffs(x) + __brev(x) + unsigned(__fns64(big, 0, 1));
  out[threadIdx.x] = field;
  wide[threadIdx.x] = big;
}

int main() {
  unsigned int *in, *out;
  uint64_t* wide;
  bits<<<1, 64>>>(in, wide, out);
}
