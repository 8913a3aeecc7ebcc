#!/usr/bin/env python3
"""The sdy export and propagation pipelines against plain parse+print.

Takes the transformer-like modules of bench/propagation.py. For each size
(default 10k, 100k and 400k ops) it writes the module, and a propagated
copy of it (-sdy-add-data-flow-edges -sdy-aggressive-propagate, so that it
holds what the export pipeline is given: data flow edges and shardings on
every op), then runs, interleaved, --repeat times:

    TOOL RAW -o /dev/null                                         plain (raw)
    TOOL RAW -sdy-propagation-pipeline -o /dev/null               propagation pipeline
    TOOL PROPAGATED -o /dev/null                                  plain (propagated)
    TOOL PROPAGATED -sdy-export-pipeline -o /dev/null             export pipeline
    TOOL PROPAGATED -sdy-export-pipeline=enable-insert-explicit-collectives=true -o /dev/null
    TOOL FLAT -o /dev/null                                        plain (flat)
    TOOL FLAT -sdy-add-data-flow-edges -sdy-aggressive-propagate
         -sdy-export-pipeline=enable-insert-explicit-collectives=true
         -sdy-convert-global-to-local -o /dev/null               the whole partitioner

FLAT is the same kind of module without its while loops: Shardy's
-sdy-convert-global-to-local does not retype the block arguments of a
while whose carried values are sharded (the module it leaves does not
verify), so the partitioner run takes the loop-free variant.

and reports CPU times (user + sys of the process, the fastest run: the one
least disturbed by other processes), each pipeline's share (its run minus
the plain run of the same input) in microseconds per op, and the ratio of
each run to its plain run. Exits 1 when a pipeline's share per op at some
size is more than SLACK (default 20 %) away from its value at the smallest
size: the pipelines must stay linear in the module size. Issue 12's target
for the propagation pipeline (at most 4x plain parse+print at 100k ops) and
issue 25's for the whole partitioner (at most 5x at 10k and 100k ops) are
printed, not enforced: this is a benchmark, not a test.

Usage:
    python3 bench/export_pipeline.py [--tool build/bin/sdy_opt] [--sizes 10000,100000,400000]

Python 3 stdlib only.
"""
import argparse
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import propagation  # noqa: E402
from propagation import gen, timed  # noqa: E402

RUNS = [
    ("propagation pipeline", "raw", ["-sdy-propagation-pipeline"]),
    ("export pipeline", "propagated", ["-sdy-export-pipeline"]),
    ("export + collectives", "propagated",
     ["-sdy-export-pipeline=enable-insert-explicit-collectives=true"]),
    ("whole partitioner", "flat",
     ["-sdy-add-data-flow-edges", "-sdy-aggressive-propagate",
      "-sdy-export-pipeline=enable-insert-explicit-collectives=true",
      "-sdy-convert-global-to-local"]),
]


def gen_flat(size):
    """gen's module without while loops."""
    loop = propagation.Gen.loop
    propagation.Gen.loop = lambda self, x, *rest: x
    try:
        return gen(size)
    finally:
        propagation.Gen.loop = loop


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tool", default="build/bin/sdy_opt")
    ap.add_argument("--sizes", default="10000,100000,400000")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--slack", type=float, default=0.20)
    args = ap.parse_args()
    rows = []  # (ops, {input: plain cpu}, {run: cpu})
    with tempfile.TemporaryDirectory() as tmp:
        for size in map(int, args.sizes.split(",")):
            text, ops = gen(size)
            inputs = {"raw": os.path.join(tmp, "raw%d.mlir" % size),
                      "propagated": os.path.join(tmp, "propagated%d.mlir" % size),
                      "flat": os.path.join(tmp, "flat%d.mlir" % size)}
            with open(inputs["raw"], "w") as f:
                f.write(text)
            with open(inputs["flat"], "w") as f:
                f.write(gen_flat(size)[0])
            p = subprocess.run([args.tool, inputs["raw"], "-sdy-add-data-flow-edges",
                                "-sdy-aggressive-propagate", "-o", inputs["propagated"]],
                               capture_output=True, text=True)
            if p.returncode:
                sys.exit("propagation failed:\n" + p.stderr[:2000])
            plain = {k: [] for k in inputs}
            runs = {name: [] for name, _, _ in RUNS}
            for _ in range(args.repeat):
                for k, path in inputs.items():
                    plain[k].append(timed([args.tool, path, "-o", os.devnull])[0])
                for name, k, flags in RUNS:
                    runs[name].append(timed([args.tool, inputs[k]] + flags + ["-o", os.devnull])[0])
            rows.append((ops, {k: min(v) for k, v in plain.items()},
                         {k: min(v) for k, v in runs.items()}))
    bad = False
    print("%-22s %9s %10s %10s %11s %7s %6s" % ("run", "ops", "plain cpu", "run cpu", "share us/op",
                                               "ratio", "scale"))
    for name, k, _ in RUNS:
        ref = None
        for ops, plain, runs in rows:
            share = max(runs[name] - plain[k], 0.0) / ops * 1e6
            ref = share if ref is None else ref
            scale = share / ref if ref else 1.0
            bad |= abs(scale - 1.0) > args.slack
            print("%-22s %9d %9.3fs %9.3fs %11.3f %6.2fx %6.2f" % (
                name, ops, plain[k], runs[name], share, runs[name] / plain[k], scale))
    for ops, plain, runs in rows:
        if ops <= 100100:
            print("target (issue 25): whole partitioner at %d ops %.2fx plain parse+print "
                  "(at most 5x)" % (ops, runs["whole partitioner"] / plain["flat"]))
    for ops, plain, runs in rows:
        if ops >= 100000:
            ratio = runs["propagation pipeline"] / plain["raw"]
            print("target (issue 12): propagation pipeline at %d ops %.2fx plain parse+print "
                  "(at most 4x)" % (ops, ratio))
            break
    if bad:
        print("a pipeline's time per op varies by more than %d%% across sizes" % (args.slack * 100))
        return 1
    print("linear: every pipeline's time per op within %d%% of the smallest size"
          % (args.slack * 100))
    return 0


if __name__ == "__main__":
    sys.exit(main())
