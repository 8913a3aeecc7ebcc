#!/usr/bin/env python3
"""Differential test of MLIR's printing and IR-dump flags against mlir-opt-22.

usage: tests/differential/flags.py [TOOL] [--filter S] [--ngen N] [--seed S]
                                   [--jobs N] [--baseline F] [--write-baseline F]

sdy_opt stands in for Shardy's tool, which takes every MlirOptMain flag, so
each flag that changes what is printed has to print what mlir-opt-22 prints.
For every input X (cases/*.mlir, flags_cases/*.mlir and --ngen modules from
gen_random.py) and every flag set F below it checks that
    TOOL --allow-unregistered-dialect F X   and   REF --allow-unregistered-dialect F X
agree byte for byte on stdout, on stderr (the tool's name at the start of a
line read as the reference's) and on the exit status. An input the reference
rejects is skipped. The pass flag sets run passes both tools have; where the
passes alone already print differently (a pass's own fidelity, not the
flags'), the pass sets are skipped for that input.

Ends with "N passed, N failed"; exit status 1 if any check failed, or with
--baseline if a check listed there (one "[set] input" per line) no longer
passes.
"""

import argparse
import concurrent.futures
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

# The printing flags, each set on every input.
PRINT_SETS = {
    "skip-regions": ["--mlir-print-skip-regions"],
    "skip-regions-generic": ["--mlir-print-skip-regions", "--mlir-print-op-generic"],
    "elide-0": ["--mlir-elide-elementsattrs-if-larger=0"],
    "elide-2-generic": ["--mlir-elide-elementsattrs-if-larger=2", "--mlir-print-op-generic"],
    "hex-0": ["--mlir-print-elementsattrs-with-hex-if-larger=0"],
    "hex-off": ["--mlir-print-elementsattrs-with-hex-if-larger=-1"],
    "hex-3-generic": ["--mlir-print-elementsattrs-with-hex-if-larger=3", "--mlir-print-op-generic"],
    "value-users": ["--mlir-print-value-users"],
    "value-users-generic": ["--mlir-print-value-users", "--mlir-print-op-generic"],
    "value-users-unique-debug": ["--mlir-print-value-users", "--mlir-print-unique-ssa-ids",
                                 "--mlir-print-debuginfo"],
    "unique": ["--mlir-print-unique-ssa-ids"],
    "unique-local": ["--mlir-print-unique-ssa-ids", "--mlir-print-local-scope"],
    "nameloc": ["--mlir-use-nameloc-as-prefix"],
    "nameloc-generic": ["--mlir-use-nameloc-as-prefix", "--mlir-print-op-generic"],
    "nameloc-unique-users": ["--mlir-use-nameloc-as-prefix", "--mlir-print-unique-ssa-ids",
                             "--mlir-print-value-users"],
    "assume-verified": ["--mlir-print-assume-verified"],
    "elide-resources-0": ["--mlir-elide-resource-strings-if-larger=0"],
    "elide-resources-20": ["--mlir-elide-resource-strings-if-larger=20"],
    "no-notes-stats": ["--mlir-disable-diagnostic-notes", "--mlir-pass-statistics"],
}

# The IR dump flags, on passes both tools implement. Without threads: MLIR
# prints the dumps of functions a pass runs on in parallel in whatever order
# its threads finish.
PIPELINE = "--pass-pipeline=builtin.module(func.func(cse),symbol-dce)"
SEQ = "--mlir-disable-threading"
PASS_SETS = {
    "after-all": [PIPELINE, SEQ, "--mlir-print-ir-after-all"],
    "before-after-module": [PIPELINE, "--mlir-print-ir-before=cse",
                            "--mlir-print-ir-after=symbol-dce,cse",
                            "--mlir-print-ir-module-scope", SEQ],
    "after-change": [PIPELINE, SEQ, "--mlir-print-ir-after-all", "--mlir-print-ir-after-change"],
    "before-users-generic": [PIPELINE, SEQ, "--mlir-print-ir-before-all",
                             "--mlir-print-value-users", "--mlir-print-op-generic"],
    "after-failure-all": [PIPELINE, SEQ, "--mlir-print-ir-after-all",
                          "--mlir-print-ir-after-failure"],
    "module-scope-threads": ["--symbol-dce", "--mlir-print-ir-after-all",
                             "--mlir-print-ir-module-scope"],
    "dump-nameloc-unique": [PIPELINE, SEQ, "--mlir-print-ir-after=cse",
                            "--mlir-use-nameloc-as-prefix", "--mlir-print-unique-ssa-ids"],
}


