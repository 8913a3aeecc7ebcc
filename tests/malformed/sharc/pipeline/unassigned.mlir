// ARGS: --microbatches 2
// A computation with no assignment.
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> attributes {topology = #mpmd.topology<<"m0" : <["x"=2]>>>} {
  %0 = mpmd.named_computation<"f"> (%x) (%a: tensor<4xf32>) {
    %s = stablehlo.add %a, %a : tensor<4xf32>
    mpmd.return %s : tensor<4xf32>
  } : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
