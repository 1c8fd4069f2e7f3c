#include "engine/rule_files.h"

#include <algorithm>

#include "base/file_reader.h"
#include "load/payload_loader.h"

namespace aortalint {

namespace fs = std::filesystem;

std::vector<fs::path> SiblingModules::ModuleFiles(const fs::path& base, const std::string& dotted) {
  std::vector<fs::path> out;
  fs::path dir = base;
  std::error_code ec;
  size_t at = 0;
  while (true) {
    size_t dot = dotted.find('.', at);
    std::string part = dotted.substr(at, dot == std::string::npos ? std::string::npos : dot - at);
    if (part.empty()) break;
    fs::path package = dir / part;
    // Both candidates are dependencies even when absent: creating one later
    // changes what the import runs, so a cached result must not outlive it.
    NoteProbe((package / "__init__.py").string());
    if (dot == std::string::npos) NoteProbe(package.string() + ".py");
    if (fs::is_regular_file(package / "__init__.py", ec)) {
      out.push_back(package / "__init__.py");
    } else if (dot == std::string::npos && fs::is_regular_file(fs::path(package.string() + ".py"), ec)) {
      out.push_back(package.string() + ".py");
      break;
    } else if (!fs::is_directory(package, ec)) {
      break;  // not a sibling: an installed package or a missing file
    }
    if (dot == std::string::npos) break;
    dir = package;
    at = dot + 1;
  }
  return out;
}

std::vector<fs::path> SiblingModules::StatementFiles(const ImportStmt& s, const fs::path& root, const fs::path& here) {
  std::vector<fs::path> out;
  auto add = [&](std::vector<fs::path> files) { out.insert(out.end(), files.begin(), files.end()); };
  if (s.level == 0 && s.from.empty()) {
    for (const ImportedName& n : s.names) add(ModuleFiles(root, n.name));
    return out;
  }
  fs::path base = s.level == 0 ? root : here;
  for (int i = 1; i < s.level; ++i) base = base.parent_path();
  fs::path package = base;
  if (!s.from.empty()) {
    add(ModuleFiles(base, s.from));
    std::string sub = s.from;
    std::replace(sub.begin(), sub.end(), '.', '/');
    package = base / sub;
  }
  for (const ImportedName& n : s.names)  // `from pkg import mod` runs pkg/mod.py when it is a module
    if (n.name != "*") {
      std::vector<fs::path> files = ModuleFiles(package, n.name);
      if (!files.empty()) out.push_back(files.back());
    }
  return out;
}

std::shared_ptr<const Payload> SiblingModules::Module(const fs::path& file) {
  auto [it, fresh] = modules_.try_emplace(file.string());
  // Only its imports are read, which a selective parse gives whole.
  if (fresh) it->second = LoadPayload(file.string(), PayloadParse::kSelective);
  return it->second;
}

bool InputExists(const std::string& path) {
  NoteProbe(path);
  std::error_code ec;
  return fs::exists(path, ec);
}

bool InputIsDirectory(const std::string& path) {
  NoteProbe(path);
  std::error_code ec;
  return fs::is_directory(path, ec);
}

}  // namespace aortalint
