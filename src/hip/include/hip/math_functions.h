// aortalint's stand-in for ROCm's <hip/math_functions.h>: its declarations are in hip_runtime.h.
#pragma once
#include <hip/hip_runtime.h>
