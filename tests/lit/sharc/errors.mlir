// Bad input never crashes: every error is located (or names the file),
// exits 1, and writes nothing (an existing output file is left as it was).
// RUN: echo keep > %t.out
// Not MLIR: the parser's located error.
// RUN: not sharc propagate %S/Inputs/not_mlir.txt -o %t.out 2>&1 | FileCheck %s --check-prefix=NOTMLIR
// RUN: FileCheck %s --check-prefix=KEPT < %t.out
// RUN: not sharc explain %S/Inputs/not_mlir.txt %%0 2>&1 | FileCheck %s --check-prefix=NOTMLIR
// No mesh: said so, before any pass runs.
// RUN: not sharc propagate %S/Inputs/no_mesh.mlir -o %t.out 2>&1 | FileCheck %s --check-prefix=NOMESH
// RUN: not sharc show %S/Inputs/no_mesh.mlir %%0 2>&1 | FileCheck %s --check-prefix=NOMESH
// RUN: FileCheck %s --check-prefix=KEPT < %t.out
// A pass that fails: its located error, nothing written.
// RUN: not sharc propagate %S/Inputs/unreduced_return.mlir --explicit -o %t.out 2>&1 | FileCheck %s --check-prefix=PASS
// RUN: FileCheck %s --check-prefix=KEPT < %t.out
// Unknown VALUE: the closest names; an ambiguous one: the candidates.
// RUN: not sharc explain %S/../../../examples/mlp_jax.mlir %%77 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not sharc show %S/../../../examples/mlp_jax.mlir w3 --svg %t.svg 2>&1 | FileCheck %s --check-prefix=CLOSE
// RUN: not test -e %t.svg
// RUN: not sharc explain %S/Inputs/mixed.mlir %%arg0 2>&1 | FileCheck %s --check-prefix=AMBIGUOUS
// RUN: not sharc explain %S/../../../examples/mlp_jax.mlir mlp.py:99 2>&1 | FileCheck %s --check-prefix=NOLINE
// RUN: not sharc explain %S/../../../examples/mlp_jax.mlir zzzzzzzzzzzzzzzzzz 2>&1 | FileCheck %s --check-prefix=FAR
// Files that cannot be read or written.
// RUN: not sharc propagate %t.missing.mlir 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not sharc propagate %S/Inputs/mixed.mlir -o %t.nodir/out.mlir 2>&1 | FileCheck %s --check-prefix=NOWRITE
// RUN: not sharc show %S/Inputs/mixed.mlir tokens --svg %t.nodir/x.svg 2>&1 | FileCheck %s --check-prefix=NOWRITE
// Command lines.
// RUN: not sharc 2>&1 | FileCheck %s --check-prefix=NOARGS
// RUN: not sharc frobnicate x.mlir 2>&1 | FileCheck %s --check-prefix=NOCMD
// RUN: not sharc propagate %S/Inputs/mixed.mlir --bogus 2>&1 | FileCheck %s --check-prefix=BADOPT
// RUN: not sharc propagate %S/Inputs/mixed.mlir --format xml 2>&1 | FileCheck %s --check-prefix=BADFMT
// RUN: not sharc propagate %S/Inputs/mixed.mlir --color sometimes 2>&1 | FileCheck %s --check-prefix=BADCOLOR
// RUN: not sharc propagate %S/Inputs/mixed.mlir -o 2>&1 | FileCheck %s --check-prefix=NOOUT
// RUN: not sharc propagate 2>&1 | FileCheck %s --check-prefix=NOMODEL
// RUN: not sharc explain %S/Inputs/mixed.mlir 2>&1 | FileCheck %s --check-prefix=NOVALUE
// RUN: not sharc explain %S/Inputs/mixed.mlir a b 2>&1 | FileCheck %s --check-prefix=EXTRA
// RUN: not sharc propagate %S/Inputs/mixed.mlir --svg x.svg 2>&1 | FileCheck %s --check-prefix=NOSVG

// NOTMLIR: not_mlir.txt:1:1: error: custom op 'this' is unknown
// KEPT: keep
// NOMESH: no_mesh.mlir:1:1: error: the module has no sdy.mesh: nothing in it is sharded
// PASS: unreduced_return.mlir:6:3: error: 'func.return' op has unreduced axes mismatch for 'x'
// UNKNOWN: mlp_jax.mlir:1:1: error: no value named '%77'; close names: %7, %0, %1, %2, %3
// CLOSE: error: no value named 'w3'; close names: w1, w2
// AMBIGUOUS: mixed.mlir:1:1: error: '%arg0' names 2 values: @main:%arg0, @helper:%arg0; name one as @function:%N
// NOLINE: error: no value is defined at 'mlp.py:99'
// FAR: error: no value named 'zzzzzzzzzzzzzzzzzz'; nothing in the module has a close name
// MISSING: missing.mlir: error: could not open input file: No such file or directory
// NOWRITE: error: could not write output file: No such file or directory
// NOARGS: usage: sharc <command>
// NOCMD: sharc: error: unknown command 'frobnicate'
// NOCMD-NEXT: (try 'sharc --help')
// BADOPT: sharc propagate: error: unknown option '--bogus'
// BADOPT-NEXT: (try 'sharc propagate --help')
// BADFMT: sharc propagate: error: --format takes table, json or csv, not 'xml'
// BADCOLOR: sharc propagate: error: --color takes auto, always or never, not 'sometimes'
// NOOUT: sharc propagate: error: -o needs a file name
// NOMODEL: sharc propagate: error: no MODEL.mlir given
// NOVALUE: sharc explain: error: no VALUE given
// EXTRA: sharc explain: error: unexpected argument 'b'
// NOSVG: sharc propagate: error: unknown option '--svg'
