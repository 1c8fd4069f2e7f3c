// HIP payloads in a run: the compile command that builds a source
// (compile_commands.json), the sources that build a binary a recipe runs, and
// a store that analyses each payload once per run, however many recipes pair it.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "base/file_reader.h"
#include "load/hip_loader.h"
#include "model/hip.h"
#include "model/yaml.h"

namespace aortalint {

/// The compile command for `source` from the nearest compile_commands.json at
/// or above its directory (also each directory's `build/`), up to the project
/// root (a directory holding .git or .aortalint.yaml). `looked_at`, when given,
/// gets every place a database was looked for, found or not.
std::optional<CompileCommand> FindCompileCommand(const std::string& source, FileStates* looked_at = nullptr);

/// Whether a compile command builds its file as HIP (`-x hip`, `--offload-arch`, hipcc):
/// such a file is analysed whatever its text (HIP may reach it only through headers).
bool CompiledAsHip(const CompileCommand& command);

/// The HIP/C++ sources that build the binary `program` (argv[0] of a launch,
/// resolved from `base_dir`), searched within `root`: from compile_commands.json
/// where the project has one (`-o program`, or CMake's `program.dir/` objects),
/// else the sources whose stem is the binary's name. Normalised paths, sorted.
std::vector<std::string> SourcesBuilding(const std::string& program, const std::string& base_dir,
                                         const std::string& root);

/// The program a launch argv runs when it is a compiled binary (not python,
/// a shell or a launcher), after `env` and VAR=value words; empty otherwise.
std::string LaunchedBinary(const std::vector<std::string>& argv);

/// A `mode: sanitizer` recipe's HIP source: its plan's `source.hip` (read for
/// `kind: consan_repro`), resolved from the recipe's directory as aorta does;
/// empty when the recipe has none or the file does not exist (SAN005 says so). A plan without
/// `hip:` (`kind: kernel`, ...) gets the source its `command`/`consan_command` builds (compile_commands.json
/// or a source named as the binary).
/// A file outside the project (`project_root()`, asked only for a sanitizer recipe's existing source)
/// is never read: empty, with its path in `*outside`.
std::string SanitizerHipSource(const yaml::Node& root, const std::string& recipe_path,
                               const std::function<std::string()>& project_root, std::string* outside = nullptr);

/// Reads and analyses one payload (with its compile command, when there is one).
/// `read`, when given, gets every file the analysis depends on: the payload,
/// the compile databases looked for, and the headers the parse read.
std::shared_ptr<const HipPayload> LoadHipPayload(const std::string& path, FileStates* read = nullptr);

/// Analysed once per run, freed after the last use (the same contract as PayloadStore).
class HipStore {
 public:
  bool AddUse(const std::string& path);
  bool Has(const std::string& path) const { return entries_.count(path) != 0; }
  std::shared_ptr<const HipPayload> Acquire(const std::string& path);
  /// What LoadHipPayload read for an acquired payload.
  const FileStates& ReadFor(const std::string& path) const { return entries_.at(path)->read; }
  void Release(const std::string& path);

 private:
  struct Entry {
    std::once_flag loaded;
    std::shared_ptr<const HipPayload> payload;
    FileStates read;
    std::atomic<int> uses{0};
  };
  std::unordered_map<std::string, std::unique_ptr<Entry>> entries_;
};

}  // namespace aortalint
