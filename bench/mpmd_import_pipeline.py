#!/usr/bin/env python3
"""Scaling of -mpmd-import-pipeline on pipeline-parallel programs.

Generates the program a pipeline-parallel training step leaves for Shardy's
MPMD import: N stages, each a transformer block (attention and an MLP with
residuals and a norm) as a named computation `stage<i>` for the forward pass
and `stage<i>`(1) for the backward pass (transpose count 1), M microbatches
unrolled (forward through stages 0..N-1, backward through N-1..0), and, for
every stage and microbatch, the update of the stage's parameters computed
outside the named computations (the sum of its gradients scaled by a
learning rate: left to mesh inference). Stage i is assigned to mesh m<i>:

    mpmd_opt FILE -mpmd-import-pipeline='name-to-mesh-assignment=stage0@m0,...'

For each size (default 10k, 100k, 400k ops, with N=8 stages and M grown to
fit) it reports the pipeline's wall and CPU time (best of --repeat runs,
process startup subtracted) and CPU µs per op, checks that µs/op stays
within ±SLACK (default 20 %) of the smallest size's (--ref picks another),
and times a 64-stage program. Op counts exclude the top-level module.

A module whose IR fits in the last-level cache (10k ops take ~15 MB) runs
faster per op than larger ones for reasons unrelated to the algorithms: on
a machine with a 32 MB L3, upstream passes (-inline, -canonicalize) and
parsing step up by the same 1.5-3x from 10k to 100k ops and stay flat
beyond; compare with --ref 1 to see the passes' own scaling.

With --accumulate, the gradients of every stage are instead accumulated
across microbatches. That chains the backward fragments of a stage across
all microbatches (they carry no call counter), so
-mpmd-merge-user-fragments-into-scheduling-units merges them into one
fragment, one microbatch at a time, rebuilding the growing fragment at each
merge as Shardy's MergeFragments does: O(M^2) in the number of
microbatches, by Shardy's design, not linear (JAX avoids it by
microbatching with mpmd.call ops, whose call counters keep microbatches
apart).

Usage:
    python3 bench/mpmd_import_pipeline.py [--tool build/bin/mpmd_opt]
    python3 bench/mpmd_import_pipeline.py --emit 8,4 > /tmp/pp.mlir   # N=8, M=4

Python 3 stdlib only.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

B, D = 8, 16
H = f"tensor<{B}x{D}xf32>"     # activations
W = f"tensor<{D}x{D}xf32>"     # weights
S = f"tensor<{B}x{B}xf32>"     # attention scores
PARAMS = ["wq", "wk", "wv", "wo", "w1", "w2"]


class Emitter:
    def __init__(self):
        self.lines = []
        self.ops = 0
        self.next = 0

    def val(self):
        self.next += 1
        return f"%v{self.next}"

    def op(self, text):
        self.lines.append("    " + text)
        self.ops += 1


def dot(e, a, b, ta, tb, tr, lhs_c, rhs_c):
    r = e.val()
    e.op(f"{r} = stablehlo.dot_general {a}, {b}, contracting_dims = [{lhs_c}] x [{rhs_c}] "
         f": ({ta}, {tb}) -> {tr}")
    return r


def ew(e, name, *args, t=H):
    r = e.val()
    e.op(f"{r} = stablehlo.{name} {', '.join(args)} : {t}")
    return r


def forward_block(e, h, w, eps):
    """The body of stage<i>: returns (out, residuals...)."""
    q = dot(e, h, w["wq"], H, W, H, 1, 0)
    k = dot(e, h, w["wk"], H, W, H, 1, 0)
    v = dot(e, h, w["wv"], H, W, H, 1, 0)
    s = dot(e, q, k, H, H, S, 1, 1)
    p = ew(e, "logistic", s, t=S)
    a = dot(e, p, v, S, H, H, 1, 0)
    o = dot(e, a, w["wo"], H, W, H, 1, 0)
    r1 = ew(e, "add", h, o)
    sq = ew(e, "multiply", r1, r1)
    den = ew(e, "add", sq, eps)
    n = ew(e, "rsqrt", den)
    r1n = ew(e, "multiply", r1, n)
    f1 = dot(e, r1n, w["w1"], H, W, H, 1, 0)
    g = ew(e, "tanh", f1)
    f2 = dot(e, g, w["w2"], H, W, H, 1, 0)
    out = ew(e, "add", r1, f2)
    return out, [q, k, v, p, a, r1n, n, g]


def backward_block(e, gout, h, res, w, one):
    """The body of stage<i>(1): returns (grad of h, grads of the weights)."""
    q, k, v, p, a, r1n, n, g = res
    dw2 = dot(e, g, gout, H, H, W, 0, 0)
    dg = dot(e, gout, w["w2"], H, W, H, 1, 1)
    gg = ew(e, "multiply", g, g)
    dtanh = ew(e, "subtract", one, gg)
    df1 = ew(e, "multiply", dg, dtanh)
    dw1 = dot(e, r1n, df1, H, H, W, 0, 0)
    dr1n = dot(e, df1, w["w1"], H, W, H, 1, 1)
    dr1 = ew(e, "multiply", dr1n, n)
    dr1 = ew(e, "add", dr1, gout)
    dwo = dot(e, a, dr1, H, H, W, 0, 0)
    da = dot(e, dr1, w["wo"], H, W, H, 1, 1)
    dp = dot(e, da, v, H, H, S, 1, 1)
    dv = dot(e, p, da, S, H, H, 0, 0)
    pp = ew(e, "multiply", p, p, t=S)
    dsig = ew(e, "subtract", p, pp, t=S)
    ds = ew(e, "multiply", dp, dsig, t=S)
    dq = dot(e, ds, k, S, H, H, 1, 0)
    dk = dot(e, ds, q, S, H, H, 0, 0)
    dwq = dot(e, h, dq, H, H, W, 0, 0)
    dwk = dot(e, h, dk, H, H, W, 0, 0)
    dwv = dot(e, h, dv, H, H, W, 0, 0)
    dh = dot(e, dq, w["wq"], H, W, H, 1, 1)
    dh = ew(e, "add", dh, dr1)
    return dh, [dwq, dwk, dwv, dwo, dw1, dw2]


def named_computation(e, name, operands, types, result_types, body):
    """Emits mpmd.named_computation<name> whose region is built by `body`
    on fresh block arguments; returns the result values."""
    args = [e.val() for _ in operands]
    header_args = ", ".join(f"{a}: {t}" for a, t in zip(args, types))
    results = e.val()
    n = len(result_types)
    res_decl = f"{results}:{n}" if n > 1 else results
    e.lines.append(f"    {res_decl} = mpmd.named_computation<{name}> ({', '.join(operands)}) "
                   f"({header_args}) {{")
    e.ops += 1
    inner_start = len(e.lines)
    rets = body(args)
    for i in range(inner_start, len(e.lines)):
        e.lines[i] = "  " + e.lines[i]
    e.lines.append(f"      mpmd.return {', '.join(rets)} : {', '.join(result_types)}")
    e.ops += 1
    rt = result_types[0] if n == 1 else f"({', '.join(result_types)})"
    e.lines.append(f"    }} : ({', '.join(types)}) -> {rt}")
    return [f"{results}#{i}" for i in range(n)] if n > 1 else [results]


def program(stages, microbatches, accumulate=False):
    e = Emitter()
    args, arg_types = [], []
    w = []
    for i in range(stages):
        w.append({})
        for p in PARAMS:
            w[i][p] = f"%{p}_{i}"
            args.append(w[i][p])
            arg_types.append(W)
    xs = [f"%x_{j}" for j in range(microbatches)]
    args += xs
    arg_types += [H] * microbatches
    topology = ", ".join(f'<"m{i}": <["x"=2]>>' for i in range(stages))
    if accumulate:
        out_types = [W] * (stages * len(PARAMS)) + [H] * microbatches
    else:
        out_types = [W] * (stages * microbatches) + [H] * microbatches
    sig = ", ".join(f"{a}: {t}" for a, t in zip(args, arg_types))
    e.lines.append(f"  func.func @main({sig}) -> ({', '.join(out_types)}) attributes "
                   f"{{topology = #mpmd.topology<{topology}>}} {{")
    e.ops += 1
    acc = [[None] * len(PARAMS) for _ in range(stages)]
    updates = []
    dxs = []
    for j in range(microbatches):
        h = [xs[j]]
        residuals = []
        for i in range(stages):
            ws = [w[i][p] for p in PARAMS]

            def fwd(a, i=i):
                wl = dict(zip(PARAMS, a[1:7]))
                eps = e.val()
                e.op(f"{eps} = stablehlo.constant dense<9.999999e-06> : {H}")
                out, res = forward_block(e, a[0], wl, eps)
                return [out] + res
            res_types = [H] * 4 + [S, H, H, H, H]
            outs = named_computation(e, f'"stage{i}"', [h[-1]] + ws, [H] + [W] * 6,
                                     res_types, fwd)
            h.append(outs[0])
            residuals.append(outs[1:])
        g = h[-1]
        for i in reversed(range(stages)):
            ws = [w[i][p] for p in PARAMS]
            res = residuals[i]

            def bwd(a, i=i):
                gout, hin = a[0], a[1]
                r = a[2:10]
                wl = dict(zip(PARAMS, a[10:16]))
                one = e.val()
                e.op(f"{one} = stablehlo.constant dense<1.000000e+00> : {H}")
                dh, dws = backward_block(e, gout, hin, r, wl, one)
                return [dh] + dws
            types = [H, H] + [H, H, H, S, H, H, H, H] + [W] * 6
            outs = named_computation(e, f'"stage{i}"(1)', [g, h[i]] + res + ws, types,
                                     [H] + [W] * 6, bwd)
            g = outs[0]
            if accumulate:
                for k, dw in enumerate(outs[1:]):
                    if acc[i][k] is None:
                        acc[i][k] = dw
                    else:
                        acc[i][k] = ew(e, "add", acc[i][k], dw, t=W)
            else:
                # this microbatch's update of the stage, left to mesh inference
                total = outs[1]
                for dw in outs[2:]:
                    total = ew(e, "add", total, dw, t=W)
                lr = e.val()
                e.op(f"{lr} = stablehlo.constant dense<-1.000000e-03> : {W}")
                updates.append(ew(e, "multiply", total, lr, t=W))
        dxs.append(g)
    if accumulate:
        rets = [acc[i][k] for i in range(stages) for k in range(len(PARAMS))] + dxs
    else:
        rets = updates + dxs
    e.lines.append(f"    func.return {', '.join(rets)} : {', '.join(out_types)}")
    e.ops += 1
    e.lines.append("  }")
    text = "module {\n" + "\n".join(e.lines) + "\n}\n"
    header = f"// mpmd-import bench: stages={stages} microbatches={microbatches} ops={e.ops}\n"
    return header + text, e.ops


def assignment(stages):
    return ",".join(f"stage{i}@m{i}" for i in range(stages))


def timed(cmd):
    """(wall seconds, CPU seconds) of one run; exits on failure."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    err = p.stderr.read()
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode:
        sys.exit(f"{' '.join(cmd[:2])} ... failed:\n{err[:2000]}")
    return wall, ru.ru_utime + ru.ru_stime


