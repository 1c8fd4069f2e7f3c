#include "model/hip.h"

#include <cxxabi.h>

#include <cstdlib>
#include <regex>

#include "base/regex_bounds.h"

namespace aortalint {

// rocprofv3 shows and filters kernels by `cxx_demangle(symbol without ".kd")`
// (ROCPROF_DEMANGLE_KERNELS on by default, ROCPROF_TRUNCATE_KERNELS off, and
// aorta passes neither --mangled-kernels nor --truncate-kernels), with
// abi::__cxa_demangle: the same libstdc++ demangler is used here.
std::vector<std::string> HipKernel::RocprofNames() const {
  if (display_names.size() == symbols.size() && !symbols.empty()) return display_names;
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
  std::regex regex;           // searched (the depth-first matcher) when it has a backreference
  std::regex whole;           // else `[\s\S]*(?:pattern)[\s\S]*`, fully matched breadth-first: one linear pass
  bool backtracking = false;  // a backreference: libstdc++'s depth-first matcher, recursive per character
};

// std::regex's depth-first matcher recurses about once per subject character
// and backtracks exponentially; its breadth-first one (libstdc++'s
// __polynomial, refused only by backreferences) keeps a stack bounded by the
// pattern. regex_search would still restart it at every position (quadratic),
// so a search is one full match of `[\s\S]*(?:pattern)[\s\S]*`: the same
// names are accepted (`^`, `$` and `\b` look at the real neighbours), in
// O(name x pattern). Patterns past SafeForStdRegex are COL009's.
std::optional<KernelFilter> KernelFilter::Compile(const std::string& pattern) {
  if (!SafeForStdRegex(pattern)) return std::nullopt;
  KernelFilter filter;
  try {
    auto flags = std::regex::ECMAScript | std::regex_constants::__polynomial;
    filter.impl_ = std::make_shared<const Impl>(
        Impl{std::regex(pattern, flags), std::regex("[\\s\\S]*(?:" + pattern + ")[\\s\\S]*", flags), false});
  } catch (const std::regex_error& polynomial) {
    if (polynomial.code() != std::regex_constants::error_complexity) return std::nullopt;
    try {
      filter.impl_ = std::make_shared<const Impl>(Impl{std::regex(pattern, std::regex::ECMAScript), {}, true});
    } catch (const std::regex_error&) {
      return std::nullopt;
    }
  }
  return filter;
}

std::optional<bool> KernelFilter::Judge(const std::string& rocprof_name) const {
  if (impl_->backtracking && rocprof_name.size() > kMaxBacktrackingSubject) return std::nullopt;
  try {
    if (!impl_->backtracking) return std::regex_match(rocprof_name, impl_->whole);
    return std::regex_search(rocprof_name, impl_->regex);
  } catch (const std::regex_error&) {
    return std::nullopt;  // libstdc++ gave up on a pathological search
  }
}

bool KernelFilter::Keeps(const std::string& rocprof_name) const { return Judge(rocprof_name).value_or(true); }

bool KernelFilter::KeepsKernel(const HipKernel& kernel) const {
  if (kernel.name_unknown) return true;  // its name cannot be told: never judged as dropped
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
