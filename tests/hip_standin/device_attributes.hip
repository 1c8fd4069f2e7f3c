// Newer host API, through the header name rocPRIM includes: ROCm 7's device attributes (aiter reads the
// PCI chip id to pick tuned kernels) and ROCm 6's hipGetStreamDeviceId (rocPRIM's device algorithms
// ask it which device a stream runs on). ROCm 7's headers have them all, older ones do not.
#include <hip/amd_detail/amd_hip_runtime.h>

__global__ void fill(int* x, int v) { x[threadIdx.x] = v; }

int main() {
  int chip = 0, xccs = 0, vgprs = 0;
  int device = hipGetStreamDeviceId(nullptr);
  hipDeviceGetAttribute(&chip, hipDeviceAttributePciChipId, device);
  hipDeviceGetAttribute(&xccs, hipDeviceAttributeNumberOfXccs, device);
  hipDeviceGetAttribute(&vgprs, hipDeviceAttributeMaxAvailableVgprsPerThread, device);
  int* x;
  hipMalloc(&x, 64 * sizeof(int));
  fill<<<1, 64>>>(x, chip == 0x75a3 ? xccs : vgprs);
}
