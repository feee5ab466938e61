#!/usr/bin/env bash
# Requests per second and CPU time per request of raw URLSession and the Executor, as medians of
# several alternating runs, for one or more runtime-bench binaries (e.g. before and after a change).
#
#   bash Benchmarks/Runtime/wall-medians.sh RUNTIME_BENCH [RUNTIME_BENCH…]    # RUNS=5 REQUESTS=3000
#
# Each run is `runtime-bench --only MODE --requests N --rounds 1` (200 warm-up requests, then one
# sequential and one 64-in-flight round); the modes and binaries take turns, so a burst of load on a
# shared machine hits them alike. Prints `binary mode in-flight req/s cpu-µs/req` medians, then each
# binary's `ratio in-flight rate-ratio cpu-ratio` (Executor over raw URLSession). Needs the loopback
# server and LoopbackAPI that run.sh sets up, like the binary itself. Report `uptime` beside it.
set -euo pipefail
runs="${RUNS:-5}" requests="${REQUESTS:-3000}"
out="$(mktemp)"
trap 'rm -f "$out"' EXIT
for _ in $(seq "$runs"); do
    for bin in "$@"; do
        for mode in raw-urlsession executor; do
            "$bin" --only "$mode" --requests "$requests" --rounds 1 | sed "s|^|$bin |" >>"$out"
        done
    done
done
python3 - "$out" <<'PY'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    binary, mode, inflight, rate, cpu = line.split()
    rows.setdefault((binary, mode, inflight), []).append((float(rate), float(cpu)))
medians = {key: (statistics.median(r for r, _ in v), statistics.median(c for _, c in v)) for key, v in rows.items()}
for (binary, mode, inflight), (rate, cpu) in sorted(medians.items()):
    print(f"{binary} {mode} {inflight} {rate:.0f} {cpu:.0f}")
for binary in dict.fromkeys(b for b, _, _ in medians):
    for inflight in ("1", "64"):
        raw, executor = medians.get((binary, "raw-urlsession", inflight)), medians.get((binary, "executor", inflight))
        if raw and executor:
            print(f"{binary} ratio {inflight} {executor[0] / raw[0]:.3f} {executor[1] / raw[1]:.3f}")
PY
