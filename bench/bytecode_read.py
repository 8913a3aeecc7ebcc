#!/usr/bin/env python3
"""Reading speed of MLIR bytecode against text, for the same module in one run.

Two modules, each read as text and as bytecode by the same tool, with the
tool's own `-mlir-timing` "Parser" line as the measure (the output is thrown
away, so printing does not enter it):

* `vhlo`: a generated StableHLO program (chains of elementwise ops, constants,
  broadcasts, dot_general, compare/select and reduce with a body) turned into
  a portable artifact with `stablehlo-translate --serialize --target=current`
  (VHLO bytecode), against the same VHLO module as text
  (`stablehlo-opt --stablehlo-legalize-to-vhlo`);
* `builtin`: bench/gen_module.py's module (builtin types and attributes,
  unregistered ops), written with `sdy_opt -emit-bytecode`, against its text.

    python3 bench/bytecode_read.py [--bin build/bin] [--ops 200000] [--repeat 3]

Prints one line per module: sizes, best parse times and text/bytecode ratio
(above 1: bytecode reads faster). Exit status 1 only when a tool fails.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ELEMENTWISE = ["add", "multiply", "subtract", "maximum", "minimum"]
UNARY = ["exponential", "negate", "abs", "tanh", "sqrt"]


def gen_stablehlo(ops, per_func=500):
    """A deterministic StableHLO module of about `ops` ops."""
    out = ["module {"]
    n = 0
    f = 0
    while n < ops:
        out.append("  func.func @f%d(%%a: tensor<8x16xf32>, %%b: tensor<16x8xf32>) -> tensor<8x16xf32> {" % f)
        prev = "%a"
        for i in range(per_func):
            k = i % 10
            v = "%%v%d" % i
            if k in (0, 1, 2):
                op = ELEMENTWISE[(i // 10) % len(ELEMENTWISE)]
                out.append("    %s = stablehlo.%s %s, %%a : tensor<8x16xf32>" % (v, op, prev))
            elif k in (3, 4):
                op = UNARY[(i // 10) % len(UNARY)]
                out.append("    %s = stablehlo.%s %s : tensor<8x16xf32>" % (v, op, prev))
            elif k == 5:
                out.append("    %sc = stablehlo.constant dense<%d.5> : tensor<16xf32>" % (v, i % 97))
                out.append("    %sb = stablehlo.broadcast_in_dim %sc, dims = [1] : (tensor<16xf32>) -> tensor<8x16xf32>" % (v, v))
                out.append("    %s = stablehlo.add %s, %sb : tensor<8x16xf32>" % (v, prev, v))
            elif k == 6:
                out.append("    %sd = stablehlo.dot_general %s, %%b, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>" % (v, prev))
                out.append("    %s = stablehlo.concatenate %sd, %sd, dim = 1 : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x16xf32>" % (v, v, v))
            elif k == 7:
                out.append("    %sp = stablehlo.compare GT, %s, %%a : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>" % (v, prev))
                out.append("    %s = stablehlo.select %sp, %s, %%a : tensor<8x16xi1>, tensor<8x16xf32>" % (v, v, prev))
            elif k == 8:
                out.append("    %sz = stablehlo.constant dense<0.0> : tensor<f32>" % v)
                out.append("    %sr = stablehlo.reduce(%s init: %sz) applies stablehlo.add across dimensions = [0] : (tensor<8x16xf32>, tensor<f32>) -> tensor<16xf32>" % (v, prev, v))
                out.append("    %s = stablehlo.broadcast_in_dim %sr, dims = [1] : (tensor<16xf32>) -> tensor<8x16xf32>" % (v, v))
            else:
                out.append("    %s = stablehlo.transpose %s, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16xf32>" % (v, prev))
            prev = v
            n += 1
        out.append("    return %s : tensor<8x16xf32>" % prev)
        out.append("  }")
        f += 1
    out.append("}")
    return "\n".join(out) + "\n"


def run(cmd, **kw):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)
    if p.returncode != 0:
        sys.stderr.write("bytecode_read: failed: %s\n%s" % (" ".join(cmd), p.stderr.decode()[-2000:]))
        sys.exit(1)
    return p


def parse_time(tool, path, extra, repeat):
    best = None
    for _ in range(repeat):
        p = run([tool] + extra + ["-mlir-timing", path, "-o", os.devnull])
        m = re.search(r"^\s*([0-9.]+) \(.*\)\s+Parser$", p.stderr.decode(), re.M)
        if not m:
            sys.stderr.write("bytecode_read: no Parser line from %s\n" % tool)
            sys.exit(1)
        t = float(m.group(1))
        best = t if best is None else min(best, t)
    return best


def report(name, text, bc, t_text, t_bc):
    ratio = t_text / t_bc if t_bc > 0 else float("inf")
    print("%-8s text %9d B %8.4f s   bytecode %9d B %8.4f s   text/bytecode %.2fx" %
          (name, os.path.getsize(text), t_text, os.path.getsize(bc), t_bc, ratio))
    return ratio


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default="build/bin", help="folder of stablehlo-opt, stablehlo-translate, sdy_opt")
    ap.add_argument("--ops", type=int, default=200000)
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()
    shlo_opt = os.path.join(a.bin, "stablehlo-opt")
    translate = os.path.join(a.bin, "stablehlo-translate")
    sdy_opt = os.path.join(a.bin, "sdy_opt")
    with tempfile.TemporaryDirectory(prefix="sharc-bcbench-") as d:
        src = os.path.join(d, "prog.mlir")
        with open(src, "w") as fh:
            fh.write(gen_stablehlo(a.ops))
        vtext, vbc = os.path.join(d, "prog.vhlo.mlir"), os.path.join(d, "prog.mlir.bc")
        run([shlo_opt, "--stablehlo-legalize-to-vhlo", src, "-o", vtext])
        with open(vbc, "wb") as fh:
            fh.write(run([translate, "--serialize", "--target=current", src]).stdout)
        report("vhlo", vtext, vbc, parse_time(shlo_opt, vtext, [], a.repeat),
               parse_time(shlo_opt, vbc, [], a.repeat))

        btext, bbc = os.path.join(d, "gen.mlir"), os.path.join(d, "gen.mlirbc")
        run([sys.executable, os.path.join(HERE, "gen_module.py"), "--ops", str(a.ops), "--seed", "1",
             "-o", btext])
        run([sdy_opt, "--allow-unregistered-dialect", "-emit-bytecode", btext, "-o", bbc])
        extra = ["--allow-unregistered-dialect"]
        report("builtin", btext, bbc, parse_time(sdy_opt, btext, extra, a.repeat),
               parse_time(sdy_opt, bbc, extra, a.repeat))
    return 0


if __name__ == "__main__":
    sys.exit(main())
