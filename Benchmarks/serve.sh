#!/bin/bash
# Requests per second of apigen-serve: 64 concurrent keep-alive connections on loopback (wrk), a small
# mock (GET /api/v2/items/1, ItemQueryV2: an item in the Shop envelope), release build, no request log.
#
#   bash Benchmarks/serve.sh [--duration 10s] [--connections 64] [--path /api/v2/items/1]
#
# Needs wrk (Debian: apt-get install wrk). Prints wrk's report; the figure is its Requests/sec.
set -euo pipefail
cd "$(dirname "$0")/.."

duration=10s connections=64 path=/api/v2/items/1
while [[ $# -gt 0 ]]; do
  case "$1" in
    --duration) duration=$2; shift 2 ;;
    --connections) connections=$2; shift 2 ;;
    --path) path=$2; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
command -v wrk >/dev/null || { echo "serve.sh: wrk is not installed (apt-get install wrk)" >&2; exit 1; }

scratch=.build-bench-serve
swift build -c release --product apigen-serve --scratch-path "$scratch"
binary="$scratch/release/apigen-serve"

log=$(mktemp)
"$binary" Specs/ --port 0 --quiet >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null; rm -f "$log"' EXIT
port=""
for _ in $(seq 1 200); do
  port=$(sed -n 's#.*http://127.0.0.1:\([0-9]*\)/.*#\1#p' "$log")
  [[ -n "$port" ]] && break
  sleep 0.1
done
[[ -n "$port" ]] || { echo "serve.sh: the server did not start:" >&2; cat "$log" >&2; exit 1; }

curl -sf "http://127.0.0.1:$port$path" >/dev/null  # one request to check the route answers 200
echo "apigen-serve on port $port; $(nproc) cores; load average: $(cut -d' ' -f1-3 /proc/loadavg)"
wrk -t2 -c"$connections" -d"$duration" --latency "http://127.0.0.1:$port$path"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
