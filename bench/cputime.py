#!/usr/bin/env python3
"""One run of a command, timed as `/usr/bin/time -f "%e %U %S %M"` prints it:
wall seconds, user and system CPU seconds, and peak resident memory in KB,
on one line written to FILE. For machines without GNU time (bench/run.sh uses
it when it is installed); the command's own output goes where this script's does.

    bench/cputime.py FILE COMMAND [ARG...]
"""
import os
import sys
import time

out, argv = sys.argv[1], sys.argv[2:]
start = time.perf_counter()
pid = os.posix_spawnp(argv[0], argv, os.environ)
_, status, usage = os.wait4(pid, 0)
wall = time.perf_counter() - start
with open(out, "w") as f:
    # ru_maxrss is this child's own peak, in KB on Linux.
    f.write(f"{wall:.2f} {usage.ru_utime:.2f} {usage.ru_stime:.2f} {usage.ru_maxrss}\n")
sys.exit(os.waitstatus_to_exitcode(status))
