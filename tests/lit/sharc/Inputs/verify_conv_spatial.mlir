// A convolution whose input and kernel spatial dimension is sharded: the
// window is a reduction factor of the rule.
sdy.mesh @mesh = <["data"=2, "model"=4]>
func.func @main(%arg0: tensor<1x3x2x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"data"}, {}]>}, %arg1: tensor<4x3x7x7xf32>) -> (tensor<1x4x1x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}, {}]>}) {
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[3, 3], [3, 3]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x2x2xf32>, tensor<4x3x7x7xf32>) -> tensor<1x4x1x1xf32>
  return %0 : tensor<1x4x1x1xf32>
}
