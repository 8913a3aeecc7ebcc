// ARGS: --compare --microbatches 3
// Named computations without a topology.
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = mpmd.named_computation<"f"> (%x) (%a: tensor<4xf32>) {
    %s = stablehlo.add %a, %a : tensor<4xf32>
    mpmd.return %s : tensor<4xf32>
  } : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
