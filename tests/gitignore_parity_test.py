#!/usr/bin/env python3
"""The files a walk skips for .gitignore are those git ignores: on generated repositories (nested .gitignore files,
negations, anchors, `**`, character classes, escapes, trailing spaces kept by `\\ `), the Python files
`aortalint check --show-files .` lists are those `git ls-files --others --exclude-standard` lists.
The user's global excludes are out of the test (HOME is a scratch directory): aortalint does not read
core.excludesFile.

usage: gitignore_parity_test.py AORTALINT [TREES]
"""
import os
import random
import subprocess
import sys
import tempfile

NAMES = ["a", "b", "ab", "x1", "gen", "build_out", "keep", "tmp", "#hash", "!bang", "sp ace", "trail "]
PATTERNS = ["*.tmp.py", "gen/", "/gen/*", "!gen/keep.py", "**/deep/*.py", "a?.py", "[ab].py", "x[0-9].py",
            "\\#hash.py", "\\!bang.py", "trail\\ .py", "sp ace.py", "sub/**", "!sub/keep.py", "*/a.py", "/b.py",
            "keep", "tmp/", "!tmp/a.py", "x1.py ", "dir/a.py", "**/gen", "ab*", "!ab.py", "#comment", "\\*.py"]


def tree(rng, root):
    paths = set()
    for _ in range(rng.randint(10, 40)):
        depth = rng.randint(0, 3)
        parts = [rng.choice(["sub", "deep", "gen", "tmp", "dir", "keep"]) for _ in range(depth)]
        name = rng.choice(NAMES + ["*"]) + rng.choice([".py", ".tmp.py"])
        paths.add(os.path.join(*parts, name) if parts else name)
    for p in paths:
        os.makedirs(os.path.join(root, os.path.dirname(p)), exist_ok=True)
        with open(os.path.join(root, p), "w") as f:
            f.write("x = 1\n")
    dirs = {""} | {os.path.dirname(p) for p in paths}
    for d in rng.sample(sorted(dirs), min(len(dirs), rng.randint(1, 3))):
        with open(os.path.join(root, d, ".gitignore"), "w") as f:
            f.write("\n".join(rng.sample(PATTERNS, rng.randint(2, 8))) + "\n")


def main():
    binary = os.path.abspath(sys.argv[1])
    trees = int(sys.argv[2]) if len(sys.argv) > 2 else 60
    failures = 0
    with tempfile.TemporaryDirectory(prefix="gitignore-parity-") as work:
        env = dict(os.environ, HOME=work, XDG_CONFIG_HOME=work, GIT_CONFIG_NOSYSTEM="1", AORTALINT_CACHE_DIR="")
        for seed in range(trees):
            root = os.path.join(work, f"t{seed}")
            os.makedirs(root)
            tree(random.Random(seed), root)
            subprocess.run(["git", "init", "-q"], cwd=root, env=env, check=True)
            git = subprocess.run(["git", "ls-files", "-z", "--others", "--exclude-standard"], cwd=root, env=env,
                                 capture_output=True, check=True).stdout.decode()
            want = {p for p in git.split("\0") if p.endswith(".py")}
            out = subprocess.run([binary, "check", "--show-files", "."], cwd=root, env=env, capture_output=True)
            got = {os.path.normpath(p) for p in out.stdout.decode().splitlines() if p.endswith(".py")}
            if got != want:
                failures += 1
                print(f"tree {seed}: git keeps {sorted(want - got)} that aortalint skips; "
                      f"aortalint keeps {sorted(got - want)} that git ignores")
                for dirpath, _, files in os.walk(root):
                    if ".gitignore" in files:
                        print("  ", os.path.relpath(os.path.join(dirpath, ".gitignore"), root), ":",
                              open(os.path.join(dirpath, ".gitignore")).read().splitlines())
    print(f"gitignore parity: {trees - failures} of {trees} trees agree with git")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
