// RUN: mpmd_opt %s -split-input-file -verify-diagnostics -mpmd-infer-mesh-assign-mesh-func-leaves
// RUN: mpmd_opt %s -split-input-file -mpmd-infer-mesh-assign-mesh-func-leaves=infer-transfers=true | FileCheck %s
// Leaves of the program with nowhere to go: an unused callee output whose
// source set is empty is an error, unless transfers may be inferred, when it
// goes to the first mesh by name.

!m1 = !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
// CHECK-LABEL: func.func @main
func.func @main(%arg0: !m1) -> !m1
  attributes {"topology"=#mpmd.topology<<"m2": <["y"=2]>>, <"m1": <["x"=2]>>>} {
  %0 = mpmd.unassign %arg0 : (!m1) -> tensor<4x8xf32>
  %1:2 = mpmd.call @callee(%0) : (tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  %2 = mpmd.assign %1#0 : (tensor<4x8xf32>) -> !m1
  func.return %2 : !m1
}
// CHECK-LABEL: func.func private @callee
// CHECK-SAME: -> (tensor<4x8xf32>, tensor<4x8xf32> {mpmd.use_set = #mpmd.meshes_with_origins<"m1"["inferred_unused_callee_out"]>})
func.func private @callee(%arg0: tensor<4x8xf32> {mpmd.src_set = #mpmd.meshes_with_origins<"m1">}) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  attributes {"topology"=#mpmd.topology<<"m2": <["y"=2]>>, <"m1": <["x"=2]>>>} {
  %0 = stablehlo.constant {mpmd.src_set = #mpmd.meshes_with_origins<>} dense<1.0> : tensor<4x8xf32>
  // expected-error @+1 {{Callee @callee unused output 1 has no mesh to be assigned to.}}
  func.return %arg0, %0 : tensor<4x8xf32>, tensor<4x8xf32>
}

// -----

// A callee nobody calls has no unused outputs to assign.
// CHECK-LABEL: func.func private @not_called
// CHECK-SAME: -> tensor<4x8xf32> attributes
func.func private @not_called(%arg0: tensor<4x8xf32> {mpmd.src_set = #mpmd.meshes_with_origins<>}) -> tensor<4x8xf32>
  attributes {"topology"=#mpmd.topology<<"m1": <["x"=2]>>>} {
  func.return %arg0 : tensor<4x8xf32>
}

// -----

// An unused op with an empty source set goes to the first mesh when
// transfers may be inferred.
// CHECK-LABEL: func.func private @unused_op
// CHECK: %[[C:.*]] = stablehlo.constant
// CHECK-NEXT: mpmd.assign {origin = "inferred_unused"} %[[C]] : (tensor<4x8xf32>) -> !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
func.func private @unused_op(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32>
  attributes {"topology"=#mpmd.topology<<"m2": <["y"=2]>>, <"m1": <["x"=2]>>>} {
  // expected-error @+1 {{src_set must not be empty for this op. Try setting `mpmd_infer_transfers` in the partitioning options.}}
  %0 = stablehlo.constant {mpmd.src_set = #mpmd.meshes_with_origins<>} dense<1.0> : tensor<4x8xf32>
  func.return %arg0 : tensor<4x8xf32>
}
