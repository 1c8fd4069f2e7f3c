// Heap memory and the clock in a kernel; peer-to-peer attributes and the profiler's errors on the host.
#include <hip/hip_runtime.h>

__global__ void scratch(long long* cycles) {
  long long start = clock();
  int* buffer = static_cast<int*>(malloc(16 * sizeof(int)));
  buffer[0] = 1;
  free(buffer);
  cycles[threadIdx.x] = clock() - start;
}

int main() {
  int rank = 0;
  hipDeviceGetP2PAttribute(&rank, hipDevP2PAttrPerformanceRank, 0, 1);
  if (hipProfilerStart() == hipErrorProfilerDisabled) return 1;
  long long* cycles = static_cast<long long*>(malloc(64 * sizeof(long long)));
  scratch<<<1, 64>>>(cycles);
  free(cycles);
}
