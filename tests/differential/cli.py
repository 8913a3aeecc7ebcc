#!/usr/bin/env python3
"""Differential test of the tools' command-line parsing against mlir-opt-22.

usage: tests/differential/cli.py [TOOL] [--ref R] [--filter S] [--jobs N]

sdy_opt takes MlirOptMain's flags, parsed by LLVM's cl: every value form
(-name=value, --name=value, -name value), repeated flags, and each value
parser's notation and messages (integers as StringRef::getAsInteger reads
them, booleans, enums, pass lists, the bytecode version's own parser). For
every command line below, run on flags_cases/elements.mlir, it checks that
    TOOL --allow-unregistered-dialect ARGS X  and  REF --allow-unregistered-dialect ARGS X
agree byte for byte on stdout, on stderr (the tool's name read as the
reference's) and on the exit status.

Ends with "N passed, N failed"; exit status 1 if any check failed.
"""

import argparse
import concurrent.futures
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from flags import difference, run  # noqa: E402  (the flags differential's helpers)
INPUT = os.path.join(HERE, "flags_cases", "elements.mlir")

# Integer texts: every notation getAsInteger's radix 0 knows, the edges of
# unsigned, long and 64 bits, and what it refuses (signs, spaces, junk).
INTEGERS = ["0", "1", "3", "-1", "-0", "+1", " 1", "1 ", "", "0x3", "0X3", "0x", "0xg", "0b11",
            "0B11", "0b", "0b2", "0o7", "0O7", "0o", "07", "08", "00", "0z", "1a", "abc", "--1",
            "-0x2", "-0b1", "-0o1", "-07", "4294967295", "4294967296", "0xffffffff",
            "0x100000000", "9223372036854775807", "9223372036854775808",
            "-9223372036854775808", "-9223372036854775809", "18446744073709551615",
            "18446744073709551616", "1e3", "1.0", "0x1p3", "3L"]
INT_FLAGS = ["mlir-elide-elementsattrs-if-larger", "mlir-print-elementsattrs-with-hex-if-larger",
             "mlir-elide-resource-strings-if-larger"]
BOOLEANS = ["", "true", "TRUE", "True", "1", "false", "FALSE", "False", "0", "yes", "no", "2",
            "tRUE", " true", "-1", "0x1"]
# (Not -allow-unregistered-dialect=0: mlir-opt-22 links MLIR's test dialect,
# which takes the input's unknown test.* ops anyway.)
BOOL_FLAGS = ["mlir-print-op-generic", "mlir-print-local-scope", "mlir-print-skip-regions",
              "mlir-print-debuginfo", "verify-each", "mlir-print-value-users",
              "mlir-print-op-on-diagnostic"]
VERSIONS = ["0", "1", "6", "-1", "0x1", "010", "08", "+1", "", "a", "99", "9223372036854775808"]
PASS_LISTS = ["cse", "cse,symbol-dce", "", ",", "cse,", ",cse", "cse,,cse", "nope", "cse,nope",
              "CSE", "canonicalize"]
# Pass options, parsed by the same LLVM parsers inside a pipeline.
PASS_OPTIONS = ["canonicalize{max-iterations=1 max-iterations=2}", "canonicalize{test-convergence=2}",
                "canonicalize{region-simplify=x}", "canonicalize{region-simplify=aggressive}",
                "canonicalize{region-simplify}", "canonicalize{top-down}", "canonicalize{top-down=}",
                "canonicalize{max-iterations}", "canonicalize{max-iterations=}",
                "canonicalize{disabled-patterns=a,b enabled-patterns=c}", "canonicalize{ }",
                "canonicalize{}", "symbol-dce{x=1}", "cse{x}", "canonicalize{max-iterations=1",
                "canonicalize{max-iterations='1'}", "canonicalize{max-iterations=\"1\"}",
                "canonicalize{max-iterations={1}}", "func.func(cse{})"]
ENUMS = {"mlir-diagnostic-verbosity-level": ["errors", "warnings", "remarks", "", "error", "ERRORS"],
         "mlir-pass-statistics-display": ["list", "pipeline", "", "table"]}


