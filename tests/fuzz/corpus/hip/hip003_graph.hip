// Written for aortalint's HIP003 fixtures: the kernel is dispatched by launching a graph; nothing fires.
#include <hip/hip_runtime.h>

__global__ void step(float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] += 1.0f;
}

int main() {
  float* x = nullptr;
  int n = 1024;
  hipGraph_t graph;
  hipGraphExec_t exec;
  hipGraphNode_t node;
  hipGraphCreate(&graph, 0);
  void* args[] = {&x, &n};
  hipKernelNodeParams params = {};
  params.func = reinterpret_cast<void*>(step);
  params.gridDim = dim3(4);
  params.blockDim = dim3(256);
  params.kernelParams = args;
  hipGraphAddKernelNode(&node, graph, nullptr, 0, &params);
  hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0);
  for (int it = 0; it < 10; ++it) hipGraphLaunch(exec, 0);
  return hipStreamSynchronize(0) == hipSuccess ? 0 : 1;
}
