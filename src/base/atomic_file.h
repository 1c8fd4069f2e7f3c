// Replacing a file's contents so that it is never seen damaged: a temporary
// file in the same directory, every write and the close checked, fsync, then
// rename over the original (symlinks followed to their target, mode and owner
// kept). On any error the original is left byte for byte as it was.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace aortalint {

/// Writes `text` to `path` atomically. When `expected` is given, the file on
/// disk must still hold exactly those bytes (it was read as that text), else
/// nothing is written. Returns the reason it was not written, or nullopt.
std::optional<std::string> WriteFileAtomically(const std::string& path, std::string_view text,
                                               const std::string* expected = nullptr);

/// The final target of `path` after following symlinks (itself when it is not one,
/// or when it does not exist yet).
std::string ResolveSymlinks(const std::string& path);

/// True when `a` and `b` name the same existing file (same device and inode).
bool SameFile(const std::string& a, const std::string& b);

}  // namespace aortalint
