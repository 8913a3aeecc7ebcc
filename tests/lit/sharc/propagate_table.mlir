// `sharc propagate` tables, compared with golden files: the bundled
// example propagated only (--no-comm) and by default (with its collectives),
// and a module with sub-axes,
// padding, unreduced axes, packed and complex elements, a loop, a reshard
// and two functions, with --all.
// RUN: cd %S/../../../examples && sharc propagate mlp_jax.mlir --no-comm -o %t.mlir > %t.txt
// RUN: diff -u %S/Inputs/mlp_jax.table %t.txt
// RUN: FileCheck %s --check-prefix=MODULE < %t.mlir
// RUN: cd %S/../../../examples && sharc propagate mlp_jax.mlir -o %t.explicit.mlir > %t.explicit.txt
// RUN: diff -u %S/Inputs/mlp_jax_explicit.table %t.explicit.txt
// RUN: FileCheck %s --check-prefix=EXPLICIT < %t.explicit.mlir
// RUN: cd %S && sharc propagate Inputs/mixed.mlir --no-comm --all > %t.mixed.txt
// RUN: diff -u %S/Inputs/mixed_all.table %t.mixed.txt
// RUN: cd %S && sharc propagate Inputs/mixed.mlir --color never > %t.mixed_explicit.txt
// RUN: diff -u %S/Inputs/mixed_explicit.table %t.mixed_explicit.txt
// Colours only on request when stdout is not a terminal.
// RUN: cd %S && sharc propagate Inputs/mixed.mlir --color=always | FileCheck %s --check-prefix=COLOR
// RUN: cd %S && sharc propagate Inputs/mixed.mlir | FileCheck %s --check-prefix=PLAIN
// The module goes to stdout with `-o -`, the report to stderr.
// RUN: cd %S && sharc propagate Inputs/mixed.mlir -o - 2>%t.err | FileCheck %s --check-prefix=MODULE-STDOUT
// RUN: FileCheck %s --check-prefix=REPORT-STDERR < %t.err

// MODULE: sdy.mesh @mesh = <["data"=4, "model"=2]>
// MODULE: %arg2: tensor<2048xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}]>}
// MODULE: sdy.sharding_constraint
// MODULE-NOT: sdy.sharding_origins

// EXPLICIT: sdy.all_reduce {"model"}
// EXPLICIT-NOT: sdy.sharding_constraint

// COLOR: {{.\[1m}}value{{.\[0m}}
// COLOR: {{.\[36m}}P('x:(1)2', None){{.\[0m}}
// PLAIN-NOT: [0m

// MODULE-STDOUT: sdy.mesh @mesh
// MODULE-STDOUT-NOT: summary
// REPORT-STDERR: summary
