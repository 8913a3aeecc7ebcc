#!/usr/bin/env python3
"""Scaling of -mpmd-optimize-pipeline's scheduling on pipeline programs.

Generates the program MPMD import leaves for a pipeline-parallel training
step with N stages (stage i on mesh m<i>) and M microbatches: per microbatch
a forward fragment `stage<i>` and a backward fragment `stage<i>`(1) on each
mesh, with the microbatch as call counter, activations and gradients moved
between meshes by transfers, each fragment a few element-wise ops. The block
lists the program microbatch by microbatch (forward through the stages, then
backward), the order a scheduler has to change. It runs

    mpmd_opt FILE -mpmd-optimize-pipeline='pipeline-schedule=<S>' -mlir-timing

and reports the time of PipelineSchedulerPass (best of --repeat runs) per
fragment for N = 8, 16, 32, 64 (M fixed, default 32), and exits 1 when a
figure strays more than ±SLACK (default 20 %) from the smallest size's.
The pass time is taken from -mlir-timing, so parsing and printing, which
dominate the run, do not blur it. On a loaded machine, where a few
milliseconds cannot be timed, --callgrind counts instructions instead: a run
of -mpmd-pipeline-scheduler less one of -mpmd-verify-stage-merging (a pass
that changes nothing: the same parsing and printing), both without the
verification after the pass.

Usage:
    python3 bench/mpmd_schedule.py [--tool build/bin/mpmd_opt] [--callgrind]
    python3 bench/mpmd_schedule.py --emit 8,4 > /tmp/sched.mlir

Python 3 stdlib only.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

T = "tensor<8x16xf32>"


def mt(s):
    return f'!mpmd.mesh_tensor<"m{s}", {T}>'


def fragment(lines, name, mesh, origin, counter, operands):
    bargs = ", ".join(f"%a{k}: {T}" for k in range(len(operands)))
    types = ", ".join(mt(mesh) for _ in operands)
    lines.append(f'    {name} = mpmd.fragment<mesh="m{mesh}", origin=[{origin}]> '
                 f"({', '.join(operands)}) {{call_counter = {counter} : ui32}} ({bargs}) {{")
    acc = "%a0"
    for k in range(1, len(operands)):
        lines.append(f"      %s{k} = stablehlo.add {acc}, %a{k} : {T}")
        acc = f"%s{k}"
    lines.append(f"      %m = stablehlo.multiply {acc}, {acc} : {T}")
    lines.append(f"      %t = stablehlo.tanh %m : {T}")
    lines.append(f"      mpmd.return %t : {T}")
    lines.append(f"    }} : ({types}) -> {mt(mesh)}")


def emit(n, m):
    lines = []
    topo = ", ".join(f'<"m{s}" : <["x"=1]>>' for s in range(n))
    args = [f"%in{b}: {mt(0)}" for b in range(m)] + [f"%w{s}: {mt(s)}" for s in range(n)]
    results = ", ".join(mt(s) for s in range(n))
    lines.append("module {")
    lines.append(f"  func.func @main({', '.join(args)}) -> ({results}) "
                 f"attributes {{topology = #mpmd.topology<{topo}>}} {{")
    grads = {}
    for b in range(m):
        act = {}
        x = f"%in{b}"
        for s in range(n):
            if s:
                lines.append(f"    %x{s}_{b} = mpmd.transfer {x} : ({mt(s - 1)}) -> {mt(s)}")
                x = f"%x{s}_{b}"
            fragment(lines, f"%f{s}_{b}", s, f'"stage{s}"', b, [x, f"%w{s}"])
            act[s] = x
            x = f"%f{s}_{b}"
        g = x
        for s in reversed(range(n)):
            if s != n - 1:
                lines.append(f"    %y{s}_{b} = mpmd.transfer {g} : ({mt(s + 1)}) -> {mt(s)}")
                g = f"%y{s}_{b}"
            ops = [g, act[s], f"%w{s}"]
            if s in grads:
                ops.append(grads[s])
            fragment(lines, f"%b{s}_{b}", s, f'"stage{s}"(1)', b, ops)
            grads[s] = g = f"%b{s}_{b}"
    lines.append(f"    return {', '.join(grads[s] for s in range(n))} : {results}")
    lines.append("  }")
    lines.append("}")
    return "\n".join(lines) + "\n"


def pass_seconds(tool, path, schedule):
    out = subprocess.run([tool, path, f"-mpmd-optimize-pipeline=pipeline-schedule={schedule}",
                          "-mlir-timing", "-o", os.devnull],
                         capture_output=True, text=True, check=True).stderr
    m = re.search(r"^\s*([0-9.]+) \([ 0-9.]+%\)\s+PipelineSchedulerPass$", out, re.M)
    if not m:
        sys.exit("no PipelineSchedulerPass line in -mlir-timing output:\n" + out)
    return float(m.group(1))


def instructions(path, args):
    with tempfile.NamedTemporaryFile(suffix=".cg") as out:
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out.name}", *args,
                        path, "-o", os.devnull], capture_output=True, check=True)
        for line in open(out.name):
            if line.startswith("summary:") or line.startswith("totals:"):
                return int(line.split()[1])
    sys.exit("no totals in callgrind output")


def pass_instructions(tool, path, schedule):
    with_pass = instructions(path, [tool, "-verify-each=false",
                                    f"-mpmd-pipeline-scheduler=must-happen-before={schedule}"])
    without = instructions(path, [tool, "-verify-each=false", "-mpmd-verify-stage-merging"])
    return with_pass - without


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", default="build/bin/mpmd_opt")
    ap.add_argument("--stages", default="8,16,32,64")
    ap.add_argument("--microbatches", type=int, default=32)
    ap.add_argument("--schedule", default="1F1B")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--slack", type=float, default=0.20)
    ap.add_argument("--emit", help="N,M: print the program and exit")
    ap.add_argument("--callgrind", action="store_true", help="count instructions, not time")
    a = ap.parse_args()
    if a.emit:
        n, m = (int(v) for v in a.emit.split(","))
        sys.stdout.write(emit(n, m))
        return 0
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in (int(v) for v in a.stages.split(",")):
            path = os.path.join(tmp, f"s{n}.mlir")
            with open(path, "w") as f:
                f.write(emit(n, a.microbatches))
            frags = 2 * n * a.microbatches
            if a.callgrind:
                best = pass_instructions(a.tool, path, a.schedule)
                rows.append((n, frags, best, best / frags))
            else:
                best = min(pass_seconds(a.tool, path, a.schedule) for _ in range(a.repeat))
                rows.append((n, frags, best, best / frags * 1e6))
    unit = "instr/fragment" if a.callgrind else "µs/fragment"
    print(f"{'stages':>6} {'fragments':>9} {'pass':>12} {unit:>14}")
    for n, frags, s, us in rows:
        shown = f"{s:>12d}" if a.callgrind else f"{s:>12.4f}"
        print(f"{n:>6} {frags:>9} {shown} {us:>14.2f}")
    ref = rows[0][3]
    bad = [r for r in rows if abs(r[3] - ref) > a.slack * ref]
    if bad:
        print(f"{unit} strays more than {a.slack:.0%} from {ref:.2f} at "
              + ", ".join(str(r[0]) for r in bad) + " stages")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
