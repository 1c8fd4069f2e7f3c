// Whether aorta's `condition:` sandbox (aorta.probe.sandbox.validate_and_compile,
// used for custom_patterns[*].match.condition) accepts an expression: the text
// is stripped as str.strip() does, capped at 256 code points, parsed as a
// Python expression, and every AST node must be on the sandbox's allow-list
// (comparisons without in/is, + - / //, and/or/not, if-else, unary + -,
// the names capture/exit_code/walltime_sec/peak_vram_mib/math/float/int/len,
// capture subscripts by a str literal, calls of float/int/len/math.isnan/math.isinf with
// positional arguments, constants with ints below 10**9 in magnitude).
//
// The parser reads the allowed subset of Python's expression grammar only:
// anything outside it is either a syntax error or a forbidden node in aorta,
// a refusal either way. Approximations: identifiers are ASCII (Python's NFKC
// folding of non-ASCII identifiers onto an allowed name is not modelled), and
// a \N{...} escape in a string is accepted when its name has the shape of a
// Unicode character name (the name itself is not looked up).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace aortalint {

/// Why aorta's sandbox refuses `expr` (a `condition:` string), or nullopt when
/// validate_and_compile would accept it.
std::optional<std::string> SandboxConditionError(std::string_view expr);

}  // namespace aortalint
