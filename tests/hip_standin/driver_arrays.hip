// The driver API's array formats and descriptors.
#include <hip/hip_runtime.h>

template <typename T>
hipArray_Format FormatOf();
template <>
hipArray_Format FormatOf<float>() {
  return HIP_AD_FORMAT_FLOAT;
}

__global__ void touch(float* out) { out[threadIdx.x] = 0; }

int main() {
  HIP_ARRAY_DESCRIPTOR desc{};
  desc.Width = 64;
  desc.Height = 64;
  desc.Format = FormatOf<float>();
  desc.NumChannels = 1;
  hipArray_t array;
  hipArrayCreate(&array, &desc);
  HIP_ARRAY3D_DESCRIPTOR desc3{64, 64, 4, HIP_AD_FORMAT_SIGNED_INT8, 1, 0};
  hipArray3DCreate(&array, &desc3);
  hipArray_Format formats[] = {HIP_AD_FORMAT_UNSIGNED_INT8, HIP_AD_FORMAT_UNSIGNED_INT16, HIP_AD_FORMAT_UNSIGNED_INT32,
                               HIP_AD_FORMAT_SIGNED_INT16,  HIP_AD_FORMAT_SIGNED_INT32,   HIP_AD_FORMAT_HALF};
  (void)formats;
  hipArrayDestroy(array);
  float* out;
  touch<<<1, 64>>>(out);
}
