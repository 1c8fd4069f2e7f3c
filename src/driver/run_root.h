// One project root for the files named on the command line, when nothing marks
// one (no `.git`, no `.aortalint.yaml`: an exported tree, a tarball, a Docker
// context): their header commands' paths resolve from it, as from `check .`.
#pragma once

#include <string>

#include "driver/discover.h"

namespace aortalint {

struct RunRoot {
  std::string dir;  // absolute; empty when no file is named
  std::string why;  // for --verbose
};

/// The working directory when every recipe named on the command line is under
/// it; else the outermost directory from which a header's `--recipe` leads to
/// its recipe, when it holds them all; else their nearest common ancestor.
RunRoot NamedFilesRoot(const FileSet& files);

/// Gives every named recipe that no walk found `root.dir` as its root.
void ApplyRunRoot(FileSet& files, const RunRoot& root);

}  // namespace aortalint
