#!/usr/bin/env python3
"""Time and memory per op of every pipeline at 10k, 100k (and 1M) ops.

Issue 31's linearity target: the time per op of parse+print, the sdy
propagation pipeline, the sdy export pipeline (with the partitioner) and
the MPMD import pipeline stays within +-20 % from 10k to 1M ops. This script
measures all of them in one run, against two references measured in the
same run: sharc's own parse+print of the same input (the in-process
reference every pipeline is a ratio of) and mlir-opt-22's parse+print of
gen_module.py's generic module (when installed).

Inputs, per size N (generated once, cached in --cache-dir; a change to a
generator regenerates them):

  generic      gen_module.py --ops N (builtin, func and unregistered ops)
  transformer  gen_model.py transformer --ops N --strategy data+tensor
  propagated   the transformer after -sdy-add-data-flow-edges
               -sdy-aggressive-propagate (what the export pipeline is given)
  pipeline     mpmd_import_pipeline.py's 8-stage training step, microbatches
               grown to about N ops

Runs, alternated --repeat times per size (so that a burst of load on the
shared machine hits every run alike):

  parse+print           sdy_opt --allow-unregistered-dialect GENERIC
  mlir-opt-22           mlir-opt-22 --allow-unregistered-dialect GENERIC
  propagation           sdy_opt TRANSFORMER -sdy-propagation-pipeline
  export                sdy_opt PROPAGATED -sdy-export-pipeline=
                            enable-insert-explicit-collectives=true
  export+partitioner    the same, then -sdy-convert-global-to-local
  mpmd import           mpmd_opt PIPELINE -mpmd-import-pipeline=...
  and plain parse+print of TRANSFORMER, PROPAGATED and PIPELINE.

For each run it prints the median CPU time (user + sys: far steadier than
wall time on a loaded machine), CPU microseconds per op and peak RSS bytes
per op (both net of the tool's startup on `module {}`), the ratio of the
run's CPU time to plain parse+print of the same input, and "scale": the
us/op against the smallest size's (1.00 = linear; the target is
0.8 .. 1.2, i.e. max/min <= 1.5 across sizes). The load average is printed
beside the figures. The exit status is non-zero only when a tool fails:
this is a benchmark, not a test.

Usage:
    python3 bench/linearity.py --bin build-lto/bin
    python3 bench/linearity.py --bin build/bin --sizes 10000,100000 --repeat 5
    SHARC_BENCH_1M=1 python3 bench/linearity.py     # adds 1M ops (~15 min)
    python3 bench/linearity.py --huge               # the same
    python3 bench/linearity.py --bin build/bin --sizes 10000,30000,100000 \
        --only propagation,"mpmd import" --cachegrind  # adds cache misses per op

--cachegrind runs each run once more under valgrind's cachegrind with a
fixed simulated cache (CACHE below: this machine's L1d and L3) and prints
D1 and LL (last-level) misses per op, net of the tool's startup, with their
scale against the smallest size. These are counts of a simulated cache, so
load on the machine cannot disturb them, where us/op can grow with load as
much as with size: LL misses per op that grow with the module are what
makes time per op grow once the IR leaves the cache. The cache is given
rather than detected because valgrind's detection is unreliable on VMs
(it took a 256 MiB direct-mapped LL on this one, which nothing leaves).
Under valgrind a run takes ~50 times as long: give --sizes and --only.

Python 3 stdlib only.
"""
import argparse
import hashlib
import os
import shutil
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # no bench/__pycache__ in the tree
sys.path.insert(0, HERE)
import gen_module  # noqa: E402
import mpmd_import_pipeline  # noqa: E402
from run import run_once  # noqa: E402

STAGES = 8
# the simulated caches of --cachegrind: size, ways, line (32 KiB L1s, the
# 32 MiB 16-way L3 of the machine the figures in bench/README.md are from)
CACHE = ["--I1=32768,8,64", "--D1=32768,8,64", "--LL=33554432,16,64"]
COLLECTIVES = "-sdy-export-pipeline=enable-insert-explicit-collectives=true"


