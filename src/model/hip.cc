#include "model/hip.h"

#include <cxxabi.h>

#include <cstdlib>
#include <regex>

namespace aortalint {

// rocprofv3 shows and filters kernels by `cxx_demangle(symbol without ".kd")`
// (ROCPROF_DEMANGLE_KERNELS on by default, ROCPROF_TRUNCATE_KERNELS off, and
// aorta passes neither --mangled-kernels nor --truncate-kernels), with
// abi::__cxa_demangle: the same libstdc++ demangler is used here.
std::vector<std::string> HipKernel::RocprofNames() const {
  std::vector<std::string> names;
  for (const std::string& symbol : symbols) {
    int status = 0;
    char* demangled = abi::__cxa_demangle(symbol.c_str(), nullptr, nullptr, &status);
    names.push_back(status == 0 && demangled ? std::string(demangled) : symbol);
    std::free(demangled);
  }
  return names;
}

struct KernelFilter::Impl {
  std::regex regex;
};

std::optional<KernelFilter> KernelFilter::Compile(const std::string& pattern) {
  KernelFilter filter;
  try {
    filter.impl_ = std::make_shared<const Impl>(Impl{std::regex(pattern, std::regex::ECMAScript)});
  } catch (const std::regex_error&) {
    return std::nullopt;
  }
  return filter;
}

bool KernelFilter::Keeps(const std::string& rocprof_name) const {
  try {
    return std::regex_search(rocprof_name, impl_->regex);
  } catch (const std::regex_error&) {
    return false;  // libstdc++ gives up on a pathological search; rocprofv3 would fail too
  }
}

bool KernelFilter::KeepsKernel(const HipKernel& kernel) const {
  std::vector<std::string> names = kernel.RocprofNames();
  if (names.empty()) names.push_back(kernel.qualified);
  for (const std::string& name : names)
    if (Keeps(name)) return true;
  return false;
}

const HipKernel* HipPayload::FindKernel(std::string_view name) const {
  for (const HipKernel& k : kernels)
    if (k.name == name || k.qualified == name) return &k;
  return nullptr;
}

}  // namespace aortalint
