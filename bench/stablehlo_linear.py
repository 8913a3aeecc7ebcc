#!/usr/bin/env python3
"""StableHLO parse+print scaling: time per op must not grow with module size.

Generates deterministic StableHLO modules (element-wise chains, constants,
broadcast_in_dim, dot_general, reduce in both forms, while loops with
regions, compare/select, gather in generic form, custom_call), runs

    TOOL FILE -o /dev/null

for each size (default 10k, 50k, 100k ops), and reports the median wall time
and µs per op. Exits 1 if µs/op at the largest size exceeds SLACK (default 2.5)
times µs/op at the smallest: parsing must stay linear.

Usage:
    python3 bench/stablehlo_linear.py [--tool build/bin/sdy_opt] [--sizes 10000,100000]
    python3 bench/stablehlo_linear.py --emit 1000 > /tmp/s.mlir   # just the module

Python 3 stdlib only.
"""
import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

SHAPES = ["8x16xf32", "16xf32", "4x8x16xf32"]


def gen(ops, seed=1, per_func=1000):
    """Module text and its exact op count (all ops but the module)."""
    rng = random.Random(seed)
    out = []
    count = 0
    fn = 0
    while count < ops:
        budget = min(per_func, ops - count)
        out.append("func.func @f%d(%%arg0: tensor<8x16xf32>, %%arg1: tensor<16x4xf32>, "
                   "%%arg2: tensor<i32>) -> tensor<8x16xf32> {" % fn)
        count += 2  # func.func + func.return
        vals = ["%arg0"]
        n = 0

        def fresh():
            nonlocal n
            n += 1
            return "%%v%d" % n

        while count < ops and budget > 12:
            k = rng.randrange(10)
            a = rng.choice(vals[-8:])
            b = rng.choice(vals)
            if k < 4:
                op = rng.choice(["add", "multiply", "subtract", "maximum", "divide"])
                v = fresh()
                out.append("  %s = stablehlo.%s %s, %s : tensor<8x16xf32>" % (v, op, a, b))
                vals.append(v)
                count += 1
                budget -= 1
            elif k == 4:
                v = fresh()
                out.append("  %s = stablehlo.%s %s : tensor<8x16xf32>" % (
                    v, rng.choice(["abs", "negate", "tanh", "exponential"]), a))
                vals.append(v)
                count += 1
                budget -= 1
            elif k == 5:
                c, v = fresh(), fresh()
                out.append("  %s = stablehlo.constant dense<%d.5> : tensor<f32>" % (c, rng.randrange(100)))
                out.append("  %s = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<8x16xf32>" % (v, c))
                vals.append(v)
                count += 2
                budget -= 2
            elif k == 6:
                d, v = fresh(), fresh()
                out.append("  %s = stablehlo.dot_general %s, %%arg1, contracting_dims = [1] x [0], "
                           "precision = [DEFAULT, DEFAULT] : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>" % (d, a))
                out.append("  %s = stablehlo.dot_general %s, %%arg1, contracting_dims = [1] x [1] : "
                           "(tensor<8x4xf32>, tensor<16x4xf32>) -> tensor<8x16xf32>" % (v, d))
                vals.append(v)
                count += 2
                budget -= 2
            elif k == 7:
                z, r, v = fresh(), fresh(), fresh()
                out.append("  %s = stablehlo.constant dense<0.0> : tensor<f32>" % z)
                out.append("  %s = stablehlo.reduce(%s init: %s) applies stablehlo.add across dimensions = [1] : "
                           "(tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>" % (r, a, z))
                out.append("  %s = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<8xf32>) -> tensor<8x16xf32>" % (v, r))
                vals.append(v)
                count += 5  # the reduce holds add + return
                budget -= 5
            elif k == 8:
                c, w, p = fresh(), fresh(), fresh()
                out.append("  %s = stablehlo.constant dense<10> : tensor<i32>" % c)
                out.append("  %s:2 = stablehlo.while(%%iterArg = %%arg2, %%iterArg_0 = %s) : tensor<i32>, tensor<8x16xf32>" % (w, a))
                out.append("    cond {")
                out.append("    %s = stablehlo.compare  LT, %%iterArg, %s : (tensor<i32>, tensor<i32>) -> tensor<i1>" % (p, c))
                out.append("    stablehlo.return %s : tensor<i1>" % p)
                out.append("  } do {")
                out.append("    %s_b = stablehlo.add %%iterArg_0, %%iterArg_0 : tensor<8x16xf32>" % p)
                out.append("    stablehlo.return %%iterArg, %s_b : tensor<i32>, tensor<8x16xf32>" % p)
                out.append("  }")
                vals.append(w + "#1")
                count += 6
                budget -= 6
            else:
                v = fresh()
                out.append("  %s = stablehlo.custom_call @target(%s) {backend_config = \"cfg\"} : "
                           "(tensor<8x16xf32>) -> tensor<8x16xf32>" % (v, a))
                vals.append(v)
                count += 1
                budget -= 1
        out.append("  return %s : tensor<8x16xf32>" % vals[-1])
        out.append("}")
        fn += 1
    return "\n".join(out) + "\n", count


def time_run(tool, path, repeat):
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        p = subprocess.run([tool, path, "-o", os.devnull], capture_output=True, text=True)
        times.append(time.perf_counter() - t0)
        if p.returncode:
            sys.exit("tool failed on %s:\n%s" % (path, p.stderr[:2000]))
    return statistics.median(times)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", default="build/bin/sdy_opt")
    ap.add_argument("--sizes", default="10000,50000,100000")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--slack", type=float, default=2.5)
    ap.add_argument("--emit", type=int, help="print a module of this many ops and exit")
    a = ap.parse_args()
    if a.emit:
        sys.stdout.write(gen(a.emit)[0])
        return 0
    startup = None
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        small = os.path.join(tmp, "empty.mlir")
        with open(small, "w") as f:
            f.write("module {}\n")
        startup = time_run(a.tool, small, a.repeat)
        for size in [int(s) for s in a.sizes.split(",")]:
            text, ops = gen(size)
            path = os.path.join(tmp, "s%d.mlir" % size)
            with open(path, "w") as f:
                f.write(text)
            t = time_run(a.tool, path, a.repeat)
            rows.append((ops, t, (t - startup) / ops * 1e6))
    print("%10s %10s %10s" % ("ops", "wall s", "us/op"))
    for ops, t, us in rows:
        print("%10d %10.3f %10.3f" % (ops, t, us))
    first, last = rows[0][2], rows[-1][2]
    if len(rows) > 1 and last > a.slack * max(first, 0.05):
        print("not linear: %.3f us/op at %d ops vs %.3f at %d" % (last, rows[-1][0], first, rows[0][0]))
        return 1
    print("linear: us/op stays within %.1fx" % a.slack)
    return 0


if __name__ == "__main__":
    sys.exit(main())
