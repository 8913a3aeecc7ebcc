// RUN: mpmd_opt %s -split-input-file -mpmd-infer-mesh-finalize 2>&1 | FileCheck %s

// LowerMpmdReducePattern groups the reduced values by mesh in a
// DenseMap<StringRef, ...> and iterates it: the local reductions, and the
// operands of the final one, follow LLVM's bucket order of the mesh names
// ("m4" hashes to an earlier bucket than "m1"), not the operand order.

// CHECK-LABEL: func @reduce_m1_m4
// CHECK-NEXT:  %[[LOCAL_4:.*]] = mpmd.fragment<mesh="m4", origin=[]> (%arg1, %arg1)
// CHECK:       %[[LOCAL_1:.*]] = mpmd.fragment<mesh="m1", origin=[]> (%arg0, %arg0)
// CHECK:       %[[T4:.*]] = mpmd.transfer %[[LOCAL_4]]
// CHECK-NEXT:  %[[T1:.*]] = mpmd.transfer %[[LOCAL_1]]
// CHECK-NEXT:  %[[FINAL:.*]] = mpmd.fragment<mesh="m3", origin=[]> (%[[T4]], %[[T1]])
func.func @reduce_m1_m4(%arg0: !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>, %arg1: !mpmd.mesh_tensor<"m4", tensor<4x8xf32>>) -> !mpmd.mesh_tensor<"m3", tensor<4x8xf32>> attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>, <"m3" : <["z"=2]>>, <"m4" : <["y"=2]>>>} {
  %0 = mpmd.unassign %arg0 : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> tensor<4x8xf32>
  %1 = mpmd.unassign %arg1 : (!mpmd.mesh_tensor<"m4", tensor<4x8xf32>>) -> tensor<4x8xf32>
  %2 = mpmd.reduce<add>  {mpmd.use_set = #mpmd.meshes_with_origins<"m3">} %0, %1, %0, %1 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %3 = mpmd.assign %2 : (tensor<4x8xf32>) -> !mpmd.mesh_tensor<"m3", tensor<4x8xf32>>
  return %3 : !mpmd.mesh_tensor<"m3", tensor<4x8xf32>>
}

// -----

// Operands "m1", "m2": "m1" comes first (as Shardy's own tests show).

// CHECK-LABEL: func @reduce_m1_m2
// CHECK-NEXT:  %[[LOCAL_1:.*]] = mpmd.fragment<mesh="m1", origin=[]> (%arg0, %arg0)
// CHECK:       %[[LOCAL_2:.*]] = mpmd.fragment<mesh="m2", origin=[]> (%arg1, %arg1)
func.func @reduce_m1_m2(%arg0: !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>, %arg1: !mpmd.mesh_tensor<"m2", tensor<4x8xf32>>) -> !mpmd.mesh_tensor<"m3", tensor<4x8xf32>> attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>, <"m2" : <["y"=2]>>, <"m3" : <["z"=2]>>>} {
  %0 = mpmd.unassign %arg1 : (!mpmd.mesh_tensor<"m2", tensor<4x8xf32>>) -> tensor<4x8xf32>
  %1 = mpmd.unassign %arg0 : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> tensor<4x8xf32>
  %2 = mpmd.reduce<add>  {mpmd.use_set = #mpmd.meshes_with_origins<"m3">} %0, %1, %0, %1 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %3 = mpmd.assign %2 : (tensor<4x8xf32>) -> !mpmd.mesh_tensor<"m3", tensor<4x8xf32>>
  return %3 : !mpmd.mesh_tensor<"m3", tensor<4x8xf32>>
}