def gen_hash(*names):
    h = hashlib.sha1()
    for name in names:
        with open(os.path.join(HERE, name), "rb") as f:
            h.update(f.read())
    return h.hexdigest()[:8]


def cached(cache, name, deps, make):
    """Path of cache/name-HASH.mlir, made by make(tmp_path) when missing."""
    path = os.path.join(cache, "%s-%s.mlir" % (name, gen_hash(*deps)))
    if not os.path.exists(path):
        tmp = path + ".tmp%d" % os.getpid()
        make(tmp)
        os.replace(tmp, path)
    return path


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def count_ops(tool, path):
    """The module's op count (all ops but the top-level module), from its
    generic form, where every op starts a line with `"dialect.` or
    `%... = "dialect.`; cached beside the module."""
    side = path + ".ops"
    if os.path.exists(side):
        with open(side) as f:
            return int(f.read())
    out = subprocess.run([tool, "--allow-unregistered-dialect", "-mlir-print-op-generic",
                          path], capture_output=True, text=True)
    if out.returncode:
        sys.exit("%s: %s" % (path, out.stderr[:2000]))
    n = -1  # the module itself
    for line in out.stdout.splitlines():
        s = line.lstrip()
        if s.startswith('"') or (s.startswith("%") and '= "' in s):
            n += 1
    write(side, "%d\n" % n)
    return n


def inputs(cache, sdy, size):
    """{name: (path, ops)} for one size."""
    os.makedirs(cache, exist_ok=True)
    res = {}
    generic = cached(cache, "generic%d" % size, ["gen_module.py"],
                     lambda p: gen_module.generate_file(p, size, 1, 1000, False))
    res["generic"] = (generic, size)

    def transformer(p):
        subprocess.run([sys.executable, os.path.join(HERE, "gen_model.py"), "transformer",
                        "--ops", str(size), "--strategy", "data+tensor", "-o", p], check=True)
    raw = cached(cache, "transformer%d" % size, ["gen_model.py"], transformer)

    def propagate(p):
        subprocess.run([sdy, raw, "-sdy-add-data-flow-edges", "-sdy-aggressive-propagate",
                        "-o", p], check=True)
    prop = cached(cache, "propagated%d" % size, ["gen_model.py"], propagate)
    ops = count_ops(sdy, raw)
    res["transformer"] = (raw, ops)
    res["propagated"] = (prop, count_ops(sdy, prop))
    per_mb = mpmd_import_pipeline.program(STAGES, 1)[1]
    mbs = max(1, round(size / per_mb))

    def pipeline(p):
        write(p, mpmd_import_pipeline.program(STAGES, mbs)[0])
    pp = cached(cache, "pipeline%d" % size, ["mpmd_import_pipeline.py"], pipeline)
    with open(pp) as f:
        head = f.readline()
    text_ops = int(head.rsplit("ops=", 1)[1])
    res["pipeline"] = (pp, text_ops)
    return res


def runs(bin_dir, ref, inp):
    """[(label, input name, argv)]: the runs of one size."""
    sdy = os.path.join(bin_dir, "sdy_opt")
    mpmd = os.path.join(bin_dir, "mpmd_opt")
    assign = ",".join("stage%d@m%d" % (i, i) for i in range(STAGES))
    out = ["-o", os.devnull]
    r = [("parse+print", "generic", [sdy, "--allow-unregistered-dialect", inp["generic"]] + out)]
    if ref:
        r.append(("mlir-opt-22", "generic",
                  [ref, "--allow-unregistered-dialect", inp["generic"]] + out))
    r += [
        ("plain transformer", "transformer", [sdy, inp["transformer"]] + out),
        ("propagation", "transformer",
         [sdy, inp["transformer"], "-sdy-propagation-pipeline"] + out),
        ("plain propagated", "propagated", [sdy, inp["propagated"]] + out),
        ("export", "propagated", [sdy, inp["propagated"], COLLECTIVES] + out),
        ("export+partitioner", "propagated",
         [sdy, inp["propagated"], COLLECTIVES, "-sdy-convert-global-to-local"] + out),
        ("plain pipeline", "pipeline", [mpmd, inp["pipeline"]] + out),
        ("mpmd import", "pipeline",
         [mpmd, inp["pipeline"], "-mpmd-import-pipeline=name-to-mesh-assignment=" + assign]
         + out),
    ]
    return r


