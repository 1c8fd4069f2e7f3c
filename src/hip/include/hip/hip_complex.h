// aortalint's stand-in for ROCm's <hip/hip_complex.h>: the complex types as
// two-member vectors, with their accessors and arithmetic.
#pragma once
#include <hip/hip_runtime.h>

typedef float2 hipFloatComplex;
typedef double2 hipDoubleComplex;
typedef float2 hipComplex;
__host__ __device__ float hipCrealf(hipFloatComplex z);
__host__ __device__ float hipCimagf(hipFloatComplex z);
__host__ __device__ hipFloatComplex make_hipFloatComplex(float a, float b);
__host__ __device__ hipFloatComplex hipConjf(hipFloatComplex z);
__host__ __device__ float hipCabsf(hipFloatComplex z);
__host__ __device__ hipFloatComplex hipCaddf(hipFloatComplex a, hipFloatComplex b);
__host__ __device__ hipFloatComplex hipCsubf(hipFloatComplex a, hipFloatComplex b);
__host__ __device__ hipFloatComplex hipCmulf(hipFloatComplex a, hipFloatComplex b);
__host__ __device__ hipFloatComplex hipCdivf(hipFloatComplex a, hipFloatComplex b);
__host__ __device__ double hipCreal(hipDoubleComplex z);
__host__ __device__ double hipCimag(hipDoubleComplex z);
__host__ __device__ hipDoubleComplex make_hipDoubleComplex(double a, double b);
__host__ __device__ hipDoubleComplex hipConj(hipDoubleComplex z);
__host__ __device__ double hipCabs(hipDoubleComplex z);
__host__ __device__ hipDoubleComplex hipCadd(hipDoubleComplex a, hipDoubleComplex b);
__host__ __device__ hipDoubleComplex hipCsub(hipDoubleComplex a, hipDoubleComplex b);
__host__ __device__ hipDoubleComplex hipCmul(hipDoubleComplex a, hipDoubleComplex b);
__host__ __device__ hipDoubleComplex hipCdiv(hipDoubleComplex a, hipDoubleComplex b);
__host__ __device__ hipComplex make_hipComplex(float a, float b);
__host__ __device__ hipDoubleComplex hipComplexFloatToDouble(hipFloatComplex z);
__host__ __device__ hipFloatComplex hipComplexDoubleToFloat(hipDoubleComplex z);
