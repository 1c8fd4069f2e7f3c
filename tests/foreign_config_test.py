#!/usr/bin/env python3
"""Foreign configuration files as aortalint reads them, beside Python's own readers.

Usage: foreign_config_test.py DUMP FIXTURES

For each file of FIXTURES (fixtures/foreign_configs: NAME.pyproject.toml, NAME.ruff.toml,
NAME.setup.cfg, NAME.tox.ini, NAME.isort.cfg):
- the document: tomllib.loads (TOML), configparser.ConfigParser(strict=False).items(section)
  (INI, as isort reads it) against `DUMP toml|ini`; both refuse the same files;
- the import sorters found (ruff's I001, isort) and their settings, derived from Python's
  document by ruff's and isort's rules, against `DUMP sorters` on a payload beside the file
  under the name it stands for.
Exits 1 on any difference, 77 (skipped) without tomllib (Python < 3.11).
"""
import configparser
import json
import os
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
MODELLED = {"force_to_top", "force_sort_within_sections", "line_length"}


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


def expected_sorters(name, doc):
    """What ruff and isort take from `doc`, read from the file `name`."""
    out = {"isort": False, "ruff": False, "isort_order": expected_order({}),
           "ruff_order": expected_order({})}
    if doc is None:  # a file that does not parse: configured, settings unknown
        sorter = "ruff" if name.endswith("ruff.toml") else "isort" if not name.endswith(".toml") else None
        for s in ("isort", "ruff") if sorter is None else (sorter,):
            out[s] = True
            out[s + "_order"]["unmodelled"] = True
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


def run(dump, mode, paths):
    out = subprocess.run([dump, mode, *paths], check=True, capture_output=True, text=True).stdout
    return [json.loads(line) for line in out.splitlines()]


def main():
    dump, fixtures = sys.argv[1], sys.argv[2]
    files = sorted(os.path.join(fixtures, f) for f in os.listdir(fixtures))
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
            case, name = os.path.basename(path).split(".", 1)
            name = ".isort.cfg" if name == "isort.cfg" else name
            project = os.path.join(tmp, case)
            os.makedirs(os.path.join(project, ".git"))
            shutil.copy(path, os.path.join(project, name))
            payloads.append(os.path.join(project, "payload.py"))
            expected[payloads[-1]] = (path, expected_sorters(name, python_doc(path)))
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
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
