// A texture reference, the API before texture objects, declared at namespace scope.
#include <hip/hip_runtime.h>

texture<float, 2> tex;
texture<int, hipTextureType1D, hipReadModeElementType> lookup;

__global__ void copy(float* out) { out[threadIdx.x] = float(tex.normalized + lookup.channelDesc.x); }

int main() {
  tex.filterMode = hipFilterModePoint;
  tex.addressMode[0] = hipAddressModeClamp;
  float* out;
  copy<<<1, 64>>>(out);
}
