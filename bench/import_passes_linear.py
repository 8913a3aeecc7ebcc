#!/usr/bin/env python3
"""Scaling of the sdy import passes: time per op must not grow with module size.

Generates deterministic modules of many functions with what the import
passes work on (inline and duplicate meshes, size-one axes, shardings on
arguments, results and ops, manual computations, constants and scalar
broadcasts with several users, calls to constant functions, gathers with an
iota batch index, sharding constraints and groups, a main calling every
function), runs

    TOOL FILE -PASS -mlir-timing -o /dev/null

for each pass and size (default 10k, 100k, 400k ops) and reports the pass's
own time from the -mlir-timing report in µs per op. Exits 1 if, for any
pass, µs/op at the largest size exceeds SLACK (default 2.5) times µs/op at
the second smallest: every pass must stay linear. (The smallest module fits
in the caches, which makes it cheaper per op for reasons that have nothing
to do with the algorithm.)

Usage:
    python3 bench/import_passes_linear.py [--tool build/bin/sdy_opt] [--sizes 10000,100000]
    python3 bench/import_passes_linear.py --emit 1000 > /tmp/m.mlir   # just the module

Python 3 stdlib only.
"""
import argparse
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile

PASSES = [
    ("sdy-lift-inlined-meshes", "LiftInlinedMeshesPass"),
    ("sdy-remove-size-one-axes", "RemoveSizeOneAxesPass"),
    ("sdy-manual-axes-cleanup", "ManualAxesCleanupPass"),
    ("sdy-constant-or-scalar-splitter", "ConstantOrScalarSplitterPass"),
    ("sdy-explicit-gather-scatter-batching", "ExplicitGatherScatterBatchingPass"),
    ("sdy-add-data-flow-edges", "AddDataFlowEdgesPass"),
    ("sdy-add-func-data-flow-edges", "AddFuncDataFlowEdgesPass"),
    ("sdy-apply-sharding-constraints", "ApplyShardingConstraintsPass"),
    ("sdy-sharding-group-import", "ShardingGroupImportPass"),
    ("sdy-flatten-call-graph", "FlattenCallGraphPass"),
    ("sdy-import-func-calls", "ImportFuncCallsPass"),
    ("sdy-pre-order-funcs", "PreOrderFuncsPass"),
    ("sdy-propagate-sharding-from-func-to-call", "PropagateShardingFromFuncToCallPass"),
]

T = "tensor<8x16xf32>"
SHARDINGS = [
    '#sdy.sharding<@mesh, [{"x"}, {}]>',
    '#sdy.sharding<@mesh, [{"a", "y"}, {?}]>',
    '#sdy.sharding<@copy, [{}, {"y"}]>',
    '#sdy.sharding<mesh<["x"=2, "y"=4]>, [{"x"}, {}]>',
    '#sdy.sharding<mesh<["p"=2]>, [{}, {"p"}]>',
    '#sdy.sharding<mesh<[], device_ids=[3]>, []>',
]


