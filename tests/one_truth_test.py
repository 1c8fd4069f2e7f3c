#!/usr/bin/env python3
"""One truth: every front end reports what `check` reports.

    python3 tests/one_truth_test.py AORTALINT FOLDER...

For each fixture folder (a rule's folder selects that rule), `check .` is the
reference. Each other front end must give the same findings (rule, path, line,
column, end, message) on the files it covers:

  lsp-all     the language server with every file of the folder open
  lsp-recipe  the language server with only the recipes open
  lsp-alone   the language server with each file open alone (findings in it)
  hook        `check --skip-non-recipes FILE` for each file named alone, as
              pre-commit runs it (findings in that file)
  explain     `explain RECIPE --format json` (its problems in that recipe)

A difference is a failure unless KNOWN_DIFFERENCES gives its reason. Exit 0
when none is left, 1 otherwise, with each difference printed.
"""
import json
import os
import re
import select
import shlex
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

RECIPE_EXT = (".yaml", ".yml")
PAYLOAD_EXT = (".py",)
HIP_EXT = (".hip", ".cu", ".cpp", ".cc", ".cxx")
NOT_LINTED = {"expected.txt", "expected.diff", "ARGS", "EXPECT", "README.md"}
# A rule folder's documented example, which tests/rule_docs_test.cc runs: not a fixture.
EXAMPLE_DIRS = ("example", "fixed")

# (front end, folder, rule) -> why that front end sees otherwise. Each is a
# documented limit of that front end, not drift; keep this list short.
KNOWN_DIFFERENCES = {
    # `check` lints any YAML file its command line names; the editor and the hook
    # (--skip-non-recipes) lint YAML only when it has a recipe's shape.
    ("lsp-all", "RCP001", "RCP001"): "a file that is not a recipe is linted only when named to check",
    ("lsp-recipe", "RCP001", "RCP001"): "a file that is not a recipe is linted only when named to check",
    ("lsp-alone", "RCP001", "RCP001"): "a file that is not a recipe is linted only when named to check",
    ("hook", "RCP001", "RCP001"): "a file that is not a recipe is linted only when named to check",
    # An editor decodes the file before it sends it: the server never sees its bytes.
    ("lsp-all", "SYN003", "SYN003"): "the editor sends decoded text, not the file's bytes",
    ("lsp-recipe", "SYN003", "SYN003"): "the editor sends decoded text, not the file's bytes",
    ("lsp-alone", "SYN003", "SYN003"): "the editor sends decoded text, not the file's bytes",
}


def run(args, cwd):
    p = subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=300)
    return p.returncode, p.stdout, p.stderr


def key(d):
    return (d["path"].removeprefix("./"), d["line"], d["column"], d["end_line"], d["end_column"], d["rule"],
            d["message"])


def check_json(binary, folder, args, cache=False):
    no_cache = [] if cache else ["--no-cache"]
    rc, out, err = run([binary, "check", *args, "--format", "json", *no_cache, "--color", "never"], folder)
    if rc >= 2:
        raise RuntimeError(f"{folder}: check {' '.join(args)} exited {rc}: {err.strip()}")
    return {key(d) for d in json.loads(out or "[]")}


