// RUN: not mpmd_opt %s -mpmd-infer-mesh-finalize 2>&1 >/dev/null | FileCheck %s

// A reduction with no use set but assign users: LowerMpmdReducePattern
// lowers nothing and still succeeds, so the greedy driver goes round until
// its iteration limit and Shardy's pass fails (MLIR's applyPatternsGreedily
// returns failure, with no diagnostic; mlir-opt exits 1 silently). A failing
// pass must say why: an error at the module the rewrite ran on.

// CHECK: :[[@LINE+3]]:1: error: InferMeshFinalizePass: the greedy pattern rewrite did not converge after 10 iterations
// CHECK-NOT: note:
// CHECK-NOT: error:
module {
func.func @reduce_without_use_set(%arg0: !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>, %arg1: !mpmd.mesh_tensor<"m2", tensor<4x8xf32>>) -> !mpmd.mesh_tensor<"m3", tensor<4x8xf32>> attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>, <"m2" : <["y"=2]>>, <"m3" : <["z"=2]>>>} {
  %0 = mpmd.unassign %arg1 : (!mpmd.mesh_tensor<"m2", tensor<4x8xf32>>) -> tensor<4x8xf32>
  %1 = mpmd.unassign %arg0 : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> tensor<4x8xf32>
  %2 = mpmd.reduce<add> %0, %1 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %3 = mpmd.assign %2 : (tensor<4x8xf32>) -> !mpmd.mesh_tensor<"m3", tensor<4x8xf32>>
  return %3 : !mpmd.mesh_tensor<"m3", tensor<4x8xf32>>
}
}
