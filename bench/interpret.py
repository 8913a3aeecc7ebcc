#!/usr/bin/env python3
"""Interpreter speed against this machine's own limits, measured in one run.

Two figures, each a ratio to a limit measured here and now (the machine is
shared and busy, so absolute times say little; ratios taken in the same run
say how close the interpreter gets to what the hardware gives it):

* elementwise: a chain of K f32 elementwise ops (add, multiply, subtract,
  maximum) on a tensor of N elements. Each binary op reads two tensors and
  writes one: 12 bytes per element. Its bandwidth (bytes read + written per
  second) is compared with memcpy's (a copy of the same total size by
  Python's bytearray slice assignment, which is memcpy: bytes read + written
  per second). Target: >= 25 %.
* dot_general: an f32 M x K times K x N matrix product, in GFLOP/s
  (2 M N K flops) per core; the interpreter runs it on one thread.
  Target: >= 1 GFLOP/s.

Fixed costs (process start, parsing, making the input, the final
reduction that keeps the printed result small) cancel out: each program is
run at two sizes (chain lengths K1 < K2, or with and without the dot) and
the difference is what the measured work took. Each measurement is the
minimum of --repeat runs.

Usage:
    python3 bench/interpret.py [--tool build/bin/stablehlo-translate] [--json FILE]

Python 3 stdlib only. Exit status 1 if a run failed; 0 otherwise (the
figures are a report, not a test).
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

OPS = ["add", "multiply", "subtract", "maximum"]


def chain_program(n, k):
    """K binary elementwise ops on two N-element f32 tensors, reduced to a scalar."""
    t = f"tensor<{n}xf32>"
    lines = ["func.func @main() -> tensor<f32> {",
             f"  %x = stablehlo.iota dim = 0 : {t}",
             f"  %y = stablehlo.constant dense<0.5> : {t}"]
    prev = "%x"
    for i in range(k):
        lines.append(f"  %v{i} = stablehlo.{OPS[i % len(OPS)]} {prev}, %y : {t}")
        prev = f"%v{i}"
    lines += ["  %zero = stablehlo.constant dense<0.0> : tensor<f32>",
              f"  %s = stablehlo.reduce({prev} init: %zero) applies stablehlo.add across dimensions = [0]"
              f" : ({t}, tensor<f32>) -> tensor<f32>",
              "  func.return %s : tensor<f32>",
              "}"]
    return "\n".join(lines) + "\n"


def dot_program(m, k, n, with_dot):
    """Inputs made from iotas; with_dot adds the M x K by K x N product."""
    ta, tb, tc = f"tensor<{m}x{k}xf32>", f"tensor<{k}x{n}xf32>", f"tensor<{m}x{n}xf32>"
    lines = ["func.func @main() -> tensor<f32> {",
             f"  %a = stablehlo.iota dim = 1 : {ta}",
             f"  %b = stablehlo.iota dim = 0 : {tb}",
             "  %zero = stablehlo.constant dense<0.0> : tensor<f32>"]
    red = "applies stablehlo.add across dimensions = [0, 1]"
    if with_dot:
        lines.append(f"  %c = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0]"
                     f" : ({ta}, {tb}) -> {tc}")
        lines.append(f"  %s = stablehlo.reduce(%c init: %zero) {red} : ({tc}, tensor<f32>) -> tensor<f32>")
        lines.append("  func.return %s : tensor<f32>")
    else:
        lines.append(f"  %s = stablehlo.reduce(%a init: %zero) {red} : ({ta}, tensor<f32>) -> tensor<f32>")
        lines.append(f"  %t = stablehlo.reduce(%b init: %zero) {red} : ({tb}, tensor<f32>) -> tensor<f32>")
        lines.append("  %u = stablehlo.add %s, %t : tensor<f32>")
        lines.append("  func.return %u : tensor<f32>")
    lines.append("}")
    return "\n".join(lines) + "\n"


def run_min(tool, text, repeat, tmpdir, name):
    path = os.path.join(tmpdir, name + ".mlir")
    with open(path, "w") as f:
        f.write(text)
    best = None
    for _ in range(repeat):
        t0 = time.perf_counter()
        p = subprocess.run([tool, "--interpret", path], capture_output=True, text=True)
        dt = time.perf_counter() - t0
        if p.returncode != 0:
            sys.stderr.write("interpret.py: %s failed:\n%s" % (name, p.stderr))
            return None
        best = dt if best is None else min(best, dt)
    return best


def memcpy_bandwidth(nbytes, repeat):
    """Bytes read + written per second by memcpy of nbytes (best of repeat)."""
    src = bytearray(os.urandom(1 << 20)) * max(1, nbytes >> 20)
    dst = bytearray(len(src))
    dst[:] = src  # touch the pages first
    best = None
    for _ in range(repeat):
        t0 = time.perf_counter()
        dst[:] = src
        dt = time.perf_counter() - t0
        best = dt if best is None else min(best, dt)
    return 2.0 * len(src) / best


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tool", default="build/bin/stablehlo-translate")
    ap.add_argument("--elements", type=int, default=1 << 22, help="chain tensor size (N)")
    ap.add_argument("--chain", default="8,40", help="chain lengths K1,K2")
    ap.add_argument("--dot", default="256,256,256", help="dot sizes M,K,N")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--json")
    args = ap.parse_args()
    n = args.elements
    k1, k2 = (int(x) for x in args.chain.split(","))
    m, kk, nn = (int(x) for x in args.dot.split(","))
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        t1 = run_min(args.tool, chain_program(n, k1), args.repeat, tmp, "chain_k1")
        t2 = run_min(args.tool, chain_program(n, k2), args.repeat, tmp, "chain_k2")
        d0 = run_min(args.tool, dot_program(m, kk, nn, False), args.repeat, tmp, "dot_without")
        d1 = run_min(args.tool, dot_program(m, kk, nn, True), args.repeat, tmp, "dot_with")
    if None in (t1, t2, d0, d1):
        return 1
    # memcpy of what one chain op touches (3 tensors of N f32), measured now
    copy_bw = memcpy_bandwidth(3 * 4 * n // 2, args.repeat * 3)
    per_op = max(t2 - t1, 1e-9) / (k2 - k1)
    chain_bw = 12.0 * n / per_op
    dot_s = max(d1 - d0, 1e-9)
    gflops = 2.0 * m * nn * kk / dot_s / 1e9
    report = {
        "elements": n,
        "chain_seconds_per_op": per_op,
        "chain_bytes_per_s": chain_bw,
        "memcpy_bytes_per_s": copy_bw,
        "chain_vs_memcpy": chain_bw / copy_bw,
        "dot_mkn": [m, kk, nn],
        "dot_seconds": dot_s,
        "dot_gflops_per_core": gflops,
        "wall_seconds": time.perf_counter() - started,
    }
    print("elementwise chain: %.2f ms per op on %d f32 elements, %.2f GB/s; memcpy %.2f GB/s;"
          " ratio %.0f %% (target >= 25 %%)"
          % (per_op * 1e3, n, chain_bw / 1e9, copy_bw / 1e9, 100 * chain_bw / copy_bw))
    print("dot_general f32 %dx%dx%d: %.3f s, %.2f GFLOP/s on one core (target >= 1)"
          % (m, kk, nn, dot_s, gflops))
    print("benchmark wall time: %.1f s" % report["wall_seconds"])
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
