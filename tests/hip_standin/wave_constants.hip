// warpSize in a constant expression (a constant in ROCm 6), ROCm's compiler's scheduling and fp8
// conversion builtins in a template's body (Clang 14 knows none of them), and the host pass's macros: no
// __HIP_DEVICE_COMPILE__ there (composable_kernel's ck.hpp picks its host constants by #ifndef).
#include <hip/hip_runtime.h>

#ifndef __HIP_DEVICE_COMPILE__
#define BUFFER_CONFIG -1
#endif

__host__ __device__ constexpr int wave_size() { return warpSize; }

template <int Block>
struct Tile {
  static constexpr int kWaves = Block / wave_size();
  __device__ void step(int* x) {
    __builtin_amdgcn_sched_barrier(0);
    __builtin_amdgcn_s_setprio(1);
    x[threadIdx.x] += kWaves + BUFFER_CONFIG;
    __builtin_amdgcn_sched_group_barrier(0x008, 1, 0);
    __builtin_amdgcn_iglp_opt(0);
    int packed = __builtin_amdgcn_cvt_pk_fp8_f32(1.0f, 2.0f, 0, false);
    x[0] += static_cast<int>(__builtin_amdgcn_cvt_f32_fp8(packed, 0) + __builtin_amdgcn_cvt_pk_f32_bf8(packed, true).x);
  }
};

__global__ void tiles(int* x) { Tile<256>{}.step(x); }

int main() {
  static_assert(Tile<256>::kWaves == 256 / warpSize, "a constant");
  int* x;
  tiles<<<1, 256>>>(x);
}
