// The README's sessions are what the tools print today: `make run`'s
// command (from the repository root, as the Makefile runs it, the
// propagated module written), `sharc explain` and `sharc show`.
// RUN: cd %S/../../.. && sharc propagate examples/mlp_jax.mlir -o %t.mlir > %t.txt
// RUN: python3 %S/Inputs/readme_session.py %S/../../../README.md 'make run' > %t.readme
// RUN: diff -u %t.readme %t.txt
// RUN: grep -q "sharc propagate examples/mlp_jax.mlir -o" %S/../../../Makefile
// RUN: FileCheck %s < %t.mlir
// RUN: cd %S/../../.. && sharc explain examples/mlp_jax.mlir b1 > %t.explain
// RUN: python3 %S/Inputs/readme_session.py %S/../../../README.md 'build/bin/sharc explain examples/mlp_jax.mlir b1' > %t.explain.readme
// RUN: diff -u %t.explain.readme %t.explain
// RUN: cd %S/../../.. && sharc show examples/mlp_jax.mlir b1 > %t.show
// RUN: python3 %S/Inputs/readme_session.py %S/../../../README.md 'build/bin/sharc show examples/mlp_jax.mlir b1' > %t.show.readme
// RUN: diff -u %t.show.readme %t.show

// CHECK: sdy.mesh @mesh = <["data"=4, "model"=2]>
// CHECK: func.func public @main
