#!/usr/bin/env python3
"""A chain of mappings, each merging the one before (`<<: *prev`), loads as PyYAML's safe_load loads it.

1,000 links copy half a million pairs: before N30's fix the loader called the chain an alias bomb from
link 708. The whole tree yaml_tree_dump prints is compared with safe_load's value, pair by pair, in order.
    python3 src/python/parity/yaml_merge_chain_test.py build/tests/yaml_tree_dump
"""
import json
import os
import subprocess
import sys
import tempfile

import yaml

LINKS = 1000


def typed(v):
    """safe_load's value as yaml_tree_dump prints a tree (ints, strings, maps and lists are all a chain holds)."""
    if isinstance(v, dict):
        return {"map": [[typed(k), typed(x)] for k, x in v.items()]}
    if isinstance(v, list):
        return [typed(x) for x in v]
    if isinstance(v, bool) or v is None or isinstance(v, str):
        return v
    if isinstance(v, int):
        return {"int": v}
    raise TypeError(type(v))


def main():
    text = ("schema_version: 1\nmode: probe\ntrials: 1\nmitigation_axis: [none]\ndiagnostic_axis: [none]\n"
            "m0: &m0 {k0: 1}\n" + "".join("m%d: &m%d {<<: *m%d, k%d: %d}\n" % (i, i, i - 1, i, i)
                                          for i in range(1, LINKS)) + "collect: []\n")
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "chain.yaml")
        with open(path, "w") as f:
            f.write(text)
        out = subprocess.run([sys.argv[1], path], capture_output=True, text=True, check=True).stdout
    got = json.loads(out)
    if not got["ok"]:
        print("aortalint refused the chain")
        return 1
    want = typed(yaml.safe_load(text))
    if got["value"] != want:
        print("the trees differ")
        return 1
    print("%d links: the same tree as safe_load" % LINKS)
    return 0


if __name__ == "__main__":
    sys.exit(main())
