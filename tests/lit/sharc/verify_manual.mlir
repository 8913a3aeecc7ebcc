// `sharc verify` of programs with sdy.manual_computation (JAX's shard_map):
// the global program runs the body once per device on the device's block
// along the manual axes (its collectives between those devices), the
// partitioned program has the body inlined, and every device's blocks of
// every result agree.
// RUN: sharc verify %S/Inputs/manual_one_axis.mlir | FileCheck %s --check-prefix=ONE
// RUN: sharc verify %S/Inputs/manual_psum.mlir --seed 7 | FileCheck %s --check-prefix=PSUM
// RUN: sharc verify %S/Inputs/manual_two_axes.mlir | FileCheck %s --check-prefix=TWO
// RUN: sharc verify %S/Inputs/manual_free_axes.mlir --format json | FileCheck %s --check-prefix=FREE
// RUN: sharc verify %S/Inputs/manual_device_ids.mlir | FileCheck %s --check-prefix=IDS
// RUN: sharc verify %S/Inputs/manual_nested.mlir | FileCheck %s --check-prefix=NESTED
// RUN: sharc verify %S/Inputs/manual_nested_call.mlir | FileCheck %s --check-prefix=NESTED
// RUN: sharc verify %S/Inputs/manual_unreduced.mlir | FileCheck %s --check-prefix=UNREDUCED
// RUN: sharc partition %S/Inputs/manual_free_axes.mlir -o %t.mlir | FileCheck %s --check-prefix=BLOCKS
// RUN: FileCheck %s --check-prefix=PROGRAM < %t.mlir
// RUN: not sharc verify %S/Inputs/manual_huge_mesh.mlir 2>&1 | FileCheck %s --check-prefix=HUGE

// ONE: on 4 devices (1 replicas x 4 partitions)
// ONE: %arg0 {{.*}} P('x', None) local tensor<2x4xf32>: sliced into each device's block
// ONE: result0 {{.*}} P('x', None) local tensor<2x4xf32>: equal on every device, bit-exact
// ONE: ok: every device's blocks equal the global program's, and the report agrees

// PSUM: inputs: random, seed 7
// PSUM: %arg0 {{.*}} P('x', 'y') local tensor<4x2xf32>: sliced
// PSUM: result0 tensor<4x4xf32> P(None, 'y') local tensor<4x2xf32>: equal on every device (within {{.*}}: a collective reduces floats, sums are reordered)
// PSUM: ok:

// TWO: result0 tensor<8x4xi32> P('y', 'x') local tensor<4x2xi32>: equal on every device, bit-exact
// TWO: result1 tensor<4x2xi32> P() local tensor<4x2xi32>: equal on every device, bit-exact
// TWO: ok:

// Propagation gave the open dimensions "y"; the results still agree.
// FREE: {"value": "%arg0", "sharding": "P('x', 'y')", "type": "tensor<8x4xf32>", "local_type": "tensor<4x2xf32>", "verdict": "sliced"}
// FREE: {"value": "%arg1", "sharding": "P('y', None)", "type": "tensor<4x4xf32>", "local_type": "tensor<2x4xf32>", "verdict": "sliced"}
// FREE: {"value": "result0", "sharding": "P('x', None)", "type": "tensor<8x4xf32>", "local_type": "tensor<4x4xf32>", "verdict": "equal within tolerance"
// FREE: "ok": true}

// IDS: result0 tensor<4x4xi32> P('x', 'y') local tensor<2x2xi32>: equal on every device, bit-exact
// IDS: result1 tensor<2x4xi32> P(None, 'y') local tensor<2x2xi32>: equal on every device, bit-exact
// IDS: ok:

// NESTED: result0 tensor<8x8xi32> P('x', None) local tensor<4x8xi32>: equal on every device, bit-exact
// NESTED: ok:

// UNREDUCED: result0 tensor<4xf32> P() local tensor<4xf32>: equal on every device
// UNREDUCED: ok:

// BLOCKS: %arg1 tensor<4x4xf32> P('y', None) local tensor<2x4xf32>
// BLOCKS-NEXT: device 0 [0:2, 0:4]
// BLOCKS-NEXT: device 1 [2:4, 0:4]

// The body is inlined: the user's max-psum over "x" and the partitioner's
// sum over "y" for the contraction.
// PROGRAM: func.func @main(%arg0: tensor<4x2xf32>, %arg1: tensor<2x4xf32>) -> tensor<4x4xf32>
// PROGRAM: stablehlo.dot_general
// PROGRAM: replica_groups = dense<{{\[\[}}0, 1], [2, 3]]>
// PROGRAM: stablehlo.add
// PROGRAM: replica_groups = dense<{{\[\[}}0, 2], [1, 3]]>
// PROGRAM: stablehlo.maximum
// PROGRAM-NOT: sdy.

// HUGE: manual_huge_mesh.mlir:4:8: error: sdy.manual_computation: cannot run on a mesh of 8192 devices
// HUGE: note: the global program could not be run: nothing to compare with
