// aortalint's stand-in for ROCm's <hip/hip_runtime.h>, used to parse a HIP
// payload's host side when no ROCm installation is found. Written for
// aortalint: it declares only what the analysis needs (the kernel attributes,
// dim3 and the built-in coordinates, the launch APIs, module loading, and the
// common runtime calls), so a payload parses without errors. It is never
// compiled into a program.
#pragma once

#include <stddef.h>

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __forceinline__ inline __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __restrict__ __restrict
#define HIP_KERNEL_NAME(...) __VA_ARGS__
#define HIP_SYMBOL(x) (&(x))
#define __HIP_PLATFORM_AMD__ 1
#define __HIP__ 1
#define HIP_DYNAMIC_SHARED(type, var) extern __shared__ type var[];

typedef enum hipError_t {
  hipSuccess = 0,
  hipErrorInvalidValue = 1,
  hipErrorOutOfMemory = 2,
  hipErrorNotReady = 600,
  hipErrorUnknown = 999
} hipError_t;

typedef enum hipMemcpyKind {
  hipMemcpyHostToHost = 0,
  hipMemcpyHostToDevice = 1,
  hipMemcpyDeviceToHost = 2,
  hipMemcpyDeviceToDevice = 3,
  hipMemcpyDefault = 4
} hipMemcpyKind;

typedef struct ihipStream_t* hipStream_t;
typedef struct ihipEvent_t* hipEvent_t;
typedef struct ihipModule_t* hipModule_t;
typedef struct ihipModuleSymbol_t* hipFunction_t;
typedef int hipDevice_t;

struct dim3 {
  unsigned x, y, z;
  constexpr __host__ __device__ dim3(unsigned x_ = 1, unsigned y_ = 1, unsigned z_ = 1) : x(x_), y(y_), z(z_) {}
};

struct __aortalint_coordinates {
  unsigned x, y, z;
};
extern const __device__ __aortalint_coordinates threadIdx, blockIdx, blockDim, gridDim;
extern const __device__ int warpSize;

struct hipDeviceProp_t {
  char name[256];
  size_t totalGlobalMem;
  size_t sharedMemPerBlock;
  int warpSize;
  int maxThreadsPerBlock;
  int multiProcessorCount;
  int major, minor;
  char gcnArchName[256];
};

// The launch-configuration hooks Clang calls for `kernel<<<grid, block, shmem, stream>>>(...)`.
extern "C" hipError_t __hipPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0,
                                                 hipStream_t stream = 0);
extern "C" hipError_t __hipPopCallConfiguration(dim3* gridDim, dim3* blockDim, size_t* sharedMem, hipStream_t* stream);

// Launch APIs.
template <typename Kernel, typename... Args>
inline void hipLaunchKernelGGL(Kernel kernel, const dim3& numBlocks, const dim3& dimBlocks, unsigned sharedMemBytes,
                               hipStream_t stream, Args... args);
hipError_t hipLaunchKernel(const void* function_address, dim3 numBlocks, dim3 dimBlocks, void** args,
                           size_t sharedMemBytes = 0, hipStream_t stream = 0);
template <typename T>
inline hipError_t hipLaunchKernel(T function, dim3 numBlocks, dim3 dimBlocks, void** args, size_t sharedMemBytes = 0,
                                  hipStream_t stream = 0);
hipError_t hipLaunchCooperativeKernel(const void* f, dim3 gridDim, dim3 blockDimX, void** kernelParams,
                                      unsigned int sharedMemBytes, hipStream_t stream);
template <typename T>
inline hipError_t hipLaunchCooperativeKernel(T f, dim3 gridDim, dim3 blockDim, void** kernelParams,
                                             unsigned int sharedMemBytes, hipStream_t stream);
hipError_t hipExtLaunchKernel(const void* function_address, dim3 numBlocks, dim3 dimBlocks, void** args,
                              size_t sharedMemBytes, hipStream_t stream, hipEvent_t startEvent = 0,
                              hipEvent_t stopEvent = 0, int flags = 0);
hipError_t hipModuleLaunchKernel(hipFunction_t f, unsigned int gridDimX, unsigned int gridDimY, unsigned int gridDimZ,
                                 unsigned int blockDimX, unsigned int blockDimY, unsigned int blockDimZ,
                                 unsigned int sharedMemBytes, hipStream_t stream, void** kernelParams, void** extra);
