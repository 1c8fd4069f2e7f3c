#!/usr/bin/env python3
"""The benchmark's Python baseline: aorta's own checks, done aorta's way.

    bench/aorta_baseline.py DIR

For every recipe under DIR (recipe*.yaml / *.yml outside hidden folders):
PyYAML `safe_load`, the top-level checks (mapping, mode, unknown keys, keys of
the other mode, required keys, schema_version), `_parse_collect`'s shapes and
the collectors' option validation (rocprof and proton domains, the queue
interceptor conflict). For every payload (*.py): `ast.parse`, the
import-order walk of `test_proton_payloads_import_proton_before_torch`
(certain / uncertain statements, P < T), and the first `__main__` guard.
It is what a plain script that reuses aorta's approach would cost; the C++
linter's cold run is measured against its CPU time (bench/run.sh).
"""
import ast
import os
import sys

import yaml

BOTH = {"schema_version", "mode", "ticket", "trials", "confound", "collect", "stop_after"}
TRIAGE = {"workload", "steps", "cells", "workload_config", "save_logs", "extra_env", "trial_isolation"}
PROBE = {"mitigation_axis", "diagnostic_axis", "step_time_regex", "collect_paths", "timeout_per_trial",
         "env_passthrough_mode", "custom_patterns", "hang_window_sec", "hang_grace_period_at_start",
         "tier3_vram_growth", "disable_detectors", "disable_detector_tiers", "retain", "redaction"}
REQUIRED = {"triage": ["schema_version", "workload", "trials", "steps", "cells"],
            "probe": ["schema_version", "trials", "mitigation_axis", "diagnostic_axis"]}
COLLECTORS = ["amd_log", "layer_numerics", "numerics", "proton", "rocprof"]
ROCPROF = {"trace", "output_format", "stats", "pmc", "kernel_include_regex", "summary_units"}
TRACE = {"kernel", "hip", "hip_runtime", "memory_copy", "rccl", "marker", "scratch"}
PROTON = {
    "mode": ["cli", "env"], "backend": ["auto", "cupti", "rocprofiler", "roctracer", "instrumentation"],
    "context": ["shadow", "python"], "data": ["tree", "trace"],
    "instrumentation_mode": ["default", "mma", "pcsampling"],
    "granularity": ["cta", "warp", "warp_2", "warp_4", "warp_8", "warp_group", "warp_group_2",
                    "warp_group_4", "warp_group_8"],
    "hook": ["triton"],
}
PROTON_DEFAULTS = {"mode": "cli", "backend": "auto", "context": "shadow", "data": "tree"}
QUEUE_INTERCEPTING = {"auto", "rocprofiler", "roctracer"}


def validate_rocprof(opts):
    unknown = sorted(set(opts) - ROCPROF)
    if unknown:
        raise ValueError("rocprof: unknown option(s) %s; valid: %s" % (unknown, sorted(ROCPROF)))
    for k, v in opts.items():
        if not isinstance(v, str):
            raise ValueError("rocprof option %r: must be a string, got %s" % (k, type(v).__name__))
    trace = opts.get("trace", "kernel")
    tokens = [t for t in trace.replace(",", " ").lower().split() if t]
    if not tokens:
        raise ValueError("rocprof option 'trace': must name at least one domain")
    bad = sorted(set(tokens) - TRACE)
    if bad:
        raise ValueError("rocprof option 'trace': unknown domain(s) %s" % bad)
    if opts.get("output_format", "csv").strip().lower() not in {"csv", "json", "pftrace", "otf2", "rocpd"}:
        raise ValueError("rocprof option 'output_format'")
    if opts.get("stats", "true").strip().lower() not in {"1", "true", "yes", "on", "0", "false", "no", "off"}:
        raise ValueError("rocprof option 'stats': expected a boolean")
    if "kernel_include_regex" in opts and not opts["kernel_include_regex"].strip():
        raise ValueError("rocprof option 'kernel_include_regex': must be non-empty")


def validate_proton(opts):
    unknown = sorted(set(opts) - set(PROTON) - {"backend_mode"})
    if unknown:
        raise ValueError("proton: unknown option(s) %s" % unknown)
    for k, v in opts.items():
        if not isinstance(v, str):
            raise ValueError("proton option %r: must be a string, got %s" % (k, type(v).__name__))
    merged = dict(PROTON_DEFAULTS)
    merged.update({k: v.strip().lower() for k, v in opts.items()})
    for k, domain in PROTON.items():
        if k in merged and merged[k] not in domain:
            raise ValueError("proton option %r: %r is not one of %s" % (k, merged[k], domain))
    knobs = [k for k in ("instrumentation_mode", "granularity") if k in merged]
    if "backend_mode" in merged and knobs:
        raise ValueError("proton option 'backend_mode' conflicts with %s" % knobs)
    if knobs and merged["backend"] != "instrumentation":
        raise ValueError("proton option(s) %s require backend: instrumentation" % knobs)
    if "backend_mode" in merged and merged["backend"] in ("auto", "instrumentation"):
        raise ValueError("proton option 'backend_mode' requires an explicit backend")
    return merged


