// ARGS: --schedule 1F1B
// An imported module using a value of one mesh on another without a transfer.
func.func @main(%arg0: !mpmd.mesh_tensor<"m0", tensor<4xf32>>) -> !mpmd.mesh_tensor<"m1", tensor<4xf32>> attributes {topology = #mpmd.topology<<"m0" : <["x"=2]>>, <"m1" : <["x"=2]>>>} {
  %0 = mpmd.fragment<mesh="m1", origin=["f"]> (%arg0) {call_counter = 0 : ui32} (%a: tensor<4xf32>) {
    mpmd.return %a : tensor<4xf32>
  } : (!mpmd.mesh_tensor<"m0", tensor<4xf32>>) -> !mpmd.mesh_tensor<"m1", tensor<4xf32>>
  return %0 : !mpmd.mesh_tensor<"m1", tensor<4xf32>>
}
