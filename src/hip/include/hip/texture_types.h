// aortalint's stand-in for ROCm's <hip/texture_types.h>: its declarations are in hip_runtime.h.
#pragma once
#include <hip/hip_runtime.h>
