// ROCm 7's device attributes on the host (aiter reads the PCI chip id to pick tuned kernels); ROCm 7's
// headers have them, older ones do not.
#include <hip/hip_runtime.h>

__global__ void fill(int* x, int v) { x[threadIdx.x] = v; }

int main() {
  int chip = 0, xccs = 0, vgprs = 0;
  hipDeviceGetAttribute(&chip, hipDeviceAttributePciChipId, 0);
  hipDeviceGetAttribute(&xccs, hipDeviceAttributeNumberOfXccs, 0);
  hipDeviceGetAttribute(&vgprs, hipDeviceAttributeMaxAvailableVgprsPerThread, 0);
  int* x;
  hipMalloc(&x, 64 * sizeof(int));
  fill<<<1, 64>>>(x, chip == 0x75a3 ? xccs : vgprs);
}
