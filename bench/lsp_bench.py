#!/usr/bin/env python3
"""LSP latency: a one-character edit in a 5,000-line payload, timed from the
didChange leaving the client to the publishDiagnostics that answers it.

    python3 bench/lsp_bench.py build/aortalint [--lines 5000] [--edits 50] [--modes incremental,paired]

Edits are spaced wider than the server's debounce, as keystrokes are, so each
one is analysed on arrival. `incremental` sends a one-character range (the
tree-sitter tree is edited and re-used); `full` sends the whole text (the
payload is parsed from scratch); `paired` has the payload's recipe open too,
so each edit re-publishes both files. `--modes` runs some of them only (to profile
one, attach `perf record -p` to the server it starts).
"""
import argparse
import json
import os
import statistics
import subprocess
import tempfile
import time


class Client:
    def __init__(self, binary):
        self.proc = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.next_id = 1

    def send(self, message):
        body = json.dumps(message).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def recv(self):
        length = None
        while True:
            line = self.proc.stdout.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        return json.loads(self.proc.stdout.read(length))

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while True:
            m = self.recv()
            if m.get("id") == self.next_id:
                return m

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def wait_published(self, uris, version=None):
        """Waits until every uri in `uris` was published (the edited one at `version`)."""
        left = set(uris)
        while left:
            m = self.recv()
            if m.get("method") != "textDocument/publishDiagnostics":
                continue
            p = m["params"]
            if version is not None and p.get("version") not in (None, version) and p["uri"] == uris[0]:
                continue
            left.discard(p["uri"])

    def close(self):
        self.request("shutdown", None)
        self.notify("exit", None)
        self.proc.wait(timeout=10)


def payload_text(lines):
    head = ["import torch", "import triton.profiler as proton", "", ""]
    body = []
    i = 0
    while len(head) + len(body) < lines - 4:
        body += [f"def step_{i}(x):", f"    y = x * {i} + 1", "    return torch.relu(y)", ""]
        i += 1
    tail = ['if __name__ == "__main__":', '    proton.start("run")', "    step_0(torch.ones(4))", "    proton.finalize()"]
    return "\n".join(head + body + tail) + "\n"


RECIPE = """schema_version: 1
mode: probe
trials: 1
mitigation_axis: [none]
diagnostic_axis: [none]
collect:
  proton:
    mode: cli
"""


def run(binary, lines, edits, mode):
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "payload.py")
        text = payload_text(lines)
        with open(path, "w") as f:
            f.write(text)
        with open(os.path.join(tmp, "recipe.yaml"), "w") as f:
            f.write(RECIPE)
        uri = "file://" + path
        recipe_uri = "file://" + os.path.join(tmp, "recipe.yaml")
        c = Client(binary)
        c.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
        c.notify("initialized", {})
        c.notify("textDocument/didOpen",
                 {"textDocument": {"uri": uri, "languageId": "python", "version": 1, "text": text}})
        c.wait_published([uri])
        uris = [uri]
        if mode == "paired":
            c.notify("textDocument/didOpen",
                     {"textDocument": {"uri": recipe_uri, "languageId": "yaml", "version": 1, "text": RECIPE}})
            c.wait_published([recipe_uri])
            uris = [uri, recipe_uri]
        # The edit: the digit in `y = x * 1 + 1` near the middle of the file, toggled.
        target_line = next(i for i, l in enumerate(text.split("\n")) if l.startswith("    y = x *") and i > lines // 2)
        column = len("    y = x * ")
        samples = []
        chars = "2345678901"
        for n in range(edits):
            time.sleep(0.08)  # wider than the 50 ms debounce, like keystrokes
            ch = chars[n % len(chars)]
            version = n + 2
            if mode == "full":
                lines_now = text.split("\n")
                line = lines_now[target_line]
                lines_now[target_line] = line[:column] + ch + line[column + 1:]
                text = "\n".join(lines_now)
                change = {"text": text}
            else:
                change = {"range": {"start": {"line": target_line, "character": column},
                                    "end": {"line": target_line, "character": column + 1}}, "text": ch}
            start = time.perf_counter()
            c.notify("textDocument/didChange",
                     {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]})
            c.wait_published(uris, version)
            samples.append((time.perf_counter() - start) * 1000)
        c.close()
        return samples


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("--lines", type=int, default=5000)
    ap.add_argument("--edits", type=int, default=50)
    ap.add_argument("--modes", default="incremental,full,paired",
                    help="comma-separated, of incremental, full and paired")
    args = ap.parse_args()
    modes = args.modes.split(",")
    for mode in modes:
        if mode not in ("incremental", "full", "paired"):
            ap.error(f"--modes: '{mode}' is not a mode; name incremental, full or paired")
    print(f"payload: {args.lines} lines; {args.edits} one-character edits per mode; times in ms")
    print(f"{'mode':<12} {'median':>8} {'p95':>8} {'max':>8}")
    for mode in modes:
        s = sorted(run(args.binary, args.lines, args.edits, mode))
        p95 = s[min(len(s) - 1, int(round(0.95 * (len(s) - 1))))]
        print(f"{mode:<12} {statistics.median(s):8.2f} {p95:8.2f} {s[-1]:8.2f}")


if __name__ == "__main__":
    main()
