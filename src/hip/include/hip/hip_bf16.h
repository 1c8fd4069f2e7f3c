// aortalint's stand-in for ROCm's <hip/hip_bf16.h>: __hip_bfloat16 and
// __hip_bfloat162 with their conversions (see hip_runtime.h).
#pragma once

#include <type_traits>

struct __hip_bfloat16_raw {
  unsigned short x;
};
struct __hip_bfloat16 {
  unsigned short data;
  __hip_bfloat16() = default;
  template <typename U, typename std::enable_if<std::is_arithmetic<U>::value, int>::type = 0>
  __host__ __device__ __hip_bfloat16(U value);
  __host__ __device__ __hip_bfloat16(const __hip_bfloat16_raw& raw);
  __host__ __device__ operator float() const;
};
struct __hip_bfloat162 {
  __hip_bfloat16 x, y;
  __hip_bfloat162() = default;
  __host__ __device__ __hip_bfloat162(const __hip_bfloat16& a, const __hip_bfloat16& b);
};
typedef __hip_bfloat16 hip_bf16;

__host__ __device__ __hip_bfloat16 __float2bfloat16(float a);
__host__ __device__ __hip_bfloat16 __double2bfloat16(double a);
__host__ __device__ float __bfloat162float(__hip_bfloat16 a);
__host__ __device__ __hip_bfloat162 __float2bfloat162_rn(float a);
__host__ __device__ __hip_bfloat162 __floats2bfloat162_rn(float a, float b);
__host__ __device__ float2 __bfloat1622float2(__hip_bfloat162 a);
__host__ __device__ __hip_bfloat16 __low2bfloat16(__hip_bfloat162 a);
__host__ __device__ __hip_bfloat16 __high2bfloat16(__hip_bfloat162 a);
__device__ __hip_bfloat16 __hadd(__hip_bfloat16 a, __hip_bfloat16 b);
__device__ __hip_bfloat16 __hmul(__hip_bfloat16 a, __hip_bfloat16 b);
__device__ __hip_bfloat16 __hfma(__hip_bfloat16 a, __hip_bfloat16 b, __hip_bfloat16 c);
