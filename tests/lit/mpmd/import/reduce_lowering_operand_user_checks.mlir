// RUN: not mpmd_opt %s -split-input-file -mpmd-infer-mesh-finalize 2>&1 >/dev/null | FileCheck %s

// LowerMpmdReducePattern takes every operand of an mpmd.reduce from an
// unassign and every user to be an assign; Shardy's SDY_CHECKs abort
// otherwise. Here it is an error at the reduction with the check's text and
// the pass fails (it used to leave the reduction to the final verification,
// which reported the unassigns, assigns and meshless ops around it instead).

// CHECK: :[[@LINE+6]]:8: error: Check failed: unassign
// CHECK: note: see current operation: %2 = "mpmd.reduce"
// CHECK-NOT: error:
func.func @operand_not_unassign(%arg0: !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> !mpmd.mesh_tensor<"m2", tensor<4x8xf32>> attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>, <"m2" : <["y"=2]>>>} {
  %0 = mpmd.unassign %arg0 : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> tensor<4x8xf32>
  %1 = stablehlo.negate %0 : tensor<4x8xf32>
  %2 = mpmd.reduce<add>  {mpmd.use_set = #mpmd.meshes_with_origins<"m2">} %0, %1 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %3 = mpmd.assign %2 : (tensor<4x8xf32>) -> !mpmd.mesh_tensor<"m2", tensor<4x8xf32>>
  return %3 : !mpmd.mesh_tensor<"m2", tensor<4x8xf32>>
}

// -----

// CHECK: :[[@LINE+5]]:8: error: Check failed: assign
// CHECK: note: see current operation: %1 = "mpmd.reduce"
// CHECK-NOT: error:
func.func @user_not_assign(%arg0: !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> !mpmd.mesh_tensor<"m2", tensor<4x8xf32>> attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>, <"m2" : <["y"=2]>>>} {
  %0 = mpmd.unassign %arg0 : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> tensor<4x8xf32>
  %1 = mpmd.reduce<add>  {mpmd.use_set = #mpmd.meshes_with_origins<"m2">} %0, %0 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %2 = stablehlo.negate %1 : tensor<4x8xf32>
  %3 = mpmd.assign %2 : (tensor<4x8xf32>) -> !mpmd.mesh_tensor<"m2", tensor<4x8xf32>>
  return %3 : !mpmd.mesh_tensor<"m2", tensor<4x8xf32>>
}
