// RUN: mpmd_opt %s -verify-diagnostics -mpmd-infer-mesh-assign-mesh-func-leaves=infer-transfers=true
// A resultless op whose source set is empty cannot be wrapped in any
// fragment, whatever the options.
func.func private @resultless(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32>
  attributes {"topology"=#mpmd.topology<<"m1": <["x"=2]>>>} {
  // expected-error @+1 {{src_set must not be empty for resultless ops.}}
  stablehlo.custom_call @sink(%arg0) {has_side_effect = true, mpmd.src_set = #mpmd.meshes_with_origins<>} : (tensor<4x8xf32>) -> ()
  func.return %arg0 : tensor<4x8xf32>
}
