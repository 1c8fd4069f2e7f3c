// Kernels call the C math library and printf as on the host; ROCm declares them __device__.
#include <hip/hip_runtime.h>

#include <cmath>
#include <cstdio>

__global__ void option_price(const float* s, const double* x, float* out, double* wide) {
  int i = threadIdx.x;
  float v = sqrtf(s[i]) + expf(-s[i]) + __expf(s[i]) + fabsf(s[i]) + logf(s[i]) + powf(s[i], 2.0f);
  v += sinf(v) * cosf(v) + tanhf(v) + fmaxf(v, 0.0f) + fminf(v, 1.0f) + floorf(v) + ceilf(v) + erff(v);
  v += sqrt(s[i]) + exp(s[i]) + fabs(s[i]) + log(s[i]) + pow(s[i], 2.0f) + fmax(v, 1.0f);
  double w = sqrt(x[i]) + exp(x[i]) + fabs(x[i]) + log(x[i]) + pow(x[i], 2.0) + erf(x[i]) + fmod(x[i], 3.0);
  w += std::sqrt(x[i]) + std::exp(x[i]) + std::abs(x[i]) + std::fabs(w) + std::pow(w, 3);
  if (std::isnan(v) || std::isinf(w) || !std::isfinite(w)) v = 0;
  printf("thread %d: %f %f\n", i, v, w);
  out[i] = v;
  wide[i] = w;
}

int main() {
  float *s, *out;
  double *x, *wide;
  hipLaunchKernelGGL(option_price, dim3(1), dim3(64), 0, 0, s, x, out, wide);
  printf("host %f\n", std::sqrt(2.0));
}
