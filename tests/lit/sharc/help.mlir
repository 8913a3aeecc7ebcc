// `sharc --help` and `sharc CMD --help`, each with examples.
// RUN: sharc --help | FileCheck %s --check-prefix=TOP
// RUN: sharc help | FileCheck %s --check-prefix=TOP
// RUN: sharc propagate --help | FileCheck %s --check-prefix=PROPAGATE
// RUN: sharc help propagate | FileCheck %s --check-prefix=PROPAGATE
// RUN: sharc explain -h | FileCheck %s --check-prefix=EXPLAIN
// RUN: sharc show --help | FileCheck %s --check-prefix=SHOW
// RUN: sharc print --help | FileCheck %s --check-prefix=PRINT
// RUN: sharc check --help | FileCheck %s --check-prefix=CHECK
// RUN: sharc check %S/../../../examples/mlp_jax.mlir | FileCheck %s --check-prefix=OK

// TOP: usage: sharc <command> [options] MODEL.mlir [VALUE]
// TOP: propagate
// TOP: explain
// TOP: show
// TOP: examples:
// TOP: sharc propagate examples/mlp_jax.mlir
// PROPAGATE: usage: sharc propagate MODEL.mlir [-o OUT.mlir] [--no-comm] [--all]
// PROPAGATE: --format FMT
// PROPAGATE: examples:
// EXPLAIN: usage: sharc explain MODEL.mlir VALUE [--explicit]
// EXPLAIN: model.py:14
// EXPLAIN: examples:
// SHOW: usage: sharc show MODEL.mlir VALUE [--svg FILE]
// SHOW: examples:
// PRINT: usage: sharc print FILE
// PRINT: example:
// CHECK: usage: sharc check FILE
// CHECK: example:
// OK: mlp_jax.mlir: ok
