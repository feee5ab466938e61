#!/usr/bin/env python3
"""Two builds of one command, run in turns: the medians and the per-round ratios of wall and CPU time.

    python3 Benchmarks/paired-runs.py ROUNDS OLD_BINARY NEW_BINARY ARGUMENTS...
    python3 Benchmarks/paired-runs.py 25 /tmp/apigen-old .build-bench/release/apigen \\
        check Benchmarks/.work/n3000/specs -o Benchmarks/.work/n3000/out --no-cache

This machine's speed drifts by up to a factor of two within minutes, so two builds are only compared
side by side: each round runs both (the order alternating), and the ratio new/old of that round is
taken; the medians of those ratios are what a change is judged by. Wall time is measured with
`time.perf_counter` (`/usr/bin/time` rounds to 10 ms), CPU time is the children's user + system
time from `getrusage`. Output goes to /dev/null; a run that fails stops the script.
"""

import resource
import statistics
import subprocess
import sys
import time


def run(binary, arguments):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([binary] + arguments, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    rounds, old, new, arguments = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4:]
    results = {"old": [], "new": []}
    for index in range(rounds):
        order = (("old", old), ("new", new)) if index % 2 == 0 else (("new", new), ("old", old))
        for side, binary in order:
            results[side].append(run(binary, arguments))
    for side in ("old", "new"):
        walls = [wall for wall, _ in results[side]]
        cpus = [cpu for _, cpu in results[side]]
        print("%s: wall median %.4f s, min %.4f s; CPU median %.4f s" % (side, statistics.median(walls), min(walls), statistics.median(cpus)))
    pairs = list(zip(results["old"], results["new"]))
    print("new/old, median of %d rounds: wall %.3f, CPU %.3f" % (
        rounds, statistics.median(n[0] / o[0] for o, n in pairs), statistics.median(n[1] / o[1] for o, n in pairs)))


if __name__ == "__main__":
    main()