def run(cmd, timeout):
    try:
        p = subprocess.run(cmd, cwd=HERE, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    return p.returncode, p.stdout, p.stderr


def normalized(result, name):
    """The tool's name where LLVM's option errors start a line."""
    if result is None:
        return None
    rc, out, err = result
    prefix = (name + ":").encode()
    lines = [b"TOOL:" + l[len(prefix):] if l.startswith(prefix) else l
             for l in err.split(b"\n")]
    return rc, out, b"\n".join(lines)


def difference(msg, t, r):
    """`msg` and where the tool's result `t` first differs from the
    reference's `r` (exit status, first differing line of each stream)."""
    if t is None or r is None:
        return msg + " (timeout)"
    if t[0] != r[0]:
        msg += "\n  exit status %d, expected %d" % (t[0], r[0])
    for what, a, b in (("stdout", t[1], r[1]), ("stderr", t[2], r[2])):
        if a != b:
            al, bl = a.split(b"\n"), b.split(b"\n")
            k = next((i for i in range(min(len(al), len(bl))) if al[i] != bl[i]),
                     min(len(al), len(bl)))
            got = al[k] if k < len(al) else b"<end>"
            want = bl[k] if k < len(bl) else b"<end>"
            msg += "\n  %s line %d:\n    expected: %s\n    actual:   %s" % (
                what, k + 1, want.decode(errors="replace")[:300],
                got.decode(errors="replace")[:300])
    return msg


def input_files(args, tmp):
    """The valid inputs: cases/, flags_cases/ and --ngen small modules from
    gen_random.py (--seed), generated into `tmp`."""
    inputs = []
    for d in ("cases", "flags_cases"):
        folder = os.path.join(HERE, d)
        inputs += sorted(os.path.join(folder, f) for f in os.listdir(folder)
                         if f.endswith(".mlir")) if os.path.isdir(folder) else []
    if args.ngen > 0:
        gen = os.path.join(tmp, "gen")
        subprocess.run([sys.executable, os.path.join(HERE, "gen_random.py"), "--seed",
                        str(args.seed), "--count", str(args.ngen), "--size", "small",
                        "--out", gen], check=True)
        inputs += sorted(os.path.join(gen, f) for f in os.listdir(gen))
    return inputs


def check_input(args, x):
    """(passed ids, failure messages, skipped count) of one input."""
    tool_name = os.path.basename(args.tool)
    ref_name = os.path.basename(args.ref)
    base = ["--allow-unregistered-dialect"]

    def both(flags):
        t = normalized(run([args.tool] + base + flags + [x], args.timeout), tool_name)
        r = normalized(run([args.ref] + base + flags + [x], args.timeout), ref_name)
        return t, r

    ident = os.path.relpath(x, HERE) if x.startswith(HERE) else x.split("/gen/", 1)[-1]
    passed, failures, skipped = [], [], 0
    plain = run([args.ref] + base + [x], args.timeout)
    if plain is None or plain[0] != 0:
        return passed, failures, 1
    sets = list(PRINT_SETS.items())
    t, r = both([PIPELINE])
    passes_agree = t is not None and t == r
    if passes_agree:
        sets += list(PASS_SETS.items())
    else:
        skipped += len(PASS_SETS)
    for name, flags in sets:
        t, r = both(flags)
        if t is not None and t == r:
            passed.append("[%s] %s" % (name, ident))
            continue
        failures.append(difference("FAIL [%s] %s: %s" % (name, ident, " ".join(flags)), t, r))
    return passed, failures, skipped


def differential_args(doc, jobs):
    """The command line the input-corpus differentials (this one, diag.py)
    share: the tool, the reference, the inputs, the ratchet."""
    ap = argparse.ArgumentParser(description=doc.split("\n")[0])
    ap.add_argument("tool", nargs="?", default="build/bin/sdy_opt")
    ap.add_argument("--ref", default="mlir-opt-22")
    ap.add_argument("--filter", default="")
    ap.add_argument("--ngen", type=int, default=int(os.environ.get("NGEN", "12")))
    ap.add_argument("--seed", type=int, default=int(os.environ.get("SEED", "1")))
    ap.add_argument("--jobs", type=int, default=int(os.environ.get("JOBS", jobs)))
    ap.add_argument("--timeout", type=float, default=30)
    ap.add_argument("--baseline", default=os.environ.get("BASELINE"))
    ap.add_argument("--write-baseline", default=os.environ.get("WRITE_BASELINE"))
    return ap


def checked_tool(args):
    """args.tool made absolute; False (after a message) when it cannot run."""
    args.tool = os.path.abspath(args.tool)
    if os.access(args.tool, os.X_OK):
        return True
    print("error: tool '%s' not found or not executable" % args.tool, file=sys.stderr)
    return False


def main():
    args = differential_args(__doc__, os.cpu_count() or 2).parse_args()
    if not checked_tool(args):
        return 2
    with tempfile.TemporaryDirectory(prefix="sharc-flags.") as tmp:
        inputs = [x for x in input_files(args, tmp) if args.filter in x]
        all_passed, failed, skipped = [], 0, 0
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            for passed, failures, s in pool.map(lambda x: check_input(args, x), inputs):
                all_passed += passed
                skipped += s
                failed += len(failures)
                for f in failures:
                    print(f)
    if skipped:
        print("(%d skipped: rejected by the reference, or its passes print otherwise)" % skipped)
    print("%d passed, %d failed" % (len(all_passed), failed))
    return ratchet(all_passed, failed, args, "checks")


def ratchet(passed, failed, args, noun):
    """Writes the passing ids to --write-baseline, and the exit status: with
    --baseline, 1 when an id listed there no longer passes; otherwise 1 when
    anything failed."""
    if args.write_baseline:
        with open(args.write_baseline, "w") as f:
            f.write("".join(p + "\n" for p in sorted(passed)))
        print("wrote %d passing %s to %s" % (len(passed), noun, args.write_baseline))
    if args.baseline:
        with open(args.baseline) as f:
            listed = [l.strip() for l in f if l.strip() and not l.startswith("#")]
        missing = sorted(set(listed) - set(passed))
        for m in missing:
            print("REGRESSED " + m)
        if missing:
            print("%d %s listed in %s no longer pass" % (len(missing), noun, args.baseline))
            return 1
        print("baseline: all %d listed %s pass" % (len(listed), noun))
        return 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
