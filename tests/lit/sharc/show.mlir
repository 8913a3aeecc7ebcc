// `sharc show`: the mesh's device grid and the block each device holds.
// RUN: sharc show %S/../../../examples/mlp_jax.mlir %%0 --svg %t.svg | FileCheck %s --check-prefix=GRID --strict-whitespace
// RUN: python3 -c "import sys, xml.etree.ElementTree as E; r = E.parse(sys.argv[1]).getroot(); print(len([e for e in r.iter() if e.tag.endswith('rect')]))" %t.svg | FileCheck %s --check-prefix=SVG
// RUN: FileCheck %s --check-prefix=SVGTEXT < %t.svg
// RUN: sharc show %S/../../../examples/mlp_jax.mlir b1 | FileCheck %s --check-prefix=ROW
// RUN: sharc show %S/../../../examples/mlp_jax.mlir b2 | FileCheck %s --check-prefix=ONE
// RUN: sharc show %S/Inputs/mixed.mlir packed | FileCheck %s --check-prefix=RANK3
// RUN: sharc show %S/Inputs/mixed.mlir cube | FileCheck %s --check-prefix=LIST
// RUN: sharc show %S/Inputs/mixed.mlir %%arg2 | FileCheck %s --check-prefix=UNREDUCED
// RUN: sharc show %S/Inputs/mixed.mlir %%arg4 | FileCheck %s --check-prefix=ONEAXIS
// RUN: sharc show %S/Inputs/mixed.mlir tokens --color always | FileCheck %s --check-prefix=COLOR
// RUN: sharc show %S/Inputs/mixed.mlir tokens | FileCheck %s --check-prefix=PLAIN

// GRID: %0 'jit(mlp)/jit(main)/dot_general': stablehlo.dot_general tensor<32x2048xf32> at mlp.py:9:0
// GRID-NEXT: sharding P('data', 'model'), shard 8x1024, 32.0 KiB per device
// GRID-EMPTY:
// GRID-NEXT: mesh @mesh: 'data'=4 x 'model'=2 (8 devices)
// GRID-NEXT:           model=0  model=1
// GRID-NEXT:   data=0        0        1
// GRID-NEXT:   data=1        2        3
// GRID-NEXT:   data=2        4        5
// GRID-NEXT:   data=3        6        7
// GRID-EMPTY:
// GRID-NEXT: blocks: dimension 0 down, dimension 1 across
// GRID-NEXT: ┌─────────────────┬────────────────────┐
// GRID-NEXT: │    device 0     │      device 1      │
// GRID-NEXT: │  [0:8, 0:1024]  │  [0:8, 1024:2048]  │
// GRID-NEXT: ├─────────────────┼────────────────────┤
// GRID:      │ [24:32, 0:1024] │ [24:32, 1024:2048] │
// GRID-NEXT: └─────────────────┴────────────────────┘

// 1 background and 8 blocks
// SVG: 9
// SVGTEXT: <svg xmlns="http://www.w3.org/2000/svg"
// SVGTEXT: sharding P(&#39;data&#39;, &#39;model&#39;) on @mesh
// SVGTEXT: >device 7<
// SVGTEXT: >[24:32, 1024:2048]<

// ROW: replicated over 'data'
// ROW: blocks: dimension 0 across
// ROW: │ devices 0,2,4,6 │ devices 1,3,5,7 │
// ROW: │    [0:1024]     │   [1024:2048]   │

// ONE: one block: every device holds all of it
// ONE: │ devices 0-7 │

// RANK3: sharding P(None, 'x', 'y'), shard 4x2x8, 32 B per device
// RANK3: blocks: dimension 1 down, dimension 2 across
// RANK3: │ [:, 0:2, 0:8] │ [:, 0:2, 8:16] │

// LIST: blocks (more than two dimensions are sharded):
// LIST-NEXT: [0:2, 0:2, 0:2]  device 0
// LIST-NEXT: [0:2, 0:2, 2:4]  device 1
// LIST-NEXT: [0:2, 2:4, 0:2]  device 2

// UNREDUCED: unreduced over 'x': the devices of a block hold partial sums
// UNREDUCED: devices 0,2,4,6

// ONEAXIS: mesh @wide: 'p'=8 (8 devices)
// ONEAXIS-NEXT: p=0  p=1  p=2  p=3  p=4  p=5  p=6  p=7
// ONEAXIS-NEXT: 0    1    2    3    4    5    6    7
// ONEAXIS: [14:16, 0:4]

// Padded: 6 rows over x:(1)2 in blocks of 3.
// COLOR: sharding P('x:(1)2', None), shard 3x8, 48 B per device
// COLOR: {{.\[48;5;[0-9]+m.\[30m}}
// PLAIN-NOT: [0m
