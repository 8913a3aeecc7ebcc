// ARGS: --schedule GPipe
// An imported module whose fragment names a mesh the topology lacks.
func.func @main(%arg0: !mpmd.mesh_tensor<"m0", tensor<4xf32>>) -> !mpmd.mesh_tensor<"m0", tensor<4xf32>> attributes {topology = #mpmd.topology<<"m0" : <["x"=2]>>>} {
  %0 = mpmd.fragment<mesh="m9", origin=["f"]> (%arg0) {call_counter = 0 : ui32} (%a: tensor<4xf32>) {
    mpmd.return %a : tensor<4xf32>
  } : (!mpmd.mesh_tensor<"m0", tensor<4xf32>>) -> !mpmd.mesh_tensor<"m0", tensor<4xf32>>
  return %0 : !mpmd.mesh_tensor<"m0", tensor<4xf32>>
}