def parse_collect(label, raw):
    if raw is None:
        return {}
    if isinstance(raw, list):
        out = {}
        for name in raw:
            if not isinstance(name, str):
                raise ValueError("%s: collector names must be strings, got %r" % (label, name))
            out.setdefault(name, {})
    elif isinstance(raw, dict):
        out = {}
        for name, opts in raw.items():
            if opts is None or opts == {}:
                opts = {}
            elif not isinstance(opts, dict) or not all(isinstance(k, str) and isinstance(v, str)
                                                      for k, v in opts.items()):
                raise ValueError("%s.%s: options must be a mapping of string->string" % (label, name))
            out[name] = opts
    else:
        raise ValueError("%s: must be a list of collector names or a mapping" % label)
    unknown = [n for n in out if n not in COLLECTORS]
    if unknown:
        raise ValueError("%s: unknown collector recipe(s) %s; valid: %s" % (label, unknown, COLLECTORS))
    proton = None
    for name, opts in out.items():
        if name == "rocprof":
            validate_rocprof(opts)
        elif name == "proton":
            proton = validate_proton(opts)
    if proton is not None and "rocprof" in out and proton["backend"] in QUEUE_INTERCEPTING:
        raise ValueError("'rocprof' and 'proton' cannot run together with proton backend %r" % proton["backend"])
    return out


def check_recipe(path):
    try:
        with open(path) as f:
            doc = yaml.safe_load(f)
    except (OSError, yaml.YAMLError) as e:
        return ["recipe %s: parse error (%s)" % (path, e)]
    errors = []
    if not isinstance(doc, dict):
        return ["recipe top-level must be a mapping, got %s" % type(doc).__name__]
    mode = doc.get("mode", "triage")
    if mode not in ("triage", "probe"):
        return ["recipe.mode: must be 'triage' or 'probe', got %r" % mode]
    unknown = sorted(set(doc) - BOTH - TRIAGE - PROBE)
    if unknown:
        errors.append("recipe: unknown top-level keys %s" % unknown)
    other = sorted(set(doc) & (PROBE if mode == "triage" else TRIAGE))
    if other:
        errors.append("recipe: keys %s belong to the other mode" % other)
    for key in REQUIRED[mode]:
        if key not in doc:
            errors.append("recipe: missing required key %r" % key)
    v = doc.get("schema_version")
    if isinstance(v, bool) or not isinstance(v, int) or v != 1:
        errors.append("recipe.schema_version: must be the integer 1, got %r" % (v,))
    try:
        parse_collect("recipe.collect", doc.get("collect"))
        for i, cell in enumerate(doc.get("cells") or []):
            if isinstance(cell, dict) and "collect" in cell:
                parse_collect("cells[%d].collect" % i, cell["collect"])
    except ValueError as e:
        errors.append(str(e))
    return errors


def import_order(tree):
    """test_proton_payloads_import_proton_before_torch: (P, T) of the module."""
    proton, torch = [], []

    def paths(node):
        if isinstance(node, ast.Import):
            return [a.name for a in node.names]
        if node.level:
            return []
        return [node.module] + ["%s.%s" % (node.module, a.name) for a in node.names]

    def walk(body, certain):
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                for p in paths(node):
                    if p.startswith("triton.profiler") or p.startswith("triton._C.libproton"):
                        proton.append((node.lineno, certain))
                    if p == "torch" or p.startswith("torch."):
                        torch.append(node.lineno)
            elif isinstance(node, ast.ClassDef):
                walk(node.body, certain)
            elif isinstance(node, (ast.With, ast.AsyncWith)):
                walk(node.body, certain)
            elif isinstance(node, ast.Try) or type(node).__name__ == "TryStar":
                walk(node.body, certain)
                walk(node.finalbody, certain)
                walk(node.orelse, False)
                for h in node.handlers:
                    walk(h.body, False)
            elif isinstance(node, (ast.If, ast.For, ast.AsyncFor, ast.While)):
                walk(node.body, False)
                walk(node.orelse, False)
            elif type(node).__name__ == "Match":
                for case in node.cases:
                    walk(case.body, False)

    walk(tree.body, True)
    certain = [line for line, c in proton if c]
    p = min(certain) if certain else (max(line for line, _ in proton) if proton else None)
    t = min(torch) if torch else None
    return p, t


def check_payload(path):
    with open(path, encoding="utf-8") as f:
        source = f.read()
    try:
        tree = ast.parse(source, filename=path)
    except SyntaxError as e:
        return ["%s: syntax error (%s)" % (path, e)]
    errors = []
    p, t = import_order(tree)
    if p is not None and t is not None and not p < t:
        errors.append("%s imports torch (line %d) before triton.profiler (line %d)" % (path, t, p))
    guard = next((n for n in tree.body if isinstance(n, ast.If) and any(
        isinstance(x, ast.Name) and x.id == "__name__" for x in ast.walk(n.test))), None)
    if guard is None:
        errors.append("%s: no __main__ guard" % path)
    return errors


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    recipes = payloads = findings = 0
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        for name in sorted(filenames):
            path = os.path.join(dirpath, name)
            if name.endswith(".py"):
                payloads += 1
                findings += len(check_payload(path))
            elif name.startswith("recipe") and name.endswith((".yaml", ".yml")):
                recipes += 1
                findings += len(check_recipe(path))
    print("%d recipes, %d payloads, %d findings" % (recipes, payloads, findings))


if __name__ == "__main__":
    main()
