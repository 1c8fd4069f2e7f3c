// String path arithmetic (base/paths.h) against std::filesystem, and the
// .gitignore rules gathered once per directory (driver/gitignore.h) against git.
#include <doctest/doctest.h>

#include <filesystem>
#include <random>
#include <set>

#include "base/dir_index.h"
#include "base/paths.h"
#include "driver/gitignore.h"
#include "driver/pairing.h"
#include "test_util.h"

namespace aortalint {
namespace {

namespace fs = std::filesystem;
using testing::RunShell;
using testing::ShellQuote;
using testing::TempDir;
using testing::WriteFile;

std::string Reference(const std::string& path) { return fs::absolute(path).lexically_normal().string(); }

TEST_CASE("AbsoluteNormal gives std::filesystem's answer") {
  for (const char* path : {"a",
                           "a/b",
                           "./a",
                           "a/./b",
                           "a//b",
                           "a/b/",
                           "a/b/.",
                           "a/b/..",
                           "a/../b",
                           "../a",
                           "../../..",
                           ".",
                           "..",
                           "./",
                           "/",
                           "/a",
                           "/a/",
                           "/a/..",
                           "/..",
                           "/../a",
                           "//a",
                           "/a//b/./c/../d",
                           "./team00/project000/r00000/recipe.yaml",
                           "a/.hidden/..x/...",
                           "a/b/../../../c"})
    CHECK_MESSAGE(AbsoluteNormal(path) == Reference(path), path);
  // Random mixes of names, `.`, `..` and slashes.
  std::mt19937 rng(14);
  const char* parts[] = {"a", "bc", ".", "..", "", ".x", "x.", "..."};
  for (int i = 0; i < 3000; ++i) {
    std::string path = rng() % 4 == 0 ? "/" : "";
    for (int n = 1 + rng() % 6; n > 0; --n)
      path += std::string(parts[rng() % 8]) + (n > 1 || rng() % 3 == 0 ? "/" : "");
    // Two differences, both right on Linux: std::filesystem throws on an empty path (the working directory here),
    // and keeps `//` for a path of slashes alone (one root here).
    if (path.find_first_not_of('/') == std::string::npos) {
      CHECK(AbsoluteNormal(path) == (path.empty() ? fs::current_path().string() : "/"));
      continue;
    }
    CHECK_MESSAGE(AbsoluteNormal(path) == Reference(path), path);
  }
  CHECK(ParentOf("/a/b/c") == "/a/b");
  CHECK(ParentOf("/c") == "/");
  CHECK(LastName("/a/b/c") == "c");
  CHECK(LastName("/c") == "c");
  CHECK(LastName("/") == "");
  CHECK(PlainParent("a/b/c.yaml") == "a/b");
  CHECK(PlainParent("c.yaml") == "");
  CHECK(PlainParent("/c") == "");
  CHECK_FALSE(PlainParent("a/b/").has_value());
  CHECK_FALSE(PlainParent("a/b/..").has_value());
  CHECK_FALSE(PlainParent(".").has_value());
}

TEST_CASE("gitignore: nested files, anchoring, negation, directories, info/exclude, nested repositories") {
  fs::path root = TempDir("aortalint-gitignore");
  fs::create_directories(root / "repo/.git/info");
  WriteFile(root / "repo/.git/info/exclude", "*.local\n");
  WriteFile(root / "repo/.gitignore", "# comment\n/gen/*\n!/gen/keep.yaml\n*.tmp\nout/\nsub/deep/x.yaml\n");
  WriteFile(root / "repo/sub/.gitignore", "tmp.yaml\n!keep.tmp\n");
  WriteFile(root / "repo/inner/.git/HEAD", "ref: refs/heads/main\n");  // a repository inside the repository
  WriteFile(root / "repo/inner/.gitignore", "only.yaml\n");
  WriteFile(root / "loose/.gitignore", "*.yaml\n");  // outside any repository: only its own directory's file
  std::string r = (root / "repo").string();
  GitIgnore g;
  CHECK(g.Ignored(r + "/gen/out.yaml", false));
  CHECK_FALSE(g.Ignored(r + "/gen/keep.yaml", false));
  CHECK(g.Ignored(r + "/a.tmp", false));
  CHECK(g.Ignored(r + "/sub/b.tmp", false));
  CHECK_FALSE(g.Ignored(r + "/sub/keep.tmp", false));  // re-included below
  CHECK(g.Ignored(r + "/sub/tmp.yaml", false));
  CHECK_FALSE(g.Ignored(r + "/tmp.yaml", false));  // sub's pattern is sub's
  CHECK(g.Ignored(r + "/sub/deep/x.yaml", false));
  CHECK_FALSE(g.Ignored(r + "/sub/deep/y.yaml", false));
  CHECK(g.Ignored(r + "/out", true));
  CHECK_FALSE(g.Ignored(r + "/out", false));  // `out/` is for directories only
  CHECK(g.Ignored(r + "/sub/x.local", false));
  CHECK_FALSE(g.Ignored(r + "/inner/a.tmp", false));  // the inner repository does not see the outer's rules
  CHECK(g.Ignored(r + "/inner/only.yaml", false));
  CHECK(g.Ignored((root / "loose/a.yaml").string(), false));
  CHECK_FALSE(g.Ignored((root / "loose/d/a.yaml").string(), false));
  // Relative and unnormalised spellings reach the same answer, in any order (the last directory is kept).
  CHECK(g.Ignored(r + "/sub/../gen/./out.yaml", false));
  CHECK_FALSE(g.Ignored(r + "/sub/../gen/./keep.yaml", false));
  CHECK(g.Ignored(r + "/sub/tmp.yaml", false));
  CHECK(g.Ignored(r + "/sub/deep/../tmp.yaml", false));
  CHECK_FALSE(g.Ignored(r + "/sub/deep/..", true));

  // git agrees on every one of these (where it is installed).
  if (RunShell("git init -q " + ShellQuote(r) + " >/dev/null 2>&1").exit_code == 0) {
    for (const char* rel : {"gen/out.yaml", "gen/keep.yaml", "a.tmp", "sub/b.tmp", "sub/keep.tmp", "sub/tmp.yaml",
                            "tmp.yaml", "sub/deep/x.yaml", "sub/deep/y.yaml", "sub/x.local"}) {
      bool git = RunShell("cd " + ShellQuote(r) + " && git check-ignore -q --no-index " + rel).exit_code == 0;
      CHECK_MESSAGE(g.Ignored(r + "/" + rel, false) == git, rel);
    }
  }
  fs::remove_all(root);
}

TEST_CASE("NormalizePath: relative below the working directory, else absolute, as std::filesystem says") {
  auto reference = [](const std::string& path) {
    fs::path abs = fs::absolute(path).lexically_normal();
    fs::path rel = abs.lexically_relative(fs::current_path());
    return !rel.empty() && *rel.begin() != ".." ? rel.string() : abs.string();
  };
  std::string cwd = fs::current_path().string();
  for (const std::string& path :
       std::vector<std::string>{"a.py", "./a.py", "d/../a.py", "../x/a.py", "/etc/a.py", cwd + "/a.py", cwd, cwd + "/",
                                cwd + "/d/./e.py", cwd + "x/a.py", std::string("."), std::string("d/")})
    CHECK_MESSAGE(NormalizePath(path) == reference(path), path);
}

TEST_CASE("AbsoluteResolved: `..` after a link leads where the file system leads, else the spelling is kept") {
  fs::path base = TempDir("aortalint-resolved");
  fs::create_directories(base / "p/q/r");
  fs::create_directories(base / "a");
  WriteFile(base / "p/x.py", "\n");
  WriteFile(base / "x.py", "\n");
  fs::create_directory_symlink("../p/q/r", base / "a/in");
  fs::create_directory_symlink(base / "p", base / "a/abs");
  fs::create_directory_symlink(".", base / "a/self");
  fs::create_symlink("../p/x.py", base / "a/file");
  std::string b = base.string();
  CHECK(AbsoluteResolved(b + "/a/in/../../x.py") == b + "/p/x.py");  // lexically: b + "/x.py"
  CHECK(AbsoluteResolved(b + "/a/abs/../x.py") == b + "/x.py");
  CHECK(AbsoluteResolved(b + "/a/in/..") == b + "/p/q");
  CHECK(AbsoluteResolved(b + "/a/file") == b + "/a/file");  // a link named last is opened as written
  CHECK(AbsoluteResolved(b + "/p/q/../x.py") == b + "/p/x.py");
  CHECK(AbsoluteResolved(b + "/a/nothing/../x.py") == b + "/a/x.py");
  // Random paths: each one that exists names the file it names to the file system, and one
  // without a `..` is spelt as AbsoluteNormal spells it.
  const std::vector<std::string> names = {"a", "p", "q", "r", "in", "abs", "self", "file", "x.py", "..", "..", "."};
  std::mt19937 rng(7);
  int through_links = 0;
  for (int i = 0; i < 3000; ++i) {
    std::string path = b + (rng() % 4 ? "/a" : "");
    for (int n = 1 + rng() % 7; n > 0; --n) path += "/" + names[rng() % names.size()];
    CAPTURE(path);
    std::string resolved = AbsoluteResolved(path);
    if (!HasDotDot(path)) CHECK(resolved == AbsoluteNormal(path));
    std::error_code ec;
    if (fs::exists(path, ec)) {
      CHECK(fs::equivalent(resolved, path, ec));
      through_links += resolved != AbsoluteNormal(path);
    }
  }
  CHECK(through_links > 20);  // the lexical fold would have named another file for each of these
  fs::remove_all(base);
}

TEST_CASE("directory listings: kept for a run, answering as stat() does") {
  fs::path root = TempDir("aortalint-listing");
  WriteFile(root / "file.yaml", "x: 1\n");
  fs::create_directories(root / "sub");
  fs::create_symlink(root / "file.yaml", root / "link.yaml");
  fs::create_symlink(root / "sub", root / "link_dir");
  fs::create_symlink(root / "missing", root / "dangling");
  fs::create_directories(root / "sub" / "inner");
  fs::create_symlink(root / "sub" / "inner", root / "deep");
  std::string dir = root.string();
  auto all = [&] {
    CHECK(KindOf(dir, "file.yaml") == EntryKind::kRegular);
    CHECK(KindOf(dir, "sub") == EntryKind::kDirectory);
    CHECK(KindOf(dir, "link.yaml") == EntryKind::kRegular);  // followed, as stat() follows it
    CHECK(KindOf(dir, "link_dir") == EntryKind::kDirectory);
    CHECK(KindOf(dir, "dangling") == EntryKind::kAbsent);
    CHECK(KindOf(dir, "nothing") == EntryKind::kAbsent);
    CHECK(KindOfPath((root / "file.yaml").string()) == EntryKind::kRegular);  // any path: its directory's listing
    CHECK(KindOfPath((root / "link_dir").string()) == EntryKind::kDirectory);
    CHECK(KindOfPath((root / "dangling").string()) == EntryKind::kAbsent);
    CHECK(KindOfPath((root / "deep" / ".." / "file.yaml").string()) == EntryKind::kAbsent);  // `..` from sub/inner
    CHECK(KindOfPath((root / "sub" / ".." / "file.yaml").string()) == EntryKind::kRegular);
    CHECK(KindOfPath((root / "sub" / "").string()) == EntryKind::kDirectory);
  };
  CHECK(ListingOf(dir) == nullptr);  // no run: nothing kept, stat() answers
  all();
  {
    ScopedDirectoryCache run;
    std::shared_ptr<const DirectoryListing> listing = ListingOf(dir);
    REQUIRE(listing);
    CHECK(listing->entries().size() == 6);
    all();
    // Listed once per run: a file created since is not seen until the next run.
    WriteFile(root / "later.yaml", "x: 1\n");
    CHECK(KindOf(dir, "later.yaml") == EntryKind::kAbsent);
    CHECK(ListingOf(dir) == listing);
    CHECK(ListingOf((root / "nothing").string()) == nullptr);  // cannot be listed: the caller asks stat()
    {
      ScopedDirectoryCache inner;  // shares the outer run's listings
      CHECK(ListingOf(dir) == listing);
    }
    CHECK(ListingOf(dir) == listing);
  }
  CHECK(ListingOf(dir) == nullptr);
  CHECK(KindOf(dir, "later.yaml") == EntryKind::kRegular);
  fs::remove_all(root);
}

}  // namespace
}  // namespace aortalint

namespace aortalint {
namespace {

TEST_CASE("HasGitName: a .git name anywhere in a path, and nothing that only starts like one") {
  for (const char* p : {".git", ".git/config", "a/.git", "a/.git/hooks/x", "/r/.git/config"}) {
    CAPTURE(std::string(p));
    CHECK(HasGitName(p));
  }
  for (const char* p : {".gitignore", "a/.github/workflows/ci.yml", "x.git", "a/b.git/c", "", "git/config"}) {
    CAPTURE(std::string(p));
    CHECK_FALSE(HasGitName(p));
  }
}

}  // namespace
}  // namespace aortalint
