// aortalint's stand-in for the device side of ROCm's <hip/hip_runtime.h>:
// the built-in coordinates, synchronisation, atomics, warp operations, math
// intrinsics and texture fetches kernels call (see hip_runtime.h). Declared,
// never defined: only the host side is parsed.
#pragma once

struct __aortalint_coordinates {
  unsigned x, y, z;
  __host__ __device__ operator dim3() const;
};
extern const __device__ __aortalint_coordinates threadIdx, blockIdx, blockDim, gridDim;
// A constant, as in ROCm 6 (Clang defines the wave size on the host side too): `constexpr int n = warpSize;`.
__device__ static constexpr int warpSize = __AMDGCN_WAVEFRONT_SIZE;
#define hipThreadIdx_x (threadIdx.x)
#define hipThreadIdx_y (threadIdx.y)
#define hipThreadIdx_z (threadIdx.z)
#define hipBlockIdx_x (blockIdx.x)
#define hipBlockIdx_y (blockIdx.y)
#define hipBlockIdx_z (blockIdx.z)
#define hipBlockDim_x (blockDim.x)
#define hipBlockDim_y (blockDim.y)
#define hipBlockDim_z (blockDim.z)
#define hipGridDim_x (gridDim.x)
#define hipGridDim_y (gridDim.y)
#define hipGridDim_z (gridDim.z)

// Synchronisation and fences.
__device__ void __syncthreads(void);
__device__ int __syncthreads_count(int predicate);
__device__ int __syncthreads_and(int predicate);
__device__ int __syncthreads_or(int predicate);
__device__ void __syncwarp(unsigned long long mask = ~0ull);
__device__ void __threadfence(void);
__device__ void __threadfence_block(void);
__device__ void __threadfence_system(void);
__device__ unsigned long long clock64(void);
__device__ long long wall_clock64(void);
__device__ unsigned __smid(void);
__device__ unsigned __lane_id(void);
__device__ void __trap(void);
__device__ void abort_kernel(void);

// Atomics: the address's type decides; the value converts as in ROCm's overloads.
#define __AORTALINT_ATOMIC(name)                   \
  template <typename T, typename U>                \
  __device__ T name(T* address, U value);          \
  template <typename T, typename U>                \
  __device__ T name##_system(T* address, U value); \
  template <typename T, typename U>                \
  __device__ T name##_block(T* address, U value);
__AORTALINT_ATOMIC(atomicAdd)
__AORTALINT_ATOMIC(atomicSub)
__AORTALINT_ATOMIC(atomicExch)
__AORTALINT_ATOMIC(atomicMin)
__AORTALINT_ATOMIC(atomicMax)
__AORTALINT_ATOMIC(atomicInc)
__AORTALINT_ATOMIC(atomicDec)
__AORTALINT_ATOMIC(atomicAnd)
__AORTALINT_ATOMIC(atomicOr)
__AORTALINT_ATOMIC(atomicXor)
__AORTALINT_ATOMIC(unsafeAtomicAdd)
__AORTALINT_ATOMIC(safeAtomicAdd)
#undef __AORTALINT_ATOMIC
template <typename T, typename U>
__device__ void atomicAddNoRet(T* address, U value);
template <typename T, typename U, typename V>
__device__ T atomicCAS(T* address, U compare, V value);
template <typename T, typename U, typename V>
__device__ T atomicCAS_system(T* address, U compare, V value);

// Warp operations (a wavefront of 64 lanes by default).
template <typename T>
__device__ T __shfl(T var, int src_lane, int width = 64);
template <typename T>
__device__ T __shfl_up(T var, unsigned int delta, int width = 64);
template <typename T>
__device__ T __shfl_down(T var, unsigned int delta, int width = 64);
template <typename T>
__device__ T __shfl_xor(T var, int lane_mask, int width = 64);
template <typename M, typename T>
__device__ T __shfl_sync(M mask, T var, int src_lane, int width = 64);
template <typename M, typename T>
__device__ T __shfl_up_sync(M mask, T var, unsigned int delta, int width = 64);
template <typename M, typename T>
__device__ T __shfl_down_sync(M mask, T var, unsigned int delta, int width = 64);
template <typename M, typename T>
__device__ T __shfl_xor_sync(M mask, T var, int lane_mask, int width = 64);
__device__ unsigned long long __ballot(int predicate);
__device__ unsigned long long __ballot64(int predicate);
__device__ int __any(int predicate);
__device__ int __all(int predicate);
__device__ unsigned long long __activemask(void);
template <typename M>
__device__ unsigned long long __ballot_sync(M mask, int predicate);
template <typename M>
__device__ int __any_sync(M mask, int predicate);
template <typename M>
__device__ int __all_sync(M mask, int predicate);
template <typename M, typename T>
__device__ unsigned long long __match_any_sync(M mask, T value);
template <typename M, typename T>
__device__ T __reduce_add_sync(M mask, T value);

