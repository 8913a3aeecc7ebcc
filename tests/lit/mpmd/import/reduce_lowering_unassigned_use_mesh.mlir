// RUN: not mpmd_opt %s -split-input-file -mpmd-infer-mesh-finalize 2>&1 >/dev/null | FileCheck %s

// LowerMpmdReducePattern transfers the local reductions to every mesh of
// the reduction's use set and replaces the assign users to that mesh. A
// mesh of the use set with no assign user fails Shardy's SDY_CHECK, which
// aborts; here it is an error at the reduction and the pass fails (it used
// to leave the reduction in place, loop until the greedy driver gave up and
// fail without a word). Found by fuzz_pass.

// CHECK: :[[@LINE+6]]:8: error: Check failed: !assign_users.empty() Each mesh in the use_set should correspond to at least one assign user.
// CHECK: note: see current operation: %2 = "mpmd.reduce"
// CHECK-NOT: error:
func.func @use_mesh_without_assign(%arg0: !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>, %arg1: !mpmd.mesh_tensor<"m2", tensor<4x8xf32>>) -> !mpmd.mesh_tensor<"m3", tensor<4x8xf32>> attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>, <"m2" : <["y"=2]>>, <"m3" : <["z"=2]>>>} {
  %0 = mpmd.unassign %arg1 : (!mpmd.mesh_tensor<"m2", tensor<4x8xf32>>) -> tensor<4x8xf32>
  %1 = mpmd.unassign %arg0 : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> tensor<4x8xf32>
  %2 = mpmd.reduce<add>  {mpmd.use_set = #mpmd.meshes_with_origins<"mg3">} %0, %1, %0, %1 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %3 = mpmd.assign %2 : (tensor<4x8xf32>) -> !mpmd.mesh_tensor<"m3", tensor<4x8xf32>>
  return %3 : !mpmd.mesh_tensor<"m3", tensor<4x8xf32>>
}

// -----

// Only the first reduction that fails the check is reported: Shardy stops
// there. The greedy driver visits the ops bottom-up, the last one first:
// the max reduction is the first to fail (the add's use set lacks "m2"'s
// assign user as well; its other mesh "m3" has one).

// CHECK: :[[@LINE+5]]:8: error: Check failed: !assign_users.empty() Each mesh in the use_set should correspond to at least one assign user.
// CHECK-NOT: error:
func.func @two_reductions(%arg0: !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> (!mpmd.mesh_tensor<"m3", tensor<4x8xf32>>, !mpmd.mesh_tensor<"m3", tensor<4x8xf32>>) attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>, <"m2" : <["y"=2]>>, <"m3" : <["z"=2]>>>} {
  %0 = mpmd.unassign %arg0 : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> tensor<4x8xf32>
  %1 = mpmd.reduce<add>  {mpmd.use_set = #mpmd.meshes_with_origins<"m2", "m3">} %0, %0 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %2 = mpmd.reduce<max>  {mpmd.use_set = #mpmd.meshes_with_origins<"m2">} %0, %0 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %3 = mpmd.assign %1 : (tensor<4x8xf32>) -> !mpmd.mesh_tensor<"m3", tensor<4x8xf32>>
  %4 = mpmd.assign %2 : (tensor<4x8xf32>) -> !mpmd.mesh_tensor<"m3", tensor<4x8xf32>>
  return %3, %4 : !mpmd.mesh_tensor<"m3", tensor<4x8xf32>>, !mpmd.mesh_tensor<"m3", tensor<4x8xf32>>
}
