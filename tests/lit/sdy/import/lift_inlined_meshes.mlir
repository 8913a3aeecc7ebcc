// RUN: sdy_opt %s -split-input-file -sdy-lift-inlined-meshes | FileCheck %s

// Replica groups are lifted after every sharding, all_gather ops before
// all_reduce ops wherever they are; a StableHLO mesh becomes `mesh` (made
// unique with the counter the sharding meshes used), and two collectives
// with the same StableHLO mesh share it. A StableHLO mesh is never merged
// with an equal sdy mesh.
// CHECK:      sdy.mesh @mesh = <["x"=2]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}]}}
// CHECK-NEXT: sdy.mesh @mesh_0 = <["y"=4]> {stablehlo.mesh = {axes = [{name = "y", size = 4 : i64}]}}
// CHECK-NEXT: sdy.mesh @mesh_1 = <["x"=2]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}]}}
// CHECK-NEXT: func @collectives
func.func @collectives(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<mesh<["x"=2]>, [{"x"}]>}) -> tensor<16xf32> {
  // CHECK:      "stablehlo.all_reduce"
  // CHECK-SAME: replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh_1
  %0 = "stablehlo.all_reduce"(%arg0) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {
    replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes = [#stablehlo.mesh_axis<name = "x", size = 2>]>, axes = [#stablehlo.axis_ref<name = "x">]>
  } : (tensor<16xf32>) -> tensor<16xf32>
  // CHECK:      "stablehlo.all_gather"
  // CHECK-SAME: replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh_0
  %1 = "stablehlo.all_gather"(%0) {
    all_gather_dim = 0 : i64,
    replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes = [#stablehlo.mesh_axis<name = "y", size = 4>]>, axes = [#stablehlo.axis_ref<name = "y">]>
  } : (tensor<16xf32>) -> tensor<16xf32>
  // CHECK:      "stablehlo.all_reduce"
  // CHECK-SAME: replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh_1
  %2 = "stablehlo.all_reduce"(%1) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {
    replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes = [#stablehlo.mesh_axis<name = "x", size = 2>]>, axes = [#stablehlo.axis_ref<name = "x">]>
  } : (tensor<16xf32>) -> tensor<16xf32>
  return %2 : tensor<16xf32>
}

// -----

// A reference to a merged mesh in replica groups follows the kept mesh; a
// reference to a kept mesh stays. An existing stablehlo.mesh tag is kept,
// device ids are tagged too.
// CHECK:      sdy.mesh @a = <["x"=2], device_ids=[1, 0]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}], device_ids = dense<[1, 0]> : tensor<2xi64>}}
// CHECK-NEXT: sdy.mesh @c = <["z"=2]> {stablehlo.mesh = "kept"}
// CHECK-NEXT: sdy.mesh @maximal_mesh_3 = <["m"=2]>
// CHECK-NEXT: sdy.mesh @maximal_mesh_3_0 = <[], device_ids=[3]> {stablehlo.mesh = {axes = [], device_ids = dense<3> : tensor<1xi64>}}
// CHECK-NEXT: sdy.mesh @empty_mesh = <[]> {stablehlo.mesh = {axes = []}}
// CHECK-NOT:  sdy.mesh
sdy.mesh @a = <["x"=2], device_ids=[1, 0]>
sdy.mesh @b = <["x"=2], device_ids=[1, 0]>
sdy.mesh @c = <["z"=2]> {stablehlo.mesh = "kept"}
sdy.mesh @maximal_mesh_3 = <["m"=2]>

// CHECK-LABEL: func @refs
func.func @refs(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<mesh<[], device_ids=[3]>, []>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<mesh<[]>, [{}]>}) {
  // CHECK:      "stablehlo.all_reduce"
  // CHECK-SAME: replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @a
  %0 = "stablehlo.all_reduce"(%arg0) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %s = stablehlo.add %x, %y : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {
    replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @b, axes = [#stablehlo.axis_ref<name = "x">]>
  } : (tensor<16xf32>) -> tensor<16xf32>
  // CHECK:      "stablehlo.all_reduce"
  // CHECK-SAME: replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @c
  %1 = "stablehlo.all_reduce"(%0) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %s = stablehlo.add %x, %y : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {
    replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @c, axes = [#stablehlo.axis_ref<name = "z">]>
  } : (tensor<16xf32>) -> tensor<16xf32>
  return %1 : tensor<16xf32>
}

// -----

// Without meshes, new ones go at the start of the module, in order; shardings
// of data flow ops and of nested manual computations are lifted too.
// CHECK:      sdy.mesh @mesh = <["x"=2]>
// CHECK-NEXT: sdy.mesh @mesh_0 = <["y"=2]>
// CHECK-NEXT: sdy.mesh @mesh_1 = <["x"=2, "y"=2]>
// CHECK-NEXT: func @no_meshes
func.func @no_meshes(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>) -> tensor<8xf32> {
  // CHECK:               sdy.named_computation<"nc">(%arg0)
  // CHECK-SAME{LITERAL}: in_shardings=[<@mesh, [{"x"}]>] out_shardings=[<@mesh_0, [{"y"}]>]
  %0 = sdy.named_computation<"nc">(%arg0) in_shardings=[<mesh<["x"=2]>, [{"x"}]>] out_shardings=[<mesh<["y"=2]>, [{"y"}]>] (%a: tensor<8xf32>) {
    // CHECK:               sdy.manual_computation
    // CHECK-SAME{LITERAL}: in_shardings=[<@mesh_1, [{"x"}]>] out_shardings=[<@mesh_1, [{"x"}]>]
    %1 = sdy.manual_computation(%a) in_shardings=[<mesh<["x"=2, "y"=2]>, [{"x"}]>] out_shardings=[<mesh<["x"=2, "y"=2]>, [{"x"}]>] manual_axes={"x"} (%b: tensor<4xf32>) {
      sdy.return %b : tensor<4xf32>
    } : (tensor<8xf32>) -> tensor<8xf32>
    sdy.return %1 : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
