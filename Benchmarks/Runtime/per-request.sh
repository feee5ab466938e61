#!/usr/bin/env bash
# Instructions and heap allocations per request of one runtime-bench mode, steady on a busy machine.
#
#   bash Benchmarks/Runtime/per-request.sh RUNTIME_BENCH MODE    # MODE: raw-urlsession, executor, executor-stub
#
# Needs valgrind and a C compiler; the network modes need the loopback server and the generated
# LoopbackAPI that run.sh sets up (the binary has its port compiled in). Each count is the difference
# between a run of 600 and one of 100 requests per round (each run: 200 warm-up requests, then one
# sequential and one 64-in-flight round), so start-up and warm-up cancel out: (600 - 100) x 2 requests.
# valgrind 3.19 cannot read the DWARF 5 that Swift 6.3 writes, so a copy without debug info is profiled.
set -euo pipefail
bin="$1" mode="$2"
here="$(cd "$(dirname "$0")" && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
strip -g -o "$tmp/bench" "$bin"
cc -O2 -shared -fPIC -o "$tmp/malloccount.so" "$here/malloccount.c"
declare -A ir mallocs
for n in 100 600; do
    ir[$n]="$(valgrind --tool=callgrind --callgrind-out-file="$tmp/cg-$n.out" "$tmp/bench" --only "$mode" --requests "$n" --rounds 1 2>&1 >/dev/null \
        | sed -n 's/.*Collected : \([0-9]*\).*/\1/p')"
    mallocs[$n]="$(LD_PRELOAD="$tmp/malloccount.so" "$tmp/bench" --only "$mode" --requests "$n" --rounds 1 2>&1 >/dev/null | sed -n 's/^mallocs //p')"
done
requests=1000
echo "$mode instructions/request $(( (ir[600] - ir[100]) / requests )) allocations/request $(( (mallocs[600] - mallocs[100]) / requests ))"
