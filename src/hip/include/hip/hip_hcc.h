// aortalint's stand-in for ROCm's <hip/hip_hcc.h>: its declarations are in hip_runtime.h.
#pragma once
#include <hip/hip_runtime.h>
