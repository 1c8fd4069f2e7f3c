// What aortalint reads from foreign configuration files, one JSON line each, for
// tests/foreign_config_test.py to compare with Python's tomllib and configparser:
//   foreign_config_dump toml|ini FILE...  {"path": P, "ok": true, "doc": D} or {"path": P, "ok": false, "error": E}
//   foreign_config_dump sorters PY...      {"path": P, "isort": WHERE, "ruff": WHERE,
//                                           "isort_order": O, "ruff_order": O} (FindImportSorters)
#include <iostream>
#include <string_view>

#include <nlohmann/json.hpp>

#include "base/file_reader.h"
#include "engine/import_sorters.h"
#include "load/foreign_config.h"

namespace {

using aortalint::SortOrder;
using nlohmann::json;

json OrderJson(const SortOrder& order) {
  return {{"force_to_top", order.force_to_top},
          {"force_sort_within_sections", order.force_sort_within_sections},
          {"unmodelled", order.unmodelled}};
}

json Dump(std::string_view mode, const std::string& path) {
  if (mode == "sorters") {
    aortalint::ImportSorters found = aortalint::FindImportSorters(path);
    return {{"path", path},
            {"isort", found.isort},
            {"ruff", found.ruff},
            {"isort_order", OrderJson(found.isort_order)},
            {"ruff_order", OrderJson(found.ruff_order)}};
  }
  aortalint::ReadResult read = aortalint::ReadTextFile(path);
  if (!read.ok) return {{"path", path}, {"ok", false}, {"error", "unreadable"}};
  aortalint::ForeignConfig config = mode == "toml" ? aortalint::ReadToml(read.text) : aortalint::ReadIni(read.text);
  if (!config.ok()) return {{"path", path}, {"ok", false}, {"error", config.error}};
  return {{"path", path}, {"ok", true}, {"doc", config.doc}};
}

}  // namespace

int main(int argc, char** argv) {
  std::string_view mode = argc > 1 ? argv[1] : "";
  if (mode != "toml" && mode != "ini" && mode != "sorters") {
    std::cerr << "usage: foreign_config_dump toml|ini|sorters FILE...\n";
    return 2;
  }
  for (int i = 2; i < argc; ++i) std::cout << Dump(mode, argv[i]).dump() << "\n";
  return 0;
}
