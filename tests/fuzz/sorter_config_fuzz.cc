// libFuzzer target: arbitrary bytes as every import sorter configuration a
// project can hold (pyproject.toml, ruff.toml, .ruff.toml, setup.cfg, tox.ini,
// .isort.cfg, .pre-commit-config.yaml), read as PAY002 reads them. Whatever
// they hold: no crash, and each force_to_top module is a non-empty name without blanks around it.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include "engine/import_sorters.h"
#include "scratch.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  namespace fs = std::filesystem;
  using namespace aortalint;
  static const fs::path root = [] {
    const fs::path& d = FuzzScratch("aortalint-sorter-config-fuzz");
    fs::create_directories(d / ".git");
    return d;
  }();
  std::string text(reinterpret_cast<const char*>(data), size);
  for (const char* name :
       {"pyproject.toml", "ruff.toml", ".ruff.toml", "setup.cfg", "tox.ini", ".isort.cfg", ".pre-commit-config.yaml"})
    std::ofstream(root / name, std::ios::binary) << text;
  ImportSorters sorters = FindImportSorters((root / "p.py").string());
  for (const SortOrder* order : {&sorters.isort_order, &sorters.ruff_order}) {
    for (const std::string& module : order->force_to_top)
      if (module.empty() || std::string_view(" \t\n").find(module.front()) != std::string_view::npos ||
          std::string_view(" \t\n").find(module.back()) != std::string_view::npos)
        __builtin_trap();
    (void)SortsAbove(*order, {"torch", false}, {"triton.profiler", false});
    (void)SortsAbove(*order, {"torch", true}, {"triton", true});
  }
  return 0;
}
