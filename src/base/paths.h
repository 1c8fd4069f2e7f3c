// Path arithmetic on strings for the hot loops (the walk, the config lookup,
// .gitignore): the same answers as std::filesystem's, without its per-call
// allocations of components.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace aortalint {

/// std::filesystem::absolute(path).lexically_normal().string(), computed on
/// the string: relative paths are taken from the working directory, read once
/// (aortalint never changes directory); `.`, `..` and repeated slashes are
/// folded lexically; a path that ends in `/`, `/.` or `/..` keeps one trailing slash.
std::string AbsoluteNormal(std::string_view path);

/// The directory part of `path` as written ("" for a bare name) when its last
/// name is a plain one (not empty, `.` or `..`): two paths with the same plain
/// parent are in the same directory. nullopt otherwise.
std::optional<std::string_view> PlainParent(std::string_view path);

/// Whether `path` has a `..` name: only the file system can fold one that follows a link.
bool HasDotDot(std::string_view path);

/// Whether `path` has a `.git` name: a file of git's own data (its config may hold credentials).
bool HasGitName(std::string_view path);

/// AbsoluteNormal(path), but with each `..` folded as the file system folds it: after a link,
/// `..` leads to the parent of the link's target, not back to the directory holding the link.
/// The spelling stays the lexical one wherever both reach the same directory. This is the path a
/// file named with `..` is opened under: a lexical fold could open another file than the one the
/// file system (and a check of where it lies) resolves.
std::string AbsoluteResolved(std::string_view path);

/// An AbsoluteNormal() path spelled for the kernel to walk the fewest names: relative to the working
/// directory when below it, else as it is. Points into `absolute_normal`.
const char* ShortestSpelling(const std::string& absolute_normal);

/// The directory part of an AbsoluteNormal() path: "/a/b" for "/a/b/c", "/" for "/c".
std::string_view ParentOf(std::string_view absolute_normal);
/// The last name of an AbsoluteNormal() path, what follows ParentOf(): "c" for "/a/b/c", "" for "/".
std::string_view LastName(std::string_view absolute_normal);

}  // namespace aortalint
