#include "driver/entry_point.h"

#include <filesystem>

#include "model/payload.h"

namespace aortalint {
namespace fs = std::filesystem;

std::string WhyNotAnEntryPoint(const Payload& p) {
  if (!p.UsesProton()) return "it does not import triton.profiler";
  fs::path path(p.path());
  std::string name = path.filename().string();
  if (name == "conftest.py" || name.rfind("test_", 0) == 0 || (name.size() > 8 && name.ends_with("_test.py")))
    return "a test module (test_*.py, *_test.py, conftest.py) is not a payload; pair it with a recipe to lint it as "
           "one";
  if (p.main_guard) return "";
  // A file tree-sitter could not parse whole: its guard may be in the part
  // that failed, so it is judged as a payload (SYN002 says what to fix).
  if (!p.syntax_problems.empty()) return "";
  // Proton work at load (start, profile, scope outside any function) runs when the file runs,
  // wherever it lives: a script beside an __init__.py is still one.
  for (const CallSite& call : p.calls)
    if (!call.in_function)
      if (std::string f = p.ProtonFunction(call.callee); f == "start" || f == "profile" || f == "scope") return "";
  std::error_code ec;
  fs::path dir = path.parent_path();
  bool in_package = fs::is_regular_file((dir.empty() ? fs::path(".") : dir) / "__init__.py", ec);
  if (p.module_call_line && !in_package) return "";  // a script that runs its work at load
  if (in_package)
    return "a module of the package '" + (dir.empty() ? std::string(".") : dir.string()) +
           "' with no 'if __name__ == \"__main__\":' block: others import it, so its import order does not decide "
           "the process's; pair it with a recipe to lint it as a payload";
  return "no 'if __name__ == \"__main__\":' block and no work at module load (a bare call, or a call of its own "
         "functions): a module others import, not an entry point; pair it with a recipe to lint it as a payload";
}

}  // namespace aortalint
