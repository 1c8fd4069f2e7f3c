// What rules read from disk, read through the engine: the Python modules beside
// a payload (PAY003 follows its imports) and the inputs a recipe names (SAN005).
// Every lookup, found or not, is recorded as a dependency of the unit's cache
// entry (base/file_reader.h read logs), and each module is read once per unit.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "model/payload.h"

namespace aortalint {

/// The sibling modules of one analysis unit. Not thread-safe: one per unit.
class SiblingModules {
 public:
  /// The sibling files `import a.b` runs, looked up from `base`: a/__init__.py, then a/b.py or a/b/__init__.py.
  std::vector<std::filesystem::path> ModuleFiles(const std::filesystem::path& base, const std::string& dotted);
  /// The sibling files one import statement runs, with `root` the payload's directory and `here` the
  /// directory of the file that holds the statement.
  std::vector<std::filesystem::path> StatementFiles(const ImportStmt& s, const std::filesystem::path& root,
                                                    const std::filesystem::path& here);
  /// The module at `file`, parsed; null or not ok() when it cannot be read. Read once per unit.
  std::shared_ptr<const Payload> Module(const std::filesystem::path& file);

 private:
  std::map<std::string, std::shared_ptr<const Payload>> modules_;
};

/// Whether an input a recipe names exists (recorded as a dependency either way).
bool InputExists(const std::string& path);

/// Whether an input a recipe names is a directory (recorded as a dependency either way).
bool InputIsDirectory(const std::string& path);

}  // namespace aortalint
