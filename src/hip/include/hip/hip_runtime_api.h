// aortalint's stand-in for ROCm's <hip/hip_runtime_api.h>: the same declarations.
#pragma once
#include <hip/hip_runtime.h>
