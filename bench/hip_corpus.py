#!/usr/bin/env python3
"""Runs aortalint on a corpus of real HIP programs and counts what it says.

    bench/hip_corpus.py CORPUS [--aortalint BIN] [--jsonl OUT] [--limit N] [--cache-dir DIR] [--std STD]
                       [--sources LIST]

CORPUS holds one directory per project (a clone of a public repository, kept
out of this repository). In each project, every source that looks like HIP
(`.hip`, `.cpp`, `.cc`, `.cu` that includes hip/hip_runtime or defines a
`__global__` function) gets, as a HIP user would write them:
  * a compile_commands.json entry (`hipcc -x hip -std=c++20 -I<its dir>  (--std: another)
    -I<each Common/common/include/utils dir of the project> -o build/f<N>`),
    written as CORPUS/<project>/compile_commands.json (it replaces one there);
  * two probe recipes in CORPUS/<project>/.hip-corpus/: A collects `kernel,marker`
    with `kernel_include_regex` set to the first kernel's name found by a text
    scan, B collects `kernel` with a regex that matches nothing.
`--sources LIST` names the sources instead (one path a line, relative to CORPUS), for
projects whose programs reach HIP only through their headers (composable_kernel's
examples include `ck/...`, never hip_runtime.h, and define no kernel themselves).
Both recipes go to one `aortalint check` process per source; its CPU time and
peak memory are those of the process and its HIP worker (the script is their
subreaper, so the worker is reaped and counted even when `check` leaves it to
exit on its own); the peak is that of the larger of the two. Each `check` runs with
--no-cache, or, with --cache-dir, with that result cache directory (give a new one:
no source is checked twice, so no result is served from it; the HIP parses keep
their precompiled prelude there and reuse it). The output is one table line
per measure: sources whose parse had no Clang error, with missing headers,
with Clang errors (the first error of each is listed), findings per rule,
and the cost (median, p90, max).
"""
import argparse, ctypes, json, os, re, resource, statistics, subprocess, sys, time
from collections import Counter

HIP_EXT = (".hip", ".cpp", ".cc", ".cu", ".cxx")
HEADER_DIRS = {"common", "include", "utils", "inc"}
KERNEL = re.compile(r"__global__\s+(?:[\w:<>,\s\*&]*?\s)?(\w+)\s*\(")


def sources(project, listed=None):
    if listed is not None:
        for path in listed:
            if path.startswith(project + os.sep):
                yield path, open(path, "rb").read().decode("utf-8", "replace")
        return
    for root, dirs, files in os.walk(project):
        dirs[:] = [d for d in dirs if not d.startswith(".") and d != "build"]
        for f in sorted(files):
            if f.endswith(HIP_EXT):
                path = os.path.join(root, f)
                text = open(path, "rb").read().decode("utf-8", "replace")
                if "hip/hip_runtime" in text or "__global__" in text:
                    yield path, text


def header_dirs(project):
    out = []
    for root, dirs, _ in os.walk(project):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        out += [os.path.join(root, d) for d in dirs if d.lower() in HEADER_DIRS]
    return out


