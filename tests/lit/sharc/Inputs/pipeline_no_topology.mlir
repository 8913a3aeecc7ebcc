// A named computation, but no topology: nothing to pipeline.
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = mpmd.named_computation<"f"> (%x) (%a: tensor<4xf32>) {
    mpmd.return %a : tensor<4xf32>
  } : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
