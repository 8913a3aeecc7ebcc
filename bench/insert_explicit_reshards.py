#!/usr/bin/env python3
"""Scaling of -sdy-insert-explicit-reshards: time per op must not grow with module size.

Takes the transformer-like modules of bench/propagation.py, propagates them
once (-sdy-basic-propagate, so every op carries the shardings the export
pipeline sees), and writes two inputs per size:

    propagated   the propagation's output as is (few conflicts: the pass
                 mostly finds compatible factor shardings and inserts the
                 all-reduces of sharded contractions);
    conflicts    the same with the "data" and "model" axes swapped in every
                 third op's result shardings, so that ops all over the module
                 need reshards and go through the greedy factor-axes search.

For each input it runs, interleaved, --repeat times:

    TOOL FILE -o /dev/null                                            (parse + print)
    TOOL FILE -sdy-insert-explicit-reshards=enable-full-version=true -o /dev/null

and reports the pass's own wall time from -mlir-timing, the CPU time the
pass adds over parse + print, and both in microseconds per op (each the
fastest of the runs, the one least disturbed by other processes). Exits 1
if the pass's µs/op at some size is more than SLACK (default 20 %) away from
its value at the smallest size.

With --callgrind it also runs the pass once under valgrind's callgrind and
reports the instructions the pass executes (inclusive cost of its run
function) per op: a count that other processes on the machine cannot
disturb, so linearity can be judged on a busy machine too (and the exit
status then follows that column).

Usage:
    python3 bench/insert_explicit_reshards.py [--tool build/bin/sdy_opt] [--sizes 10000,100000,400000]

Python 3 stdlib only.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from propagation import gen, timed  # noqa: E402

PASS_FLAG = "-sdy-insert-explicit-reshards=enable-full-version=true"
PASS_NAME = "InsertExplicitReshardsPass"
RUN_FN = "run_insert_explicit_reshards"


def swap_axes(text):
    """Swaps "data" and "model" in the result shardings of every third op
    that has some."""
    out, k = [], 0
    for line in text.splitlines(True):
        if "sdy.sharding_per_value" in line:
            k += 1
            if k % 3 == 0:
                line = line.replace('"data"', '"@@"').replace('"model"', '"data"').replace(
                    '"@@"', '"model"')
        out.append(line)
    return "".join(out)


def pass_instructions(tool, path, tmp):
    """Instructions executed inside the pass's run function (callgrind)."""
    out = os.path.join(tmp, "callgrind.out")
    p = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out, tool, path,
                        PASS_FLAG, "-o", os.devnull], capture_output=True, text=True)
    if p.returncode:
        sys.exit("callgrind run failed:\n" + p.stderr[-2000:])
    p = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", out],
                       capture_output=True, text=True)
    m = re.search(r"^\s*([0-9,]+) .*:" + RUN_FN + r" ", p.stdout, re.MULTILINE)
    if not m:
        sys.exit("no %s in the callgrind profile" % RUN_FN)
    return int(m.group(1).replace(",", ""))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tool", default="build/bin/sdy_opt")
    ap.add_argument("--sizes", default="10000,100000,400000")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--slack", type=float, default=0.20)
    ap.add_argument("--callgrind", action="store_true",
                    help="also count the pass's instructions under callgrind")
    args = ap.parse_args()
    rows = {}  # variant -> [(ops, pass wall, pass cpu)]
    with tempfile.TemporaryDirectory() as tmp:
        for size in map(int, args.sizes.split(",")):
            text, ops = gen(size)
            src = os.path.join(tmp, "p%d.mlir" % size)
            with open(src, "w") as f:
                f.write(text)
            prop = os.path.join(tmp, "propagated%d.mlir" % size)
            p = subprocess.run([args.tool, src, "-sdy-basic-propagate", "-o", prop],
                               capture_output=True, text=True)
            if p.returncode:
                sys.exit("propagation failed:\n" + p.stderr[:2000])
            conflicts = os.path.join(tmp, "conflicts%d.mlir" % size)
            with open(prop) as f, open(conflicts, "w") as g:
                g.write(swap_axes(f.read()))
            for variant, path in (("propagated", prop), ("conflicts", conflicts)):
                plain, full, wall = [], [], []
                for _ in range(args.repeat):
                    plain.append(timed([args.tool, path, "-o", os.devnull])[0])
                    t, passes = timed([args.tool, path, PASS_FLAG, "-o", os.devnull])
                    full.append(t)
                    wall.append(passes.get(PASS_NAME, 0.0))
                ir = pass_instructions(args.tool, path, tmp) if args.callgrind else 0
                rows.setdefault(variant, []).append(
                    (ops, min(wall), max(min(full) - min(plain), 0.0), min(plain), ir))
    bad = False
    what = "instructions" if args.callgrind else "wall time"
    print("%-11s %9s %10s %11s %10s %10s %9s %9s %6s" % (
        "input", "ops", "pass wall", "wall us/op", "pass cpu", "cpu us/op", "plain cpu",
        "instr/op", "ratio"))
    for variant, vrows in rows.items():
        key = (lambda r: r[4]) if args.callgrind else (lambda r: r[1])
        ref = key(vrows[0]) / vrows[0][0]
        for row in vrows:
            ops, wall, cpu, plain, ir = row
            ratio = (key(row) / ops) / ref if ref else 1.0
            bad |= abs(ratio - 1.0) > args.slack
            print("%-11s %9d %9.3fs %11.3f %9.3fs %10.3f %8.3fs %9.0f %6.2f" % (
                variant, ops, wall, wall / ops * 1e6, cpu, cpu / ops * 1e6, plain, ir / ops, ratio))
    if bad:
        print("pass %s per op varies by more than %d%% across sizes" % (what, args.slack * 100))
        return 1
    print("linear: pass %s per op within %d%% of the smallest size" % (what, args.slack * 100))
    return 0


if __name__ == "__main__":
    sys.exit(main())
