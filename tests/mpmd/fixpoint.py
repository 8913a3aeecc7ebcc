#!/usr/bin/env python3
"""Print fixpoint of Shardy's mpmd test inputs.

Every .mlir under <shared>/conformance/shardy/dialect/mpmd (cut at `// -----`
where its RUN lines split the input) must parse, and printing must be a
fixpoint: the printed text parses back to the same text, and so does its
generic form. Pieces written to fail (with `expected-error`) are skipped when
the tool rejects them. Pieces listed in fixpoint_xfail.txt (path#piece and a
reason) are known failures; any other failure fails the suite.

usage: fixpoint.py <mpmd_opt> <shared dir>
"""
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
EXTRA_FLAGS = []


def read(path):
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        return f.read()


def tool_flags(text):
    """Flags of the file's RUN lines that change what parses."""
    runs = " ".join(l for l in text.split("\n") if "RUN:" in l)
    return ["--allow-unregistered-dialect"] if "-allow-unregistered-dialect" in runs else []


def pieces(text):
    if "-split-input-file" not in text:
        return [text]
    out, cur = [], []
    for line in text.split("\n"):
        if line.strip().startswith("// -----"):
            out.append("\n".join(cur))
            cur = []
        else:
            cur.append(line)
    out.append("\n".join(cur))
    return out


def run(tool, text, *flags):
    flags = list(flags) + EXTRA_FLAGS
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False,
                                     encoding="utf-8", errors="surrogateescape") as f:
        f.write(text)
        name = f.name
    try:
        p = subprocess.run([tool, name, *flags], capture_output=True, timeout=60)
    finally:
        os.unlink(name)
    return p.returncode, p.stdout.decode("utf-8", "surrogateescape"), \
        p.stderr.decode("utf-8", "surrogateescape")


def check(tool, text):
    """None when `text` prints to a fixpoint, else why not."""
    rc, first, err = run(tool, text)
    if rc != 0:
        if "expected-error" in text:
            return None
        return "does not parse: " + err.strip().split("\n")[0]
    rc, second, err = run(tool, first)
    if rc != 0:
        return "printed text does not parse: " + err.strip().split("\n")[0]
    if second != first:
        return "printing is not a fixpoint"
    rc, generic, err = run(tool, first, "-mlir-print-op-generic")
    if rc != 0:
        return "generic print failed: " + err.strip().split("\n")[0]
    rc, back, err = run(tool, generic)
    if rc != 0:
        return "generic form does not parse: " + err.strip().split("\n")[0]
    if back != first:
        return "generic form does not read back to the same IR"
    return None


def main():
    tool, shared = sys.argv[1], sys.argv[2]
    root = os.path.join(shared, "conformance", "shardy", "dialect", "mpmd")
    xfail = {}
    with open(os.path.join(HERE, "fixpoint_xfail.txt"), encoding="utf-8") as f:
        for line in f:
            line = line.split("#!", 1)[0].strip()
            if line and not line.startswith("//"):
                case, _, why = line.partition(" ")
                xfail[case] = why.strip()
    passed = failed = expected = 0
    for dirpath, _, files in sorted(os.walk(root)):
        for fname in sorted(files):
            if not fname.endswith(".mlir"):
                continue
            path = os.path.join(dirpath, fname)
            rel = os.path.relpath(path, root)
            whole = read(path)
            EXTRA_FLAGS[:] = tool_flags(whole)
            for i, text in enumerate(pieces(whole)):
                case = f"{rel}#{i}"
                why = check(tool, text)
                if why is None:
                    passed += 1
                    if case in xfail:
                        print(f"note: {case} passes now; remove it from fixpoint_xfail.txt")
                elif case in xfail:
                    expected += 1
                else:
                    failed += 1
                    print(f"FAIL {case}: {why}")
    print(f"{passed} passed, {failed} failed, {expected} known failures")
    if passed + failed + expected == 0:  # a missing corpus must not pass
        print(f"FAIL no case under {root}")
        return 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