# each pipeline's ratio is against plain parse+print of its own input
PLAIN = {"generic": "parse+print", "transformer": "plain transformer",
         "propagated": "plain propagated", "pipeline": "plain pipeline"}


def measure(argv):
    r = run_once(argv, 3600)
    if r["rc"] != 0:
        sys.exit("failed (%s): %s\n%s" % (r["rc"], " ".join(argv), r["err"]))
    return r["cpu"], r["rss_kib"] * 1024


def cache_misses(argv, cache):
    """(D1 misses, LL misses) of one run under cachegrind's simulated
    cache (CACHE), from the summary line of its output file."""
    out = os.path.join(cache, "cachegrind.out.%d" % os.getpid())
    r = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=yes"] + CACHE +
                       ["--cachegrind-out-file=" + out] + argv, capture_output=True, text=True)
    if r.returncode:
        sys.exit("failed under cachegrind (%s): %s\n%s" % (r.returncode, " ".join(argv),
                                                           r.stderr[-2000:]))
    events = summary = None
    with open(out) as f:
        for line in f:
            if line.startswith("events:"):
                events = line.split()[1:]
            elif line.startswith("summary:"):
                summary = [int(x) for x in line.split()[1:]]
    os.remove(out)
    c = dict(zip(events, summary))
    return c["D1mr"] + c["D1mw"], c["ILmr"] + c["DLmr"] + c["DLmw"]


def startup(bin_dir, ref, cache):
    """(cpu, rss) of each tool on `module {}`: subtracted from every run."""
    empty = os.path.join(cache, "empty.mlir")
    write(empty, "module {}\n")
    base = {}
    for tool in [os.path.join(bin_dir, "sdy_opt"), os.path.join(bin_dir, "mpmd_opt")] + \
            ([ref] if ref else []):
        m = [measure([tool, empty, "-o", os.devnull] +
                     (["--allow-unregistered-dialect"] if tool == ref else []))
             for _ in range(5)]
        base[tool] = (statistics.median(c for c, _ in m), statistics.median(b for _, b in m))
    return base


def loadavg():
    return os.getloadavg()[0]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", default="build-lto/bin", help="where sdy_opt and mpmd_opt are")
    ap.add_argument("--ref", default="mlir-opt-22", help="reference parse+print ('' for none)")
    ap.add_argument("--sizes", default="10000,100000")
    ap.add_argument("--huge", action="store_true", help="add 1M ops (also SHARC_BENCH_1M=1)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--cache-dir", default=os.path.join("build", "bench", "linearity"))
    ap.add_argument("--only", default="", help="comma-separated run labels to time")
    ap.add_argument("--cachegrind", action="store_true",
                    help="also D1 and LL cache misses per op, simulated (valgrind)")
    a = ap.parse_args(argv)
    if a.cachegrind and not shutil.which("valgrind"):
        sys.exit("--cachegrind needs valgrind")
    sizes = [int(s) for s in a.sizes.split(",") if s]
    if (a.huge or os.environ.get("SHARC_BENCH_1M")) and 1000000 not in sizes:
        sizes.append(1000000)
    ref = shutil.which(a.ref) if a.ref else None
    sdy = os.path.join(a.bin, "sdy_opt")
    os.makedirs(a.cache_dir, exist_ok=True)
    loads = [loadavg()]
    base = startup(a.bin, ref, a.cache_dir)
    results = {}  # size -> label -> (cpu, rss, ops, input)
    misses = {}  # size -> label -> (D1, LL) net of startup
    empty_misses = {}  # tool -> (D1, LL) on `module {}`
    for size in sizes:
        print("%d ops: generating or reading the inputs, then %d rounds" % (size, a.repeat),
              file=sys.stderr, flush=True)
        inp = inputs(a.cache_dir, sdy, size)
        todo = runs(a.bin, ref, {k: v[0] for k, v in inp.items()})
        if a.only:
            keep = set(a.only.split(",")) | set(PLAIN.values())
            todo = [t for t in todo if t[0] in keep]
        samples = {label: [] for label, _, _ in todo}
        for _ in range(a.repeat):  # alternated: one of each, then again
            for label, _, cmd in todo:
                samples[label].append(measure(cmd))
        loads.append(loadavg())
        results[size] = {}
        for label, name, cmd in todo:
            cpu = statistics.median(c for c, _ in samples[label])
            rss = statistics.median(b for _, b in samples[label])
            b_cpu, b_rss = base[cmd[0]]
            results[size][label] = (cpu, max(cpu - b_cpu, 0.0), max(rss - b_rss, 0), rss,
                                    inp[name][1], name)
        if a.cachegrind:
            misses[size] = measure_misses(todo, a.cache_dir, empty_misses)
    report(sizes, results, loads)
    if a.cachegrind:
        report_misses(sizes, results, misses)
    return 0


