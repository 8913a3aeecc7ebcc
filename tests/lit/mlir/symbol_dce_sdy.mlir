// -symbol-dce with Shardy's meshes: a mesh is a symbol, and shardings refer
// to it from inside dialect attributes (function argument attributes, op
// attributes, sharding lists, types), which count as uses as in MLIR. Meshes
// are usually public (no visibility) and then always stay.
// RUN: sdy_opt -split-input-file -symbol-dce %s | FileCheck %s
// RUN: mpmd_opt -split-input-file -symbol-dce %s | FileCheck %s

// CHECK-LABEL: module
// CHECK-NEXT:    sdy.mesh @public_mesh
// CHECK-NEXT:    sdy.mesh @arg_mesh
// CHECK-NEXT:    sdy.mesh @constraint_mesh
// CHECK-NEXT:    sdy.mesh @manual_mesh
// CHECK-NEXT:    sdy.mesh @per_value_mesh
// CHECK-NEXT:    sdy.mesh @result_mesh
// CHECK-NEXT:    func.func @main
// CHECK-NOT:     sdy.mesh
// CHECK:         func.func private @helper
// CHECK-NOT:     @dead
sdy.mesh @public_mesh = <["a"=2]>
sdy.mesh @arg_mesh = <["a"=2]> {sym_visibility = "private"}
sdy.mesh @constraint_mesh = <["a"=2]> {sym_visibility = "private"}
sdy.mesh @manual_mesh = <["a"=2]> {sym_visibility = "private"}
sdy.mesh @per_value_mesh = <["a"=2]> {sym_visibility = "private"}
sdy.mesh @result_mesh = <["a"=2]> {sym_visibility = "private"}
sdy.mesh @dead_mesh = <["a"=2]> {sym_visibility = "private"}
sdy.mesh @dead_user_mesh = <["a"=2]> {sym_visibility = "private"}
func.func @main(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@arg_mesh, [{"a"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@result_mesh, [{}]>}) {
  %0 = sdy.sharding_constraint %arg0 <@constraint_mesh, [{}]> : tensor<8xf32>
  %1 = sdy.manual_computation(%0) in_shardings=[<@manual_mesh, [{"a"}]>] out_shardings=[<@manual_mesh, [{"a"}]>] manual_axes={"a"} (%x: tensor<4xf32>) {
    sdy.return %x : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  %2 = stablehlo.add %1, %1 {sdy.sharding = #sdy.sharding_per_value<[<@per_value_mesh, [{"a"}]>]>} : tensor<8xf32>
  %3 = call @helper(%2) : (tensor<8xf32>) -> tensor<8xf32>
  return %3 : tensor<8xf32>
}
func.func private @helper(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  return %arg0 : tensor<8xf32>
}
// A dead function's references keep nothing alive.
func.func private @dead(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@dead_user_mesh, [{"a"}]>}) -> tensor<8xf32> {
  return %arg0 : tensor<8xf32>
}
