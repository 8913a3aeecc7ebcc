#!/usr/bin/env python3
"""Runs `sharc verify` on every program of a directory (gen_sharded.py's
output) in parallel and sums up: exit 0 (equal), 1 (a mismatch or an
error), timeouts. A program whose global run the interpreter cannot do
(an unsupported op or type, named in the error) is counted apart: it is
not a partitioning result.

    run_verify.py --sharc build/bin/sharc [--jobs N] [--timeout S] [--failures] DIR
"""
import argparse
import concurrent.futures
import os
import subprocess
import sys
import time

UNRUNNABLE = "the global program could not be run"


def run(sharc, path, timeout, extra):
    t0 = time.time()
    try:
        p = subprocess.run([sharc, "verify", path] + extra, capture_output=True, text=True,
                           timeout=timeout)
        return path, p.returncode, p.stdout + p.stderr, time.time() - t0
    except subprocess.TimeoutExpired:
        return path, "timeout", "", time.time() - t0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("--sharc", required=True)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--failures", action="store_true")
    ap.add_argument("--baseline", help="fail when a program listed here does not exit 0")
    ap.add_argument("--write-passing", help="write the programs that exit 0 to this file")
    a, extra = ap.parse_known_args()
    files = sorted(os.path.join(a.dir, f) for f in os.listdir(a.dir) if f.endswith(".mlir"))
    t0 = time.time()
    results = []
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        for r in ex.map(lambda f: run(a.sharc, f, a.timeout, extra), files):
            results.append(r)
    unrunnable = [r for r in results if r[1] != 0 and UNRUNNABLE in r[2]]
    results = [r for r in results if not (r[1] != 0 and UNRUNNABLE in r[2])]
    ok = [r for r in results if r[1] == 0]
    bad = [r for r in results if r[1] != 0]
    print("verify: %d programs the interpreter runs (%d more it cannot), %d equal (exit 0, "
          "%.2f %%), %d failing, %.1f s" %
          (len(results), len(unrunnable), len(ok), 100.0 * len(ok) / max(1, len(results)),
           len(bad), time.time() - t0))
    if a.failures:
        for path, rc, out, dt in bad:
            first = [l for l in out.splitlines() if "error" in l or "mismatch" in l][:2]
            print("FAIL %s (%s): %s" % (os.path.basename(path), rc, " | ".join(first)[:400]))
    if a.write_passing:
        with open(a.write_passing, "w") as f:
            for path, *_ in ok:
                f.write(os.path.basename(path) + "\n")
    if a.baseline:
        listed = set(l.strip() for l in open(a.baseline) if l.strip() and not l.startswith("#"))
        lost = [os.path.basename(p) for p, rc, *_ in results
                if os.path.basename(p) in listed and rc != 0]
        for n in lost:
            print("REGRESSION %s" % n)
        missing = listed - set(os.path.basename(p) for p, *_ in results)
        for n in sorted(missing):
            print("MISSING %s" % n)
        return 1 if lost or missing else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