class Lsp:
    """A language server over stdio, positions in UTF-8 bytes."""

    def __init__(self, binary, folder, settings):
        self.folder = folder
        self.proc = subprocess.Popen([binary, "lsp", "--stdio"], cwd=folder, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.published = {}
        self.buffer = b""
        self.next_id = 1
        self.send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                   "params": {"processId": None, "rootUri": "file://" + folder,
                              "capabilities": {"general": {"positionEncodings": ["utf-8"]}},
                              "initializationOptions": {"debounceMs": 0, **settings}}})
        self.wait(lambda m: m.get("id") == 1)
        self.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})

    def send(self, message):
        body = json.dumps(message).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def read(self, timeout):
        """One message, or None when none came within `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            head, sep, rest = self.buffer.partition(b"\r\n\r\n")
            if sep:
                length = int(re.search(rb"Content-Length: *(\d+)", head, re.I).group(1))
                if len(rest) >= length:
                    self.buffer = rest[length:]
                    return json.loads(rest[:length])
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.proc.stdout], [], [], left)[0]:
                return None
            chunk = os.read(self.proc.stdout.fileno(), 1 << 16)
            if not chunk:
                raise RuntimeError(f"{self.folder}: the language server exited")
            self.buffer += chunk

    # Generous: HIP units parse in a worker, and a loaded 2-core machine can take a minute for one folder.
    def wait(self, done, timeout=240):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            m = self.read(deadline - time.monotonic())
            if m is None:
                break
            if m.get("method") == "textDocument/publishDiagnostics":
                self.published[m["params"]["uri"]] = m["params"]["diagnostics"]
            if done(m):
                return m
        raise RuntimeError(f"{self.folder}: no answer from the language server in {timeout} s")

    def open_all(self, files):
        for path in files:
            with open(os.path.join(self.folder, path), encoding="utf-8", errors="replace") as f:
                text = f.read()
            self.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                       "params": {"textDocument": {"uri": self.uri(path), "languageId": "", "version": 1,
                                                   "text": text}}})
        want = {self.uri(p) for p in files}
        self.wait(lambda m: want <= self.published.keys())
        self.settle()

    def settle(self):
        """Waits out the analyses a change set off. The server answers a request
        before the analyses due after it, so each round trip lets one more
        round of them (a recipe re-checking its open payload) finish."""
        for _ in range(3):
            self.next_id += 1
            ident = self.next_id
            self.send({"jsonrpc": "2.0", "id": ident, "method": "aortalint/barrier", "params": {}})
            self.wait(lambda m, ident=ident: m.get("id") == ident)

    def close_file(self, path):
        self.send({"jsonrpc": "2.0", "method": "textDocument/didClose",
                   "params": {"textDocument": {"uri": self.uri(path)}}})
        self.settle()
        self.published.clear()

    def uri(self, path):
        return "file://" + os.path.join(self.folder, path)

    def findings(self, select_ids):
        out = set()
        for uri, diagnostics in self.published.items():
            path = os.path.relpath(uri.removeprefix("file://"), self.folder)
            lines = read_lines(os.path.join(self.folder, path))
            for d in diagnostics:
                if select_ids and d.get("code") not in select_ids:
                    continue
                (l0, c0), (l1, c1) = ((d["range"][e]["line"], d["range"][e]["character"]) for e in ("start", "end"))
                out.add((path, l0 + 1, code_points(lines, l0, c0) + 1, l1 + 1, code_points(lines, l1, c1) + 1,
                         d.get("code"), d["message"]))
        return out

    def close(self):
        try:
            self.send({"jsonrpc": "2.0", "id": 0, "method": "shutdown", "params": None})
            self.send({"jsonrpc": "2.0", "method": "exit", "params": None})
            self.proc.wait(timeout=10)
        except (BrokenPipeError, subprocess.TimeoutExpired):
            self.proc.kill()


def read_lines(path):
    try:
        with open(path, "rb") as f:
            return f.read().split(b"\n")
    except OSError:
        return []


def code_points(lines, line, byte_column):
    if line >= len(lines):
        return byte_column
    return len(lines[line][:byte_column].decode("utf-8", errors="replace"))


def lsp_messages_compare(found):
    # The editor appends the help on lines of its own.
    return {(p, l, c, el, ec, r, m.split("\nhelp: ")[0]) for p, l, c, el, ec, r, m in found}


def folder_files(folder):
    out = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and not (root == folder and d in EXAMPLE_DIRS))
        for name in sorted(files):
            if name in NOT_LINTED or name.startswith("."):
                continue
            out.append(os.path.relpath(os.path.join(root, name), folder))
    return out


def plan(folder):
    """The rule selected, check's extra arguments, and the editor's settings; None when the
    folder's arguments have no editor equivalent (said in the output)."""
    name = os.path.basename(folder)
    rule = name if re.fullmatch(r"[A-Z]{3}\d{3}", name) else None
    args_file = os.path.join(folder, "ARGS")
    words = shlex.split(open(args_file).read()) if os.path.exists(args_file) else []
    select_ids = [rule] if rule else []
    settings = {}
    paths = []
    i = 0
    while i < len(words):
        w = words[i]
        if w == "--triton":
            settings["triton"] = words[i + 1].split(",")
            i += 2
        elif w == "--select":
            select_ids = words[i + 1].split(",")
            i += 2
        elif w.startswith("-"):
            return None
        else:
            paths.append(w)
            i += 1
    if select_ids:
        settings["select"] = select_ids
    return rule, select_ids, settings, paths


