#!/usr/bin/env bash
# apigen's benchmarks: generation, no-op regeneration, check, compile cost of the output and runtime
# overhead, side by side with swift-openapi-generator 1.14.3. Prints a Markdown table and writes it
# to Benchmarks/.work/results.md (see docs/performance.md).
#
#   bash Benchmarks/run.sh            # everything: N = 100, 1,000, 3,000; compile N = 100, 500; runtime
#   bash Benchmarks/run.sh --quick    # CI smoke: N = 100, apigen generation only
#
#   bash Benchmarks/run.sh --transfer-only   # peak memory of a 1 GiB upload and download (TRANSFER_MIB=256 for less)
#
# Options: --no-peer, --no-compile, --no-runtime, --transfer (also the transfer memory benchmark),
# --transfer-only, --sizes 100,1000,3000, --compile-sizes 100,500,
# --snapshot (measure an export of HEAD under .work/snapshot/, not the working tree: for a tree that
# others are editing while the benchmark runs).
# Exits non-zero when a build or a generation fails, or when a no-op regeneration writes any file.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bench="$root/Benchmarks"
work="$bench/.work"
mkdir -p "$work"

quick=0 peer=1 compile=1 runtime=1 snapshot=0 transfer=0 transfer_only=0 sizes="100,1000,3000" compile_sizes="100,500"
while [[ $# -gt 0 ]]; do
    case "$1" in
        --quick) quick=1 peer=0 compile=0 runtime=0 sizes="100" ;;
        --no-peer) peer=0 ;;
        --no-compile) compile=0 ;;
        --no-runtime) runtime=0 ;;
        --transfer) transfer=1 ;;
        --transfer-only) transfer=1 transfer_only=1 peer=0 compile=0 ;;
        --snapshot) snapshot=1 ;;
        --sizes) sizes="${2:?--sizes needs a value}"; shift ;;
        --compile-sizes) compile_sizes="${2:?--compile-sizes needs a value}"; shift ;;
        *) echo "run.sh: unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

say() { echo "run.sh: $*" >&2; }

# Builds a release product, retrying when a source file was edited during the build (others work
# in the same tree). Prints the binary's path.
build_release() {
    local package="$1" product="$2" scratch="$3" log="$work/build-$2.log"
    for _ in 1 2 3; do
        if nice -n 10 swift build -c release --package-path "$package" --product "$product" --scratch-path "$scratch" >"$log" 2>&1; then
            echo "$(swift build -c release --package-path "$package" --scratch-path "$scratch" --show-bin-path)/$product"
            return 0
        fi
        grep -q "modified during the build" "$log" || break
        say "a source changed during the build of $product; building again"
    done
    tail -40 "$log" >&2
    say "building $product failed (log: $log)"
    return 1
}

source="$root" scratch="$root/.build-bench"
label="working tree of $(git -C "$root" rev-parse --short HEAD)"
if [[ $snapshot == 1 ]]; then
    source="$work/snapshot/root" scratch="$work/snapshot/.build-bench"
    rm -rf "$source" && mkdir -p "$source"
    git -C "$root" archive HEAD | tar -x -C "$source"
    export APIGEN_BENCH_ROOT="$source"  # read by the manifests of Benchmarks/Apigen and Benchmarks/Runtime
    label="commit $(git -C "$root" rev-parse --short HEAD)"
fi

say "building apigen (release) from the $label"
apigen="$(build_release "$source" apigen "$scratch")"
args=(--apigen "$apigen" --sizes "$sizes" --compile-sizes "$compile_sizes" --label "$label")
[[ $compile == 1 ]] || args+=(--no-compile)

if [[ $peer == 1 ]]; then
    say "building swift-openapi-generator 1.14.3 (release; the first time takes minutes)"
    args+=(--peer "$(build_release "$bench/Peer" swift-openapi-generator "$bench/Peer/.build")")
fi

server_pid=""
stop_server() { if [[ -n "$server_pid" ]]; then kill "$server_pid" 2>/dev/null || true; fi; }
trap stop_server EXIT

if [[ $runtime == 1 ]]; then
    say "runtime benchmark: loopback server, generated client, runtime-bench (release)"
    rm -f "$work/server.port"
    python3 "$bench/Runtime/server.py" --port-file "$work/server.port" &
    server_pid=$!
    for _ in $(seq 50); do [[ -s "$work/server.port" ]] && break; sleep 0.1; done
    port="$(cat "$work/server.port")"
    mkdir -p "$work/runtime/specs"
    sed "s/PORT/$port/" "$bench/Runtime/loopback.yaml" >"$work/runtime/specs/loopback.yaml"
    "$apigen" generate "$work/runtime/specs" -o "$work/runtime/api" >/dev/null
    ln -sfn ../../.work/runtime/api "$bench/Runtime/Sources/LoopbackAPI"
    bench_bin="$(build_release "$bench/Runtime" runtime-bench "$bench/Runtime/.build")"
    if [[ $transfer_only == 0 ]]; then
        "$bench_bin" --requests 5000 --concurrency 64 --rounds 3 | tee "$work/runtime.txt" >&2
    fi
    stop_server
    server_pid=""
    if [[ $transfer == 1 ]]; then
        say "transfer memory benchmark: ${TRANSFER_MIB:-1024} MiB up and down"
        rm -f "$work/transfer.port"
        python3 "$bench/Runtime/transfer_server.py" --port-file "$work/transfer.port" &
        server_pid=$!
        for _ in $(seq 50); do [[ -s "$work/transfer.port" ]] && break; sleep 0.1; done
        "$bench_bin" --only transfer --transfer-port "$(cat "$work/transfer.port")" --transfer-mib "${TRANSFER_MIB:-1024}" | tee "$work/transfer.txt" >&2
        stop_server
        server_pid=""
    fi
    if [[ $transfer_only == 1 ]]; then exit 0; fi
    args+=(--runtime-output "$work/runtime.txt")
else
    rm -f "$work/runtime.txt"
fi

say "measuring (sizes $sizes)"
python3 "$bench/bench.py" "${args[@]}"
