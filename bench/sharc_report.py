#!/usr/bin/env python3
"""The cost of sharc's report against the propagation pipeline it follows.

Runs `sharc propagate` on the transformer-like modules of bench/propagation.py
(its generator, reused: the same deterministic module at each size) with
`--timing`, which makes sharc print the CPU time of each phase on stderr:

    sharc timing: parse    cpu ... wall ...
    sharc timing: pipeline cpu ... wall ...     (the propagation pipeline)
    sharc timing: report   cpu ... wall ...     (building and writing the report)

and prints, per size and mode, the report's CPU time as a share of the
pipeline's (the target of issue 16: at most 20 % at 100k ops), and how the
report's time per op at each size compares with the smallest size (1.00:
linear). Modes: the default table (arguments, results and the values whose
sharding changes), every value (`--all`) as a table, JSON and CSV, and
`sharc explain` (whose pipeline keeps the debugging information, and whose
report indexes it and looks a value up). Each figure is the fastest of
--repeat runs. Ratios only: absolute times depend on the machine.

Usage:
    python3 bench/sharc_report.py [--tool build/bin/sharc] [--sizes 10000,100000]
                                  [--repeat 3]

Exits 1 when the report exceeds the share --limit (default 0.20) at 100k ops.
Python 3 stdlib only.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import propagation  # noqa: E402  (the module generator of bench/propagation.py)

MODES = [
    ("table", ["propagate"], []),
    ("--all table", ["propagate"], ["--all"]),
    ("--all json", ["propagate"], ["--all", "--format", "json"]),
    ("--all csv", ["propagate"], ["--all", "--format", "csv"]),
    ("explain", ["explain"], []),
]

TIMING = re.compile(r"^sharc timing: (\w+)\s+cpu ([0-9.]+) wall ([0-9.]+)$", re.M)


def run(tool, path, mode_args, extra):
    """CPU seconds of each phase of one sharc run."""
    cmd = [tool] + mode_args + [path]
    if mode_args == ["explain"]:
        cmd.append("%1000")
    cmd += extra + ["--timing"]
    p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        sys.exit("sharc failed: %s\n%s" % (" ".join(cmd), p.stderr[-2000:]))
    return {m.group(1): float(m.group(2)) for m in TIMING.finditer(p.stderr)}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tool", default="build/bin/sharc")
    ap.add_argument("--sizes", default="10000,100000")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--limit", type=float, default=0.20)
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    share = {}  # (mode, size) -> report / pipeline
    per_op = {}  # (mode, size) -> report cpu per op
    with tempfile.TemporaryDirectory() as tmp:
        for size in sizes:
            text, ops = propagation.gen(size)
            path = os.path.join(tmp, "p%d.mlir" % size)
            with open(path, "w") as f:
                f.write(text)
            for name, mode_args, extra in MODES:
                best_pipeline, best_report = None, None
                for _ in range(args.repeat):
                    t = run(args.tool, path, mode_args, extra)
                    pl, rep = t.get("pipeline", 0.0), t.get("report", 0.0)
                    best_pipeline = pl if best_pipeline is None else min(best_pipeline, pl)
                    best_report = rep if best_report is None else min(best_report, rep)
                share[(name, size)] = best_report / best_pipeline if best_pipeline else 0.0
                per_op[(name, size)] = best_report / ops
    print("report CPU time / propagation pipeline CPU time (issue 16: <= %.2f at 100k ops)"
          % args.limit)
    print("%-14s" % "mode" + "".join("%12s" % ("%dk ops" % (s // 1000)) for s in sizes)
          + "%14s" % "per-op ratio")
    bad = False
    for name, _, _ in MODES:
        row = "%-14s" % name
        for s in sizes:
            row += "%11.1f%%" % (100 * share[(name, s)])
            if s // 1000 == 100 and name != "explain" and share[(name, s)] > args.limit:
                bad = True
        first, last = per_op[(name, sizes[0])], per_op[(name, sizes[-1])]
        row += "%14.2f" % (last / first if first else 1.0)
        print(row)
    print("(per-op ratio: the report's time per op at %dk ops over that at %dk; 1.00 is linear)"
          % (sizes[-1] // 1000, sizes[0] // 1000))
    if bad:
        print("the report takes more than %d%% of the pipeline's time at 100k ops"
              % (args.limit * 100))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