hipError_t hipModuleLaunchCooperativeKernel(hipFunction_t f, unsigned int gridDimX, unsigned int gridDimY,
                                            unsigned int gridDimZ, unsigned int blockDimX, unsigned int blockDimY,
                                            unsigned int blockDimZ, unsigned int sharedMemBytes, hipStream_t stream,
                                            void** kernelParams);
hipError_t hipExtModuleLaunchKernel(hipFunction_t f, unsigned int globalWorkSizeX, unsigned int globalWorkSizeY,
                                    unsigned int globalWorkSizeZ, unsigned int localWorkSizeX,
                                    unsigned int localWorkSizeY, unsigned int localWorkSizeZ, size_t sharedMemBytes,
                                    hipStream_t hStream, void** kernelParams, void** extra, hipEvent_t startEvent = 0,
                                    hipEvent_t stopEvent = 0, unsigned int flags = 0);

// Code objects.
hipError_t hipModuleLoad(hipModule_t* module, const char* fname);
hipError_t hipModuleLoadData(hipModule_t* module, const void* image);
hipError_t hipModuleUnload(hipModule_t module);
hipError_t hipModuleGetFunction(hipFunction_t* function, hipModule_t module, const char* kname);

// The runtime calls payloads make most.
hipError_t hipMalloc(void** ptr, size_t size);
template <typename T>
inline hipError_t hipMalloc(T** ptr, size_t size) {
  return hipMalloc(reinterpret_cast<void**>(ptr), size);
}
hipError_t hipHostMalloc(void** ptr, size_t size, unsigned int flags = 0);
hipError_t hipFree(void* ptr);
hipError_t hipHostFree(void* ptr);
hipError_t hipMemcpy(void* dst, const void* src, size_t sizeBytes, hipMemcpyKind kind);
hipError_t hipMemcpyAsync(void* dst, const void* src, size_t sizeBytes, hipMemcpyKind kind, hipStream_t stream = 0);
hipError_t hipMemset(void* dst, int value, size_t sizeBytes);
hipError_t hipMemsetAsync(void* dst, int value, size_t sizeBytes, hipStream_t stream = 0);
hipError_t hipDeviceSynchronize(void);
hipError_t hipDeviceReset(void);
hipError_t hipSetDevice(int deviceId);
hipError_t hipGetDevice(int* deviceId);
hipError_t hipGetDeviceCount(int* count);
hipError_t hipGetDeviceProperties(hipDeviceProp_t* prop, int deviceId);
hipError_t hipGetLastError(void);
hipError_t hipPeekAtLastError(void);
const char* hipGetErrorString(hipError_t hipError);
const char* hipGetErrorName(hipError_t hip_error);
hipError_t hipStreamCreate(hipStream_t* stream);
hipError_t hipStreamDestroy(hipStream_t stream);
hipError_t hipStreamSynchronize(hipStream_t stream);
hipError_t hipEventCreate(hipEvent_t* event);
hipError_t hipEventDestroy(hipEvent_t event);
hipError_t hipEventRecord(hipEvent_t event, hipStream_t stream = 0);
hipError_t hipEventSynchronize(hipEvent_t event);
hipError_t hipEventElapsedTime(float* ms, hipEvent_t start, hipEvent_t stop);

// Device-side built-ins kernels commonly call.
__device__ void __syncthreads(void);
__device__ void __threadfence(void);
__device__ int atomicAdd(int* address, int val);
__device__ unsigned atomicAdd(unsigned* address, unsigned val);
__device__ float atomicAdd(float* address, float val);
__device__ double atomicAdd(double* address, double val);
__device__ int atomicMax(int* address, int val);
__device__ int atomicMin(int* address, int val);
__device__ int atomicCAS(int* address, int compare, int val);
__device__ int atomicExch(int* address, int val);
__device__ float __shfl_down(float var, unsigned int delta, int width = 64);
__device__ int __shfl_down(int var, unsigned int delta, int width = 64);
__device__ float __shfl_xor(float var, int lane_mask, int width = 64);
__device__ int __shfl_xor(int var, int lane_mask, int width = 64);
__device__ float __shfl(float var, int src_lane, int width = 64);
__device__ int __shfl(int var, int src_lane, int width = 64);