def command_lines():
    """(name, args) of every command line checked."""
    out = []
    for flag in INT_FLAGS:
        for v in INTEGERS:
            out.append(("%s=%r" % (flag, v), ["--%s=%s" % (flag, v)]))
        out.append((flag + " separate", ["-" + flag, "2"]))
        out.append((flag + " missing", ["--" + flag]))
        out.append((flag + " repeated", ["--%s=1" % flag, "--%s=0x10" % flag]))
        out.append((flag + " repeated bad", ["--%s=x" % flag, "--%s=y" % flag]))
    for flag in BOOL_FLAGS:
        for v in BOOLEANS:
            out.append(("%s=%r" % (flag, v), ["--%s=%s" % (flag, v)]))
        out.append((flag + " repeated", ["-" + flag, "--" + flag + "=0", "-" + flag]))
    for v in VERSIONS:
        out.append(("emit-bytecode-version=%r" % v, ["--emit-bytecode-version=" + v]))
        out.append(("emit-bytecode-version=%r bytecode" % v,
                    ["--emit-bytecode", "--emit-bytecode-version=" + v, "-o", "/dev/null"]))
    pipeline = "--pass-pipeline=builtin.module(func.func(cse),symbol-dce)"
    for which in ("before", "after"):
        for v in PASS_LISTS:
            out.append(("print-ir-%s=%r" % (which, v),
                        [pipeline, "--mlir-disable-threading",
                         "--mlir-print-ir-%s=%s" % (which, v)]))
        out.append(("print-ir-%s no value" % which,
                    [pipeline, "--mlir-disable-threading", "--mlir-print-ir-" + which, "cse"]))
        out.append(("print-ir-%s repeated" % which,
                    [pipeline, "--mlir-disable-threading", "--mlir-print-ir-%s=cse" % which,
                     "--mlir-print-ir-%s=symbol-dce" % which]))
    for flag, values in ENUMS.items():
        for v in values:
            out.append(("%s=%r" % (flag, v), ["--%s=%s" % (flag, v)]))
        out.append((flag + " missing", ["--" + flag]))
    for v in INTEGERS[:30]:
        out.append(("canonicalize max-iterations=%r" % v, ["--canonicalize=max-iterations=" + v]))
        out.append(("pipeline max-num-rewrites=%r" % v,
                    ["--pass-pipeline=builtin.module(canonicalize{max-num-rewrites=%s})" % v]))
    for v in BOOLEANS[:12]:
        out.append(("canonicalize top-down=%r" % v, ["--canonicalize=top-down=" + v]))
    for opts in PASS_OPTIONS:
        out.append(("pipeline " + opts, ["--pass-pipeline=builtin.module(%s)" % opts]))
    out.append(("bad values together", ["--mlir-elide-elementsattrs-if-larger=x",
                                        "--mlir-print-op-generic=2", "--emit-bytecode-version=z"]))
    out.append(("help with a value", ["--help=1"]))
    return out


def normalized(result, path):
    """The tool's name (as run, or its base name) in LLVM's messages read
    as the reference's."""
    if result is None:
        return None
    rc, out, err = result
    for name in (path, os.path.basename(path)):
        err = err.replace(name.encode(), b"TOOL")
    return rc, out, err


def check(args, case):
    name, flags = case
    base = ["--allow-unregistered-dialect"]
    t = normalized(run([args.tool] + base + flags + [INPUT], args.timeout), args.tool)
    r = normalized(run([args.ref] + base + flags + [INPUT], args.timeout), args.ref)
    if t is not None and t == r:
        return None
    return difference("FAIL [%s]: %s" % (name, " ".join(repr(f) for f in flags)), t, r)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("tool", nargs="?", default="build/bin/sdy_opt")
    ap.add_argument("--ref", default="mlir-opt-22")
    ap.add_argument("--filter", default="")
    ap.add_argument("--jobs", type=int, default=int(os.environ.get("JOBS", os.cpu_count() or 2)))
    ap.add_argument("--timeout", type=float, default=30)
    args = ap.parse_args()
    args.tool = os.path.abspath(args.tool)
    if not os.access(args.tool, os.X_OK):
        print("error: tool '%s' not found or not executable" % args.tool, file=sys.stderr)
        return 2
    cases = [c for c in command_lines() if args.filter in c[0]]
    failed = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for msg in pool.map(lambda c: check(args, c), cases):
            if msg:
                failed += 1
                print(msg)
    print("%d passed, %d failed" % (len(cases) - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
