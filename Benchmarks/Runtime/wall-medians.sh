#!/usr/bin/env bash
# Requests per second and CPU time per request of raw URLSession and the Executor over it, and of raw
# AsyncHTTPClient and the Executor over AsyncHTTPClientTransport, as medians of several alternating
# runs, for one or more runtime-bench binaries (e.g. before and after a change).
#
#   bash Benchmarks/Runtime/wall-medians.sh RUNTIME_BENCH [RUNTIME_BENCH…]    # RUNS=5 REQUESTS=3000
#
# Each run is `runtime-bench --only MODE --requests N --rounds 1` (200 warm-up requests, then one
# sequential and one 64-in-flight round); the modes and binaries take turns, so a burst of load on a
# shared machine hits them alike. Prints `binary mode in-flight req/s cpu-µs/req` medians, then each
# binary's `ratio in-flight rate-ratio cpu-ratio` (Executor over raw URLSession) and `ratio-ahc` (the
# same over AsyncHTTPClient). Needs the loopback server and LoopbackAPI that run.sh sets up, like the
# binary itself: after run.sh, `python3 Benchmarks/Runtime/server.py --port-file F --port P` with the
# port in Benchmarks/.work/runtime/specs/loopback.yaml. Report `uptime` beside it.
set -euo pipefail
runs="${RUNS:-5}" requests="${REQUESTS:-3000}"
out="$(mktemp)"
trap 'rm -f "$out"' EXIT
for _ in $(seq "$runs"); do
    for bin in "$@"; do
        for mode in raw-urlsession executor raw-asynchttpclient executor-ahc; do
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
        for label, raw_mode, executor_mode in (("ratio", "raw-urlsession", "executor"), ("ratio-ahc", "raw-asynchttpclient", "executor-ahc")):
            raw, executor = medians.get((binary, raw_mode, inflight)), medians.get((binary, executor_mode, inflight))
            if raw and executor:
                print(f"{binary} {label} {inflight} {executor[0] / raw[0]:.3f} {executor[1] / raw[1]:.3f}")
PY