def prepare(project, start, std, listed=None):
    includes = header_dirs(project)
    entries, jobs = [], []
    os.makedirs(os.path.join(project, ".hip-corpus"), exist_ok=True)
    for n, (path, text) in enumerate(sources(project, listed), start):
        args = ["hipcc", "-x", "hip", "-std=" + std, "-I" + os.path.dirname(path)]
        args += ["-I" + d for d in includes] + ["-o", f"build/f{n}", "-c", path]
        entries.append({"directory": project, "arguments": args, "file": path})
        kernel = (KERNEL.findall(text) or ["main"])[0]
        recipes = []
        for tag, trace, regex in (("a", "kernel,marker", kernel), ("b", "kernel", "zzz_no_such_kernel")):
            recipe = os.path.join(project, ".hip-corpus", f"f{n}_{tag}.yaml")
            with open(recipe, "w") as out:
                out.write(f"#   aorta sweep run --recipe {os.path.basename(recipe)} -- ./build/f{n}\n"
                          "schema_version: 1\nmode: probe\ntrials: 3\nmitigation_axis: [none]\n"
                          "diagnostic_axis: [none]\ncollect:\n"
                          f"  rocprof: {{trace: \"{trace}\", kernel_include_regex: \"{regex}\"}}\n")
            recipes.append(recipe)
        jobs.append((path, recipes))
    with open(os.path.join(project, "compile_commands.json"), "w") as out:
        json.dump(entries, out, indent=1)
    return jobs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus")
    ap.add_argument("--aortalint", default=os.path.join(os.path.dirname(__file__), "..", "build", "aortalint"))
    ap.add_argument("--jsonl")
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--cache-dir")
    ap.add_argument("--std", default="c++20")
    ap.add_argument("--sources")
    a = ap.parse_args()
    corpus = os.path.abspath(a.corpus)
    listed = None
    if a.sources:
        listed = [os.path.join(corpus, line.strip()) for line in open(a.sources) if line.strip()]
    jobs = []
    for project in sorted(os.listdir(corpus)):
        if os.path.isdir(os.path.join(corpus, project)):
            jobs += prepare(os.path.join(corpus, project), len(jobs), a.std, listed)
    if a.limit:
        jobs = jobs[: a.limit]
    rules, first_errors, results = Counter(), Counter(), []
    clean = missing = errors = 0
    ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER: the orphaned worker comes back to us
    for path, recipes in jobs:
        start = time.perf_counter()
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        cache = ["--cache-dir", a.cache_dir] if a.cache_dir else ["--no-cache"]
        proc = subprocess.Popen([a.aortalint, "check", "--no-config", "--format", "json", "--exit-zero"] + cache
                                + recipes, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        stdout = proc.stdout.read()
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        wall = time.perf_counter() - start
        peak = usage.ru_maxrss
        while True:  # the worker, once it has seen its socket close
            try:
                peak = max(peak, os.wait4(-1, 0)[2].ru_maxrss)
            except ChildProcessError:
                break
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        rss_mb = peak / 1024
        findings = json.loads(stdout or "[]")
        # aortalint names a file below the working directory by its relative path.
        mine = [f for f in findings
                if os.path.abspath(f["path"]) in (path, *recipes) or f["rule"] != "HIP006"]
        hip006 = [f["message"] for f in mine if f["rule"] == "HIP006"]
        has_missing = any("was not found" in m for m in hip006)
        err = [m for m in hip006 if "Clang error" in m]
        if err:
            errors += 1
            first_errors[re.sub(r".*\(first: (.*?)\), and.*", r"\1", err[0])[:160]] += 1
        if has_missing:
            missing += 1
        if not err and not has_missing:
            clean += 1
        for f in mine:
            rules[f["rule"]] += 1
        print(f"{len(results) + 1}/{len(jobs)} {cpu:.2f}s {path}", file=sys.stderr, flush=True)
        results.append({"path": os.path.relpath(path, corpus), "cpu_s": round(cpu, 3), "wall_s": round(wall, 3), "rss_mb": round(rss_mb),
                        "findings": [(f["rule"], f["message"][:300]) for f in mine], "rc": proc.returncode})
    cpus = sorted(r["cpu_s"] for r in results)
    walls = sorted(r["wall_s"] for r in results)
    rss = sorted(r["rss_mb"] for r in results)
    p90 = lambda xs: xs[int(len(xs) * 0.9)] if xs else 0
    print(f"sources: {len(results)}; no Clang error and no missing header: {clean}; "
          f"with a missing header: {missing}; with Clang errors: {errors}")
    print("findings per rule: " + ", ".join(f"{k} {v}" for k, v in sorted(rules.items())))
    if cpus:
        print(f"cpu s (check of 2 recipes + the source): median {statistics.median(cpus):.2f} p90 {p90(cpus):.2f} "
              f"max {cpus[-1]:.2f}; wall median {statistics.median(walls):.2f} max {walls[-1]:.2f}; "
              f"peak MB median {statistics.median(rss):.0f} max {rss[-1]:.0f}")
    for text, count in first_errors.most_common():
        print(f"  {count:3d} x first error: {text}")
    if a.jsonl:
        with open(a.jsonl, "w") as out:
            for r in results:
                out.write(json.dumps(r) + "\n")


if __name__ == "__main__":
    sys.exit(main())
