// RUN: mpmd_opt %s -split-input-file -mpmd-enforce-user-shardings | FileCheck %s --check-prefix=ENFORCE
// RUN: mpmd_opt %s -split-input-file -mpmd-enforce-user-shardings -mpmd-extract-reshards-from-inter-mesh-transfers -mpmd-convert-sdy-shardings-to-mpmd-types | FileCheck %s

// A fragment with no in_shardings that takes a user-sharded argument gets a
// list of null shardings around it (Shardy's getBlockArgumentEdgeOwnerShardings
// is empty, then filled with null TensorShardingAttrs): the other operands
// stay unsharded in their types, not fully open.

!mesh_1_tensor = !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
#topology = #mpmd.topology<<"m1": <["x"=2, "y"=2]>>>

sdy.mesh @mesh = <["x"=2, "y"=2]>

// ENFORCE-LABEL: func.func @main
// ENFORCE: mpmd.fragment<mesh="m1", origin=["producer"], in_shardings=[<@mesh, [{"x"}, {}]>, <<NULL ATTRIBUTE>>]>
// CHECK-LABEL: func.func @main
// CHECK: mpmd.fragment<mesh="m1", origin=["producer"]> (%arg0, %arg1)
// CHECK: } : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{"x"}, {}]>>, !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
func.func @main(%arg0: !mesh_1_tensor {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg1: !mesh_1_tensor)
    -> !mesh_1_tensor attributes {topology = #topology} {
  %0 = mpmd.fragment<mesh="m1", origin=["producer"]> (%arg0, %arg1) (%arg2: tensor<4x8xf32>, %arg3: tensor<4x8xf32>) {
    %1 = stablehlo.add %arg2, %arg3 : tensor<4x8xf32>
    mpmd.return %1 : tensor<4x8xf32>
  } : (!mesh_1_tensor, !mesh_1_tensor) -> !mesh_1_tensor
  func.return %0 : !mesh_1_tensor
}

// -----

// A later in-sharding set on the same fragment keeps the null entries.

!mesh_1_tensor = !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
#topology = #mpmd.topology<<"m1": <["x"=2, "y"=2]>>>

sdy.mesh @mesh = <["x"=2, "y"=2]>

// ENFORCE-LABEL: func.func @two_args
// ENFORCE: mpmd.fragment<mesh="m1", origin=["producer"], in_shardings=[<@mesh, [{"x"}, {}]>, <<NULL ATTRIBUTE>>, <@mesh, [{}, {"y"}]>]>
// CHECK-LABEL: func.func @two_args
// CHECK: } : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{"x"}, {}]>>, !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>, !mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{}, {"y"}]>>) -> !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
func.func @two_args(%arg0: !mesh_1_tensor {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg1: !mesh_1_tensor,
                    %arg4: !mesh_1_tensor {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>})
    -> !mesh_1_tensor attributes {topology = #topology} {
  %0 = mpmd.fragment<mesh="m1", origin=["producer"]> (%arg0, %arg1, %arg4) (%arg2: tensor<4x8xf32>, %arg3: tensor<4x8xf32>, %arg5: tensor<4x8xf32>) {
    %1 = stablehlo.add %arg2, %arg3 : tensor<4x8xf32>
    %2 = stablehlo.add %1, %arg5 : tensor<4x8xf32>
    mpmd.return %2 : tensor<4x8xf32>
  } : (!mesh_1_tensor, !mesh_1_tensor, !mesh_1_tensor) -> !mesh_1_tensor
  func.return %0 : !mesh_1_tensor
}
