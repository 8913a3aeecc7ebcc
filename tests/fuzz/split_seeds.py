"""Writes fuzz seeds from MLIR test files, one a `// -----` piece (pieces
over 8000 bytes are left out), for tests/fuzz/run.sh.

    split_seeds.py HEAD OUT DIR...

HEAD says what goes before each piece, read from its file's RUN lines:
  pass  a `//!FLAG` line naming the first pass an sdy_opt/mpmd_opt/
        stablehlo-opt RUN line gives (else a first byte that picks a pass:
        fuzz_pass)
  mesh  a `//!mesh AXES` line from the first `--mesh` flag (else nothing:
        fuzz_auto)
  none  nothing (fuzz_interpret)
"""
import os
import re
import sys

PASS_FLAG = re.compile(
    rb"RUN:.*?(?:sdy_opt|mpmd_opt|stablehlo-opt).*?"
    rb"\s-(?!-?(?:split|allow|verify|mlir|emit|o\b|pass-pipeline))-?([a-z][a-z0-9-]+)")
MESH_FLAG = re.compile(rb"--mesh[ =]'?([^' \n]+)")


def header(kind, data, n):
    """The bytes before the n-th seed, of a file holding `data`."""
    if kind == "pass":
        flag = PASS_FLAG.search(data)
        return b"//!" + flag.group(1) + b"\n" if flag else bytes([n % 256])
    if kind == "mesh":
        mesh = MESH_FLAG.search(data)
        return b"//!mesh " + mesh.group(1) + b"\n" if mesh else b""
    return b""


def main():
    kind, out, dirs = sys.argv[1], sys.argv[2], sys.argv[3:]
    n = 0
    for d in dirs:
        for root, _, files in os.walk(d):
            for f in sorted(files):
                if not f.endswith(".mlir"):
                    continue
                data = open(os.path.join(root, f), "rb").read()
                for piece in data.split(b"// -----"):
                    if len(piece) <= 8000:
                        with open(os.path.join(out, "s%06d" % n), "wb") as w:
                            w.write(header(kind, data, n) + piece)
                        n += 1
    print("fuzz/run.sh: %d %s seeds" % (n, os.path.basename(out).split("_")[0]), file=sys.stderr)


if __name__ == "__main__":
    main()
