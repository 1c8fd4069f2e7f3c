// Runs a fuzz target over files given on the command line (the seed corpus),
// so every build checks that the targets compile and the seeds pass. No seed
// at all, or one that cannot be read, fails: a replay of nothing proves nothing.
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv);
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

int main(int argc, char** argv) {
  LLVMFuzzerInitialize(&argc, &argv);
  if (argc < 2) {
    std::fprintf(stderr, "%s: no seed inputs; the corpus folder is empty or missing\n", argv[0]);
    return 1;
  }
  for (int i = 1; i < argc; ++i) {
    std::error_code ec;
    std::ifstream in(argv[i], std::ios::binary);
    std::string bytes;
    if (std::filesystem::is_regular_file(argv[i], ec) && in)
      bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    if (!std::filesystem::is_regular_file(argv[i], ec) || !in || in.bad()) {
      std::fprintf(stderr, "%s: cannot read the seed '%s'\n", argv[0], argv[i]);
      return 1;
    }
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
  }
  std::printf("replayed %d inputs\n", argc - 1);
  return 0;
}
