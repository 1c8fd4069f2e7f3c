// aortalint's stand-in for ROCm's <hip/hip_ext.h>: hipExtLaunchKernelGGL, a
// function template over hipExtLaunchKernel as in ROCm.
#pragma once
#include <hip/hip_runtime.h>

template <typename... Args, typename F = void (*)(Args...)>
inline void hipExtLaunchKernelGGL(F kernel, const dim3& numBlocks, const dim3& dimBlocks, unsigned int sharedMemBytes,
                                  hipStream_t stream, hipEvent_t startEvent, hipEvent_t stopEvent, unsigned int flags,
                                  Args... args);
