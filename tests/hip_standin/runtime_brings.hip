// What ROCm's hip_runtime.h brings that programs use without including it: std::unique_ptr,
// std::string, std::array, std::tuple, std::runtime_error, std::numeric_limits, std::thread,
// std::ostringstream, std::sort, std::complex.
#include <hip/hip_runtime.h>

__global__ void fill(int* out) { out[threadIdx.x] = 1; }

struct Buffer {
  std::unique_ptr<int[]> host;
  std::array<int, 4> sizes;
  std::tuple<int, float> shape;
  std::string name;
};

int main() {
  Buffer b{std::make_unique<int[]>(16), {4, 3, 2, 1}, {1, 2.0f}, "out"};
  std::sort(b.sizes.begin(), b.sizes.end());
  std::thread worker([] {});
  worker.join();
  std::ostringstream text;
  text << b.name << std::abs(std::complex<float>(3.0f, 4.0f));
  if (std::numeric_limits<int>::max() < 0) throw std::runtime_error(text.str() + std::to_string(b.sizes[0]));
  int* out;
  fill<<<1, 16>>>(out);
}