def run_once(tool, path, stages):
    return timed([tool, path, f"-mpmd-import-pipeline=name-to-mesh-assignment={assignment(stages)}",
                  "-o", os.devnull])


def startup(tool, tmp):
    path = os.path.join(tmp, "empty.mlir")
    with open(path, "w") as f:
        f.write("module {}\n")
    runs = [timed([tool, path, "-o", os.devnull]) for _ in range(5)]
    return min(w for w, _ in runs), min(c for _, c in runs)


def measure(tool, tmp, stages, microbatches, repeat, base, accumulate):
    text, ops = program(stages, microbatches, accumulate)
    path = os.path.join(tmp, f"pp_{stages}_{microbatches}.mlir")
    with open(path, "w") as f:
        f.write(text)
    runs = [run_once(tool, path, stages) for _ in range(repeat)]
    wall = min(w for w, _ in runs) - base[0]
    cpu = min(c for _, c in runs) - base[1]
    return ops, wall, cpu


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tool", default="build/bin/mpmd_opt")
    ap.add_argument("--sizes", default="10000,100000,400000")
    ap.add_argument("--stages", type=int, default=8)
    ap.add_argument("--big-stages", type=int, default=64)
    ap.add_argument("--big-microbatches", type=int, default=8)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--slack", type=float, default=0.20)
    ap.add_argument("--ref", type=int, default=0,
                    help="the row (0-based, of --sizes) the others are compared with")
    ap.add_argument("--accumulate", action="store_true",
                    help="accumulate each stage's gradients across microbatches (see above)")
    ap.add_argument("--emit", metavar="N,M", help="print the program for N stages, M microbatches")
    a = ap.parse_args()
    if a.emit:
        n, m = (int(x) for x in a.emit.split(","))
        sys.stdout.write(program(n, m, a.accumulate)[0])
        return 0
    per_mb = program(a.stages, 1, a.accumulate)[1]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        base = startup(a.tool, tmp)
        print(f"process startup {base[0] * 1e3:.1f} ms wall, {base[1] * 1e3:.1f} ms CPU "
              "(subtracted)")
        print(f"{'stages':>6} {'microbatches':>12} {'ops':>8} {'wall (s)':>9} {'CPU (s)':>8} "
              f"{'us/op':>7}  (us/op from CPU time: the machine may be shared)")

        def row(n, m):
            ops, wall, cpu = measure(a.tool, tmp, n, m, a.repeat, base, a.accumulate)
            print(f"{n:>6} {m:>12} {ops:>8} {wall:>9.3f} {cpu:>8.3f} {cpu / ops * 1e6:>7.2f}",
                  flush=True)
            return ops, cpu / ops * 1e6
        for size in (int(s) for s in a.sizes.split(",")):
            rows.append(row(a.stages, max(1, round(size / per_mb))))
        row(a.big_stages, a.big_microbatches)
    ref = rows[a.ref][1]
    bad = [(o, u) for o, u in rows if abs(u - ref) > a.slack * ref]
    for o, u in bad:
        print(f"FAIL: {u:.2f} us/op at {o} ops is more than {a.slack:.0%} from {ref:.2f}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
