// 2x3 -> 3x2 with the rows sharded: the reshape's rule ([i, k])->([j, l])
// has no factor common to both sides.
sdy.mesh @mesh = <["x"=2]>
func.func @main(%arg0: tensor<2x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<3x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) {
  %0 = stablehlo.reshape %arg0 : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}
