// aortalint's stand-in for ROCm's <hip/hip_cooperative_groups.h>: the group
// types and the functions that make them.
#pragma once
#include <hip/hip_runtime.h>

namespace cooperative_groups {
class thread_group {
 public:
  __device__ void sync() const;
  __device__ unsigned int size() const;
  __device__ unsigned int num_threads() const;
  __device__ unsigned int thread_rank() const;
  __device__ bool is_valid() const;
};
class thread_block : public thread_group {
 public:
  __device__ dim3 group_index() const;
  __device__ dim3 thread_index() const;
  __device__ dim3 group_dim() const;
};
class grid_group : public thread_group {
 public:
  __device__ dim3 group_dim() const;
};
class multi_grid_group : public thread_group {};
class coalesced_group : public thread_group {
 public:
  template <typename T>
  __device__ T shfl(T var, int src_rank) const;
  template <typename T>
  __device__ T shfl_down(T var, unsigned int delta) const;
  template <typename T>
  __device__ T shfl_up(T var, unsigned int delta) const;
  __device__ unsigned long long ballot(int pred) const;
  __device__ int any(int pred) const;
  __device__ int all(int pred) const;
};
template <unsigned int Size, typename Parent = void>
class thread_block_tile : public coalesced_group {
 public:
  // A tile converts to the tile of its size with no parent type (`thread_block_tile<16>`), as in ROCm.
  template <typename OtherParent>
  __device__ thread_block_tile(const thread_block_tile<Size, OtherParent>& tile);
  __device__ unsigned int meta_group_rank() const;
  __device__ unsigned int meta_group_size() const;
  template <typename T>
  __device__ T shfl_xor(T var, unsigned int mask) const;
};
__device__ thread_block this_thread_block();
__device__ grid_group this_grid();
__device__ multi_grid_group this_multi_grid();
__device__ coalesced_group coalesced_threads();
template <unsigned int Size, typename Parent>
__device__ thread_block_tile<Size, Parent> tiled_partition(const Parent& parent);
template <typename Group>
__device__ thread_group tiled_partition(const Group& parent, unsigned int tile_size);
template <typename Group>
__device__ void sync(Group& group);
template <typename Group>
__device__ unsigned int group_size(Group const& group);
template <typename Group>
__device__ unsigned int thread_rank(Group const& group);
}  // namespace cooperative_groups
