// RUN: not mpmd_opt %s -mpmd-infer-mesh-validate-no-additional-transfers-needed 2>&1 | FileCheck %s

// An op whose user already failed validation is counted but not reported
// again. When nothing at all was reported, Shardy logs (SDY_LOG(ERROR), on
// stderr) that its error handling failed, and the pass fails without a
// diagnostic: no module is printed.

// CHECK: E{{[0-9]{4} [0-9]{2}:[0-9]{2}:[0-9]+\.[0-9]{6} [0-9]+}} shardy/dialect/mpmd/transforms/import/infer_mesh_validation.cc:666] No errors emitted, but error count is 1. This means we've failed to emit an error and is a bug in the error handling.{{$}}
// CHECK-NOT: error:
// CHECK-NOT: func.func

func.func @main(%arg0: !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> tensor<4x8xf32>
  attributes {topology=#mpmd.topology<<"m1": <["x"=2]>>, <"m2": <["y"=2]>>>} {
  %0 = mpmd.unassign %arg0 : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> tensor<4x8xf32>
  %1 = stablehlo.add %0, %0 {mpmd.src_set = #mpmd.meshes_with_origins<"m1">, mpmd.use_set = #mpmd.meshes_with_origins<"m2">} : tensor<4x8xf32>
  %2 = stablehlo.multiply %1, %1 {mpmd.visited_failure} : tensor<4x8xf32>
  func.return %2 : tensor<4x8xf32>
}