def measure_misses(todo, cache, empty):
    """{label: (D1, LL)} of one size's runs, less the tool's on `module {}`
    (measured once per tool, kept in `empty`)."""
    res = {}
    for label, _, cmd in todo:
        if label == "mlir-opt-22":
            continue
        if cmd[0] not in empty:
            empty[cmd[0]] = cache_misses([cmd[0], os.path.join(cache, "empty.mlir"), "-o",
                                          os.devnull], cache)
        d1, ll = cache_misses(cmd, cache)
        res[label] = (max(d1 - empty[cmd[0]][0], 0), max(ll - empty[cmd[0]][1], 0))
    return res


def report_misses(sizes, results, misses):
    print("cachegrind, simulated %s: misses per op net of the tool's startup; scale: LL/op "
          "over the smallest size's" % " ".join(CACHE))
    print("%-19s %8s %9s %9s %6s" % ("run", "ops", "D1/op", "LL/op", "scale"))
    for label in misses[sizes[0]]:
        first = None
        for size in sizes:
            d1, ll = misses[size][label]
            ops = results[size][label][4]
            first = first or max(ll / ops, 1e-9)
            print("%-19s %8d %9.2f %9.3f %6.2f" % (label, ops, d1 / ops, ll / ops,
                                                   ll / ops / first))


def report(sizes, results, loads):
    print("load average (1 min) %s; CPU = user+sys, median of the alternated runs; us/op and "
          "B/op net of the tool's startup" % " -> ".join("%.1f" % x for x in loads))
    print("%-19s %8s %9s %8s %8s %9s %7s %6s" % ("run", "ops", "CPU s", "us/op", "B/op",
                                                "RSS MiB", "ratio", "scale"))
    spread = []
    for label in results[sizes[0]]:
        per_op = []
        for size in sizes:
            cpu, net, rss_net, rss, ops, name = results[size][label]
            us = net / ops * 1e6
            per_op.append(us)
            plain = results[size][PLAIN[name]][0]
            print("%-19s %8d %9.3f %8.2f %8.0f %9.1f %6.2fx %6.2f" % (
                label, ops, cpu, us, rss_net / ops, rss / 2**20, cpu / plain, us / per_op[0]))
        spread.append((label, max(per_op) / max(min(per_op), 1e-9)))
    print("ratio: CPU time over plain parse+print of the same input (mlir-opt-22: over "
          "sharc's); scale: us/op over the smallest size's")
    print("us/op max/min across sizes (linear within +-20 %%: at most 1.5): %s" % ", ".join(
        "%s %.2f" % (label, r) for label, r in spread))


if __name__ == "__main__":
    sys.exit(main())
