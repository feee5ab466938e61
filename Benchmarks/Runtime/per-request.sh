#!/usr/bin/env bash
# Instructions and heap allocations per request of one runtime-bench mode, steady on a busy machine.
#
#   bash Benchmarks/Runtime/per-request.sh RUNTIME_BENCH MODE    # MODE: raw-urlsession, executor, executor-stub
#
# Needs valgrind and a C compiler; the network modes need the loopback server and the generated
# LoopbackAPI that run.sh sets up (the binary has its port compiled in). Each count is the difference
# between runs of 600 and of 100 requests per round (each run: 200 warm-up requests, then one
# sequential and one 64-in-flight round), so start-up and warm-up cancel out: (600 - 100) x 2 requests.
# Each run is made REPEAT times (default 5) and the median taken: how often libcurl and Dispatch wake
# up varies from run to run, and one run in five or so costs some 25 M instructions more.
# valgrind 3.19 cannot read the DWARF 5 that Swift 6.3 writes, so a copy without debug info is profiled.
set -euo pipefail
bin="$1" mode="$2" repeat="${REPEAT:-5}"
here="$(cd "$(dirname "$0")" && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
strip -g -o "$tmp/bench" "$bin"
cc -O2 -shared -fPIC -o "$tmp/malloccount.so" "$here/malloccount.c"
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
declare -A ir mallocs
for n in 100 600; do
    ir[$n]="$(for _ in $(seq "$repeat"); do
        valgrind --tool=callgrind --callgrind-out-file=/dev/null "$tmp/bench" --only "$mode" --requests "$n" --rounds 1 2>&1 >/dev/null \
            | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
    done | median)"
    mallocs[$n]="$(for _ in $(seq "$repeat"); do
        LD_PRELOAD="$tmp/malloccount.so" "$tmp/bench" --only "$mode" --requests "$n" --rounds 1 2>&1 >/dev/null | sed -n 's/^mallocs //p'
    done | median)"
done
requests=1000
echo "$mode instructions/request $(( (ir[600] - ir[100]) / requests )) allocations/request $(( (mallocs[600] - mallocs[100]) / requests ))"
