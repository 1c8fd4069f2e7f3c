// The benchmark's baseline: read and parse every recipe (yaml-cpp) and
// payload (tree-sitter) that `aortalint check` would, on the same number of
// threads, and run no rule. The budget: a whole check costs at most 1.2x this.
//   aortalint_parse_only [--jobs N] DIR
#include <atomic>
#include <cstdio>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "base/file_reader.h"
#include "driver/discover.h"
#include "load/python_parser.h"
#include "load/yaml_loader.h"

int main(int argc, char** argv) {
  using namespace aortalint;
  unsigned jobs = std::max(1u, std::thread::hardware_concurrency());
  std::string dir = ".";
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--jobs") && i + 1 < argc) jobs = static_cast<unsigned>(std::atoi(argv[++i]));
    else dir = argv[i];
  }
  ConfigResolver configs("", true);
  FileSet files = Discover({dir}, configs);
  std::vector<std::string> paths;
  for (const Candidate& c : files.recipes) paths.push_back(c.path);
  size_t recipes = paths.size();
  for (const Candidate& c : files.payloads) paths.push_back(c.path);

  std::atomic<size_t> next{0}, nodes{0};
  auto worker = [&] {
    for (size_t i = next++; i < paths.size(); i = next++) {
      ReadResult r = ReadTextFile(paths[i]);
      if (!r.ok) continue;
      if (i < recipes) {
        YamlDocument doc = ParseYaml(std::make_shared<SourceFile>(paths[i], std::move(r.text)));
        nodes += doc.ok();
      } else {
        TreePtr tree = ThreadPythonParser().Parse(r.text);
        nodes += tree != nullptr;
      }
    }
  };
  std::vector<std::thread> threads;
  for (unsigned j = 1; j < jobs; ++j) threads.emplace_back(worker);
  worker();
  for (std::thread& t : threads) t.join();
  std::printf("parsed %zu of %zu files (%zu recipes)\n", nodes.load(), paths.size(), recipes);
  return 0;
}
