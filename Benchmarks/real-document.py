#!/usr/bin/env python3
"""Compile cost of apigen's output against swift-openapi-generator's for one real OpenAPI document.

    python3 Benchmarks/real-document.py --apigen APIGEN --peer SWIFT_OPENAPI_GENERATOR [--rounds 3] DOC

apigen imports DOC (`apigen import openapi`) and generates its Swift; the peer generates types and
client from the same DOC. Each side's module is then built clean in debug (`swift build --target`,
the packages of Benchmarks/Apigen and Benchmarks/Peer/Client, their runtimes built first), the two
sides taking turns for --rounds rounds so that a burst of load hits both alike. Prints the medians
(wall, CPU = user + system of all compiler processes, peak memory of the largest) and the ratios as a
Markdown table. The same surface on both sides: every operation apigen's import reports as not
imported is named in its output, which the script prints.
"""

import argparse
import os
import shutil
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402  (the benchmark's helpers: run, point, compile_module, peer_generate)


def prepare(apigen, peer, document, work):
    """Imports and generates both sides; returns (apigen files, peer files, import summary line)."""
    specs, apigen_out, peer_out = (os.path.join(work, name) for name in ("specs", "apigen", "peer"))
    for folder in (specs, apigen_out, peer_out):
        shutil.rmtree(folder, ignore_errors=True)
    imported = bench.run([apigen, "import", "openapi", document, "-o", specs]).output
    not_imported = [line for line in imported.splitlines() if "operation not imported" in line]
    summary = [line for line in imported.splitlines() if line.startswith("apigen:")]
    bench.run([apigen, "generate", specs, "-o", apigen_out])
    os.makedirs(peer_out)
    bench.peer_generate(peer, document, peer_out)
    count = lambda folder: sum(len(names) for _, _, names in os.walk(folder))
    return count(apigen_out), count(peer_out), summary, not_imported


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--apigen", required=True)
    parser.add_argument("--peer", required=True)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", choices=["apigen", "peer"], help="compile one side's output only")
    parser.add_argument("document")
    args = parser.parse_args()
    work = os.path.join(bench.WORK, "real-document")
    apigen_files, peer_files, summary, not_imported = prepare(
        os.path.abspath(args.apigen), os.path.abspath(args.peer), os.path.abspath(args.document), work)
    print("\n".join(summary + not_imported), file=sys.stderr)
    apigen_package, peer_package = os.path.join(bench.HERE, "Apigen"), os.path.join(bench.HERE, "Peer", "Client")
    bench.point(os.path.join(apigen_package, "Sources", "BenchAPI"), os.path.join(work, "apigen"))
    bench.point(os.path.join(peer_package, "Sources", "PeerAPI"), os.path.join(work, "peer"))
    bench.swift_build(apigen_package, "Interactive")
    bench.swift_build(peer_package, "OpenAPIRuntime")
    rounds = {"apigen": [], "peer": []}
    for index in range(args.rounds):
        for side, package, target in (("apigen", apigen_package, "BenchAPI"), ("peer", peer_package, "PeerAPI")):
            if args.only and side != args.only:
                continue
            result = {}
            bench.compile_module(package, target, result, "")
            rounds[side].append(result)
            print("round %d %s: %.1f s wall, %.1f s CPU, %.0f MiB" % (
                index + 1, side, result["compile_s"], result["compile_cpu_s"], result["compile_mib"]), file=sys.stderr)
    median = lambda side, key: statistics.median(result[key] for result in rounds[side]) if rounds[side] else float("nan")
    print("| %s | apigen | swift-openapi-generator | ratio |" % os.path.basename(args.document))
    print("|---|---|---|---|")
    print("| files | %d | %d | |" % (apigen_files, peer_files))
    for label, key, unit in (("debug build of the module (wall)", "compile_s", " s"),
                             ("debug build (CPU, user + system)", "compile_cpu_s", " s"),
                             ("debug build (peak memory, largest process)", "compile_mib", " MiB")):
        ours, theirs = median("apigen", key), median("peer", key)
        print("| %s | %.1f%s | %.1f%s | %.1f× |" % (label, ours, unit, theirs, unit, theirs / ours))


if __name__ == "__main__":
    main()