def compare(label, folder, rule, expected, got, files, problems):
    expected = {f for f in expected if f[0] in files}
    got = {f for f in got if f[0] in files}
    for what, diff in (("missing", expected - got), ("extra", got - expected)):
        for f in sorted(diff):
            reason = KNOWN_DIFFERENCES.get((label, os.path.basename(folder), f[5]))
            if reason is None:
                problems.append(f"{os.path.basename(folder)}: {label}: {what} {f[0]}:{f[1]}:{f[2]} {f[5]} {f[6]}")


def check_folder(binary, folder):
    problems, notes = [], []
    p = plan(folder)
    if p is None:
        return problems, [f"{os.path.basename(folder)}: skipped: its ARGS have no editor equivalent"]
    rule, select_ids, settings, paths = p
    sel = ["--select", ",".join(select_ids)] if select_ids else []
    flags = sel + [f"--triton={','.join(settings['triton'])}"] if "triton" in settings else sel
    reference = {(f[0], *f[1:]) for f in check_json(binary, folder, [".", *paths, *flags, "--extend-exclude", ",".join(EXAMPLE_DIRS)])}
    reference = lsp_messages_compare(reference)
    files = folder_files(folder)
    recipes = [f for f in files if f.endswith(RECIPE_EXT)]
    editable = [f for f in files if f.endswith(RECIPE_EXT + PAYLOAD_EXT + HIP_EXT)]

    for label, opened in (("lsp-all", editable), ("lsp-recipe", recipes)):
        if not opened:
            continue
        lsp = Lsp(binary, folder, settings)
        try:
            lsp.open_all(opened)
            compare(label, folder, rule, reference, lsp_messages_compare(lsp.findings(select_ids)), set(opened),
                    problems)
        finally:
            lsp.close()
    lsp = Lsp(binary, folder, settings)
    try:
        for f in editable:
            lsp.open_all([f])
            compare("lsp-alone", folder, rule, reference, lsp_messages_compare(lsp.findings(select_ids)), {f},
                    problems)
            lsp.close_file(f)
    finally:
        lsp.close()

    hookable = [f for f in files if f.endswith(RECIPE_EXT + PAYLOAD_EXT + HIP_EXT + (".json",))]
    for f in hookable:
        got = lsp_messages_compare(check_json(binary, folder, ["--skip-non-recipes", f, *flags], cache=True))
        compare("hook", folder, rule, reference, got, {f}, problems)

    for r in recipes:
        rc, out, err = run([binary, "explain", r, "--format", "json",
                            *([f"--triton={','.join(settings['triton'])}"] if "triton" in settings else [])], folder)
        # A recipe explain cannot read is exit 2, with check's report alone.
        report = json.loads(out) if out.strip() else []
        problems_of = report.get("problems", []) if isinstance(report, dict) else report
        got = {key(d) for d in problems_of if not select_ids or d["rule"] in select_ids}
        compare("explain", folder, rule, reference, lsp_messages_compare(got), {r}, problems)
    return problems, notes


def main():
    binary = os.path.abspath(sys.argv[1])
    # The reference runs uncached; the others share a cache of their own, which they check too.
    folders = [os.path.abspath(f) for f in sys.argv[2:]]
    with tempfile.TemporaryDirectory(prefix="one-truth-cache-") as cache, \
            ThreadPoolExecutor(max_workers=2 * (os.cpu_count() or 2)) as pool:
        os.environ["AORTALINT_CACHE_DIR"] = cache
        results = list(pool.map(lambda f: check_folder(binary, f), folders))
    problems = [p for r in results for p in r[0]]
    for r in results:
        for note in r[1]:
            print(note)
    for p in problems:
        print(p)
    print(f"one truth: {len(folders)} folders, {len(problems)} differences")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
