#!/usr/bin/env python3
"""Scaling of the MPMD export passes in the number of fragments.

The programs are bench/mpmd_import_pipeline.py's (N pipeline stages, each a
transformer block, M microbatches unrolled forward and backward), imported
once with -mpmd-import-pipeline (stage i on mesh m<i>); that leaves 2*N*M
fragments joined by transfers, the fragments of a stage identical across
microbatches. The export pipeline then runs on the imported module:

    mpmd_opt IMPORTED -mpmd-export-pipeline

For each N (default 8, 16, 32, 64, with M = 32 microbatches) it reports the
fragments, the export's CPU time (the run minus a parse+print of the same
module, best of --repeat runs) and CPU µs per fragment, and checks that
µs/fragment stays within ±SLACK (default 20 %) of the first size's. With
--timing it prints -mlir-timing's per-pass report of the largest size.

With --ops (e.g. --ops 10000,100000) the sizes are given in ops of the
imported module instead (the stage count is chosen to come closest), and
each row also gives the ratio of the whole run (parse + export pipeline +
print) to a parse+print of the same module: linear passes keep that ratio
flat as the module grows. With --callgrind the same figures are counted
in instructions (valgrind's callgrind, one run each), which other
processes on a shared machine cannot disturb.

Until every pass of the pipeline is implemented (the MPMD common passes it
runs first come from another branch), the same passes run as a textual
pipeline without the missing ones, which are listed.

Usage:
    python3 bench/mpmd_export.py [--tool build/bin/mpmd_opt] [--timing]

Python 3 stdlib only.
"""
import argparse
import importlib.util
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))

# Shardy's addExportPipeline with its default options: (anchor, pass).
EXPORT_PASSES = [
    ("func", "cse"),
    ("module", "canonicalize{top-down=false region-simplify=disabled}"),
    ("func", "mpmd-fragment-dedup"),
    ("func", "mpmd-fragment-dce"),
    ("func", "mpmd-uniquify-function-inputs-outputs"),
    ("func", "mpmd-merge-inferred-fragments"),
    ("func", "mpmd-mark-offloaded-input-output"),
    ("func", "mpmd-mark-input-output-with-layouts"),
    ("func", "mpmd-delay-inferred-fragments"),
    ("func", "mpmd-delay-transfers-from-cpu"),
    ("func", "mpmd-sink-create-token-into-fragments"),
    ("func", "mpmd-mark-aliasing-and-donation"),
    ("func", "mpmd-mark-fragment-reserved-memory"),
    ("func", "mpmd-validate-no-param-transfers"),
    ("func", "mpmd-validate-no-inferred-fragments"),
    ("module", "mpmd-lower-to-fragment-calls"),
    ("func", "mpmd-validate-no-reshards"),
    ("func", "mpmd-validate-no-backward-deps"),
]


def load_generator():
    spec = importlib.util.spec_from_file_location(
        "mpmd_import_pipeline", os.path.join(HERE, "mpmd_import_pipeline.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def timed(cmd):
    """(wall seconds, CPU seconds, stderr) of one run; exits on failure."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    err = p.stderr.read()
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    if os.waitstatus_to_exitcode(status):
        sys.exit(f"{' '.join(cmd[:3])} ... failed:\n{err[:2000]}")
    return wall, ru.ru_utime + ru.ru_stime, err


def missing_passes(tool, tmp):
    """The export pipeline's passes the tool does not implement yet."""
    path = os.path.join(tmp, "empty.mlir")
    with open(path, "w") as f:
        f.write("module {}\n")
    missing = []
    for anchor, name in EXPORT_PASSES:
        flag = name.split("{")[0]
        text = f"builtin.module(func.func({name}))" if anchor == "func" else \
            f"builtin.module({name})"
        p = subprocess.run([tool, path, f"--pass-pipeline={text}", "-o", os.devnull],
                           capture_output=True, text=True)
        if p.returncode and "not implemented yet" in p.stderr:
            missing.append(flag)
    return missing


def textual_pipeline(skip):
    """The export passes as a textual pipeline, consecutive function passes
    nested together."""
    parts, funcs = [], []
    for anchor, name in EXPORT_PASSES:
        if name.split("{")[0] in skip:
            continue
        if anchor == "func":
            funcs.append(name)
            continue
        if funcs:
            parts.append(f"func.func({', '.join(funcs)})")
            funcs = []
        parts.append(name)
    if funcs:
        parts.append(f"func.func({', '.join(funcs)})")
    return f"--pass-pipeline=builtin.module({', '.join(parts)})"


OP_LINE = re.compile(r'^\s*(%[^=]*= )?"?[a-z_]+\.[a-z_.]+')


def count_ops(text):
    """Ops of a printed module: one a line in MLIR's custom form."""
    return sum(1 for line in text.splitlines() if OP_LINE.match(line))


def stages_for_ops(tool, gen, tmp, microbatches, targets):
    """For each target op count, the stage count whose import comes closest
    (ops grow linearly in the stages)."""
    ops = {}
    for n in (2, 4):
        path, _ = imported(tool, gen, tmp, n, microbatches)
        with open(path) as f:
            ops[n] = count_ops(f.read())
    per_stage = (ops[4] - ops[2]) / 2
    fixed = ops[2] - 2 * per_stage
    return [max(1, round((t - fixed) / per_stage)) for t in targets]


def imported(tool, gen, tmp, stages, microbatches):
    """The imported program's path and its number of fragments."""
    src = os.path.join(tmp, f"pp_{stages}_{microbatches}.mlir")
    out = os.path.join(tmp, f"pp_{stages}_{microbatches}.imported.mlir")
    with open(src, "w") as f:
        f.write(gen.program(stages, microbatches)[0])
    timed([tool, src, f"-mpmd-import-pipeline=name-to-mesh-assignment={gen.assignment(stages)}",
           "-o", out])
    with open(out) as f:
        fragments = f.read().count("mpmd.fragment<")
    return out, fragments


def instructions(tool, args):
    """Instructions the whole run executes (callgrind's total)."""
    p = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + os.devnull,
                        tool] + args + ["-o", os.devnull], capture_output=True, text=True)
    m = re.search(r"Collected : (\d+)", p.stderr)
    if p.returncode or not m:
        sys.exit("callgrind run failed:\n" + p.stderr[-2000:])
    return int(m.group(1))


