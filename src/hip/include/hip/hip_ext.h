// aortalint's stand-in for ROCm's <hip/hip_ext.h>: hipExtLaunchKernelGGL.
#pragma once
#include <hip/hip_runtime.h>

template <typename Kernel, typename... Args>
inline void hipExtLaunchKernelGGL(Kernel kernel, const dim3& numBlocks, const dim3& dimBlocks, unsigned sharedMemBytes,
                                  hipStream_t stream, hipEvent_t startEvent, hipEvent_t stopEvent, unsigned flags,
                                  Args... args);
