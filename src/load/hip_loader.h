// HIP and C++ payloads: recognising one, and analysing it through the HIP
// analyser module (src/hip/), which is opened with dlopen the first time a run
// needs it, found relative to the executable. A build without Clang, or a
// missing module, gives a HipPayload that says why it was not analysed.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "base/file_reader.h"
#include "model/hip.h"

namespace aortalint {

/// `.hip`, `.cu`, `.cpp`, `.cc`, `.cxx`.
bool HasHipExtension(std::string_view path);

/// A HIP payload's text: it includes `hip/hip_runtime.h` (or `hip_runtime_api.h`)
/// or defines a `__global__` function. A cheap scan, no parse.
bool LooksLikeHip(std::string_view text);

/// The flags of the compile command that builds a payload (compile_commands.json).
struct CompileCommand {
  std::string database;                // the compile_commands.json it came from
  std::string directory;               // the command's directory
  std::vector<std::string> arguments;  // argv, compiler first
};

/// Analyses a payload's text (read from disk or an editor's buffer); never throws.
/// `command`, when given, supplies include paths, macros and the language standard.
/// A text that does not LooksLikeHip() is not parsed (`hip` false) unless `always`.
/// `read`, when given, gets what the result depends on besides the text: the
/// user's headers the parse read, and where each header it did not find would
/// be found once written, each with its state.
std::shared_ptr<const HipPayload> AnalyseHip(SourcePtr source, const CompileCommand* command = nullptr,
                                             bool always = false, FileStates* read = nullptr);

/// Where HIP parses keep their precompiled prelude (a PCH of the stand-in or of
/// ROCm's hip_runtime.h, with the C++ headers it brings; reused by every later
/// parse with the same flags); empty: none is read or written. Set by `check`
/// from its cache directory (none under --no-cache) and by the language server.
void SetHipPrecompiledDir(std::string dir);

/// A payload whose file could not be read (SYN003 reports it; the HIP rules skip it).
std::shared_ptr<const HipPayload> UnreadableHip(const std::string& path, std::string error);

/// One line for `--version`: whether and how this build analyses HIP payloads.
/// Does not open the module.
std::string HipSupportSummary();

/// Where the analyser module is looked for: $AORTALINT_HIP_MODULE, else
/// beside the executable, else ../lib/aortalint/hip/ from it. Empty when not found.
std::string FindHipModule();

}  // namespace aortalint
