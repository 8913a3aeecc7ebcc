#!/usr/bin/env python3
"""Scaling of -mpmd-sharding-propagation-pipeline against plain parse+print.

The input is the MPMD benchmark program of bench/mpmd_import_pipeline.py (a
pipeline-parallel transformer training step: N stages of named computations,
M microbatches unrolled), with an sdy mesh and user shardings added so that
propagation has work to do: every weight sharded on its second dimension,
every microbatch input on its first. It is imported once per size with
-mpmd-import-pipeline (not timed); the imported module (fragments on meshes
joined by transfers) is what the sharding propagation pipeline runs on.

For each size (default 10k, 100k, 400k ops of the imported module, 64
stages, microbatches grown to fit) it reports the CPU time of
`mpmd_opt IN -mpmd-sharding-propagation-pipeline -o /dev/null` and of
`mpmd_opt IN -o /dev/null` (parse+print), both the minimum of --repeat runs
with process startup subtracted, their ratio and µs per op, and checks:
  - the pipeline's µs/op within ±SLACK (default 20 %) of the --ref row's
    (default the 100k row: a 10k-op module fits in the last-level cache and
    runs faster per op for reasons unrelated to the algorithms, so the 10k
    figure is shown but linearity is judged from 100k to 400k);
  - the pipeline at most --max-ratio (default 4) times parse+print.
Op counts are the ops of the imported module, the module op excluded.

Usage:
    python3 bench/mpmd_sharding_propagation.py [--tool build/bin/mpmd_opt]
    python3 bench/mpmd_sharding_propagation.py --emit 8,2 > /tmp/in.mlir  # imported, N=8, M=2

Python 3 stdlib only.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mpmd_import_pipeline as gen  # noqa: E402

OP_LINE = re.compile(r"^\s*(?:%[^=]+= )?\"?[a-z_]+\.[a-z_0-9.]+\"?[ <({:]")


def sharded_program(stages, microbatches):
    """The generator's program with a mesh and user shardings."""
    text, _ = gen.program(stages, microbatches)
    text = text.replace("module {\n", 'module {\n  sdy.mesh @mesh = <["x"=2]>\n', 1)
    text = re.sub(r"(%w\w+_\d+: tensor<16x16xf32>)",
                  r'\1 {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}', text)
    text = re.sub(r"(%x_\d+: tensor<8x16xf32>)",
                  r'\1 {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}', text)
    return text


def count_ops(text):
    return sum(1 for line in text.splitlines() if OP_LINE.match(line)) - 1  # the module


def imported(tool, tmp, stages, microbatches):
    """(path, op count) of the imported program."""
    src = os.path.join(tmp, f"src_{stages}_{microbatches}.mlir")
    out = os.path.join(tmp, f"in_{stages}_{microbatches}.mlir")
    with open(src, "w") as f:
        f.write(sharded_program(stages, microbatches))
    p = subprocess.run([tool, src, "-mpmd-import-pipeline=name-to-mesh-assignment="
                        + gen.assignment(stages), "-o", out], capture_output=True, text=True)
    if p.returncode:
        sys.exit(f"import failed:\n{p.stderr[:2000]}")
    os.remove(src)
    with open(out) as f:
        return out, count_ops(f.read())


def best_cpu(cmd, repeat):
    return min(gen.timed(cmd)[1] for _ in range(repeat))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tool", default="build/bin/mpmd_opt")
    ap.add_argument("--sizes", default="10000,100000,400000")
    ap.add_argument("--stages", type=int, default=64)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--slack", type=float, default=0.20)
    ap.add_argument("--max-ratio", type=float, default=4.0)
    ap.add_argument("--ref", type=int, default=1,
                    help="the row (0-based, of --sizes) the others are compared with")
    ap.add_argument("--emit", metavar="N,M", help="print the imported program for N stages, "
                    "M microbatches")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        if a.emit:
            n, m = (int(x) for x in a.emit.split(","))
            path, _ = imported(a.tool, tmp, n, m)
            with open(path) as f:
                sys.stdout.write(f.read())
            return 0
        base = gen.startup(a.tool, tmp)[1]
        per_mb = gen.program(a.stages, 1)[1]
        print(f"process startup {base * 1e3:.1f} ms CPU (subtracted); {a.stages} stages")
        print(f"{'mb':>4} {'ops':>8} {'pipeline (s)':>12} {'parse+print (s)':>15} {'ratio':>6} "
              f"{'us/op':>7} {'p+p us/op':>9}  (CPU time, min of {a.repeat})")
        rows = []
        for size in (int(s) for s in a.sizes.split(",")):
            m = max(1, round(size / per_mb))
            path, ops = imported(a.tool, tmp, a.stages, m)
            pipe = best_cpu([a.tool, path, "-mpmd-sharding-propagation-pipeline", "-o",
                             os.devnull], a.repeat) - base
            plain = best_cpu([a.tool, path, "-o", os.devnull], a.repeat) - base
            os.remove(path)
            ratio = pipe / plain if plain > 0 else float("inf")
            rows.append((ops, pipe / ops * 1e6, ratio))
            print(f"{m:>4} {ops:>8} {pipe:>12.3f} {plain:>15.3f} {ratio:>6.2f} "
                  f"{pipe / ops * 1e6:>7.2f} {plain / ops * 1e6:>9.2f}", flush=True)
    ref = rows[min(a.ref, len(rows) - 1)][1]
    bad = False
    for i, (ops, us, ratio) in enumerate(rows):
        if i >= a.ref and abs(us - ref) > a.slack * ref:
            print(f"FAIL: {us:.2f} us/op at {ops} ops is more than {a.slack:.0%} from {ref:.2f}")
            bad = True
        if ratio > a.max_ratio:
            print(f"FAIL: {ratio:.2f}x parse+print at {ops} ops (limit {a.max_ratio:g}x)")
            bad = True
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
