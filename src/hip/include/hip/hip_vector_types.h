// aortalint's stand-in for ROCm's <hip/hip_vector_types.h>: the vector types
// (float4, uint2, uchar4, ...) with their members x/y/z/w, their constructors,
// element-wise operators and make_* functions (see hip_runtime.h).
#pragma once

#include <type_traits>

template <typename T, unsigned N>
struct __aortalint_vector_members;
template <typename T>
struct __aortalint_vector_members<T, 1> {
  T x;
};
template <typename T>
struct __aortalint_vector_members<T, 2> {
  T x, y;
};
template <typename T>
struct __aortalint_vector_members<T, 3> {
  T x, y, z;
};
template <typename T>
struct __aortalint_vector_members<T, 4> {
  T x, y, z, w;
};

template <typename T, unsigned int N>
struct HIP_vector_type : __aortalint_vector_members<T, N> {
  using value_type = T;
  HIP_vector_type() = default;
  // One value per member, or (explicitly) one value for all of them.
  template <typename... U, typename std::enable_if<sizeof...(U) == N, int>::type = 0>
  __host__ __device__ HIP_vector_type(U... values);
  template <typename U, typename std::enable_if<N != 1 && std::is_arithmetic<U>::value, int>::type = 0>
  __host__ __device__ explicit HIP_vector_type(U value);
  template <typename U>
  __host__ __device__ HIP_vector_type(const HIP_vector_type<U, N>& other);
  __host__ __device__ HIP_vector_type& operator++();
  __host__ __device__ HIP_vector_type operator++(int);
  __host__ __device__ HIP_vector_type& operator--();
  __host__ __device__ HIP_vector_type operator--(int);
  __host__ __device__ HIP_vector_type operator-() const;
  __host__ __device__ HIP_vector_type operator~() const;
  __host__ __device__ HIP_vector_type& operator=(const HIP_vector_type&) = default;
  template <typename U, typename std::enable_if<std::is_arithmetic<U>::value, int>::type = 0>
  __host__ __device__ HIP_vector_type& operator=(U value);
};

#define __AORTALINT_VECTOR_OPERATOR(op)                                                                               \
  template <typename T, unsigned N>                                                                                   \
  __host__ __device__ HIP_vector_type<T, N> operator op(const HIP_vector_type<T, N>&, const HIP_vector_type<T, N>&);  \
  template <typename T, unsigned N, typename U, typename std::enable_if<std::is_arithmetic<U>::value, int>::type = 0> \
  __host__ __device__ HIP_vector_type<T, N> operator op(const HIP_vector_type<T, N>&, U);                             \
  template <typename T, unsigned N, typename U, typename std::enable_if<std::is_arithmetic<U>::value, int>::type = 0> \
  __host__ __device__ HIP_vector_type<T, N> operator op(U, const HIP_vector_type<T, N>&);                             \
  template <typename T, unsigned N>                                                                                   \
  __host__ __device__ HIP_vector_type<T, N>& operator op##=(HIP_vector_type<T, N>&, const HIP_vector_type<T, N>&);    \
  template <typename T, unsigned N, typename U, typename std::enable_if<std::is_arithmetic<U>::value, int>::type = 0> \
  __host__ __device__ HIP_vector_type<T, N>& operator op##=(HIP_vector_type<T, N>&, U);
__AORTALINT_VECTOR_OPERATOR(+)
__AORTALINT_VECTOR_OPERATOR(-)
__AORTALINT_VECTOR_OPERATOR(*)
__AORTALINT_VECTOR_OPERATOR(/)
__AORTALINT_VECTOR_OPERATOR(%)
__AORTALINT_VECTOR_OPERATOR(&)
__AORTALINT_VECTOR_OPERATOR(|)
__AORTALINT_VECTOR_OPERATOR(^)
__AORTALINT_VECTOR_OPERATOR(<<)
__AORTALINT_VECTOR_OPERATOR(>>)
#undef __AORTALINT_VECTOR_OPERATOR
template <typename T, unsigned N>
__host__ __device__ bool operator==(const HIP_vector_type<T, N>&, const HIP_vector_type<T, N>&);
template <typename T, unsigned N>
__host__ __device__ bool operator!=(const HIP_vector_type<T, N>&, const HIP_vector_type<T, N>&);

#define __AORTALINT_VECTOR_FAMILY(name, T)                                                      \
  typedef HIP_vector_type<T, 1> name##1;                                                        \
  typedef HIP_vector_type<T, 2> name##2;                                                        \
  typedef HIP_vector_type<T, 3> name##3;                                                        \
  typedef HIP_vector_type<T, 4> name##4;                                                        \
  __host__ __device__ inline name##1 make_##name##1(T x) { return name##1(x); }                 \
  __host__ __device__ inline name##2 make_##name##2(T x, T y) { return name##2(x, y); }         \
  __host__ __device__ inline name##3 make_##name##3(T x, T y, T z) { return name##3(x, y, z); } \
  __host__ __device__ inline name##4 make_##name##4(T x, T y, T z, T w) { return name##4(x, y, z, w); }
__AORTALINT_VECTOR_FAMILY(char, signed char)
__AORTALINT_VECTOR_FAMILY(uchar, unsigned char)
__AORTALINT_VECTOR_FAMILY(short, short)
__AORTALINT_VECTOR_FAMILY(ushort, unsigned short)
__AORTALINT_VECTOR_FAMILY(int, int)
__AORTALINT_VECTOR_FAMILY(uint, unsigned int)
__AORTALINT_VECTOR_FAMILY(long, long)
__AORTALINT_VECTOR_FAMILY(ulong, unsigned long)
__AORTALINT_VECTOR_FAMILY(longlong, long long)
__AORTALINT_VECTOR_FAMILY(ulonglong, unsigned long long)
__AORTALINT_VECTOR_FAMILY(float, float)
__AORTALINT_VECTOR_FAMILY(double, double)
#undef __AORTALINT_VECTOR_FAMILY