// Integer intrinsics.
__device__ int __popc(unsigned int x);
__device__ int __popcll(unsigned long long x);
__device__ int __ffs(int x);
__device__ int __ffs(unsigned int x);
__device__ int __ffsll(long long x);
__device__ int __ffsll(unsigned long long x);
__device__ int __clz(int x);
__device__ int __clzll(long long x);
__device__ unsigned int __brev(unsigned int x);
__device__ unsigned long long __brevll(unsigned long long x);
__device__ unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s);
__device__ int __mul24(int x, int y);
__device__ unsigned int __umul24(unsigned int x, unsigned int y);
__device__ int __mulhi(int x, int y);
__device__ unsigned int __umulhi(unsigned int x, unsigned int y);
__device__ long long __mul64hi(long long x, long long y);
__device__ unsigned long long __umul64hi(unsigned long long x, unsigned long long y);
__device__ unsigned int __sad(int x, int y, unsigned int z);
__device__ unsigned int __usad(unsigned int x, unsigned int y, unsigned int z);
__device__ unsigned int __funnelshift_l(unsigned int lo, unsigned int hi, unsigned int shift);
__device__ unsigned int __funnelshift_r(unsigned int lo, unsigned int hi, unsigned int shift);

// Float intrinsics and conversions.
__device__ float __expf(float x);
__device__ float __exp10f(float x);
__device__ float __logf(float x);
__device__ float __log2f(float x);
__device__ float __log10f(float x);
__device__ float __sinf(float x);
__device__ float __cosf(float x);
__device__ float __tanf(float x);
__device__ void __sincosf(float x, float* s, float* c);
__device__ float __powf(float x, float y);
__device__ float __fdividef(float x, float y);
__device__ float __saturatef(float x);
__device__ float __frcp_rn(float x);
__device__ float __frsqrt_rn(float x);
__device__ float __fsqrt_rn(float x);
__device__ float __fmaf_rn(float x, float y, float z);
__device__ float __fadd_rn(float x, float y);
__device__ float __fsub_rn(float x, float y);
__device__ float __fmul_rn(float x, float y);
__device__ float __fdiv_rn(float x, float y);
__device__ double __dadd_rn(double x, double y);
__device__ double __dmul_rn(double x, double y);
__device__ double __fma_rn(double x, double y, double z);
__device__ int __float2int_rn(float x);
__device__ int __float2int_rz(float x);
__device__ int __float2int_rd(float x);
__device__ int __float2int_ru(float x);
__device__ unsigned int __float2uint_rn(float x);
__device__ unsigned int __float2uint_rz(float x);
__device__ float __int2float_rn(int x);
__device__ float __uint2float_rn(unsigned int x);
__device__ int __double2int_rn(double x);
__device__ float __double2float_rn(double x);
__device__ int __float_as_int(float x);
__device__ unsigned int __float_as_uint(float x);
__device__ float __int_as_float(int x);
__device__ float __uint_as_float(unsigned int x);
__device__ long long __double_as_longlong(double x);
__device__ double __longlong_as_double(long long x);
__device__ int __double2hiint(double x);
__device__ int __double2loint(double x);
__device__ double __hiloint2double(int hi, int lo);
__host__ __device__ float rsqrtf(float x);
__host__ __device__ double rsqrt(double x);
__host__ __device__ float rcbrtf(float x);
__host__ __device__ float normcdff(float x);
__host__ __device__ float norm3df(float a, float b, float c);
__host__ __device__ float norm4df(float a, float b, float c, float d);
__host__ __device__ void sincospif(float x, float* s, float* c);
__host__ __device__ float sinpif(float x);
__host__ __device__ float cospif(float x);

