// The man page aortalint(1) and the shell completions, generated from the
// command line itself (CLI11's description of every command and option) and
// from the rule catalog, so they cannot drift from the binary. The build runs
// `aortalint generate man|bash|zsh|fish` and installs the results.
#pragma once

#include <string>
#include <string_view>

namespace CLI {
class App;
}

namespace aortalint {

/// aortalint(1) in roff (man(7) macros).
std::string ManPage(const CLI::App& app);
/// A completion script for `shell` (bash, zsh or fish); "" for another shell.
std::string Completion(const CLI::App& app, std::string_view shell);

}  // namespace aortalint
