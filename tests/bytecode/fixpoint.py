#!/usr/bin/env python3
"""Text -> bytecode -> text round trip of every module of the conformance corpora.

Each `// -----` piece of every .mlir under the given corpus folders that the
tool parses is printed (T), written as MLIR bytecode (-emit-bytecode) and read
back: the text printed from the bytecode must equal T, and writing that module
again must give the same bytes (a fixpoint). stablehlo and chlo go through
their own encodings (StablehloBytecode.cpp, ChloBytecode.cpp), sdy and mpmd
through the textual fallback, as MLIR writes them.

usage: tests/bytecode/fixpoint.py TOOL DIR... ; ends with "N passed, N failed"
"""
import os
import subprocess
import sys


def run(tool, args, data):
    p = subprocess.run([tool, '--allow-unregistered-dialect'] + args + ['-', '-o', '-'], input=data,
                       capture_output=True, timeout=300)
    return p.returncode, p.stdout, p.stderr


def pieces(path):
    with open(path, encoding='utf-8', errors='replace') as f:
        text = f.read()
    for i, piece in enumerate(text.split('\n// -----')):
        yield f'{path}#{i}', piece.encode()


def main():
    tool, dirs = sys.argv[1], sys.argv[2:]
    passed = failed = 0
    for d in dirs:
        for root, _, files in sorted(os.walk(d)):
            for name in sorted(files):
                if not name.endswith('.mlir'):
                    continue
                for case, data in pieces(os.path.join(root, name)):
                    rc, text, _ = run(tool, [], data)
                    if rc != 0:
                        continue
                    rc1, bc, err1 = run(tool, ['-emit-bytecode'], text)
                    rc2, back, err2 = run(tool, [], bc) if rc1 == 0 else (1, b'', b'')
                    rc3, bc2, _ = run(tool, ['-emit-bytecode'], back) if rc2 == 0 else (1, b'', b'')
                    if rc1 == 0 and rc2 == 0 and rc3 == 0 and back == text and bc2 == bc:
                        passed += 1
                        continue
                    failed += 1
                    why = (err1 or err2).decode(errors='replace').strip().split('\n')[0]
                    if not why:
                        why = 'text differs' if back != text else 'bytes differ'
                    print(f'FAIL {case}: {why}')
    print(f'{passed} passed, {failed} failed')
    return 0 if failed == 0 else 1


if __name__ == '__main__':
    sys.exit(main())
