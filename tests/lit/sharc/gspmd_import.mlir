// sharc accepts a module with GSPMD shardings (mhlo.sharding) and no sdy.mesh:
// it runs XLA's -xla-sdy-stablehlo-import-pipeline first and says so in one line.
// RUN: sharc propagate %S/../../../examples/shard_matmul.mlir 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=NOTE < %t.err
// RUN: sharc propagate %s 2>&1 | FileCheck %s --check-prefix=LOCAL
// RUN: not sharc propagate %S/Inputs/gspmd_bad.mlir 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK: mesh @mesh: 'axis_0'=4 (4 devices)
// CHECK: %arg0 {{.*}} P('axis_0', None)
// NOTE: shard_matmul.mlir: note: GSPMD shardings (mhlo.sharding, @Sharding and @SPMD* custom calls) imported as sdy meshes and shardings (-xla-sdy-stablehlo-import-pipeline)
// NOTE-NOT: error

// LOCAL: note: GSPMD shardings (mhlo.sharding, @Sharding and @SPMD* custom calls) imported
// LOCAL: mesh @mesh: 'axis_0'=2 x 'axis_1'=2 (4 devices)
// LOCAL: %arg0 {{.*}} P('axis_0', 'axis_1')

// BAD: gspmd_bad.mlir:2:1: error: 'func.func' op cannot parse mhlo.sharding "{devices=[2,2]<=[5]}": iota reshape dimensions do not have as many devices as the tile assignment at offset 19
// BAD-NOT: note:
func.func @main(%arg0: tensor<8x8xf32> {mhlo.sharding = "{devices=[2,2]<=[4]}"}) -> tensor<8x8xf32> {
  %0 = stablehlo.abs %arg0 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
