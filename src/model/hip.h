// A HIP or C++ payload: what the HIP rules need to know of it, read from a
// host-side Clang parse (src/hip/, loaded on demand) or, in a build without
// Clang, only the reason it could not be analysed. Plain data: nothing here
// depends on Clang, so the rules and the core never link it.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "base/source_file.h"

namespace aortalint {

/// One `__global__` function defined in the payload.
struct HipKernel {
  std::string name;              // `gemm`
  std::string qualified;         // `ns::gemm`
  Span span;                     // its name in the definition
  bool extern_c = false;         // C language linkage: the symbol is the plain name
  bool is_template = false;      // a function template (instantiations below)
  bool declares_shared = false;  // a `__shared__` variable in its body
  // The symbols the device code object holds: one per instantiation seen, or
  // the one function. Itanium-mangled, or the plain name under extern "C".
  std::vector<std::string> symbols;
  // The same symbols demangled by the analyser (parallel to symbols; empty
  // from an analyser that did not fill it).
  std::vector<std::string> display_names;
  std::string defined_in;     // the project header defining it; empty: the payload itself
  bool name_unknown = false;  // a parameter type did not parse: no name of it can be trusted
  /// The names rocprofv3 shows and filters on (demangled, `.kd` dropped).
  std::vector<std::string> RocprofNames() const;
};

/// One kernel launch in the payload's host code.
struct HipLaunch {
  std::string api;     // "<<<>>>", "hipLaunchKernelGGL", "hipModuleLaunchKernel", ...
  std::string kernel;  // the launched kernel's name when known (qualified), else empty
  std::string macro;   // the user's macro the launch is written through, if any
  Span span;
};

/// A call the rules look for by name (roctx markers, hipModuleGetFunction).
struct HipCall {
  std::string callee;
  std::string literal;  // hipModuleGetFunction: the kernel name string, when a literal
  Span span;            // the call; for a literal argument, the literal
};

/// A header the parse could not find (third-party, not the user's error).
struct HipMissingHeader {
  std::string header;   // as written in the #include
  Span span;            // the #include in the payload; empty when included from elsewhere
  std::string refused;  // why a file that exists was not opened ("outside the project ..."); empty: not found
};

/// rocprofv3's kernel filter (`--kernel-include-regex`, aorta's `kernel_include_regex`):
/// an ECMAScript regex searched (not fully matched) in each kernel's demangled name.
class KernelFilter {
 public:
  /// nullopt when the pattern does not compile (COL009 reports that).
  static std::optional<KernelFilter> Compile(const std::string& pattern);
  /// Whether a dispatch of this name is kept; nullopt when it cannot be told
  /// safely (a pattern with a backreference on a name longer than
  /// kMaxBacktrackingSubject, whose depth-first match could overflow the stack).
  std::optional<bool> Judge(const std::string& rocprof_name) const;
  /// Judge(), with a name that cannot be judged counted as kept (no false "matches nothing").
  bool Keeps(const std::string& rocprof_name) const;
  static constexpr size_t kMaxBacktrackingSubject = 2048;
  /// Whether some dispatch of the kernel is kept: any instantiation's name, or
  /// for a template with none in the file, its qualified name.
  bool KeepsKernel(const HipKernel& kernel) const;

 private:
  struct Impl;
  std::shared_ptr<const Impl> impl_;
};

struct HipPayload {
  enum class Status {
    kAnalysed,  // parsed (maybe with missing headers or errors); facts below
    kNoClang,   // this build has no Clang
    kNoModule,  // the analyser module could not be loaded
    kFailed,    // Clang could not parse the file at all
    kStopped,   // the parse was stopped: it went past a limit, or Clang crashed (status_detail says which)
  };

  SourcePtr source;
  std::string read_error;  // the file could not be read (SYN003 reports it)
  bool hip = true;         // false: neither includes hip/hip_runtime.h nor defines a kernel (not parsed)
  Status status = Status::kAnalysed;
  std::string status_detail;  // why not analysed, in words
  std::string status_help;    // what to do about it, when the rule's own advice does not fit
  bool standin = false;       // parsed against aortalint's stand-in HIP headers
  std::string flags_from;     // the compile_commands.json whose flags were used, if any
  unsigned errors = 0;        // Clang errors in the file (the facts may be partial)
  std::string first_error;    // the first of them, "line:col: message"

  std::vector<HipKernel> kernels;
  std::vector<HipLaunch> launches;
  std::vector<HipCall> roctx_calls;     // roctxRangePush, roctxMark, ...
  std::vector<HipCall> module_lookups;  // hipModuleGetFunction(&f, m, "name")
  std::vector<Span> shared_decls;       // every `__shared__` variable
  std::vector<HipMissingHeader> missing_headers;
  std::vector<std::string> includes;  // the files the parse read besides the payload (cache dependencies)
  unsigned launches_in_headers = 0;   // launches written in the project's own headers (not in the payload)
  unsigned roctx_in_headers = 0;      // likewise for roctx calls
  unsigned shared_in_headers = 0;     // likewise for `__shared__` variables
  unsigned forked_chains = 0;         // kernel chains instantiated in processes of their own (a cost; no rule reads it)

  bool ok() const { return read_error.empty() && hip && status == Status::kAnalysed; }
  const std::string& path() const { return source->path(); }
  /// A kernel defined here by plain or qualified name, or nullptr.
  const HipKernel* FindKernel(std::string_view name) const;
};

}  // namespace aortalint
