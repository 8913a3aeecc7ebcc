// `sharc verify` on each sub-axis form: the partitioned program, run on as
// many simulated devices as the mesh has, gives every device the block of
// every result that the sharding (major to minor) says it holds.
// RUN: sharc verify %S/Inputs/verify_major_minor.mlir | FileCheck %s --check-prefix=RESHAPE
// RUN: sharc verify %S/Inputs/verify_major_only.mlir --seed 3 | FileCheck %s --check-prefix=MAJOR
// RUN: sharc verify %S/Inputs/verify_three_parts.mlir | FileCheck %s --check-prefix=THREE
// RUN: sharc verify %S/Inputs/verify_sub_axis_with_axis.mlir | FileCheck %s --check-prefix=DOT
// RUN: sharc verify %S/Inputs/sub_axis_with_device_ids.mlir | FileCheck %s --check-prefix=IDS
// RUN: sharc verify %S/Inputs/verify_major_only.mlir --inputs %S/Inputs/verify_inputs.txt --format json | FileCheck %s --check-prefix=JSON
// RUN: sharc partition %S/Inputs/verify_major_minor.mlir -o %t.mlir | FileCheck %s --check-prefix=BLOCKS
// RUN: FileCheck %s --check-prefix=PROGRAM < %t.mlir

// RESHAPE: on 4 devices (1 replicas x 4 partitions)
// RESHAPE: %arg0 {{.*}} P('x') local tensor<2xf32>: sliced into each device's block
// RESHAPE: result0 {{.*}} P('x:(1)2', 'x:(2)2') local tensor<1x2xf32>: equal on every device, bit-exact
// RESHAPE: ok: every device's blocks equal the global program's, and the report agrees

// MAJOR: inputs: random, seed 3
// MAJOR: %arg0 {{.*}} P('x:(1)2', None) local tensor<4x2xi32>
// MAJOR: result0 {{.*}} P(None, 'x:(2)2') local tensor<8x1xi32>: equal on every device, bit-exact
// MAJOR: ok:

// THREE: P('x:(1)2', 'x:(2)2', 'x:(4)2') local tensor<2x2x2xi32>
// THREE: result0 {{.*}} P('x:(4)2', None, 'x:(1)2') local tensor<2x4x2xi32>: equal on every device, bit-exact
// THREE: ok:

// DOT: result0 {{.*}} P(('y', 'x:(2)2'), None) local tensor<4x4xf32>: equal on every device (within {{.*}}: a collective reduces floats, sums are reordered)
// DOT: ok:

// IDS: P('x', 'y') local tensor<2x3xf32>
// IDS: ok:

// JSON: "inputs": "given"
// JSON: {"value": "result0", "sharding": "P(None, 'x:(2)2')", "type": "tensor<8x2xi32>", "local_type": "tensor<8x1xi32>", "verdict": "equal"}
// JSON: "ok": true}

// The issue's example: device 1 holds elements 2..3, block [0:1, 2:4].
// BLOCKS: result0 tensor<2x4xf32> P('x:(1)2', 'x:(2)2') local tensor<1x2xf32>
// BLOCKS-NEXT: device 0 [0:1, 0:2]
// BLOCKS-NEXT: device 1 [0:1, 2:4]
// BLOCKS-NEXT: device 2 [1:2, 0:2]
// BLOCKS-NEXT: device 3 [1:2, 2:4]

// PROGRAM: func.func @main(%arg0: tensor<2xf32>) -> tensor<1x2xf32>
// PROGRAM-NOT: sdy.