def gen(ops, seed=1, per_func=500):
    """Module text and its exact op count (all ops but the module)."""
    rng = random.Random(seed)
    out = [
        'sdy.mesh @mesh = <["a"=1, "x"=2, "y"=4]>',
        'sdy.mesh @copy = <["a"=1, "x"=2, "y"=4]>',
        "func.func private @cst() -> %s {" % T,
        "  %%0 = stablehlo.constant dense<1.0> : %s" % T,
        "  %%1 = stablehlo.negate %%0 : %s" % T,
        "  return %%1 : %s" % T,
        "}",
    ]
    count = 6
    fn = 0
    while count < ops:
        budget = min(per_func, ops - count)
        out.append("func.func @f%d(%%arg0: %s {sdy.sharding = %s}, %%arg1: tensor<f32>, "
                   "%%arg2: tensor<4x8xf32>, %%arg3: tensor<4x1xi32>) -> (%s {sdy.sharding = %s}) {"
                   % (fn, T, rng.choice(SHARDINGS), T, rng.choice(SHARDINGS)))
        count += 2  # func.func + func.return
        vals = ["%arg0"]
        n = 0

        def fresh():
            nonlocal n
            n += 1
            return "%%v%d" % n

        while count < ops and budget > 8:
            k = rng.randrange(10)
            a = rng.choice(vals[-8:])
            if k < 3:
                v = fresh()
                out.append("  %s = stablehlo.%s %s, %s {sdy.sharding = #sdy.sharding_per_value<[%s]>} : %s" % (
                    v, rng.choice(["add", "multiply", "maximum"]), a, rng.choice(vals),
                    rng.choice(SHARDINGS)[len("#sdy.sharding"):], T))
                vals.append(v)
                count += 1
                budget -= 1
            elif k == 3:
                c, d, u1, u2 = fresh(), fresh(), fresh(), fresh()
                out.append("  %s = stablehlo.constant dense<2.0> : %s" % (c, T))
                out.append("  %s = stablehlo.negate %s : %s" % (d, c, T))
                out.append("  %s = stablehlo.add %s, %s : %s" % (u1, d, a, T))
                out.append("  %s = stablehlo.multiply %s, %s : %s" % (u2, d, u1, T))
                vals.append(u2)
                count += 4
                budget -= 4
            elif k == 4:
                b, u1, u2 = fresh(), fresh(), fresh()
                out.append("  %s = stablehlo.broadcast_in_dim %%arg1, dims = [] : (tensor<f32>) -> %s" % (b, T))
                out.append("  %s = stablehlo.add %s, %s : %s" % (u1, b, a, T))
                out.append("  %s = stablehlo.subtract %s, %s : %s" % (u2, u1, b, T))
                vals.append(u2)
                count += 3
                budget -= 3
            elif k == 5:
                c, u = fresh(), fresh()
                out.append("  %s = call @cst() : () -> %s" % (c, T))
                out.append("  %s = stablehlo.add %s, %s : %s" % (u, c, a, T))
                vals.append(u)
                count += 2
                budget -= 2
            elif k == 6:
                m, s = fresh(), fresh()
                out.append('  %s = sdy.manual_computation(%s) in_shardings=[<@mesh, [{"y"}, {}]>] '
                           'out_shardings=[<@mesh, [{"y"}, {}]>] manual_axes={"y", "x"} '
                           "(%s: tensor<2x16xf32>) {" % (m, a, s + "a"))
                out.append("    %s = stablehlo.abs %s : tensor<2x16xf32>" % (s, s + "a"))
                out.append("    sdy.return %s : tensor<2x16xf32>" % s)
                out.append("  } : (%s) -> %s" % (T, T))
                vals.append(m)
                count += 3
                budget -= 3
            elif k == 8:
                c = fresh()
                out.append('  %s = sdy.sharding_constraint %s <@mesh, [{"x"}, {?}]> : %s' % (c, a, T))
                vals.append(c)
                count += 1
                budget -= 1
            elif k == 9:
                out.append("  sdy.sharding_group %s group_id=%d : %s" % (a, rng.randrange(4), T))
                count += 1
                budget -= 1
            else:
                i, c, g = fresh(), fresh(), fresh()
                out.append("  %s = stablehlo.iota dim = 0 : tensor<4x1xi32>" % i)
                out.append("  %s = stablehlo.concatenate %s, %%arg3, dim = 1 : "
                           "(tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x2xi32>" % (c, i))
                out.append('  %s = "stablehlo.gather"(%%arg2, %s) {dimension_numbers = #stablehlo.gather<'
                           "offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 1], "
                           "index_vector_dim = 1>, slice_sizes = array<i64: 1, 1>} : "
                           "(tensor<4x8xf32>, tensor<4x2xi32>) -> tensor<4x1xf32>" % (g, c))
                out.append('  "bench.sink"(%s) : (tensor<4x1xf32>) -> ()' % g)
                count += 4
                budget -= 4
        out.append("  return %s : %s" % (vals[-1], T))
        out.append("}")
        fn += 1
    # a main calling every function once, in a chain (the call-graph passes
    # need a main and calls)
    out.append("func.func @main(%%arg0: %s, %%arg1: tensor<f32>, %%arg2: tensor<4x8xf32>, "
               "%%arg3: tensor<4x1xi32>) -> %s {" % (T, T))
    prev = "%arg0"
    for i in range(fn):
        out.append("  %%r%d = call @f%d(%s, %%arg1, %%arg2, %%arg3) : (%s, tensor<f32>, "
                   "tensor<4x8xf32>, tensor<4x1xi32>) -> %s" % (i, i, prev, T, T))
        prev = "%%r%d" % i
    out.append("  return %s : %s" % (prev, T))
    out.append("}")
    count += fn + 2
    return "\n".join(out) + "\n", count


def pass_seconds(tool, path, flag, name, repeat):
    times = []
    for _ in range(repeat):
        p = subprocess.run([tool, "--allow-unregistered-dialect", path, "-" + flag, "-mlir-timing",
                            "-o", os.devnull], capture_output=True, text=True)
        if p.returncode:
            sys.exit("tool failed on %s with -%s:\n%s" % (path, flag, p.stderr[:2000]))
        m = re.search(r"^\s*([0-9.]+) \(\s*[0-9.]+%\)\s+" + re.escape(name) + r"\s*$", p.stderr,
                      re.MULTILINE)
        if not m:
            sys.exit("no timing line for %s in:\n%s" % (name, p.stderr[:2000]))
        times.append(float(m.group(1)))
    return statistics.median(times)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", default="build/bin/sdy_opt")
    ap.add_argument("--sizes", default="10000,100000,400000")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--slack", type=float, default=2.5)
    ap.add_argument("--emit", type=int, help="print a module of this many ops and exit")
    a = ap.parse_args()
    if a.emit:
        sys.stdout.write(gen(a.emit)[0])
        return 0
    sizes = [int(s) for s in a.sizes.split(",")]
    table = {}  # pass -> [(ops, seconds)]
    with tempfile.TemporaryDirectory() as tmp:
        for size in sizes:
            text, ops = gen(size)
            path = os.path.join(tmp, "m%d.mlir" % size)
            with open(path, "w") as f:
                f.write(text)
            for flag, name in PASSES:
                table.setdefault(flag, []).append((ops, pass_seconds(a.tool, path, flag, name, a.repeat)))
    print("%-40s %s" % ("pass \\ us/op at", " ".join("%10d" % s for s in sizes)))
    worst = 1.0
    bad = []
    for flag, _ in PASSES:
        row = [t / ops * 1e6 for ops, t in table[flag]]
        print("%-40s %s" % (flag, " ".join("%10.3f" % us for us in row)))
        ratio = row[-1] / max(row[min(1, len(row) - 1)], 0.05)
        worst = max(worst, ratio)
        if len(row) > 1 and ratio > a.slack:
            bad.append(flag)
    if bad:
        print("not linear: %s" % ", ".join(bad))
        return 1
    print("linear: us/op stays within %.2fx (limit %.1fx)" % (worst, a.slack))
    return 0


if __name__ == "__main__":
    sys.exit(main())
