// A tile of a thread block kept as the tile of its size with no parent type.
#include <hip/hip_cooperative_groups.h>
#include <hip/hip_runtime.h>

using namespace cooperative_groups;

__global__ void partition(int* out) {
  thread_block block = this_thread_block();
  thread_block_tile<16> tile = tiled_partition<16>(block);
  thread_block_tile<16, thread_block> typed = tiled_partition<16>(block);
  out[block.thread_rank()] = int(tile.thread_rank() + typed.thread_rank());
}

int main() {
  int* out;
  partition<<<1, 64>>>(out);
}
