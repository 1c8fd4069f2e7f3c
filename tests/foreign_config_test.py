#!/usr/bin/env python3
"""Foreign configuration files as aortalint reads them, beside Python's own readers.

Usage: foreign_config_test.py DUMP FIXTURES [GENERATED]

For each file of FIXTURES (fixtures/foreign_configs: NAME.pyproject.toml, NAME.ruff.toml,
NAME.setup.cfg, NAME.tox.ini, NAME.isort.cfg):
- the document: tomllib.loads (TOML), configparser.ConfigParser(strict=False).items(section)
  (INI, as isort reads it) against `DUMP toml|ini`; both refuse the same files;
- the import sorters found (ruff's I001, isort) and their settings, derived from Python's
  document by ruff's and isort's rules, against `DUMP sorters` on a payload beside the file
  under the name it stands for.
GENERATED more TOML files are written beside them: random ruff and isort settings, each table spelt
by chance as a [header], dotted keys or an inline table, keys bare or quoted, strings basic, literal
or escaped, arrays on one line or several with comments and trailing commas.
Exits 1 on any difference, 77 (skipped) without tomllib (Python < 3.11).
"""
import configparser
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

try:
    import tomllib
except ImportError:
    print("foreign_config: Python 3.11's tomllib is missing; skipped")
    sys.exit(77)

# Settings aortalint models; every other one makes a sorter's order "not modelled".
MODELLED = {"force_to_top", "force_sort_within_sections", "line_length", "combine_as_imports", "split_on_trailing_comma"}


