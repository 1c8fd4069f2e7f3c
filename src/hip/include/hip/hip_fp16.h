// aortalint's stand-in for ROCm's <hip/hip_fp16.h>: __half/half and
// __half2/half2 with their conversions and intrinsics (see hip_runtime.h).
#pragma once

#include <type_traits>

struct __half_raw {
  unsigned short x;
};
struct __half2_raw {
  unsigned short x, y;
};
struct __half {
  unsigned short __x;
  __half() = default;
  template <typename U, typename std::enable_if<std::is_arithmetic<U>::value, int>::type = 0>
  __host__ __device__ __half(U value);
  __host__ __device__ __half(_Float16 value);  // ROCm's is held as one
  __host__ __device__ __half(const __half_raw& raw);
  __host__ __device__ operator float() const;
  __host__ __device__ operator __half_raw() const;
};
struct __half2 {
  __half x, y;
  __half2() = default;
  __host__ __device__ __half2(const __half& a, const __half& b);
  __host__ __device__ __half2(const __half2_raw& raw);
  __host__ __device__ operator __half2_raw() const;
};
typedef __half half;
typedef __half2 half2;

__host__ __device__ __half __float2half(float a);
__host__ __device__ __half __float2half_rn(float a);
__host__ __device__ __half __double2half(double a);
__host__ __device__ float __half2float(__half a);
__host__ __device__ __half __int2half_rn(int a);
__host__ __device__ __half __uint2half_rn(unsigned int a);
__host__ __device__ int __half2int_rn(__half a);
__host__ __device__ int __half2int_rz(__half a);
__host__ __device__ short __half_as_short(__half a);
__host__ __device__ unsigned short __half_as_ushort(__half a);
__host__ __device__ __half __short_as_half(short a);
__host__ __device__ __half __ushort_as_half(unsigned short a);
__host__ __device__ __half2 __float2half2_rn(float a);
__host__ __device__ __half2 __floats2half2_rn(float a, float b);
__host__ __device__ __half2 __halves2half2(__half a, __half b);
__host__ __device__ __half2 __half2half2(__half a);
__host__ __device__ __half2 make_half2(__half a, __half b);
__host__ __device__ float2 __half22float2(__half2 a);
__host__ __device__ __half2 __float22half2_rn(float2 a);
__host__ __device__ __half __low2half(__half2 a);
__host__ __device__ __half __high2half(__half2 a);
__host__ __device__ float __low2float(__half2 a);
__host__ __device__ float __high2float(__half2 a);
__device__ __half __hadd(__half a, __half b);
__device__ __half __hsub(__half a, __half b);
__device__ __half __hmul(__half a, __half b);
__device__ __half __hdiv(__half a, __half b);
__device__ __half __hfma(__half a, __half b, __half c);
__device__ __half __hneg(__half a);
__device__ __half __habs(__half a);
__device__ __half __hmax(__half a, __half b);
__device__ __half __hmin(__half a, __half b);
__device__ bool __heq(__half a, __half b);
__device__ bool __hne(__half a, __half b);
__device__ bool __hlt(__half a, __half b);
__device__ bool __hle(__half a, __half b);
__device__ bool __hgt(__half a, __half b);
__device__ bool __hge(__half a, __half b);
__device__ bool __hisnan(__half a);
__device__ __half2 __hadd2(__half2 a, __half2 b);
__device__ __half2 __hsub2(__half2 a, __half2 b);
__device__ __half2 __hmul2(__half2 a, __half2 b);
__device__ __half2 __h2div(__half2 a, __half2 b);
__device__ __half2 __hfma2(__half2 a, __half2 b, __half2 c);
__device__ __half2 __hneg2(__half2 a);
__device__ __half2 __habs2(__half2 a);
// ROCm's half math: hsin(__half) and h2sin(__half2) for each of these.
#define __AORTALINT_HALF_MATH(name)    \
  __device__ __half h##name(__half a); \
  __device__ __half2 h2##name(__half2 a);
// clang-format off
__AORTALINT_HALF_MATH(ceil) __AORTALINT_HALF_MATH(cos) __AORTALINT_HALF_MATH(exp) __AORTALINT_HALF_MATH(exp10)
__AORTALINT_HALF_MATH(exp2) __AORTALINT_HALF_MATH(floor) __AORTALINT_HALF_MATH(log) __AORTALINT_HALF_MATH(log10)
__AORTALINT_HALF_MATH(log2) __AORTALINT_HALF_MATH(rcp) __AORTALINT_HALF_MATH(rint) __AORTALINT_HALF_MATH(rsqrt)
__AORTALINT_HALF_MATH(sin) __AORTALINT_HALF_MATH(sqrt) __AORTALINT_HALF_MATH(trunc)
// clang-format on
#undef __AORTALINT_HALF_MATH
