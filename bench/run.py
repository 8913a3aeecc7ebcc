#!/usr/bin/env python3
"""Parse+print benchmark: our tool vs. the reference mlir-opt.

For each size, generates (and caches) a module with bench/gen_module.py, then
runs, interleaved, K times each:

    TOOL --allow-unregistered-dialect FILE -o /dev/null
    REF  --allow-unregistered-dialect FILE -o /dev/null

and reports the median wall time, median CPU time (user+sys) and the peak RSS
(max over the K runs, GNU time's %M of each child: see run_once) of both, the
speedup ref/ours, the RSS ratio ours/ref and µs per op.  A startup row (a
trivial module) is measured too, so that µs/op can also be given net of
process startup.  The output is a report, not a pass/fail test: the exit
status is non-zero only if a tool failed (or --check found a mismatch).

Usage:
    python3 bench/run.py                         # build/bin/sdy_opt vs mlir-opt-22
    python3 bench/run.py --tool mlir-opt-22      # ref vs ref (sanity check)
    python3 bench/run.py --sizes 1000,10000 --repeat 5 --check
    python3 bench/run.py --json build/bench/report.json

Python 3 stdlib only; Linux (os.wait4).
"""

import argparse
import glob
import hashlib
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.dont_write_bytecode = True  # no bench/__pycache__ in the tree
sys.path.insert(0, HERE)
import gen_module  # noqa: E402


def resolve(exe):
    p = shutil.which(exe)
    if p is None and os.path.exists(exe):
        p = os.path.abspath(exe)
    return p


def gen_hash():
    with open(os.path.join(HERE, "gen_module.py"), "rb") as f:
        return hashlib.sha1(f.read()).hexdigest()[:8]


def ensure_module(cache, size, seed, generic, ops_per_func):
    """Return (path, exact_ops) for a cached generated module."""
    name = "bench_%d_s%d%s_p%d_%s.mlir" % (size, seed, "_g" if generic else "",
                                          ops_per_func, gen_hash())
    path = os.path.join(cache, name)
    if not os.path.exists(path):
        # drop modules made by an older gen_module.py for the same parameters
        stale = name[:-len(gen_hash()) - 5] + "*.mlir"
        for old in glob.glob(os.path.join(cache, stale)):
            os.unlink(old)
        t0 = time.perf_counter()
        tmp = path + ".tmp%d" % os.getpid()
        gen_module.generate_file(tmp, size, seed, ops_per_func, generic)
        os.replace(tmp, path)
        print("  generated %s (%.1f MB) in %.1f s" % (
            name, os.path.getsize(path) / 1e6, time.perf_counter() - t0),
            file=sys.stderr)
    with open(path, encoding="utf-8") as f:
        head = f.readline()
    ops = size
    for tok in head.split():
        if tok.startswith("ops="):
            ops = int(tok[4:])
    return path, ops


# GNU time, when installed, reports its child's own peak RSS. A child's
# ru_maxrss from os.wait4 is not that: Linux carries the high-water mark of
# the address space a process had before exec into its ru_maxrss, and a
# child forked (or vforked) from this Python process starts with this
# process's resident size, tens of MiB once a large module was generated.
# GNU time is small, so the RSS of its own child is the tool's alone.
GNU_TIME = "/usr/bin/time" if os.access("/usr/bin/time", os.X_OK) else None


def _peak_rss_kib(path, fallback):
    """The last line of GNU time's -o file (its %M), else fallback."""
    try:
        with open(path) as f:
            lines = f.read().split()
        return int(lines[-1])
    except (OSError, ValueError, IndexError):
        return fallback


def run_once(argv, timeout):
    """Run argv; return dict(wall, cpu, rss_kib, rc, err).

    The child is reaped with os.wait4, whose rusage is that child's and its
    descendants' (user and system CPU time); the peak RSS is GNU time's
    report of the tool itself when /usr/bin/time exists (see GNU_TIME),
    else ru_maxrss, which is at least this Python process's RSS."""
    rss_file = None
    if GNU_TIME:
        fd, rss_file = tempfile.mkstemp(prefix="bench-rss")
        os.close(fd)
        argv = [GNU_TIME, "-f", "%M", "-o", rss_file] + list(argv)
    try:
        return _run_reaped(argv, timeout, rss_file)
    finally:
        if rss_file:
            os.unlink(rss_file)