def python_doc(path):
    """The document Python's reader gives, or None where it refuses the file."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    try:
        if path.endswith(".toml"):
            return tomllib.loads(text)
        parser = configparser.ConfigParser(strict=False)
        parser.read_string(text)
        return {name: dict(parser.items(name)) for name in parser.sections()}
    except (tomllib.TOMLDecodeError, configparser.Error):
        return None


def ruff_option(ruff, key):
    lint = ruff.get("lint")
    if isinstance(lint, dict) and key in lint:
        return lint[key]
    return ruff.get(key)


def most_specific(selectors):
    """How specifically a select or ignore list names I001: ALL 0, I 1 ... I001 4; -1 not at all."""
    best = -1
    for code in selectors if isinstance(selectors, list) else []:
        if code == "ALL":
            best = max(best, 0)
        elif isinstance(code, str) and code and "I001".startswith(code):
            best = max(best, len(code))
    return best


def expected_order(settings, extra_unmodelled=False):
    keys = {k.replace("-", "_"): v for k, v in settings.items()}
    unmodelled = extra_unmodelled or any(
        k not in MODELLED and not (k == "profile" and v == "black") for k, v in keys.items())
    top = keys.get("force_to_top", [])
    if isinstance(top, str):
        top = top.replace("\n", ",").split(",")
    flag = keys.get("force_sort_within_sections", False)
    if isinstance(flag, str):
        flag = flag.lower() in ("y", "yes", "t", "true", "on", "1")
    return {"force_to_top": [m.strip() for m in top if m.strip()],
            "force_sort_within_sections": flag, "unmodelled": unmodelled}


def expected_sorters(name, doc, text):
    """What ruff and isort take from `doc`, read from the file `name` holding `text`."""
    out = {"isort": False, "ruff": False, "isort_order": expected_order({}),
           "ruff_order": expected_order({})}
    if doc is None:  # a file that does not parse configures the sorters it names, settings unknown
        ruff_file = name.endswith("ruff.toml")
        named = {"isort": name == ".isort.cfg" or (not ruff_file and "isort" in text),
                 "ruff": ruff_file or (name == "pyproject.toml" and "ruff" in text)}
        for s in ("isort", "ruff"):
            out[s] = named[s]
            out[s + "_order"]["unmodelled"] = named[s]
        return out
    if name.endswith("ruff.toml") or name == "pyproject.toml":
        ruff = doc if name.endswith("ruff.toml") else doc.get("tool", {}).get("ruff")
        if isinstance(ruff, dict):
            selected = max(most_specific(ruff_option(ruff, "select")),
                           most_specific(ruff_option(ruff, "extend-select")))
            ignored = max(most_specific(ruff_option(ruff, "ignore")),
                          most_specific(ruff_option(ruff, "extend-ignore")))
            out["ruff"] = selected > ignored
            isort = dict(ruff.get("isort", {}))
            isort.update(ruff.get("lint", {}).get("isort", {}))
            out["ruff_order"] = expected_order(isort, "src" in ruff or "extend" in ruff)
    if name == "pyproject.toml":
        isort = doc.get("tool", {}).get("isort")
        if isinstance(isort, dict):
            out["isort"] = True
            out["isort_order"] = expected_order(isort)
    elif not name.endswith(".toml"):
        sections = ("settings", "isort") if name == ".isort.cfg" else ("isort", "tool:isort")
        settings = {}
        for section in sections:
            settings.update(doc.get(section, {}))
        out["isort"] = name == ".isort.cfg" or any(s in doc for s in sections)
        if out["isort"]:
            out["isort_order"] = expected_order(settings)
    return out


def toml_key(rng, key):
    return rng.choice([key, f'"{key}"', f"'{key}'"])


def toml_value(rng, value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        quoted = rng.choice([f'"{value}"', f"'{value}'", '"' + "".join(f"\\u{ord(c):04x}" for c in value) + '"'])
        return quoted
    items = [toml_value(rng, v) for v in value]
    if rng.random() < 0.5:
        return "[" + ", ".join(items) + "]"
    return "[\n" + "".join(f"  {i},  # item\n" if rng.random() < 0.5 else f"  {i},\n" for i in items) + "]"


def toml_text(rng, table, path=()):
    """`table` written in TOML, each sub-table by chance as a [header], dotted keys or an inline table."""
    body, sections = [], []

    def inline(t):
        return "{ " + ", ".join(f"{toml_key(rng, k)} = " + (inline(v) if isinstance(v, dict) else toml_value(rng, v))
                                for k, v in t.items()) + " }"

    def dotted(prefix, t):
        for k, v in t.items():
            key = prefix + [toml_key(rng, k)]
            if isinstance(v, dict) and v and rng.random() < 0.6:
                dotted(key, v)
            else:
                body.append(".".join(key) + " = " + (inline(v) if isinstance(v, dict) else toml_value(rng, v)))

    for k, v in table.items():
        way = rng.choice(["header", "dotted", "inline"]) if isinstance(v, dict) and v else "value"
        if way == "header":
            sections.append((k, v))
        elif way == "dotted":
            dotted([toml_key(rng, k)], v)
        else:
            body.append(f"{toml_key(rng, k)} = " + (inline(v) if isinstance(v, dict) else toml_value(rng, v)))
    text = "\n".join(body) + "\n"
    for k, v in sections:
        header = ".".join(toml_key(rng, p) for p in path + (k,))
        text += f"\n[{header}]\n" + toml_text(rng, v, path + (k,))
    return text


def generated(rng):
    """A random ruff and isort configuration, as (file name, TOML text) spelt one of many ways."""
    codes = ["E", "F", "I", "I0", "I001", "ALL", "UP"]
    lint = {key: rng.sample(codes, rng.randint(1, 3))
            for key in rng.sample(["select", "extend-select", "ignore"], rng.randint(0, 3))}
    isort = {"force-to-top": rng.sample(["triton.profiler", "triton", "torch"], rng.randint(1, 2)),
             "force-sort-within-sections": rng.random() < 0.5}
    if rng.random() < 0.3:
        isort["known-first-party"] = ["payloads"]
    lint["isort"] = dict(rng.sample(sorted(isort.items()), rng.randint(1, len(isort))))
    ruff = {"line-length": 100, "lint": lint} if rng.random() < 0.7 else {**lint, "line-length": 100}
    if rng.random() < 0.5:
        return "ruff.toml", toml_text(rng, ruff)
    tool = {"ruff": ruff}
    if rng.random() < 0.5:
        tool["isort"] = {k.replace("-", "_"): v for k, v in isort.items()}
    return "pyproject.toml", toml_text(rng, {"project": {"name": "payloads"}, "tool": tool})


def run(dump, mode, paths):
    out = subprocess.run([dump, mode, *paths], check=True, capture_output=True, text=True).stdout
    return [json.loads(line) for line in out.splitlines()]


def main():
    dump, fixtures = sys.argv[1], sys.argv[2]
    files = sorted(os.path.join(fixtures, f) for f in os.listdir(fixtures))
    generated_dir = tempfile.mkdtemp(prefix="foreign-config-")
    rng = random.Random(1)
    for n in range(int(sys.argv[3]) if len(sys.argv) > 3 else 0):
        name, text = generated(rng)
        files.append(os.path.join(generated_dir, f"generated{n}.{name}"))
        with open(files[-1], "w", encoding="utf-8") as f:
            f.write(text)
    failures = []
    for mode, suffixes in (("toml", (".toml",)), ("ini", (".cfg", ".ini"))):
        paths = [p for p in files if p.endswith(suffixes)]
        for ours in run(dump, mode, paths):
            theirs = python_doc(ours["path"])
            if (theirs is None) != (not ours["ok"]) or (theirs is not None and theirs != ours["doc"]):
                failures.append(f"{ours['path']}: Python reads {theirs}, aortalint {ours.get('doc', ours.get('error'))}")
    with tempfile.TemporaryDirectory() as tmp:
        payloads, expected = [], {}
        for path in files:
            name = os.path.basename(path).split(".", 1)[1]
            name = ".isort.cfg" if name == "isort.cfg" else name
            project = os.path.join(tmp, os.path.basename(path))
            os.makedirs(os.path.join(project, ".git"))
            shutil.copy(path, os.path.join(project, name))
            payloads.append(os.path.join(project, "payload.py"))
            with open(path, encoding="utf-8") as f:
                expected[payloads[-1]] = (path, expected_sorters(name, python_doc(path), f.read()))
        for ours in run(dump, "sorters", payloads):
            path, want = expected[ours["path"]]
            got = {"isort": bool(ours["isort"]), "ruff": bool(ours["ruff"])}
            for s in ("isort_order", "ruff_order"):
                got[s] = dict(ours[s], unmodelled=bool(ours[s]["unmodelled"]))
            if got != want:
                failures.append(f"{path}: sorters expected {want}, aortalint found {ours}")
    for f in failures:
        print("foreign_config:", f)
    print(f"foreign_config: {len(files)} files, each read as a document and as a sorter configuration: "
          f"{len(failures)} differences")
    shutil.rmtree(generated_dir)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
