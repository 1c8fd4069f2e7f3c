// Replacing a file's contents so that it is never seen damaged: a temporary
// file in the same directory (opened relative to it, names never followed),
// every write and the close checked, fsync, then rename over the original.
// Symlinks are followed to their target, but not out of the project (see
// WriteFileAtomically); mode, owner, the group where it can be set and
// extended attributes are kept; a read-only file is refused; a signal that
// ends the process removes the temporary file. On any error the original is
// left byte for byte as it was.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace aortalint {

/// Writes `text` to `path` atomically. When `expected` is given, the file on
/// disk must still hold exactly those bytes (it was read as that text), else
/// nothing is written. A `path` that is a link leading out of its git
/// repository (without one, the working directory, when it lies inside it) is
/// refused: a file can be swapped for such a link after it was read. Returns
/// the reason it was not written, or nullopt.
std::optional<std::string> WriteFileAtomically(const std::string& path, std::string_view text,
                                               const std::string* expected = nullptr);

/// The final target of `path` after following symlinks (itself when it is not one,
/// or when it does not exist yet).
std::string ResolveSymlinks(const std::string& path);

/// True when `a` and `b` name the same existing file (same device and inode).
bool SameFile(const std::string& a, const std::string& b);

}  // namespace aortalint
