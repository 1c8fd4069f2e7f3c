// aortalint's stand-in for ROCm's <hip/hip_runtime.h>, used to parse a HIP
// payload's host side when no ROCm installation is found. Written for
// aortalint from the facts of ROCm's public headers (names, signatures,
// macros), never compiled into a program: it declares what real HIP programs
// use so that they parse without errors, and defines only what the analysis
// reads (hipLaunchKernelGGL is a macro over `<<<>>>`, as in ROCm).
#pragma once

// What hipcc's runtime wrapper brings into every HIP translation unit.
#include <assert.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmath>
#include <cstdlib>

// What ROCm's hip_runtime.h includes, and programs use without including it. All of it: in the
// precompiled prelude they cost a C++17 parse nothing, and they are most of what a real program's own
// includes parse (bench/hip.md, 2026-12-06). A parse without the prelude (C++20, --no-cache) pays for
// them where the program includes none of them itself: 0.08 s of CPU for a 3-line kernel.
#include <algorithm>
#include <array>
#include <complex>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <memory>
#include <new>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <tuple>
#include <type_traits>

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __forceinline__ inline __attribute__((always_inline))
// Empty: libstdc++ writes `__attribute__((__noinline__))`, which a macro
// holding an attribute would break; the analysis never reads inlining.
#define __noinline__
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __restrict__ __restrict
#define __align__(n) __attribute__((aligned(n)))
#define __HIP_PLATFORM_AMD__ 1
#define __HIP_PLATFORM_HCC__ 1
#define __HIP__ 1
#define __HIPCC__ 1
// No __HIP_DEVICE_COMPILE__: Clang defines it in the device pass only, and headers test it with #ifdef.
#define HIP_KERNEL_NAME(...) __VA_ARGS__
#define HIP_SYMBOL(x) (&(x))
#define HIP_DYNAMIC_SHARED(type, var) extern __shared__ type var[];
#define HIP_DYNAMIC_SHARED_ATTRIBUTE

// In dependency order (each uses the one before).
// clang-format off
#include <hip/hip_version.h>
#include <hip/hip_runtime_api.h>
#include <hip/hip_vector_types.h>
#include <hip/hip_fp16.h>
#include <hip/hip_device_functions.h>
// clang-format on

// ROCm defines it as a macro around the triple-chevron launch.
#define hipLaunchKernelGGL(kernel, numBlocks, numThreads, memPerBlock, stream, ...) \
  do {                                                                              \
    kernel<<<(numBlocks), (numThreads), (memPerBlock), (stream)>>>(__VA_ARGS__);    \
  } while (0)
#define hipLaunchKernelGGLInternal(kernel, numBlocks, numThreads, memPerBlock, stream, ...) \
  hipLaunchKernelGGL(kernel, numBlocks, numThreads, memPerBlock, stream, __VA_ARGS__)
