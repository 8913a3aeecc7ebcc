#!/usr/bin/env python3
"""IR size and parse+print speed per op: sharc against mlir-opt-22.

For each size (default 10k, 100k and 1M ops of bench/gen_module.py's generic
module) runs, alternated K times each,

    TOOL --allow-unregistered-dialect FILE -o /dev/null   (SHARC_STATS=1)
    [BEFORE ...]                                          (an older sharc build)
    REF  --allow-unregistered-dialect FILE -o /dev/null

and prints the median wall and CPU time, µs per op, peak RSS (ru_maxrss of
each child, from os.wait4) and bytes of RSS per op, the ratios against the
reference, and for each sharc binary the memory breakdown by structure that
SHARC_STATS=1 prints (op records, operand uses, values, blocks, attribute
dictionaries, locations, strings, other attributes, types, identifiers,
uniquing tables, parser scratch) in bytes per op.  A report, not a test.

Usage:
    python3 bench/ir_size.py                                  # build/bin/sdy_opt
    python3 bench/ir_size.py --sizes 10000,100000 --repeat 5
    python3 bench/ir_size.py --before /tmp/sdy_opt_old        # before/after

Python 3 stdlib only; Linux (os.wait4).
"""

import argparse
import os
import re
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
import run as benchrun  # noqa: E402  (module generation and child timing)

STAT_LINE = re.compile(r"^sharc:\s{3}(.+?)\s+([0-9.]+) KiB\s+([0-9.]+) B/op$")


def breakdown(stderr):
    """[(structure, KiB, bytes/op)] from a SHARC_STATS=1 run's stderr."""
    rows = []
    for line in stderr.splitlines():
        m = STAT_LINE.match(line.strip("\n"))
        if m:
            rows.append((m.group(1), float(m.group(2)), float(m.group(3))))
    return rows


def measure(tools, path, repeat, timeout):
    """Alternate the tools `repeat` times; per tool its runs."""
    runs = {name: [] for name, _ in tools}
    for _ in range(repeat):
        for name, exe in tools:
            argv = [exe, "--allow-unregistered-dialect", path, "-o", os.devnull]
            runs[name].append(benchrun.run_once(argv, timeout))
    return runs


def summary(runs):
    bad = [r for r in runs if r["rc"] != 0]
    if bad:
        return None, bad[0]
    return {"wall": statistics.median(r["wall"] for r in runs),
            "cpu": statistics.median(r["cpu"] for r in runs),
            "rss_kib": max(r["rss_kib"] for r in runs),
            "stats": breakdown(runs[-1]["err"])}, None


def print_size(ops, sums, ref_name):
    ref = sums[ref_name]
    print("\n%d ops" % ops)
    print("  %-8s %9s %9s %9s %9s %9s %9s %9s" % (
        "tool", "wall s", "cpu s", "us/op", "cpu us/op", "RSS MiB", "RSS B/op",
        "x ref"))
    for name, s in sums.items():
        speed = ref["wall"] / s["wall"] if s["wall"] else 0
        print("  %-8s %9.3f %9.3f %9.2f %9.2f %9.1f %9.0f %5.2fx/%4.2f" % (
            name, s["wall"], s["cpu"], s["wall"] * 1e6 / ops,
            s["cpu"] * 1e6 / ops, s["rss_kib"] / 1024,
            s["rss_kib"] * 1024 / ops, speed, s["rss_kib"] / ref["rss_kib"]))
    print("  (x ref: reference wall / tool wall, then tool RSS / reference RSS)")
    tables = [(n, s["stats"]) for n, s in sums.items() if s["stats"]]
    if not tables:
        return
    print("  IR bytes per op (SHARC_STATS=1):")
    print("    %-24s" % "structure" + "".join("%12s" % n for n, _ in tables))
    for i, (what, _, _) in enumerate(tables[0][1]):
        cells = "".join("%12.1f" % t[i][2] if i < len(t) else "%12s" % "-"
                        for _, t in tables)
        print("    %-24s%s" % (what, cells))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tool", default=os.path.join(ROOT, "build/bin/sdy_opt"))
    ap.add_argument("--before", help="an older sharc binary, measured alongside")
    ap.add_argument("--ref", default="mlir-opt-22")
    ap.add_argument("--sizes", default="10000,100000,1000000")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cache-dir", default=os.path.join(ROOT, "build/bench"))
    ap.add_argument("--timeout", type=float, default=900)
    args = ap.parse_args(argv)

    tools = [("sharc", benchrun.resolve(args.tool))]
    if args.before:
        tools.append(("before", benchrun.resolve(args.before)))
    ref = benchrun.resolve(args.ref)
    if ref:
        tools.append(("ref", ref))
    for name, exe in tools:
        if not exe:
            sys.exit("ir_size: %s not found" % name)
    os.environ["SHARC_STATS"] = "1"  # the reference ignores it
    os.makedirs(args.cache_dir, exist_ok=True)
    print("load average %.2f %.2f %.2f" % os.getloadavg())
    failed = False
    for size in [int(s) for s in args.sizes.split(",")]:
        path, ops = benchrun.ensure_module(args.cache_dir, size, args.seed,
                                           False, 1000)
        runs = measure(tools, path, args.repeat, args.timeout)
        sums = {}
        for name, _ in tools:
            s, bad = summary(runs[name])
            if bad:
                print("%s failed on %s: rc %s %s" % (name, path, bad["rc"],
                                                    bad["err"][:300]))
                failed = True
                continue
            sums[name] = s
        if sums:
            print_size(ops, sums, "ref" if "ref" in sums else "sharc")
    print("\nload average %.2f %.2f %.2f" % os.getloadavg())
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
