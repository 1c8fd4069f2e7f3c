#!/usr/bin/env python3
"""The files a walk skips for .gitignore are those git ignores: on generated repositories (nested .gitignore files,
negations, anchors, `**`, character classes, escapes, trailing spaces kept by `\\ `), the Python files
`aortalint check --show-files .` lists are those `git ls-files --others --exclude-standard` lists.
Each tree has a home of its own (HOME, and XDG_CONFIG_HOME on some) holding, by turns, no global excludes, the
default $XDG_CONFIG_HOME/git/ignore or ~/.config/git/ignore, a core.excludesFile set in ~/.gitconfig (`~/`, quoted,
with comments) or in the repository's .git/config, .git/info/exclude patterns, and a core.excludesFile set in a file
~/.gitconfig includes: `[include] path` before or after a setting of its own (the last one set wins), and
`[includeIf "gitdir:..."]` / `gitdir/i:` / `onbranch:` conditions that hold for the repository beside ones that do not.

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


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def global_excludes(rng, seed, root, home, git_dir, env):
    """Writes the user's global excludes one of the ways git finds them; returns how, for the report."""
    patterns = "\n".join(rng.sample(PATTERNS, rng.randint(2, 6))) + "\n"
    way = seed % 9
    if way == 1:
        env["XDG_CONFIG_HOME"] = os.path.join(home, "xdg")
        write(os.path.join(home, "xdg", "git", "ignore"), patterns)
    elif way == 2:
        write(os.path.join(home, ".config", "git", "ignore"), patterns)
    elif way == 3:
        write(os.path.join(home, "global ignore"), patterns)
        write(os.path.join(home, ".gitconfig"),
              '[user]\n\tname = t\n[Core]\n\texcludesFile = "~/global ignore" ; the user\'s\n')
    elif way == 4:
        write(os.path.join(home, "xdg", "git", "ignore"), "*.py\n")  # the default, overridden by the repository
        env["XDG_CONFIG_HOME"] = os.path.join(home, "xdg")
        write(os.path.join(home, "mine"), patterns)
        with open(os.path.join(git_dir, "config"), "a") as f:
            f.write(f"[core]\n\texcludesfile = {os.path.join(home, 'mine')}  # absolute\n")
    elif way == 5:
        write(os.path.join(git_dir, "info", "exclude"), patterns)
    elif way == 6:  # an include after a setting of the file's own: the included one wins
        write(os.path.join(home, "everything"), "*.py\n")
        # (a variable on its header's line, a quoted value continued on the next line: its indent is kept)
        write(os.path.join(home, "incl  ignore"), patterns)
        write(os.path.join(home, "conf", "local.inc"), '[core] excludesFile = "~/incl \\\n ignore"\n')
        write(os.path.join(home, ".gitconfig"), "[core]\n\texcludesFile = ~/everything\n[include]\n\tpath = conf/local.inc\n")
    elif way == 7:  # an include before the setting: the setting wins
        write(os.path.join(home, "everything"), "*.py\n")
        write(os.path.join(home, "own"), patterns)
        write(os.path.join(home, "first.inc"), "[core]\n\texcludesFile = ~/everything\n")
        write(os.path.join(home, ".gitconfig"), "[include]\n\tpath = ~/first.inc\n[core]\n\texcludesFile = ~/own\n")
    elif way == 8:  # includeIf: one whose gitdir holds (by ~/, by **/, case-folded), others that do not
        work = os.path.dirname(home)
        write(os.path.join(home, "everything"), "*.py\n")
        write(os.path.join(home, "work ignore"), patterns)
        write(os.path.join(home, "work.inc"), "[core]\n\texcludesFile = ~/work ignore\n")
        write(os.path.join(home, "other.inc"), "[core]\n\texcludesFile = ~/everything\n")
        branch = subprocess.run(["git", "symbolic-ref", "--short", "HEAD"], cwd=root, env=env, capture_output=True,
                                text=True).stdout.strip()
        # (the seeds that reach the last are linked worktrees, whose git directory is .git/worktrees/NAME: it fails)
        holds = [f"onbranch:{branch[:2]}*", f"gitdir:{work}/", f"gitdir/i:{work.upper()}/",
                 f"gitdir:{os.path.basename(work)}/", "gitdir:**/.git"][seed // 9 % 5]
        fails = ["onbranch:no-such-branch", f"gitdir:{work}/elsewhere/", f"gitdir:{work.upper()}/", "gitdir:~/",
                 "hasconfig:remote.*.url:**"][seed // 9 % 5]
        write(os.path.join(home, ".gitconfig"), f'[includeIf "{fails}"]\n\tpath = other.inc\n'
                                                f'[includeIf "{holds}"]\n\tpath = work.inc\n'
                                                f'[includeIf "{fails}"]\n\tpath = other.inc\n')
    return ["none", "XDG_CONFIG_HOME/git/ignore", "~/.config/git/ignore", "~/.gitconfig core.excludesFile",
            ".git/config core.excludesFile", ".git/info/exclude", "include after a setting", "include before a setting",
            "includeIf gitdir"][way] + ": " + patterns.replace("\n", " ")


def main():
    binary = os.path.abspath(sys.argv[1])
    trees = int(sys.argv[2]) if len(sys.argv) > 2 else 60
    failures = 0
    with tempfile.TemporaryDirectory(prefix="gitignore-parity-") as work:
        for seed in range(trees):
            root, home = os.path.join(work, f"t{seed}"), os.path.join(work, f"home{seed}")
            os.makedirs(home)
            env = dict(os.environ, HOME=home, GIT_CONFIG_NOSYSTEM="1", AORTALINT_CACHE_DIR="")
            env.pop("XDG_CONFIG_HOME", None)
            env.pop("GIT_CONFIG_GLOBAL", None)
            if seed % 5 == 4:  # a linked worktree: .git is a file, config and info/ are the main repository's
                main_repo = root + "-main"
                subprocess.run(["git", "init", "-q", main_repo], env=env, check=True)
                subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty",
                                "-m", "start"], cwd=main_repo, env=env, check=True)
                subprocess.run(["git", "worktree", "add", "-q", root], cwd=main_repo, env=env, check=True)
            else:
                os.makedirs(root)
                subprocess.run(["git", "init", "-q"], cwd=root, env=env, check=True)
            rng = random.Random(seed)
            tree(rng, root)
            git_dir = subprocess.run(["git", "rev-parse", "--path-format=absolute", "--git-common-dir"], cwd=root,
                                     env=env, capture_output=True, text=True, check=True).stdout.strip()
            excludes = global_excludes(rng, seed, root, home, git_dir, env)
            git = subprocess.run(["git", "ls-files", "-z", "--others", "--exclude-standard"], cwd=root, env=env,
                                 capture_output=True, check=True).stdout.decode()
            want = {p for p in git.split("\0") if p.endswith(".py")}
            out = subprocess.run([binary, "check", "--show-files", "."], cwd=root, env=env, capture_output=True)
            got = {os.path.normpath(p) for p in out.stdout.decode().splitlines() if p.endswith(".py")}
            if got != want:
                failures += 1
                print(f"tree {seed}: git keeps {sorted(want - got)} that aortalint skips; "
                      f"aortalint keeps {sorted(got - want)} that git ignores; global excludes: {excludes}")
                for dirpath, _, files in os.walk(root):
                    if ".gitignore" in files:
                        print("  ", os.path.relpath(os.path.join(dirpath, ".gitignore"), root), ":",
                              open(os.path.join(dirpath, ".gitignore")).read().splitlines())
    print(f"gitignore parity: {trees - failures} of {trees} trees agree with git")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
