sdy.mesh @mesh = <["x"=4, "y"=2], device_ids=[7, 6, 5, 4, 3, 2, 1, 0]>
func.func @main(%arg0: tensor<8x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> tensor<2x4x6xf32> {
  %r = stablehlo.reshape %arg0 : (tensor<8x6xf32>) -> tensor<2x4x6xf32>
  return %r : tensor<2x4x6xf32>
}
