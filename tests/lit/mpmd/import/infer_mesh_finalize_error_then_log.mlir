// RUN: not mpmd_opt %s -mpmd-infer-mesh-finalize 2>&1 >/dev/null | FileCheck %s

// Mesh inference's last check walks the function: on an op it emits an
// error (a temporary InFlightDiagnostic, reported at the end of the
// statement, with its "see current operation" note) and then logs the use
// or source set it clears. The error, note included, comes before that log
// line, as it does from Shardy.

// CHECK: :[[@LINE+9]]:8: error: no more meshless ops are expected at this point.
// CHECK: note: see current operation: %0 = "stablehlo.constant"
// CHECK-NEXT: W{{.*}} shardy/dialect/mpmd/transforms/import/infer_mesh_assignment.cc:174] Use set or src set still present on op stablehlo.constant after mesh inference. This shouldn't happen.{{$}}
// CHECK-NEXT: :[[@LINE+7]]:8: error: assigns, unassigns or broadcasts are not allowed after mesh inference.
// CHECK: note: see current operation: %1 = "mpmd.assign"
// CHECK-NEXT: W{{.*}} shardy/dialect/mpmd/transforms/import/infer_mesh_assignment.cc:174] Use set or src set still present on op mpmd.transfer after mesh inference. This shouldn't happen.{{$}}
// CHECK-NOT: {{.}}
func.func @main(%arg0: !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>, !mpmd.mesh_tensor<"m2", tensor<4x8xf32>>)
  attributes {topology=#mpmd.topology<<"m1": <["x"=2]>>, <"m2": <["y"=2]>>>} {
  %0 = stablehlo.constant {mpmd.src_set = #mpmd.meshes_with_origins<"m1">} dense<1.0> : tensor<4x8xf32>
  %1 = mpmd.assign %0 : (tensor<4x8xf32>) -> !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
  %2 = mpmd.transfer {mpmd.use_set = #mpmd.meshes_with_origins<"m2">} %arg0 : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> !mpmd.mesh_tensor<"m2", tensor<4x8xf32>>
  func.return %1, %2 : !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>, !mpmd.mesh_tensor<"m2", tensor<4x8xf32>>
}