// min and max without a std:: prefix, as kernels write them.
__host__ __device__ int min(int a, int b);
__host__ __device__ unsigned int min(unsigned int a, unsigned int b);
__host__ __device__ long long min(long long a, long long b);
__host__ __device__ unsigned long long min(unsigned long long a, unsigned long long b);
__host__ __device__ float min(float a, float b);
__host__ __device__ double min(double a, double b);
__host__ __device__ int max(int a, int b);
__host__ __device__ unsigned int max(unsigned int a, unsigned int b);
__host__ __device__ long long max(long long a, long long b);
__host__ __device__ unsigned long long max(unsigned long long a, unsigned long long b);
__host__ __device__ float max(float a, float b);
__host__ __device__ double max(double a, double b);
__host__ __device__ unsigned int umin(unsigned int a, unsigned int b);
__host__ __device__ unsigned int umax(unsigned int a, unsigned int b);

// Texture fetches and surface accesses through objects.
template <typename T>
__device__ T tex1Dfetch(hipTextureObject_t texture, int x);
template <typename T>
__device__ T tex1D(hipTextureObject_t texture, float x);
template <typename T>
__device__ T tex2D(hipTextureObject_t texture, float x, float y);
template <typename T>
__device__ T tex3D(hipTextureObject_t texture, float x, float y, float z);
template <typename T>
__device__ T tex1DLayered(hipTextureObject_t texture, float x, int layer);
template <typename T>
__device__ T tex2DLayered(hipTextureObject_t texture, float x, float y, int layer);
template <typename T>
__device__ T tex2DLod(hipTextureObject_t texture, float x, float y, float level);
template <typename T>
__device__ void tex1Dfetch(T* ptr, hipTextureObject_t texture, int x);
template <typename T>
__device__ void tex2D(T* ptr, hipTextureObject_t texture, float x, float y);
template <typename T>
__device__ void surf1Dread(T* data, hipSurfaceObject_t surface, int x, int boundary = hipBoundaryModeZero);
template <typename T>
__device__ void surf1Dwrite(T data, hipSurfaceObject_t surface, int x, int boundary = hipBoundaryModeZero);
template <typename T>
__device__ void surf2Dread(T* data, hipSurfaceObject_t surface, int x, int y, int boundary = hipBoundaryModeZero);
template <typename T>
__device__ void surf2Dwrite(T data, hipSurfaceObject_t surface, int x, int y, int boundary = hipBoundaryModeZero);
template <typename T>
__device__ T surf2Dread(hipSurfaceObject_t surface, int x, int y, int boundary = hipBoundaryModeZero);

// Classification in the global namespace, on the device (C++'s <math.h> has it only as std::isnan).
static __device__ bool isnan(float x);
static __device__ bool isnan(double x);
static __device__ bool isinf(float x);
static __device__ bool isinf(double x);
static __device__ bool isfinite(float x);
static __device__ bool isfinite(double x);
static __device__ bool signbit(float x);
static __device__ bool signbit(double x);

// The C math library in kernels: each function on the device for float (`sqrtf`) and double
// (`sqrt`, also as std::sqrt); the host's <math.h> declares them for the host only. As Clang's HIP
// wrapper does, the float ones are in std too (`std::sqrtf`, which libstdc++ before 14 lacks), and
// the device library's `__ocml_sqrt_f32` and `__ocml_sqrt_f64` they are built on are declared.
#define __AORTALINT_MATH1(name)                               \
  static __device__ float name##f(float x);                   \
  static __device__ double name(double x);                    \
  extern "C" __device__ float __ocml_##name##_f32(float x);   \
  extern "C" __device__ double __ocml_##name##_f64(double x); \
  namespace std {                                             \
  using ::name;                                               \
  using ::name##f;                                            \
  }
#define __AORTALINT_MATH2(name)                                         \
  static __device__ float name##f(float x, float y);                    \
  static __device__ double name(double x, double y);                    \
  extern "C" __device__ float __ocml_##name##_f32(float x, float y);    \
  extern "C" __device__ double __ocml_##name##_f64(double x, double y); \
  namespace std {                                                       \
  using ::name;                                                         \
  using ::name##f;                                                      \
  }
