// What the HIP rules share: the paired HIP payloads that were analysed, and
// whether every one of them was (a rule that needs the absence of something
// judges only then), in the words of a message.
#pragma once

#include <string>
#include <vector>

#include "base/strings.h"
#include "model/hip.h"
#include "model/pairing.h"

namespace aortalint::hip_facts {

/// The HIP payloads of a pairing that are HIP and were analysed.
inline std::vector<const HipPayload*> Analysed(const Pairing& pairing) {
  std::vector<const HipPayload*> out;
  for (const auto& p : pairing.hip_payloads)
    if (p && p->ok()) out.push_back(p.get());
  return out;
}

/// Whether every HIP payload of the pairing was analysed (and there is one).
inline bool AllAnalysed(const Pairing& pairing) {
  bool any = false;
  for (const auto& p : pairing.hip_payloads) {
    if (!p || !p->hip) continue;
    if (!p->ok()) return false;
    any = true;
  }
  return any;
}

/// Whether every HIP payload of the pairing was analysed and parsed whole: no
/// header missing, no Clang error. A rule that asserts an absence (no launch,
/// no marker) judges only then; HIP006 says why it did not.
inline bool AllComplete(const Pairing& pairing) {
  if (!AllAnalysed(pairing)) return false;
  for (const auto& p : pairing.hip_payloads)
    if (p && p->hip && (!p->missing_headers.empty() || p->errors > 0)) return false;
  return true;
}

/// Whether a payload includes a GPU library's header (rocBLAS, hipBLASLt, MIOpen,
/// ...): its kernels are dispatched by the library, not launched in the source.
inline bool UsesGpuLibrary(const HipPayload& p) {
  static constexpr std::string_view kLibraries[] = {
      "rocblas",           "hipblas",   "miopen",  "rocfft",   "hipfft",  "rccl",   "rocsolver", "hipsolver",
      "rocsparse",         "hipsparse", "rocrand", "hiprand",  "rocprim", "hipcub", "rocthrust", "thrust/",
      "composable_kernel", "ck/",       "hipdnn",  "migraphx", "torch/",  "ATen/"};
  std::string_view text = p.source->text();
  for (size_t at = text.find("#include"); at != std::string_view::npos; at = text.find("#include", at + 8)) {
    std::string_view line = text.substr(at, text.find('\n', at) - at);
    for (std::string_view lib : kLibraries)
      if (line.find(lib) != std::string_view::npos) return true;
  }
  return false;
}

/// "'a.hip'" or "'a.hip' and 'b.cpp'" or "'a.hip', 'b.cpp' and 'c.cu'".
inline std::string Names(const std::vector<const HipPayload*>& payloads) {
  std::string out;
  for (size_t i = 0; i < payloads.size(); ++i) {
    if (i > 0) out += i + 1 == payloads.size() ? " and " : ", ";
    out += "'" + payloads[i]->path() + "'";
  }
  return out;
}

/// Every kernel of the payloads, with the payload defining it.
struct KernelAt {
  const HipPayload* payload;
  const HipKernel* kernel;
};
inline std::vector<KernelAt> Kernels(const std::vector<const HipPayload*>& payloads) {
  std::vector<KernelAt> out;
  for (const HipPayload* p : payloads)
    for (const HipKernel& k : p->kernels) out.push_back({p, &k});
  return out;
}

/// How rocprofv3 would name a kernel: its instantiations' demangled names, or
/// its qualified name for a template never instantiated in the file.
inline std::string ShownName(const HipKernel& kernel) {
  std::vector<std::string> names = kernel.RocprofNames();
  if (names.empty()) return kernel.qualified + (kernel.is_template ? "<...>" : "");
  return Join(names);
}

}  // namespace aortalint::hip_facts
