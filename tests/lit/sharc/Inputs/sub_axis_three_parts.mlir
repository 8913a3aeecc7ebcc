sdy.mesh @mesh = <["x"=8]>
func.func @main(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<2x2x2xf32> {
  %r = stablehlo.reshape %arg0 : (tensor<8xf32>) -> tensor<2x2x2xf32>
  return %r : tensor<2x2x2xf32>
}
