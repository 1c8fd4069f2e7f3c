// What git's own files say about a repository that the walk needs: where the repository's
// files are (a linked worktree keeps them elsewhere) and the user's global excludes file.
// Read without running git, as git reads them.
#pragma once

#include <string>

namespace aortalint {

/// The repository's git directory for the work tree whose top is `top`: `top/.git`, or the directory
/// a `.git` file names (`gitdir: ...`: a submodule's, or a linked worktree's own).
std::string GitDir(const std::string& top);

/// The directory holding the `config` and `info/exclude` of the repository whose work tree's top is
/// `top`: `top/.git`, the directory a `.git` file names (`gitdir: ...`, a submodule or a linked
/// worktree), or for a linked worktree the one its `commondir` names.
std::string GitCommonDir(const std::string& top);

/// The global excludes file git reads for the repository at `top`: `core.excludesFile` of the system
/// config (unless GIT_CONFIG_NOSYSTEM), the global one (GIT_CONFIG_GLOBAL, or
/// $XDG_CONFIG_HOME/git/config then ~/.gitconfig) and the repository's `config` in `common_dir`, the
/// last one set winning, with their `include.path` and `includeIf` (`gitdir:`, `gitdir/i:`, `onbranch:`;
/// not `hasconfig:`) files read where they stand (`~/` is $HOME, a relative path is the top's); else
/// $XDG_CONFIG_HOME/git/ignore, or ~/.config/git/ignore. Empty when there is no home to find it in.
std::string GitExcludesFile(const std::string& top, const std::string& common_dir);

}  // namespace aortalint