// clang-format off
__AORTALINT_MATH1(acos) __AORTALINT_MATH1(acosh) __AORTALINT_MATH1(asin) __AORTALINT_MATH1(asinh)
__AORTALINT_MATH1(atan) __AORTALINT_MATH1(atanh) __AORTALINT_MATH1(cbrt) __AORTALINT_MATH1(ceil)
__AORTALINT_MATH1(cos) __AORTALINT_MATH1(cosh) __AORTALINT_MATH1(erf) __AORTALINT_MATH1(erfc)
__AORTALINT_MATH1(exp) __AORTALINT_MATH1(exp2) __AORTALINT_MATH1(expm1) __AORTALINT_MATH1(fabs)
__AORTALINT_MATH1(floor) __AORTALINT_MATH1(lgamma) __AORTALINT_MATH1(log) __AORTALINT_MATH1(log10)
__AORTALINT_MATH1(log1p) __AORTALINT_MATH1(log2) __AORTALINT_MATH1(logb) __AORTALINT_MATH1(nearbyint)
__AORTALINT_MATH1(rint) __AORTALINT_MATH1(round) __AORTALINT_MATH1(sin) __AORTALINT_MATH1(sinh)
__AORTALINT_MATH1(sqrt) __AORTALINT_MATH1(tan) __AORTALINT_MATH1(tanh) __AORTALINT_MATH1(tgamma)
__AORTALINT_MATH1(trunc)
__AORTALINT_MATH2(atan2) __AORTALINT_MATH2(copysign) __AORTALINT_MATH2(fdim) __AORTALINT_MATH2(fmax)
__AORTALINT_MATH2(fmin) __AORTALINT_MATH2(fmod) __AORTALINT_MATH2(hypot) __AORTALINT_MATH2(nextafter)
__AORTALINT_MATH2(pow) __AORTALINT_MATH2(remainder)
// clang-format on
#undef __AORTALINT_MATH1
#undef __AORTALINT_MATH2
    // Three-argument and GNU ones.
    static __device__ float exp10f(float x);
static __device__ double exp10(double x);
static __device__ float erfinvf(float x);
static __device__ double erfinv(double x);
static __device__ float fmaf(float x, float y, float z);
static __device__ double fma(double x, double y, double z);
static __device__ void sincosf(float x, float* s, float* c);
static __device__ void sincos(double x, double* s, double* c);
// The rest of the float functions Clang's wrapper puts in std (the host's <math.h> declares them).
namespace std {
using ::fmaf;
using ::frexpf;
using ::ilogbf;
using ::ldexpf;
using ::llrintf;
using ::llroundf;
using ::lrintf;
using ::lroundf;
using ::modff;
using ::remquof;
using ::scalblnf;
using ::scalbnf;
}  // namespace std

// Heap memory and the clock in a kernel, as ROCm and Clang's HIP wrapper declare them.
extern "C" __device__ void* malloc(size_t size);
extern "C" __device__ void free(void* ptr);
__device__ long long int clock();

// printf in a kernel (ROCm's device printf).
extern "C" __device__ int printf(const char* format, ...);

// Bit fields and bit scans of ROCm's device functions.
__device__ unsigned int __bitextract_u32(unsigned int src, unsigned int offset, unsigned int width);
__device__ uint64_t __bitextract_u64(uint64_t src, unsigned int offset, unsigned int width);
__device__ unsigned int __bitinsert_u32(unsigned int src, unsigned int insert, unsigned int offset, unsigned int width);
__device__ uint64_t __bitinsert_u64(uint64_t src, uint64_t insert, unsigned int offset, unsigned int width);
__device__ unsigned int __lastbit_u32_u64(uint64_t input);
__device__ unsigned int __mbcnt_lo(unsigned int mask, unsigned int base);
__device__ unsigned int __mbcnt_hi(unsigned int mask, unsigned int base);
__device__ int32_t __fns64(uint64_t mask, uint32_t base, int32_t offset);
__device__ int32_t __fns32(uint64_t mask, uint32_t base, int32_t offset);

#include "../aortalint/newer_builtins.h"
