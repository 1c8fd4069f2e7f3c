// Three chains of instantiations that name kernels: with AORTALINT_HIP_FORK_CHAINS_MIB=0, two run in forks.
#include <hip/hip_runtime.h>
template <typename T> __global__ void fill(T* x) { x[threadIdx.x] = T(1); }
template <typename T> __global__ void scale(T* x, T by) { x[threadIdx.x] *= by; }
template <typename T> struct Op {
  void Run(T* x) {
    fill<T><<<1, 64>>>(x);
    scale<T><<<1, 64>>>(x, T(2));
  }
};
template <typename T> void run(T* x) { Op<T>().Run(x); }
int main() {
  run((float*)nullptr);
  run((int*)nullptr);
  run((char*)nullptr);
}
