// A recipe with what it launches: the argv aorta would get after `--`, where
// that command was found, and the payload files it runs.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/span.h"

namespace aortalint {

struct Payload;
struct HipPayload;

/// Where a recipe's launch came from, in architecture.md's order of precedence.
enum class LaunchSource {
  kCommandLine,    // `aortalint check r.yaml -- python x.py`
  kConfig,         // `pairs:` in .aortalint.yaml
  kHeaderComment,  // `# aorta sweep run --recipe r.yaml -- python x.py` in the recipe
  kDirectory,      // a recipe.yaml beside *.py files (no command)
};

/// "the command line", "the config's pairs:", "the recipe's header comment", "the directory".
std::string_view LaunchSourceName(LaunchSource source);

/// `aorta <group> run ...` as a recipe's comment writes it (`\\` continuations joined): the documented
/// way to run the recipe, whatever else pairs it.
struct AortaCommand {
  std::string group;                    // the word before `run`: "sweep", or a deprecated "triage" / "probe"
  std::vector<std::string> aorta_args;  // aorta's own words before ` -- ` (`--recipe r.yaml --ticket T`)
  std::vector<std::string> argv;        // the command after ` -- `
  Span span;                            // the command's text in the recipe
  std::string root;                     // where its relative paths resolve from (the project root)
};

struct Pairing {
  LaunchSource source = LaunchSource::kDirectory;
  std::vector<std::string> argv;                         // empty for kDirectory: the launch shape is unknown
  Span span;                                             // kHeaderComment: the command's text in the recipe
  std::string base_dir;                                  // relative paths in argv are resolved from here
  std::vector<std::shared_ptr<const Payload>> payloads;  // the Python files it runs
  // The HIP/C++ sources of the program it runs: named in the command, building
  // its binary (compile_commands.json, else the source named like the binary),
  // the config's `sources:`, or beside recipe.yaml.
  std::vector<std::shared_ptr<const HipPayload>> hip_payloads;
  std::vector<std::string> missing;  // files the command names that do not exist (as written)
  std::vector<std::string>
      outside;  // files a header comment or config names outside the project (as written): never read
  std::vector<std::string> sources_outside;  // kConfig: the pair's `sources:` outside the project (as written)
  std::vector<std::string> sidecars;  // kHeaderComment: aorta's `--mitigations-file` paths, resolved from base_dir
  std::vector<std::string> sidecars_outside;  // kHeaderComment: those outside the project (as written): never read
  std::optional<AortaCommand> header;         // the recipe's header command, whatever `source` is
  std::string plan_hip_outside;  // a sanitizer plan's `source.hip` outside the project (as resolved): never read

  /// A header comment may name only aorta's options (`aorta sweep run --recipe r.yaml --mitigations-file s.json`,
  /// a triage run takes no command): then the launch shape is unknown too.
  bool has_command() const { return source != LaunchSource::kDirectory && !argv.empty(); }
};

}  // namespace aortalint