def _run_reaped(argv, timeout, rss_file):
    with tempfile.TemporaryFile() as err:
        killed = []
        t0 = time.perf_counter()
        try:
            p = subprocess.Popen(argv, stdin=subprocess.DEVNULL,
                                 stdout=subprocess.DEVNULL, stderr=err,
                                 start_new_session=True)
        except OSError as e:
            return {"wall": 0.0, "cpu": 0.0, "rss_kib": 0, "rc": "exec",
                    "err": str(e)}
        timer = None
        if timeout:
            def kill():
                killed.append(True)
                os.killpg(p.pid, 9)  # GNU time and the tool under it
            timer = threading.Timer(timeout, kill)
            timer.start()
        _, status, ru = os.wait4(p.pid, 0)
        wall = time.perf_counter() - t0
        if timer:
            timer.cancel()
        p.returncode = status  # reaped by wait4; keep Popen from waiting
        if killed:
            rc = "timeout"
        elif os.WIFEXITED(status):
            rc = os.WEXITSTATUS(status)
        else:
            rc = -os.WTERMSIG(status)
        err.seek(0)
        msg = err.read(4000).decode("utf-8", "replace")
    rss = _peak_rss_kib(rss_file, ru.ru_maxrss) if rss_file else ru.ru_maxrss
    return {"wall": wall, "cpu": ru.ru_utime + ru.ru_stime,
            "rss_kib": rss, "rc": rc, "err": msg}


def summarize(runs):
    ok = [r for r in runs if r["rc"] == 0]
    if len(ok) != len(runs):
        bad = [r for r in runs if r["rc"] != 0][0]
        return {"ok": False, "rc": bad["rc"], "err": bad["err"],
                "runs": len(runs)}
    return {"ok": True,
            "wall": statistics.median(r["wall"] for r in ok),
            "wall_min": min(r["wall"] for r in ok),
            "wall_max": max(r["wall"] for r in ok),
            "cpu": statistics.median(r["cpu"] for r in ok),
            "rss_kib": max(r["rss_kib"] for r in ok),
            "runs": len(ok)}


def bench_file(tools, path, repeat, extra, timeout):
    """Run every tool `repeat` times, interleaved. Returns list of summaries."""
    runs = [[] for _ in tools]
    for _ in range(repeat):
        for i, exe in enumerate(tools):
            if runs[i] and runs[i][-1]["rc"] != 0:
                continue  # failed once: no point repeating
            argv = [exe, "--allow-unregistered-dialect", path, "-o",
                    os.devnull] + extra
            runs[i].append(run_once(argv, timeout))
    return [summarize(r) for r in runs]


def check_outputs(tool, ref, path, extra, timeout, outdir):
    """Compare TOOL and REF printed output byte for byte."""
    outs = []
    for i, exe in enumerate((tool, ref)):
        o = os.path.join(outdir, "check_%d_%s.mlir" % (os.getpid(), "ab"[i]))
        argv = [exe, "--allow-unregistered-dialect", path, "-o", o] + extra
        r = run_once(argv, timeout)
        if r["rc"] != 0:
            for x in outs:
                os.unlink(x)
            if os.path.exists(o):
                os.unlink(o)
            return "%s failed" % ("ours" if i == 0 else "ref")
        outs.append(o)
    try:
        with open(outs[0], "rb") as a, open(outs[1], "rb") as b:
            line = 1
            while True:
                ca = a.read(1 << 20)
                cb = b.read(1 << 20)
                if ca != cb:
                    n = min(len(ca), len(cb))
                    j = 0
                    while j < n and ca[j] == cb[j]:
                        j += 1
                    line += ca[:j].count(b"\n")
                    return "DIFF@line %d" % line
                if not ca:
                    return "same"
                line += ca.count(b"\n")
    finally:
        for x in outs:
            os.unlink(x)


def fmt_t(s):
    return "%.3f" % s if s < 10 else "%.2f" % s