def best(tool, args, repeat):
    runs = [timed([tool] + args + ["-o", os.devnull]) for _ in range(repeat)]
    return min(w for w, _, _ in runs), min(c for _, c, _ in runs)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tool", default="build/bin/mpmd_opt")
    ap.add_argument("--stages", default="8,16,32,64")
    ap.add_argument("--microbatches", type=int, default=32)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--slack", type=float, default=0.20)
    ap.add_argument("--ops", default="",
                    help="sizes as op counts of the imported module (e.g. 10000,100000)")
    ap.add_argument("--callgrind", action="store_true",
                    help="count instructions (callgrind) instead of timing CPU")
    ap.add_argument("--timing", action="store_true",
                    help="print -mlir-timing's report of the largest size")
    a = ap.parse_args()
    gen = load_generator()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        missing = missing_passes(a.tool, tmp)
        if missing:
            print(f"not implemented yet, left out: {', '.join(missing)}")
            export = [textual_pipeline(set(missing))]
        else:
            export = ["-mpmd-export-pipeline"]
        if a.ops:
            stages = stages_for_ops(a.tool, gen, tmp, a.microbatches,
                                    [int(s) for s in a.ops.split(",")])
        else:
            stages = [int(s) for s in a.stages.split(",")]
        unit = ("M instr", "k instr/frag") if a.callgrind else ("CPU (s)", "us/fragment")
        print(f"{'stages':>6} {'microbatches':>12} {'ops':>7} {'fragments':>9} "
              f"{'parse+print ' + unit[0]:>19} {'run ' + unit[0]:>11} {'ratio':>6} "
              f"{'export ' + unit[0]:>14} {unit[1]:>12}"
              + ("" if a.callgrind else "  (CPU: the machine may be shared)"))
        path = None
        for n in stages:
            path, fragments = imported(a.tool, gen, tmp, n, a.microbatches)
            with open(path) as f:
                ops = count_ops(f.read())
            if a.callgrind:
                # instructions in millions stand in for CPU seconds
                base = (0, instructions(a.tool, [path]) / 1e6)
                run = (0, instructions(a.tool, [path] + export) / 1e6)
            else:
                base = best(a.tool, [path], a.repeat)
                run = best(a.tool, [path] + export, a.repeat)
            cpu = run[1] - base[1]
            per = cpu / fragments * (1e3 if a.callgrind else 1e6)
            rows.append((fragments, run[1] / base[1] if a.ops else per))
            print(f"{n:>6} {a.microbatches:>12} {ops:>7} {fragments:>9} {base[1]:>19.3f} "
                  f"{run[1]:>11.3f} {run[1] / base[1]:>6.3f} {cpu:>14.3f} {per:>12.2f}",
                  flush=True)
        if a.timing and path:
            print(timed([a.tool, path] + export + ["-mlir-timing", "-o", os.devnull])[2])
    ref = rows[0][1]
    if a.ops:
        # a fixed cost weighs on the small size: only a growing ratio fails
        bad = [(f, r) for f, r in rows if r > (1 + a.slack) * ref]
        for f, r in bad:
            print(f"FAIL: ratio {r:.2f} at {f} fragments is more than {a.slack:.0%} "
                  f"above {ref:.2f}")
        return 1 if bad else 0
    bad = [(f, u) for f, u in rows if abs(u - ref) > a.slack * ref]
    for f, u in bad:
        print(f"FAIL: {u:.2f} us/fragment at {f} fragments is more than {a.slack:.0%} "
              f"from {ref:.2f}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
