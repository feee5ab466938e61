#!/usr/bin/env bash
# What a debug build of a generated module costs, job by job, in instructions (robust to the load of
# a shared machine, unlike CPU seconds). Lists the compiler jobs a debug batch-mode build (-j2, as
# SwiftPM runs it) makes of the module, then counts the instructions of the chosen ones with
# cachegrind (about 50× slower than the job itself).
#
#   bash Benchmarks/frontend-cost.sh GENERATED MODULES [JOB...] [-- SWIFTC-FLAG...]
#
# GENERATED is a folder `apigen generate` wrote; MODULES holds Interactive.swiftmodule (e.g.
# .build/debug/Modules). JOB is a 1-based index among the jobs that compile files, or `emit` for the
# emit-module job; without one, the jobs are only listed. Flags after `--` go to swiftc, e.g.
# `-- -driver-batch-size-limit 1` (one job per file) or `-- -driver-batch-count 2`.
set -euo pipefail
[[ $# -ge 2 ]] || { sed -n 2,12p "$0" >&2; exit 2; }
generated="$(cd "$1" && pwd)" modules="$(cd "$2" && pwd)"
shift 2
jobs=() flags=()
while [[ $# -gt 0 && $1 != "--" ]]; do jobs+=("$1"); shift; done
[[ $# -gt 0 ]] && shift && flags=("$@")

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
find "$generated" -name '*.swift' | sort >files.txt
swiftc -module-name BenchAPI -parse-as-library -swift-version 6 -Onone -g -enable-batch-mode -j2 \
    -c -emit-module -emit-module-path BenchAPI.swiftmodule -I "$modules" "${flags[@]}" $(cat files.txt) -### >all.txt
grep -- "-primary-file" all.txt >compile.txt || true
grep -- "-frontend -emit-module" all.txt >emit.txt || true
echo "$(wc -l <files.txt) files; $(wc -l <compile.txt) compile jobs; files per job:" \
    "$(awk '{print gsub(/-primary-file/, "&")}' compile.txt | sort -n | uniq -c | awk '{printf "%s×%s ", $1, $2}')"
for job in "${jobs[@]}"; do
    if [[ $job == emit ]]; then line="$(cat emit.txt)"; else line="$(sed -n "${job}p" compile.txt)"; fi
    first="$( (grep -o -- '-primary-file [^ ]*' <<<"$line" || true) | head -1 | sed 's#.*/##')"
    count="$(eval "valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null $line" 2>&1 |
        awk '/I *refs/ {gsub(",", "", $4); print $4}')"
    echo "job $job (${first:-emit-module}, $( (grep -o -- '-primary-file' <<<"$line" || true) | wc -l) files): $count instructions"
done