def fmt_mib(kib):
    return "%.1f" % (kib / 1024.0)


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="sharc parse/print benchmark (report, not a test)")
    ap.add_argument("--tool", default=os.path.join(ROOT, "build/bin/sdy_opt"))
    ap.add_argument("--ref", default="mlir-opt-22")
    ap.add_argument("--sizes", default="1000,10000,100000,1000000")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ops-per-func", type=int, default=1000)
    ap.add_argument("--generic", action="store_true",
                    help="generate module/func ops in generic form too")
    ap.add_argument("--check", action="store_true",
                    help="also compare our output with the reference's, "
                         "byte for byte, at each size")
    ap.add_argument("--extra-arg", action="append", default=[],
                    help="extra argument passed to both tools (repeatable)")
    ap.add_argument("--cache-dir", default=os.path.join(ROOT, "build/bench"))
    ap.add_argument("--timeout", type=float, default=600,
                    help="per-run timeout in seconds (0 = none)")
    ap.add_argument("--json", help="also write the results as JSON here")
    a = ap.parse_args(argv)

    tool = resolve(a.tool)
    ref = resolve(a.ref)
    if tool is None:
        ap.error("tool not found: %s" % a.tool)
    if ref is None:
        ap.error("reference not found: %s" % a.ref)
    sizes = [int(s.replace("_", "")) for s in a.sizes.split(",") if s]
    os.makedirs(a.cache_dir, exist_ok=True)
    tools = [tool, ref]
    print("# sharc bench: ours=%s  ref=%s" % (tool, ref))
    print("# host: %s, %d cpus, python %s; repeat=%d seed=%d%s" % (
        platform.node(), os.cpu_count() or 0, platform.python_version(),
        a.repeat, a.seed, " generic" if a.generic else ""))
    print("# times are medians of %d interleaved runs (wall clock, and "
          "user+sys cpu); RSS is the max ru_maxrss over runs" % a.repeat)
    print("# load average at start: %.2f %.2f %.2f" % os.getloadavg())
    sys.stdout.flush()

    # Startup baseline: an (almost) empty module.
    base_path = os.path.join(a.cache_dir, "bench_empty.mlir")
    if not os.path.exists(base_path):
        with open(base_path, "w") as f:
            f.write("module {\n}\n")
    base = bench_file(tools, base_path, max(a.repeat, 5), a.extra_arg,
                      a.timeout)

    rows = []
    failed = False
    for size in sizes:
        path, ops = ensure_module(a.cache_dir, size, a.seed, a.generic,
                                  a.ops_per_func)
        print("  running size %d (%s) ..." % (size, os.path.basename(path)),
              file=sys.stderr)
        ours, refr = bench_file(tools, path, a.repeat, a.extra_arg, a.timeout)
        row = {"size": size, "ops": ops, "file": path,
               "file_bytes": os.path.getsize(path), "ours": ours, "ref": refr}
        if a.check:
            row["check"] = check_outputs(tool, ref, path, a.extra_arg,
                                         a.timeout, a.cache_dir)
            if row["check"] != "same":
                failed = True
        for who, s in (("ours", ours), ("ref", refr)):
            if not s["ok"]:
                failed = True
                print("  %s FAILED on %s (rc=%s):\n    %s" % (
                    who, path, s["rc"],
                    s["err"].strip().replace("\n", "\n    ")[:2000]),
                    file=sys.stderr)
        rows.append(row)

    # ---------------------------------------------------------------- report
    hdr = ["size", "ops", "file MB", "ours s", "ref s", "speedup ref/ours",
           "ours cpu s", "ref cpu s", "cpu speedup", "ours RSS MiB",
           "ref RSS MiB", "RSS ours/ref", "ours us/op", "ours cpu us/op"]
    if a.check:
        hdr.append("output vs ref")

    def pair(o, r, key, fmt):
        both = o["ok"] and r["ok"]
        return [fmt(o[key]) if o["ok"] else "FAIL(%s)" % o["rc"],
                fmt(r[key]) if r["ok"] else "FAIL(%s)" % r["rc"],
                "%.2f" % (r[key] / o[key]) if both and o[key] > 0 else "-"]

    bo, br = base
    table = [["startup", "0", "-"] + pair(bo, br, "wall", fmt_t) +
             pair(bo, br, "cpu", fmt_t) +
             [fmt_mib(bo["rss_kib"]) if bo["ok"] else "-",
              fmt_mib(br["rss_kib"]) if br["ok"] else "-",
              "%.2f" % (bo["rss_kib"] / br["rss_kib"])
              if bo["ok"] and br["ok"] else "-", "-", "-"] +
             (["-"] if a.check else [])]
    per_op = {k: [] for k in ("ours", "ours_net", "ours_cpu", "ours_cpu_net",
                              "ref", "ref_cpu")}
    for row in rows:
        o, r, ops = row["ours"], row["ref"], row["ops"]
        cells = [str(row["size"]), str(ops),
                 "%.2f" % (row["file_bytes"] / 1e6)]
        cells += pair(o, r, "wall", fmt_t)
        cells += pair(o, r, "cpu", fmt_t)
        both = o["ok"] and r["ok"]
        cells.append(fmt_mib(o["rss_kib"]) if o["ok"] else "-")
        cells.append(fmt_mib(r["rss_kib"]) if r["ok"] else "-")
        cells.append("%.2f" % (o["rss_kib"] / r["rss_kib"]) if both else "-")
        for who, s, b in (("ours", o, bo), ("ref", r, br)):
            if not s["ok"]:
                continue
            s["us_per_op"] = s["wall"] / ops * 1e6
            s["cpu_us_per_op"] = s["cpu"] / ops * 1e6
            per_op[who].append((row["size"], s["us_per_op"]))
            per_op[who + "_cpu"].append((row["size"], s["cpu_us_per_op"]))
            if who == "ours" and b["ok"]:
                s["us_per_op_net"] = max(s["wall"] - b["wall"], 0) / ops * 1e6
                s["cpu_us_per_op_net"] = \
                    max(s["cpu"] - b["cpu"], 0) / ops * 1e6
                per_op["ours_net"].append((row["size"], s["us_per_op_net"]))
                per_op["ours_cpu_net"].append((row["size"],
                                               s["cpu_us_per_op_net"]))
        cells += (["%.3f" % o["us_per_op"], "%.3f" % o["cpu_us_per_op"]]
                  if o["ok"] else ["-", "-"])
        if a.check:
            cells.append(row["check"])
        table.append(cells)

    widths = [max(len(h), *(len(c[i]) for c in table))
              for i, h in enumerate(hdr)]
    print()
    print("| " + " | ".join(h.rjust(w) for h, w in zip(hdr, widths)) + " |")
    print("|" + "|".join("-" * (w + 1) + ":" for w in widths) + "|")
    for c in table:
        print("| " + " | ".join(x.rjust(w) for x, w in zip(c, widths)) + " |")
    print()

    print("us/op across sizes (max/min; +-X% = half the range around the "
          "midpoint):")
    for key, label in (("ours", "ours wall"),
                       ("ours_net", "ours wall, net of startup"),
                       ("ours_cpu", "ours cpu"),
                       ("ours_cpu_net", "ours cpu, net of startup"),
                       ("ref", "ref  wall"), ("ref_cpu", "ref  cpu")):
        vals = per_op[key]
        if not vals:
            continue
        each = ", ".join("%d: %.3f" % sv for sv in vals)
        v = [x for _, x in vals]
        lo, hi = min(v), max(v)
        if len(v) >= 2 and lo > 0:
            print("  %-26s max/min %5.2f  +-%5.1f%%   [%s]" % (
                label, hi / lo, (hi - lo) / (hi + lo) * 100, each))
        else:
            print("  %-26s %s" % (label, each))
    if a.check:
        print("output check: " + ", ".join(
            "%d: %s" % (r["size"], r["check"]) for r in rows))
    print("# load average at end: %.2f %.2f %.2f (wall times are noisy when "
          "it exceeds the cpu count; cpu times less so)" % os.getloadavg())

    if a.json:
        with open(a.json, "w") as f:
            json.dump({"tool": tool, "ref": ref, "repeat": a.repeat,
                       "seed": a.seed, "generic": a.generic,
                       "startup": {"ours": base[0], "ref": base[1]},
                       "rows": rows}, f, indent=1, default=str)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
