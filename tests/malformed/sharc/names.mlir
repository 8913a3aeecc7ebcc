// Names with quotes, control characters and non-ASCII text.
sdy.mesh @mesh = <["x"=2]>
func.func @main(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>} loc("qu\"o\nte\tü"))
    -> (tensor<8xf32> {jax.result_info = "ß,\"x\""}) {
  %0 = stablehlo.negate %arg0 : tensor<8xf32> loc("日本語":1:2)
  return %0 : tensor<8xf32>
}
