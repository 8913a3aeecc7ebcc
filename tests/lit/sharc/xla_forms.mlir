// sharc reads modules whose shardings are in XLA's forms directly: it runs
// XLA's import pipeline first and says which in one line, for every
// subcommand that reads a module.
// RUN: sharc propagate %S/Inputs/xla_round_trip.mlir 2>&1 | FileCheck %s --check-prefix=RT
// RUN: sharc explain %S/Inputs/xla_round_trip.mlir %%arg1 2>&1 | FileCheck %s --check-prefix=RT-EXPLAIN
// RUN: sharc show %S/Inputs/xla_round_trip.mlir result0 2>&1 | FileCheck %s --check-prefix=RT-SHOW
// RUN: sharc partition %S/Inputs/xla_round_trip.mlir -o %t.rt.mlir 2>&1 | FileCheck %s --check-prefix=RT-PART
// RUN: sharc verify %S/Inputs/xla_round_trip.mlir 2>&1 | FileCheck %s --check-prefix=RT-VERIFY
// RUN: sharc propagate %S/Inputs/xla_round_trip_v3.mlir 2>&1 | FileCheck %s --check-prefix=V3
// RUN: sharc verify %S/Inputs/xla_round_trip_v3.mlir 2>&1 | FileCheck %s --check-prefix=V3-VERIFY
// RUN: sharc propagate %S/Inputs/gspmd_custom_calls.mlir --all 2>&1 | FileCheck %s --check-prefix=CC
// RUN: sharc show %S/Inputs/gspmd_custom_calls.mlir %%arg0 2>&1 | FileCheck %s --check-prefix=CC-SHOW
// RUN: sharc partition %S/Inputs/gspmd_custom_calls.mlir -o %t.cc.mlir 2>&1 | FileCheck %s --check-prefix=CC-PART
// RUN: sharc verify %S/../../../examples/shard_matmul.mlir 2>&1 | FileCheck %s --check-prefix=GSPMD-VERIFY

// The round trip: xla.sdy.meshes / xla.sdy.sharding frontend attributes win
// over the mhlo.sharding strings the export keeps beside them.
// RT: xla_round_trip.mlir: note: XLA round-trip shardings (mhlo.frontend_attributes xla.sdy.*) imported as sdy meshes and shardings (-xla-sdy-round-trip-import-pipeline)
// RT-NOT: note:
// RT: mesh @mesh: 'x'=2 x 'y'=2 (4 devices)
// RT: %arg0 {{.*}} P('x', 'y')
// RT: %arg1 {{.*}} P('x', None)
// RT-EXPLAIN: note: XLA round-trip shardings
// RT-EXPLAIN: %arg1: argument tensor<8x8xf32>
// RT-EXPLAIN-NEXT: sharding P('x', None) on @mesh, replicated over 'y'
// RT-SHOW: note: XLA round-trip shardings
// RT-SHOW: result0: result tensor<8x8xf32>
// RT-SHOW-NEXT: sharding P('x', None), shard 4x8, 128 B per device
// RT-PART: note: XLA round-trip shardings
// RT-PART: %arg0 {{.*}} P('x', 'y')  local tensor<4x4xf32>
// RT-VERIFY: note: XLA round-trip shardings
// RT-VERIFY: ok: every device's blocks equal the global program's

// HloShardingV3: mhlo.sharding in the mesh-and-axes form.
// V3: xla_round_trip_v3.mlir: note: XLA round-trip shardings (mhlo.sharding in the mesh-and-axes form) imported as sdy meshes and shardings (-xla-sdy-round-trip-import-pipeline)
// V3: mesh @mesh: 'x'=2 x 'y'=2 (4 devices)
// V3: %arg0 {{.*}} P('x', 'y')
// V3-VERIFY: ok: every device's blocks equal the global program's

// GSPMD custom calls: @Sharding becomes a sharding constraint, JAX's
// shard_map pattern a manual computation.
// CC: gspmd_custom_calls.mlir: note: GSPMD shardings (mhlo.sharding, @Sharding and @SPMD* custom calls) imported as sdy meshes and shardings (-xla-sdy-stablehlo-import-pipeline)
// CC: mesh @mesh: 'axis_0'=2 x 'axis_1'=2 (4 devices)
// CC: %arg0 {{.*}} P(('axis_0', 'axis_1'), None)
// CC: sdy.manual_computation
// CC-SHOW: note: GSPMD shardings
// CC-SHOW: %arg0: argument tensor<8x8xf32>
// CC-PART: note: GSPMD shardings
// CC-PART: %arg0 {{.*}} local tensor<2x8xf32>
// GSPMD-VERIFY: note: GSPMD shardings
// GSPMD-VERIFY: ok: every device's blocks equal the global program's
