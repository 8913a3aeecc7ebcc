//!mpmd-infer-mesh-validate-no-additional-transfers-needed
func.func @main(%arg0: !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> tensor<4x8xf32>
  attributes {topology=#mpmd.topology<<"m1": <["x"=2]>>, <"m2": <["y"=2]>>>} {
  %0 = mpmd.unassign %arg0 : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> tensor<4x8xf32>
  %1 = stablehlo.add %0, %0 {mpmd.src_set = #mpmd.meshes_with_origins<"m1">, mpmd.use_set = #mpmd.meshes_with_origins<"m2">} : tensor<4x8xf32>
  %2 = stablehlo.multiply %1, %1 {mpmd.visited_failure} : tensor<4x8xf32>
  func.return %2 : tensor<4x8xf32>
}
