#!/usr/bin/env python3
"""Every command the README and docs/ show in a shell block is run here, or names the test that runs it, or
says why it cannot run here. A new command in a shell block that is none of these fails the test.

usage: doc_commands_test.py SOURCE_DIR BUILD_DIR
"""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

# Shown commands other tests run, or that cannot run on a test machine: the command's start -> why.
ELSEWHERE = {
    "scripts/setup.sh": ".ci/run runs it (scripts/test.sh calls it)",
    "scripts/test.sh": ".ci/run is this command",
    "ctest --test-dir build": ".ci/run runs the suite this way",
    "cmake -S . -B build ": "the build .ci/run makes (scripts/build.sh), with the tests",
    "cmake -S . -B build-static": "ctest readme_commands configures it as written (building it takes a static build)",
    "(cd build && cpack -G DEB)": "ctest package makes both packages and installs them into scratch roots",
    "sudo apt-get install ./build/aortalint": "ctest package installs the packages (dpkg --root; apt-get -s)",
    "(cd build-static && cpack": "needs the static build; ctest static_link runs in one",
    "mkdir -p .aortalint && aortalint schema": "ctest readme_commands runs it verbatim",
}

SHELL_FENCE = re.compile(r"^```(sh|bash|shell|console)\s*$")


def shown_commands(source):
    """(file, command) for each line of each shell block, comments and prompts taken off."""
    for path in [os.path.join(source, "README.md")] + sorted(glob.glob(os.path.join(source, "docs", "*.md"))):
        in_shell = False
        for line in open(path, encoding="utf-8"):
            line = line.rstrip("\n")
            if line.startswith("```"):
                in_shell = not in_shell and bool(SHELL_FENCE.match(line))
                continue
            command = re.sub(r"\s+#.*$", "", line).strip().removeprefix("$ ")
            if in_shell and command and not command.startswith("#"):
                yield os.path.relpath(path, source), command


def is_synopsis(command):
    """A usage line with placeholders (`[PATHS...]`, `DIR`, `r.yaml`), not a command to run as it stands."""
    return bool(re.search(r"\[[^\]]*\]|\b[A-Z]{2,}\b|\br\.yaml\b", command))


def run_examples(source, build, work):
    """README's first command, its own script, in a copy of the tree whose setup and build steps only record
    how they were called (.ci/run runs the real setup; readme_commands checks what the build step builds)."""
    tree = os.path.join(work, "tree")
    os.makedirs(os.path.join(tree, "scripts"))
    shutil.copy(os.path.join(source, "scripts", "run-examples.sh"), os.path.join(tree, "scripts"))
    for step in ("setup.sh", "build.sh"):
        with open(os.path.join(tree, "scripts", step), "w") as f:
            f.write(f'#!/bin/sh\necho "{step} $*" >> "$(dirname "$0")/../calls"\n')
        os.chmod(os.path.join(tree, "scripts", step), 0o755)
    os.symlink(build, os.path.join(tree, "build"))
    os.symlink(os.path.join(source, "examples"), os.path.join(tree, "examples"))
    p = subprocess.run([os.path.join(tree, "scripts", "run-examples.sh")], capture_output=True, text=True,
                       timeout=300, env=dict(os.environ, AORTALINT_CACHE_DIR=os.path.join(work, "cache")))
    calls = open(os.path.join(tree, "calls")).read().splitlines()
    print(f"    exit {p.returncode}; steps: {calls}; {p.stdout.strip().splitlines()[-1] if p.stdout.strip() else ''}")
    ok = p.returncode == 0 and calls == ["setup.sh ", "build.sh aortalint"] and "(aortalint exited 1" in p.stdout
    return None if ok else f"exit {p.returncode}, steps {calls}, output: {p.stdout[-300:]} {p.stderr[-300:]}"


def main():
    source, build = (os.path.abspath(a) for a in sys.argv[1:3])
    env = dict(os.environ, PATH=build + os.pathsep + os.environ["PATH"], AORTALINT_CACHE_DIR="")
    problems, counts = [], {"run": 0, "synopsis": 0, "elsewhere": 0}
    with tempfile.TemporaryDirectory(prefix="doc-commands-") as work:
        repo = os.path.join(work, "recipe-repo")
        shutil.copytree(os.path.join(source, "examples", "recipe-repo"), repo)
        for page, command in shown_commands(source):
            why = next((w for start, w in ELSEWHERE.items() if command.startswith(start)), None)
            if command.startswith("scripts/run-examples.sh"):
                counts["run"] += 1
                print(f"{page}: {command}")
                if problem := run_examples(source, build, work):
                    problems.append(f"{page}: '{command}': {problem}")
            elif why:
                counts["elsewhere"] += 1
                print(f"{page}: {command}\n    not run here: {why}")
            elif command.startswith("aortalint ") and is_synopsis(command):
                # A synopsis: its command exists and documents itself.
                counts["synopsis"] += 1
                sub = command.split()[1]
                rc = subprocess.run(["aortalint", "help", sub], env=env, capture_output=True).returncode
                if rc != 0:
                    problems.append(f"{page}: '{command}': `aortalint help {sub}` exits {rc}")
            elif command.startswith("aortalint "):
                counts["run"] += 1
                args = command.split()[1:]
                # stdin is empty: `aortalint lsp` ends at its end (exit 1: no shutdown came, as the protocol says).
                p = subprocess.run(["aortalint", *args], cwd=repo, env=env, capture_output=True,
                                   stdin=subprocess.DEVNULL, timeout=120)
                print(f"{page}: {command}\n    exit {p.returncode}")
                if p.returncode not in (0, 1):  # 1: findings, which the examples hold on purpose
                    problems.append(f"{page}: '{command}' exits {p.returncode}: {p.stderr.decode()[:300]}")
            else:
                problems.append(f"{page}: '{command}' is shown but no test runs it and no reason is given "
                                "(add it to ELSEWHERE in tests/doc_commands_test.py, or run it here)")
    for p in problems:
        print("FAIL:", p)
    print(f"doc commands: {counts['run']} run, {counts['synopsis']} synopses checked, "
          f"{counts['elsewhere']} run by other tests or not runnable here (said above), {len(problems)} problems")
    return 1 if problems or not counts["run"] else 0


if __name__ == "__main__":
    sys.exit(main())
