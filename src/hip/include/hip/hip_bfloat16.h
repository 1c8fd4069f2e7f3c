// aortalint's stand-in for ROCm's <hip/hip_bfloat16.h>: the older hip_bfloat16 type.
#pragma once

#include <type_traits>

struct hip_bfloat16 {
  unsigned short data;
  enum truncate_t { truncate };
  hip_bfloat16() = default;
  template <typename U, typename std::enable_if<std::is_arithmetic<U>::value, int>::type = 0>
  __host__ __device__ explicit hip_bfloat16(U value);
  __host__ __device__ hip_bfloat16(float value, truncate_t);
  __host__ __device__ operator float() const;
  __host__ __device__ hip_bfloat16& operator=(float value);
  static __host__ __device__ hip_bfloat16 round_to_bfloat16(float value);
};
__host__ __device__ hip_bfloat16 operator+(hip_bfloat16 a, hip_bfloat16 b);
__host__ __device__ hip_bfloat16 operator-(hip_bfloat16 a, hip_bfloat16 b);
__host__ __device__ hip_bfloat16 operator*(hip_bfloat16 a, hip_bfloat16 b);
__host__ __device__ hip_bfloat16 operator/(hip_bfloat16 a, hip_bfloat16 b);
__host__ __device__ hip_bfloat16 operator-(hip_bfloat16 a);
__host__ __device__ hip_bfloat16& operator+=(hip_bfloat16& a, hip_bfloat16 b);
__host__ __device__ hip_bfloat16& operator*=(hip_bfloat16& a, hip_bfloat16 b);
__host__ __device__ bool operator<(hip_bfloat16 a, hip_bfloat16 b);
__host__ __device__ bool operator>(hip_bfloat16 a, hip_bfloat16 b);
__host__ __device__ bool operator==(hip_bfloat16 a, hip_bfloat16 b);
__host__ __device__ bool operator!=(hip_bfloat16 a, hip_bfloat16 b);
