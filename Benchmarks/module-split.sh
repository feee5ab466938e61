#!/usr/bin/env bash
# CPU time of a debug build of apigen's output for N APIs, as one module and split in two: the models
# (`Models/`) as `BenchModels`, then the APIs and the service file as `Bench`, which imports it.
#
#   bash Benchmarks/module-split.sh APIGEN N [WORK]    # e.g. .build/release/apigen 2000
#
# Needs a debug build of the package (the Interactive module in .build/debug/Modules). Prints the
# wall and user/system times of each compiler run; docs/performance.md ("Round 4") has the figures.
set -euo pipefail
apigen="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")" n="$2"
root="$(cd "$(dirname "$0")/.." && pwd)"
work="${3:-$root/Benchmarks/.work/module-split/n$n}"
flags=(-c -enable-batch-mode -j 2 -Onone -g -swift-version 6 -parse-as-library -I "$root/.build/debug/Modules")
rm -rf "$work" && mkdir -p "$work"
python3 "$root/Benchmarks/make-specs.py" --apis "$n" --seed 1 --out "$work/src" >/dev/null
"$apigen" generate "$work/src/specs" -o "$work/out" >/dev/null
mapfile -t all < <(find "$work/out" -name '*.swift' | sort)
mapfile -t models < <(find "$work/out" -path '*/Models/*.swift' | sort)
mkdir -p "$work/one" && cd "$work/one"
/usr/bin/time -f "N=$n one module: %e s wall, %U s user, %S s system" swiftc "${flags[@]}" -module-name Bench "${all[@]}"
# The split: the APIs import the models module (every generated declaration is public already).
mkdir -p "$work/split" && cd "$work/split"
cp -r "$work/out" "$work/split-out"
mapfile -t apis < <(find "$work/split-out" -name '*.swift' -not -path '*/Models/*' | sort)
for file in "${apis[@]}"; do sed -i 's/^public import Interactive$/public import Interactive\npublic import BenchModels/' "$file"; done
/usr/bin/time -f "N=$n models module: %e s wall, %U s user, %S s system" \
    swiftc "${flags[@]}" -emit-module -emit-module-path "$work/split/BenchModels.swiftmodule" -module-name BenchModels "${models[@]}"
/usr/bin/time -f "N=$n APIs module: %e s wall, %U s user, %S s system" swiftc "${flags[@]}" -I "$work/split" -module-name Bench "${apis[@]}"
echo "files: ${#models[@]} models, ${#apis[@]} APIs and service"
