// aortalint's stand-in for ROCm's <hip/hip_math_constants.h>: the common constants.
#pragma once
#define HIP_INF_F __builtin_huge_valf()
#define HIP_NAN_F __builtin_nanf("")
#define HIP_PI_F 3.141592654F
#define HIP_SQRT_2_F 1.414213562F
#define HIP_INF __builtin_huge_val()
#define HIP_NAN __builtin_nan("")
#define HIP_PI 3.1415926535897931e+0
