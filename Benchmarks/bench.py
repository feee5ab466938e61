#!/usr/bin/env python3
"""Measures apigen against swift-openapi-generator; run through Benchmarks/run.sh, which builds both.

Every figure is one run of one command, timed here (wall clock) with the peak resident memory of its
largest process (getrusage of the children). Heavy builds run under `nice -n 10`. Results go to
standard output as a Markdown table and to Benchmarks/.work/results.md. Exits 1 when a generation
fails or a no-op regeneration writes any file.
"""

import argparse
import collections
import json
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
WORK = os.path.join(HERE, ".work")
PLAN_LINE = re.compile(r"(\d+) created, (\d+) updated, (\d+) deleted, (\d+) unchanged")
EDITED_API = 2  # a GET API: the edit adds one optional query param to it


class BenchFailure(Exception):
    pass


# One command's cost: wall seconds, peak RSS of its largest process in MiB, CPU seconds (user +
# system, all its processes), and its output (stdout and stderr).
Measured = collections.namedtuple("Measured", "wall mib cpu output")


def run(command, cwd=None, nice=False, check=True):
    """Runs a command in a fresh helper process, so its getrusage counts that command alone."""
    argv = (["nice", "-n", "10"] if nice else []) + command
    helper = (
        "import resource, subprocess, sys, time, json\n"
        "start = time.perf_counter()\n"
        "done = subprocess.run(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)\n"
        "wall = time.perf_counter() - start\n"
        "usage = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
        "cpu = usage.ru_utime + usage.ru_stime\n"
        "sys.stderr.write(json.dumps([wall, usage.ru_maxrss, cpu, done.returncode]) + '\\n')\n"
        "sys.stdout.buffer.write(done.stdout)\n"
    )
    done = subprocess.run([sys.executable, "-c", helper] + argv, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wall, rss_kib, cpu, status = json.loads(done.stderr.decode().strip().splitlines()[-1])
    output = done.stdout.decode(errors="replace")
    if check and status != 0:
        raise BenchFailure("%s failed (exit %d):\n%s" % (" ".join(command), status, output[-4000:]))
    return Measured(wall, rss_kib / 1024.0, cpu, output)


def written_count(output):
    """Files a `generate` wrote, from its 'N created, N updated, N deleted, N unchanged' line."""
    match = PLAN_LINE.search(output)
    if not match:
        raise BenchFailure("no 'created, updated, deleted, unchanged' line in:\n" + output)
    created, updated, deleted, unchanged = (int(group) for group in match.groups())
    return created + updated + deleted, unchanged


def make_specs(count, seed, edit=None):
    folder = os.path.join(WORK, "n%d%s" % (count, "-edit" if edit else ""))
    command = [sys.executable, os.path.join(HERE, "make-specs.py"), "--apis", str(count), "--seed", str(seed), "--out", folder]
    if edit:
        command += ["--edit-api", str(edit)]
    subprocess.run(command, check=True)
    return folder


def mtimes(folder):
    """Path -> st_mtime_ns of every file under folder."""
    found = {}
    for root, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(root, name)
            found[path] = os.stat(path).st_mtime_ns
    return found


def changed_files(before, after):
    return sum(1 for path, stamp in after.items() if before.get(path) != stamp) + sum(1 for path in before if path not in after)


# ----- generation -----

def generation_apigen(apigen, folder, results):
    specs, output = os.path.join(folder, "specs"), os.path.join(folder, "apigen-out")
    shutil.rmtree(output, ignore_errors=True)
    validation = run([apigen, "validate", specs]).output
    if "specs are valid" not in validation:
        raise BenchFailure("apigen validate did not accept the specs:\n" + validation)
    # A render cache of the benchmark's own, emptied first: the first generate renders (and keeps
    # its rendering); `check` and the no-op generate are measured without the cache (`--no-cache`,
    # like for like with swift-openapi-generator), then `check` once more reusing it.
    cache = os.path.join(folder, "render-cache")
    shutil.rmtree(cache, ignore_errors=True)
    os.environ["APIGEN_CACHE_DIR"] = cache
    first = run([apigen, "generate", specs, "-o", output])
    created, _ = written_count(first.output)
    results.update(gen_s=first.wall, gen_cpu_s=first.cpu, gen_mib=first.mib, files=created)
    check = run([apigen, "check", "--no-cache", specs, "-o", output])
    results.update(check_s=check.wall, check_cpu_s=check.cpu)
    cached = run([apigen, "check", specs, "-o", output])
    results.update(cached_check_s=cached.wall, cached_check_cpu_s=cached.cpu)
    again = run([apigen, "generate", "--no-cache", specs, "-o", output])
    written, unchanged = written_count(again.output)
    results.update(noop_s=again.wall, noop_cpu_s=again.cpu, noop_written=written)
    if written or unchanged != created:
        raise BenchFailure("no-op generate wrote %d files (%d unchanged of %d)" % (written, unchanged, created))


def peer_generate(peer, openapi, output):
    return run([peer, "generate", "--config", os.path.join(HERE, "Peer", "openapi-generator-config.yaml"),
                "--output-directory", output, openapi])


def generation_peer(peer, folder, results):
    openapi, output = os.path.join(folder, "openapi.yaml"), os.path.join(folder, "peer-out")
    shutil.rmtree(output, ignore_errors=True)
    os.makedirs(output)
    first = peer_generate(peer, openapi, output)
    results.update(peer_gen_s=first.wall, peer_gen_cpu_s=first.cpu, peer_gen_mib=first.mib, peer_files=len(mtimes(output)))
    before = mtimes(output)
    again = peer_generate(peer, openapi, output)
    results.update(peer_noop_s=again.wall, peer_noop_cpu_s=again.cpu)
    results["peer_noop_written"] = changed_files(before, mtimes(output))


# ----- compiling the output -----

def point(link, target):
    """Makes `link` a symbolic link to `target` (both absolute), replacing what was there."""
    os.makedirs(os.path.dirname(link), exist_ok=True)
    os.makedirs(target, exist_ok=True)
    if os.path.islink(link) or os.path.exists(link):
        os.remove(link)
    os.symlink(os.path.relpath(target, os.path.dirname(link)), link)


def object_files(package, target):
    build = os.path.join(package, ".build", "debug", target + ".build")
    return {path: stamp for path, stamp in mtimes(build).items() if path.endswith(".o")} if os.path.isdir(build) else {}


def swift_build(package, target):
    return run(["swift", "build", "--package-path", package, "--target", target], nice=True)


# Files in a module's build folder that SwiftPM writes while planning; the other files directly in it
# are the compiler's (its include/ folder is left alone).
PLANNED_FILES = {"output-file-map.json", "sources"}


def compile_module(package, target, results, prefix):
    """Times a clean debug build of `target` (its dependencies already built), then a null build.

    The compiler's outputs and build record are removed first, so every file is compiled. (Touching
    the sources is not enough: unchanged contents are not recompiled. Removing the whole folder
    breaks SwiftPM's build database.)
    """
    folder = os.path.join(package, ".build", "debug", target + ".build")
    for path in mtimes(folder) if os.path.isdir(folder) else {}:
        if os.path.basename(path) not in PLANNED_FILES and os.path.dirname(path) == folder:
            os.remove(path)
    before = object_files(package, target)
    build = swift_build(package, target)
    rebuilt = sum(1 for path, stamp in object_files(package, target).items() if before.get(path) != stamp)
    results[prefix + "clean_objects"] = rebuilt
    results.update({prefix + "compile_s": build.wall, prefix + "compile_cpu_s": build.cpu, prefix + "compile_mib": build.mib})
    results[prefix + "null_build_s"] = swift_build(package, target).wall


def incremental(package, target, regenerate, results, prefix):
    """Regenerates for the edited spec and counts the object files the next build rewrites."""
    before = object_files(package, target)
    regenerate()
    build = swift_build(package, target)
    after = object_files(package, target)
    results[prefix + "incr_s"], results[prefix + "incr_cpu_s"] = build.wall, build.cpu
    results[prefix + "incr_files"] = sum(1 for path, stamp in after.items() if before.get(path) != stamp)
    results[prefix + "objects"] = len(after)


def compile_apigen(apigen, count, seed, results):
    package = os.path.join(HERE, "Apigen")
    source = os.path.join(WORK, "compile", "apigen")
    shutil.rmtree(source, ignore_errors=True)
    point(os.path.join(package, "Sources", "BenchAPI"), source)
    run([apigen, "generate", os.path.join(make_specs(count, seed), "specs"), "-o", source])
    swift_build(package, "Interactive")  # the runtime, built before the timed build
    compile_module(package, "BenchAPI", results, "")
    edited = os.path.join(make_specs(count, seed, edit=EDITED_API), "specs")

    def regenerate():
        written, _ = written_count(run([apigen, "generate", edited, "-o", source]).output)
        results["edit_written"] = written

    incremental(package, "BenchAPI", regenerate, results, "")


def compile_peer(peer, count, seed, results):
    package = os.path.join(HERE, "Peer", "Client")
    source = os.path.join(WORK, "compile", "peer")
    shutil.rmtree(source, ignore_errors=True)
    point(os.path.join(package, "Sources", "PeerAPI"), source)
    peer_generate(peer, os.path.join(make_specs(count, seed), "openapi.yaml"), source)
    swift_build(package, "OpenAPIRuntime")
    compile_module(package, "PeerAPI", results, "peer_")
    edited = os.path.join(make_specs(count, seed, edit=EDITED_API), "openapi.yaml")
    incremental(package, "PeerAPI", lambda: peer_generate(peer, edited, source), results, "peer_")


# ----- report -----

def ratio(ours, theirs):
    if ours is None or theirs is None or ours <= 0:
        return "n/a"
    return "%.1f×" % (theirs / ours)


def fmt(value, unit=""):
    if value is None:
        return "n/a"
    if isinstance(value, float):
        return ("%.2f" % value if value < 10 else "%.1f" % value) + unit
    return "%d%s" % (value, unit)


def table(rows, peer):
    lines = []
    header = "| N | figure | apigen | swift-openapi-generator | ratio |" if peer else "| N | figure | apigen |"
    lines += [header, "|" + "---|" * (header.count("|") - 1)]
    figures = [
        ("generate (wall)", "gen_s", "peer_gen_s", " s", True),
        ("generate (CPU, user + system)", "gen_cpu_s", "peer_gen_cpu_s", " s", True),
        ("generate (peak memory)", "gen_mib", "peer_gen_mib", " MiB", True),
        ("files generated", "files", "peer_files", "", False),
        ("check (wall)", "check_s", None, " s", False),
        ("check (CPU)", "check_cpu_s", None, " s", False),
        ("check of unchanged specs, rendering reused from the cache (wall)", "cached_check_s", None, " s", False),
        ("check of unchanged specs, from the cache (CPU)", "cached_check_cpu_s", None, " s", False),
        ("no-op generate (wall)", "noop_s", "peer_noop_s", " s", True),
        ("no-op generate (CPU)", "noop_cpu_s", "peer_noop_cpu_s", " s", True),
        ("no-op generate: files written", "noop_written", "peer_noop_written", "", False),
        ("debug compile of the module (wall)", "compile_s", "peer_compile_s", " s", True),
        ("debug compile: object files compiled", "clean_objects", "peer_clean_objects", "", False),
        ("debug compile (CPU, user + system)", "compile_cpu_s", "peer_compile_cpu_s", " s", True),
        ("debug compile (peak memory, largest process)", "compile_mib", "peer_compile_mib", " MiB", True),
        ("null build after it (wall, fixed SwiftPM cost)", "null_build_s", "peer_null_build_s", " s", False),
        ("one API edited: files the generator wrote", "edit_written", None, "", False),
        ("one API edited: object files recompiled", "incr_files", "peer_incr_files", "", False),
        ("one API edited: object files in the module", "objects", "peer_objects", "", False),
        ("one API edited: rebuild (wall)", "incr_s", "peer_incr_s", " s", True),
        ("one API edited: rebuild (CPU)", "incr_cpu_s", "peer_incr_cpu_s", " s", True),
    ]
    for count, result in rows:
        for label, ours, theirs, unit, with_ratio in figures:
            if ours not in result and (theirs is None or theirs not in result):
                continue
            row = "| %s | %s | %s |" % ("{:,}".format(count), label, fmt(result.get(ours), unit))
            if peer:
                their_value = result.get(theirs) if theirs else None
                row += " %s | %s |" % (fmt(their_value, unit) if theirs else "—", ratio(result.get(ours), their_value) if with_ratio else "")
            lines.append(row)
    return "\n".join(lines)


def runtime_section(output):
    return "\n".join(["", "Runtime (requests per second, best of the rounds):", "", "```", output.strip(), "```"])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--apigen", required=True)
    parser.add_argument("--peer", help="swift-openapi-generator binary; without it, apigen only")
    parser.add_argument("--sizes", default="100,1000,3000")
    parser.add_argument("--compile-sizes", default="100,500")
    parser.add_argument("--no-compile", action="store_true")
    parser.add_argument("--compile-only", choices=["apigen", "peer"], help="compile one side's output only")
    parser.add_argument("--runtime-output", help="a file with runtime-bench's output to append")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--label", default="", help="what was measured, printed above the table")
    args = parser.parse_args()
    sizes = [int(size) for size in args.sizes.split(",") if size]
    compile_sizes = [] if args.no_compile else [int(size) for size in args.compile_sizes.split(",") if size]
    results = {}
    try:
        for count in sizes:
            folder = make_specs(count, args.seed)
            result = results.setdefault(count, {})
            generation_apigen(args.apigen, folder, result)
            if args.peer:
                generation_peer(args.peer, folder, result)
            print("measured generation, N=%d: %s" % (count, json.dumps(result)), file=sys.stderr, flush=True)
        for count in compile_sizes:
            result = results.setdefault(count, {})
            if args.compile_only != "peer":
                compile_apigen(args.apigen, count, args.seed, result)
            if args.peer and args.compile_only != "apigen":
                compile_peer(args.peer, count, args.seed, result)
            print("measured compile, N=%d: %s" % (count, json.dumps(result)), file=sys.stderr, flush=True)
    except BenchFailure as failure:
        print("bench: %s" % failure, file=sys.stderr)
        return 1
    report = table(sorted(results.items()), bool(args.peer))
    if args.label:
        report = "Measured: apigen from the %s.\n\n%s" % (args.label, report)
    if args.runtime_output and os.path.exists(args.runtime_output):
        with open(args.runtime_output, encoding="utf-8") as handle:
            report += "\n" + runtime_section(handle.read())
    print(report)
    with open(os.path.join(WORK, "results.md"), "w", encoding="utf-8") as handle:
        handle.write(report + "\n")
    with open(os.path.join(WORK, "results.json"), "w", encoding="utf-8") as handle:
        json.dump(results, handle, indent=1, sort_keys=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
