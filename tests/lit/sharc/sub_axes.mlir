// Sub-axes are the major-to-minor parts of an axis: "x":(1)2 is the major half of
// x=4 (devices 0,1 | 2,3), "x":(2)2 the minor one (devices 0,2 | 1,3).
// RUN: sharc show %S/Inputs/sub_axis_major_minor.mlir %%0 | FileCheck %s --check-prefix=RESHAPE
// RUN: sharc show %S/Inputs/sub_axis_major_only.mlir %%arg0 | FileCheck %s --check-prefix=MAJOR
// RUN: sharc show %S/Inputs/sub_axis_minor_only.mlir %%arg0 | FileCheck %s --check-prefix=MINOR
// RUN: sharc show %S/Inputs/sub_axis_three_parts.mlir %%0 | FileCheck %s --check-prefix=THREE
// RUN: sharc show %S/Inputs/sub_axis_with_device_ids.mlir %%0 | FileCheck %s --check-prefix=IDS

// The issue's example: tensor<8xf32> sharded {"x"} reshaped to 2x4; device 1 holds elements 2..3.
// RESHAPE: sharding P('x:(1)2', 'x:(2)2'), shard 1x2, 8 B per device
// RESHAPE: │  device 0  │  device 1  │
// RESHAPE-NEXT: │ [0:1, 0:2] │ [0:1, 2:4] │
// RESHAPE: │  device 2  │  device 3  │
// RESHAPE-NEXT: │ [1:2, 0:2] │ [1:2, 2:4] │

// MAJOR: replicated over 'x:(2)2'
// MAJOR: │ devices 0,1 │ devices 2,3 │
// MAJOR-NEXT: │    [0:2]    │    [2:4]    │

// MINOR: replicated over 'x:(1)2'
// MINOR: │ devices 0,2 │ devices 1,3 │
// MINOR-NEXT: │    [0:2]    │    [2:4]    │

// THREE: sharding P('x:(1)2', 'x:(2)2', 'x:(4)2')
// THREE: [0:1, 0:1, 0:1]  device 0
// THREE-NEXT: [0:1, 0:1, 1:2]  device 1
// THREE-NEXT: [0:1, 1:2, 0:1]  device 2
// THREE-NEXT: [0:1, 1:2, 1:2]  device 3
// THREE-NEXT: [1:2, 0:1, 0:1]  device 4

// Explicit device order: the block follows the mesh position, the label its device id.
// IDS: sharding P('x:(1)2', 'x:(2)2', 'y'), shard 1x2x3
// IDS: [0:1, 0:2, 0:3]  device 7
// IDS-NEXT: [0:1, 0:2, 3:6]  device 6
// IDS-NEXT: [0:1, 2:4, 0:3]  device 5
// IDS: [1:2, 2:4, 3:6]  device 0
