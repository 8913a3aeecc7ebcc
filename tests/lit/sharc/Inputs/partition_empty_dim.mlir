sdy.mesh @mesh = <["x"=2]>
func.func @main(%arg0: tensor<2x0xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) -> (tensor<2x0xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
  %0 = stablehlo.negate %arg0 : tensor<2x0xf32>
  return %0 : tensor<2x0xf32>
}
