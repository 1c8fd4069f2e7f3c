// AMDGPU builtins of ROCm's own compiler (Clang 15 and later) that the analyser's Clang 14 does not
// know. Code that hipcc compiles calls them (composable_kernel's scheduling hints, aiter's fp8
// conversions); declared only where Clang lacks them, after ROCm's hip_runtime.h or the stand-in's.
// They are called with constants, so a template's body names them before any instantiation.
#pragma once

#if !__has_builtin(__builtin_amdgcn_sched_barrier)
__device__ void __builtin_amdgcn_sched_barrier(int mask);
__device__ void __builtin_amdgcn_sched_group_barrier(int mask, int size, int sync_id);
__device__ void __builtin_amdgcn_iglp_opt(int strategy);
#endif
#if !__has_builtin(__builtin_amdgcn_s_setprio)
__device__ void __builtin_amdgcn_s_setprio(short priority);
#endif
// fp8 and bf8 conversions (gfx940 and later), as LLVM's intrinsics type them.
#if !__has_builtin(__builtin_amdgcn_cvt_pk_fp8_f32)
typedef float __aortalint_float2 __attribute__((ext_vector_type(2)));
__device__ float __builtin_amdgcn_cvt_f32_bf8(int src, int byte_sel);
__device__ float __builtin_amdgcn_cvt_f32_fp8(int src, int byte_sel);
__device__ __aortalint_float2 __builtin_amdgcn_cvt_pk_f32_bf8(int src, bool word_sel);
__device__ __aortalint_float2 __builtin_amdgcn_cvt_pk_f32_fp8(int src, bool word_sel);
__device__ int __builtin_amdgcn_cvt_pk_bf8_f32(float a, float b, int old, bool word_sel);
__device__ int __builtin_amdgcn_cvt_pk_fp8_f32(float a, float b, int old, bool word_sel);
__device__ int __builtin_amdgcn_cvt_sr_bf8_f32(float a, int rand, int old, int byte_sel);
__device__ int __builtin_amdgcn_cvt_sr_fp8_f32(float a, int rand, int old, int byte_sel);
#endif
