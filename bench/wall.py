#!/usr/bin/env python3
"""Wall-clock and CPU time of a command, run N times by posix_spawn (no shell).

    bench/wall.py [--runs N] [--warmup W] [--label TEXT] -- COMMAND [ARG...]

Prints one line: mean, standard deviation, median and minimum wall time, and
the mean CPU (user + system) of the child. For machines without hyperfine
(bench/run.sh uses hyperfine when it is installed); stdout and stderr of the
command go to /dev/null.
"""
import argparse
import os
import resource
import statistics
import sys
import time


def run_once(argv, devnull):
    actions = [(os.POSIX_SPAWN_DUP2, devnull, 1), (os.POSIX_SPAWN_DUP2, devnull, 2)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    pid = os.posix_spawnp(argv[0], argv, os.environ, file_actions=actions)
    os.waitpid(pid, 0)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--warmup", type=int, default=5)
    parser.add_argument("--label", default="")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    argv = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not argv:
        parser.error("no command given after --")
    devnull = os.open(os.devnull, os.O_WRONLY)
    for _ in range(args.warmup):
        run_once(argv, devnull)
    walls, cpus = zip(*(run_once(argv, devnull) for _ in range(args.runs)))
    us = lambda seconds: seconds * 1e6
    print("%-44s %4d runs  mean %9.0f us  sd %7.0f  median %9.0f  min %9.0f  cpu %9.0f us" % (
        args.label or " ".join(argv)[:44], args.runs, us(statistics.mean(walls)),
        us(statistics.pstdev(walls)), us(statistics.median(walls)), us(min(walls)), us(statistics.mean(cpus))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
