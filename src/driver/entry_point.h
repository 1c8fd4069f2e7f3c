// Which unpaired Python files get the payload rules: entry points only. A
// module's own import order does not decide the process's when something else
// imports it first, and "move the work into main()" means nothing to a test.
#pragma once

#include <string>

namespace aortalint {

struct Payload;

/// Empty when an unpaired, parsed file gets the payload rules: it imports
/// Proton (anywhere, a function body included) and is an entry point, that is
/// it has a `__main__` guard, or it is a script outside any package that does
/// its work at module load (Payload::module_call_line). Otherwise why not, in words for `check --verbose`.
/// Test modules (`test_*.py`, `*_test.py`, `conftest.py`) never are: a recipe
/// must pair them. Paired payloads do not come here: they always get the rules.
std::string WhyNotAnEntryPoint(const Payload& payload);

}  // namespace aortalint
