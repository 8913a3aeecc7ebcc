sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @main(%arg0: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
  %0 = stablehlo.negate %arg0 : tensor<8x2xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{}, {"y", "x"}]> : tensor<8x2xf32>
  %2 = stablehlo.abs %1 : tensor<8x2xf32>
  %3 = sdy.sharding_constraint %2 <@mesh, [{}, {"x", "y"}]> : tensor<8x2xf32>
  %4 = stablehlo.sine %3 : tensor<8x2xf32>
  return %4 : tensor<8x2xf32>
}
